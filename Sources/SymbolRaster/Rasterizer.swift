import SymbolGeometry

// The coverage rasterizer: path → clipped device edges → cells → spans.
//
// Algorithm: the path is mapped to device space and flattened (CurveFlattener, ≤ 0.1 px by
// default). Each line is clipped to the target in floating point before any cell work: parts
// above or below are dropped, parts right of the target are dropped (they change no pixel in
// it), parts left of it are slid onto x = 0 (a vertical edge there carries the same winding).
// Curves whose control box misses the target become one line (their net winding effect is the
// same). Coordinates are clamped to ±2^24 px first, NaN lines are skipped, so huge or broken
// input costs nothing and cannot overflow. Surviving edges are stored in 24.8 fixed point; then
// bands of rows are accumulated into cells (Kernels/Cells.swift) and swept into spans.
//
// Memory is bounded per path: cells are accumulated one band of rows at a time in a grid of
// under 2 · `cellBudget` cells (8 bytes each: under 1 MiB, 540 KiB at 1080 px wide), however
// large or complex the path; every band walks the edges that reach it.
//
// Measured by bench/raster.sh (release, clear + draw + settle per frame) against Skia, Blend2D,
// ThorVG and cairo; the figures are in bench/REPORT.md, kept there rather than here so they
// cannot go stale. Where the time goes is in the header of Painter.swift.

