// Cell accumulation and row sweep: the rasterizer's inner loops (FreeType "smooth" family).
//
// Algorithm: every line piece inside one pixel cell adds its signed height to the cell's
// `cover` and `dy·(fx0 + fx1)` (twice the area between the piece and the cell's left side,
// in subpixel units) to its `area`. Cells live in a fixed pool and are pushed on their row's
// list unsorted (O(1); the last cell touched is cached, which catches most adds because
// consecutive pieces usually share a cell). A row is then gathered, sorted by x (insertion sort:
// symbol rows hold a few dozen cells; the stdlib sort above 48), duplicates merged, and swept
// once from left to right: a cell's pixel has coverage `(cover so far)·2·256 − area`, and the
// run up to the next cell has the constant coverage `(cover so far)·2·256`. The fill rule is
// applied only here, when a winding area becomes an 8-bit coverage.
//
// Precision: 24.8 fixed point (8 subpixel bits, 256 levels per pixel on each axis) for
// coordinates; area exact in that grid. A pixel's full coverage is 2·256·256 = 131072 units.
// Row crossings are found with one Double multiply (truncated, biased by ½) per crossing; an
// earlier version walked a sorted list per insert and called libm `round`: callgrind showed it
// at 145 instructions a cell, now ~40. Covers per row are exact
// integer differences, so every closed contour cancels exactly at the end of each row (no
// streaks however the crossings are rounded).
//
// Measured: see the header of Rasterizer.swift.

/// One pixel cell of the pool: accumulated cover and double area, and the next cell in its row.
struct Cell {
    var x: Int32
    var cover: Int32
    var area: Int32
    var next: Int32
}

/// A run of pixels on one row with one coverage value (1…255).
package struct Span: Equatable {
    package var x: Int32
    package var length: Int32
    package var coverage: Int32
    package init(x: Int32, length: Int32, coverage: Int32) { self.x = x; self.length = length; self.coverage = coverage }
}

/// Receives the coverage spans of one row at a time (left to right, not overlapping).
package protocol SpanSink {
    mutating func row(_ y: Int, spans: UnsafeBufferPointer<Span>)
}

/// The cell pool and row lists for one band of rows.
struct CellStore {
    let capacity: Int
    let cells: UnsafeMutablePointer<Cell>
    let heads: UnsafeMutablePointer<Int32>  // first cell of each row, −1 when empty
    var count = 0
    var overflow = false
    var width: Int32 = 0
    var lastX: Int32 = -1, lastY: Int32 = -1, lastCell: Int32 = -1

    init(capacity: Int, rows: Int) {
        self.capacity = capacity
        cells = .allocate(capacity: capacity)
        heads = .allocate(capacity: rows)
        heads.initialize(repeating: -1, count: rows)
    }

    func deallocate() { cells.deallocate(); heads.deallocate() }

    mutating func reset(rows: Range<Int>) {
        (heads + rows.lowerBound).update(repeating: -1, count: rows.count)
        count = 0
        overflow = false
        lastCell = -1
    }

    /// Adds cover and area to cell (x, y); cells right of the target are dropped (they only
    /// affect pixels further right). Sets `overflow` when the pool is full.
    @inline(__always) mutating func add(_ x: Int32, _ y: Int32, _ cover: Int32, _ area: Int32) {
        if x >= width { return }
        if x == lastX && y == lastY && lastCell >= 0 {
            cells[Int(lastCell)].cover &+= cover
            cells[Int(lastCell)].area &+= area
            return
        }
        insert(x, y, cover, area)
    }

    private mutating func insert(_ x: Int32, _ y: Int32, _ cover: Int32, _ area: Int32) {
        guard count < capacity else { overflow = true; return }
        let new = Int32(count)
        count += 1
        cells[Int(new)] = Cell(x: x, cover: cover, area: area, next: heads[Int(y)])
        heads[Int(y)] = new
        lastX = x; lastY = y; lastCell = new
    }

    /// Walks one edge (24.8 fixed point, already clipped to 0…width·256 and 0…height·256)
    /// through the rows `rowTop..<rowBottom`, adding its cells.
    mutating func addEdge(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, rowTop: Int, rowBottom: Int) {
        var ax = x0, ay = y0, bx = x1, by = y1
        var dir: Int32 = 1
        if ay > by { swap(&ax, &bx); swap(&ay, &by); dir = -1 }
        if ay == by { return }
        let r0 = max(ay >> 8, rowTop), r1 = min((by - 1) >> 8, rowBottom - 1)
        if r0 > r1 { return }
        let slope = Double(bx - ax) / Double(by - ay)
        @inline(__always) func xAt(_ y: Int) -> Int {
            y <= ay ? ax : (y >= by ? bx : ax + CellStore.roundToInt(Double(y - ay) * slope))
        }
        var yTop = max(ay, r0 << 8)
        var xTop = xAt(yTop)
        for r in r0...r1 {
            let yBot = min(by, (r + 1) << 8)
            let xBot = xAt(yBot)
            let base = r << 8
            scanline(Int32(r), xTop, yTop - base, xBot, yBot - base, dir)
            yTop = yBot; xTop = xBot
        }
    }