/// Scan-converts paths into coverage spans for a target of a given size. Reused across paths
/// and frames: its pools are allocated once.
package final class Rasterizer {
    /// Cells per band grid, nearly: bands are `cellBudget / width` rows rounded up to a power of
    /// two (at least 4, at most 256), so a grid holds less than twice this.
    package static let cellBudget = 1 << 16

    struct Edge { var x0: Int32, y0: Int32, x1: Int32, y1: Int32 }

    // Unchecked exclusivity: these are touched for every added line, and the class is used by
    // one thread at a time with no overlapping accesses (callgrind: the runtime's dynamic
    // checks, swift_beginAccess and its access set, were ~4 % of a frame).
    @exclusivity(unchecked) private var store: CellStore
    // The edges added since `reset`: a plain buffer, grown by doubling (an array's append
    // checks uniqueness and capacity on every line).
    @exclusivity(unchecked) private var edges: UnsafeMutablePointer<Edge>
    @exclusivity(unchecked) private var edgeCount = 0, edgeCapacity = 1024
    // The edges sorted by first band, and those still active in a band: with as many capacity
    // as `edges`. `bandStarts` has an entry per band and one more (up to 8192 / 4 rows).
    @exclusivity(unchecked) private var byBand: UnsafeMutablePointer<Edge>
    @exclusivity(unchecked) private var active: UnsafeMutablePointer<Edge>
    private let bandStarts: UnsafeMutablePointer<Int32>
    private let spans: UnsafeMutablePointer<Span>
    @exclusivity(unchecked) private(set) var width = 0
    @exclusivity(unchecked) private(set) var height = 0
    @exclusivity(unchecked) private var minY = Int.max, maxY = Int.min
    // Device x of added lines (clipped vertically).
    @exclusivity(unchecked) private var minX = Double.infinity, maxX = -Double.infinity

    package init() {
        store = CellStore()
        spans = .allocate(capacity: 2 * Bitmap.maxSide + 4)
        edges = .allocate(capacity: edgeCapacity)
        byBand = .allocate(capacity: edgeCapacity)
        active = .allocate(capacity: edgeCapacity)
        bandStarts = .allocate(capacity: Bitmap.maxSide / 4 + 2)
    }

    deinit {
        store.deallocate()
        spans.deallocate()
        edges.deallocate()
        byBand.deallocate()
        active.deallocate()
        bandStarts.deallocate()
    }

    /// Starts a new shape for a target of `width × height` pixels.
    package func reset(width: Int, height: Int) {
        self.width = min(max(width, 0), Bitmap.maxSide)
        self.height = min(max(height, 0), Bitmap.maxSide)
        store.configure(width: self.width, bandRows: Rasterizer.bandRows(width: self.width))
        edgeCount = 0
        minY = Int.max; maxY = Int.min
        minX = .infinity; maxX = -.infinity
    }

    /// Adds the edges of `path` mapped by `transform`, curves flattened within `tolerance`
    /// device pixels.
    package func add(_ path: Path, transform: Transform, tolerance: Double = CurveFlattener.defaultTolerance) {
        guard width > 0, height > 0, transform.isFinite else { return }
        let clip = Rect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        path.forEachFlattenedLine(transform: transform, tolerance: tolerance, clip: clip,
                                  moveTo: { _ in }, line: { a, b in self.addLine(a, b) })
    }

    /// Adds one device-space line, clipped as described at the top of this file.
    @inline(__always) package func addLine(_ p0: Point, _ p1: Point) {
        // Most lines lie inside the target: they skip the clamping and clipping (NaN fails
        // every comparison, so it takes the general path). Same edges as that path.
        let w = Double(width), h = Double(height)
        if p0.x >= 0 && p0.x <= w && p1.x >= 0 && p1.x <= w && p0.y >= 0 && p0.y <= h && p1.y >= 0 && p1.y <= h {
            if p0.y == p1.y { return }
            minX = min(minX, p0.x, p1.x); maxX = max(maxX, p0.x, p1.x)
            if p0.x >= w && p1.x >= w { return }
            push(p0.x, p0.y, p1.x, p1.y)
            return
        }
        addClippedLine(p0, p1)
    }

    private func addClippedLine(_ p0: Point, _ p1: Point) {
        let limit = 16_777_216.0
        var x0 = min(max(p0.x, -limit), limit), y0 = min(max(p0.y, -limit), limit)
        var x1 = min(max(p1.x, -limit), limit), y1 = min(max(p1.y, -limit), limit)
        guard !(x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN) else { return }
        let h = Double(height), w = Double(width)
        if y0 == y1 || (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        // Clip vertically.
        if y0 < 0 || y0 > h || y1 < 0 || y1 > h {
            let ty0 = (0 - y0) / (y1 - y0), tyh = (h - y0) / (y1 - y0)
            let tA = max(0, min(ty0, tyh)), tB = min(1, max(ty0, tyh))
            let nx0 = x0 + (x1 - x0) * tA, nx1 = x0 + (x1 - x0) * tB
            let ny0 = min(max(y0 + (y1 - y0) * tA, 0), h), ny1 = min(max(y0 + (y1 - y0) * tB, 0), h)
            x0 = nx0; y0 = ny0; x1 = nx1; y1 = ny1
        }
        minX = min(minX, x0, x1); maxX = max(maxX, x0, x1)
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 { push(0, y0, 0, y1); return }
        // Split where the line crosses x = 0 (left part slides onto x = 0) and cut it at x = w.
        if (x0 < 0) != (x1 < 0) {
            let ym = y0 + (y1 - y0) * (0 - x0) / (x1 - x0)
            if x0 < 0 { push(0, y0, 0, ym); x0 = 0; y0 = ym } else { push(0, ym, 0, y1); x1 = 0; y1 = ym }
        }
        if (x0 > w) != (x1 > w) {
            let ym = y0 + (y1 - y0) * (w - x0) / (x1 - x0)
            if x0 > w { x0 = w; y0 = ym } else { x1 = w; y1 = ym }
        }
        push(x0, y0, x1, y1)
    }

    @inline(__always) private func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        // Coordinates are within 0…8192 here, so the biased truncation is a plain rounding
        // (and no libm call: callgrind showed `round` among the top symbols).
        let e = Edge(x0: Int32(x0 * 256 + 0.5), y0: Int32(y0 * 256 + 0.5),
                     x1: Int32(x1 * 256 + 0.5), y1: Int32(y1 * 256 + 0.5))
        if e.y0 == e.y1 { return }
        if edgeCount == edgeCapacity { growEdges() }
        edges[edgeCount] = e
        edgeCount &+= 1
        minY = min(minY, Int(min(e.y0, e.y1)))
        maxY = max(maxY, Int(max(e.y0, e.y1)))
    }

    private func growEdges() {
        let larger = UnsafeMutablePointer<Edge>.allocate(capacity: edgeCapacity * 2)
        larger.moveInitialize(from: edges, count: edgeCount)
        edges.deallocate()
        edges = larger
        edgeCapacity *= 2
        byBand.deallocate(); byBand = .allocate(capacity: edgeCapacity)
        active.deallocate(); active = .allocate(capacity: edgeCapacity)
    }

    /// Whether anything was added that can cover a pixel.
    package var isEmpty: Bool { edgeCount == 0 }

    /// The columns and rows a sweep can write: every span lies inside them.
    package var bounds: (x: Range<Int>, y: Range<Int>) {
        guard edgeCount > 0 else { return (0..<0, 0..<0) }
        let x0 = Int(max(minX, 0)), x1 = Int(min(maxX, Double(width))) + 1
        return (x0..<min(max(x1, x0), width), max(0, minY >> 8)..<min(height, (maxY + 255) >> 8))
    }

    /// Rows per band for a target width.
    /// A power of two, so an edge's band is a shift, not a division (two per edge).
    static func bandRows(width: Int) -> Int {
        let rows = min(max(cellBudget / max(width, 1), 4), 256)
        return rows.nonzeroBitCount == 1 ? rows : 1 << (Int.bitWidth &- rows.leadingZeroBitCount)
    }

    /// Accumulates cells band by band and hands every row's spans to `sink`.
    package func sweep<S: SpanSink>(evenOdd: Bool, into sink: inout S) {
        let spans = self.spans
        forEachBand { cells, rows in
            for y in rows {
                let n = cells.sweep(row: y, evenOdd: evenOdd, spans: spans)
                if n > 0 { sink.row(y, spans: UnsafeBufferPointer(start: spans, count: n)) }
            }
        }
    }

    /// Accumulates cells band by band and hands every row's runs straight to `sink`.
    ///
    /// The fill rule is a constant in each of two copies of the row loop, so the sweeps inlined
    /// into it test it once per band, not once per pixel (callgrind, gear at 512²: the test and
    /// branch were 2 of the 9 instructions of a coverage-to-colour lookup).
    func sweep<S: RunSink>(evenOdd: Bool, into sink: inout S) {
        forEachBand { cells, rows in
            if evenOdd {
                for y in rows { sink.sweep(row: y, of: cells, evenOdd: true) }
            } else {
                for y in rows { sink.sweep(row: y, of: cells, evenOdd: false) }
            }
        }
    }

    /// Accumulates the cells of each band of rows and calls `body` to sweep them.
    ///
    /// Each band walks only the edges that reach it: the edges are sorted by their first band
    /// (a counting sort), and a band adds those starting in it to the ones still active from
    /// bands above, dropping each once it ends. (Checking every edge against every band cost a
    /// twelfth of the sweep at 1080², 18 bands.) The order in which a band adds its edges does
    /// not change a cell: covers and areas are integer sums.
    @inline(__always) private func forEachBand(_ body: (inout CellStore, Range<Int>) -> Void) {
        guard edgeCount > 0 else { return }
        let rowMin = max(0, minY >> 8), rowMax = min(height, (maxY + 255) >> 8)
        guard rowMin < rowMax else { return }
        let band = store.bandRows, shift = band.trailingZeroBitCount
        let bandCount = (rowMax &- rowMin &+ band &- 1) >> shift
        let all = UnsafeBufferPointer(start: edges, count: edgeCount)
        if bandCount == 1 {
            // One band (every target up to 256 px wide, and short shapes): all edges reach it,
            // so there is nothing to sort.
            var cells = store
            defer { store = cells }
            cells.reach(columns: bounds.x)
            cells.begin(top: rowMin)
            for e in all { cells.addEdge(Int(e.x0), Int(e.y0), Int(e.x1), Int(e.y1), rowTop: rowMin, rowBottom: rowMax) }
            body(&cells, rowMin..<rowMax)
            return
        }
        let starts = bandStarts
        starts.update(repeating: 0, count: bandCount &+ 1)
        @inline(__always) func firstBand(_ e: Edge) -> Int {
            min(max((Int(min(e.y0, e.y1)) >> 8) &- rowMin, 0) >> shift, bandCount &- 1)
        }
        for e in all { starts[firstBand(e) &+ 1] &+= 1 }
        for b in 0..<bandCount { starts[b &+ 1] &+= starts[b] }
        for e in all {
            let b = firstBand(e)
            byBand[Int(starts[b])] = e
            starts[b] &+= 1
        }
        // `starts[b]` is now where band b's edges end (and band b + 1's begin).
        // A local copy of the cell store (it only holds pointers), so its fields can stay in
        // registers across edges and rows.
        var cells = store
        defer { store = cells }
        cells.reach(columns: bounds.x)
        var activeCount = 0, next = 0
        var top = rowMin
        for b in 0..<bandCount {
            let bottom = min(top &+ band, rowMax)
            cells.begin(top: top)
            let yBottom = Int32(bottom << 8)
            let end = Int(starts[b])
            while next < end { active[activeCount] = byBand[next]; activeCount &+= 1; next &+= 1 }
            var kept = 0
            for i in 0..<activeCount {
                let e = active[i]
                cells.addEdge(Int(e.x0), Int(e.y0), Int(e.x1), Int(e.y1), rowTop: top, rowBottom: bottom)
                if max(e.y0, e.y1) > yBottom { active[kept] = e; kept &+= 1 }
            }
            activeCount = kept
            body(&cells, top..<bottom)
            top = bottom
        }
    }
}