    /// One piece of an edge inside row `r`, going down from local height `fy0` to `fy1`.
    @inline(__always) private mutating func scanline(_ r: Int32, _ x0: Int, _ fy0: Int, _ x1: Int, _ fy1: Int, _ dir: Int32) {
        let ex0 = x0 >> 8, ex1 = x1 >> 8
        if ex0 == ex1 {
            let dy = fy1 - fy0
            add(Int32(ex0), r, dir * Int32(dy), dir * Int32((x0 - (ex0 << 8) + x1 - (ex1 << 8)) * dy))
            return
        }
        let slope = Double(fy1 - fy0) / Double(x1 - x0)
        var fxPrev = x0 - (ex0 << 8), yPrev = fy0
        if x1 > x0 {
            for ex in ex0..<ex1 {
                let xb = (ex + 1) << 8
                let yb = min(max(fy0 + CellStore.roundToInt(Double(xb - x0) * slope), yPrev), fy1)
                let dy = yb - yPrev
                add(Int32(ex), r, dir * Int32(dy), dir * Int32((fxPrev + 256) * dy))
                fxPrev = 0; yPrev = yb
            }
        } else {
            var ex = ex0
            while ex > ex1 {
                let xb = ex << 8
                let yb = min(max(fy0 + CellStore.roundToInt(Double(xb - x0) * slope), yPrev), fy1)
                let dy = yb - yPrev
                add(Int32(ex), r, dir * Int32(dy), dir * Int32(fxPrev * dy))
                fxPrev = 256; yPrev = yb; ex -= 1
            }
        }
        let dy = fy1 - yPrev
        add(Int32(ex1), r, dir * Int32(dy), dir * Int32((fxPrev + x1 - (ex1 << 8)) * dy))
    }

    /// Nearest integer without a libm call (ties away from zero; any rounding keeps covers exact).
    @inline(__always) static func roundToInt(_ v: Double) -> Int { Int(v + (v < 0 ? -0.5 : 0.5)) }

    /// Sweeps row `y`: gathers and sorts its cells into `scratch`, turns them into spans (fill
    /// rule applied here) and returns how many were written to `spans`.
    func sweep(row y: Int, evenOdd: Bool, scratch: UnsafeMutablePointer<Cell>, spans: UnsafeMutablePointer<Span>) -> Int {
        var m = 0
        var index = heads[y]
        while index >= 0 {
            var cell = cells[Int(index)]
            index = cell.next
            // Insertion sort by x, merging a cell into an equal one.
            var j = m
            while j > 0 && scratch[j - 1].x > cell.x { j -= 1 }
            if j > 0 && scratch[j - 1].x == cell.x {
                scratch[j - 1].cover &+= cell.cover
                scratch[j - 1].area &+= cell.area
                continue
            }
            if m - j > 48 {
                // Pathological row: append and sort once instead of shifting again and again.
                cell.next = 0
                scratch[m] = cell; m += 1
                m = CellStore.sortAndMerge(scratch, m, from: index, cells: cells)
                break
            }
            var k = m
            while k > j { scratch[k] = scratch[k - 1]; k -= 1 }
            scratch[j] = cell
            m += 1
        }
        return emitSpans(scratch, m, evenOdd: evenOdd, spans: spans)
    }

    /// Appends the rest of a row list, sorts by x with the stdlib sort and merges duplicates.
    static func sortAndMerge(_ scratch: UnsafeMutablePointer<Cell>, _ count: Int, from start: Int32,
                             cells: UnsafeMutablePointer<Cell>) -> Int {
        var m = count
        var index = start
        while index >= 0 { scratch[m] = cells[Int(index)]; index = cells[Int(index)].next; m += 1 }
        var buf = UnsafeMutableBufferPointer(start: scratch, count: m)
        buf.sort { $0.x < $1.x }
        var out = 0
        for i in 0..<m {
            if out > 0 && scratch[out - 1].x == scratch[i].x {
                scratch[out - 1].cover &+= scratch[i].cover
                scratch[out - 1].area &+= scratch[i].area
            } else {
                scratch[out] = scratch[i]; out += 1
            }
        }
        return out
    }

    /// The sweep proper over sorted, distinct cells.
    private func emitSpans(_ sorted: UnsafeMutablePointer<Cell>, _ count: Int, evenOdd: Bool,
                           spans: UnsafeMutablePointer<Span>) -> Int {
        var n = 0
        var acc: Int32 = 0
        var x: Int32 = 0
        @inline(__always) func emit(_ sx: Int32, _ len: Int32, _ v: Int32) {
            let c = evenOdd ? CellStore.coverageEvenOdd(v) : CellStore.coverageNonZero(v)
            if c == 0 { return }
            if n > 0 && spans[n - 1].coverage == c && spans[n - 1].x + spans[n - 1].length == sx {
                spans[n - 1].length += len
            } else {
                spans[n] = Span(x: sx, length: len, coverage: c)
                n += 1
            }
        }
        for i in 0..<count {
            let cell = sorted[i]
            if cell.x > x && acc != 0 { emit(x, cell.x - x, acc &<< 9) }
            acc &+= cell.cover
            emit(cell.x, 1, (acc &<< 9) &- cell.area)
            x = cell.x + 1
        }
        if acc != 0 && x < width { emit(x, width - x, acc &<< 9) }
        return n
    }

    /// Non-zero: |winding area| clamped to one pixel, scaled to 0…255 and rounded.
    @inline(__always) static func coverageNonZero(_ v: Int32) -> Int32 {
        let a = Int32(min(v.magnitude, 131_072))
        return (a &* 255 &+ 65_536) >> 17
    }

    /// Even-odd: the winding area folded with period two pixels, scaled to 0…255 and rounded.
    @inline(__always) static func coverageEvenOdd(_ v: Int32) -> Int32 {
        var a = Int32(v.magnitude & 262_143)
        if a > 131_072 { a = 262_144 - a }
        return (a &* 255 &+ 65_536) >> 17
    }
}
