// Cell accumulation and row sweep: the rasterizer's inner loops (FreeType "smooth" family).
//
// Algorithm: every line piece inside one pixel cell adds its signed height to the cell's
// `cover` and `dy·(fx0 + fx1)` (twice the area between the piece and the cell's left side,
// in subpixel units) to its `area`. The cells of a band of rows live in one fixed grid (the
// pool: `rows × width` cells, 8 bytes each) with one occupancy bit per cell, as Blend2D does;
// adding to a cell is two adds and an OR, with no search and no allocation. A row is then swept
// once from left to right, visiting only occupied cells (trailing-zero count on the bit words)
// and zeroing them as it goes: a cell's pixel has coverage `(cover so far)·2·256 − area`, and
// the run up to the next cell has the constant coverage `(cover so far)·2·256`. The fill rule
// is applied only here, when a winding area becomes an 8-bit coverage.
//
// Precision: 24.8 fixed point (8 subpixel bits, 256 levels per pixel on each axis) for
// coordinates; area exact in that grid. A pixel's full coverage is 2·256·256 = 131072 units,
// scaled to 0…255 with rounding. Row and cell crossings are found with one Double multiply
// (biased truncation) each; covers per row are exact integer differences, so every closed
// contour cancels exactly at the end of each row (no streaks however crossings are rounded).
//
// Measured (2026-11-26, x86_64, release; instructions per frame from the difference of a 120- and
// a 20-frame run of `valgrind --tool=callgrind SymbolRasterBench --sizes 512 --frames N
// --repeat 1 bench/raster/paths/INPUT.txt`): at 512² gear 819 K a frame, sample-fan 851 K,
// sample-bell.slash 899 K, sample-cloud.sun 847 K; in time (`SymbolRasterBench --sizes 512
// --frames 120 --repeat 5`, best of 5 runs) gear 0.0863 ms a frame, sample-fan 0.0825,
// sample-bell.slash 0.0747, sample-cloud.sun 0.0800. How each step got there: bench/REPORT.md,
// "History" (kept in bench/history.md).

/// One pixel cell: accumulated signed cover and double area.
struct Cell {
    var cover: Int32
    var area: Int32
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

/// Receives coverage runs straight from the sweep, with no span list between: `begin` for
/// every swept row, then its runs (`CellStore.sweepRuns`), then `end`.
protocol RunSink {
    mutating func begin(row y: Int)
    mutating func run(_ x: Int, _ count: Int, _ coverage: UInt32)
    mutating func end(row y: Int)
    /// Sweeps row `y` of `cells` into this sink (by default `begin`, `sweepRuns`, `end`; a sink
    /// may take the cells another way, as `SolidSink.OntoPending` does for pending rows).
    mutating func sweep(row y: Int, of cells: CellStore, evenOdd: Bool)
}

extension RunSink {
    @inline(__always) mutating func sweep(row y: Int, of cells: CellStore, evenOdd: Bool) {
        begin(row: y)
        cells.sweepRuns(row: y, evenOdd: evenOdd, into: &self)
        end(row: y)
    }
}

/// Collects runs as spans, merging touching runs of equal coverage.
struct SpanList: RunSink {
    let spans: UnsafeMutablePointer<Span>
    private(set) var count = 0

    init(spans: UnsafeMutablePointer<Span>) { self.spans = spans }

    func begin(row y: Int) {}

    @inline(__always) mutating func run(_ x: Int, _ length: Int, _ coverage: UInt32) {
        let x = Int32(truncatingIfNeeded: x), length = Int32(truncatingIfNeeded: length), c = Int32(coverage)
        if count > 0 && spans[count - 1].coverage == c && spans[count - 1].x + spans[count - 1].length == x {
            spans[count - 1].length += length
        } else {
            spans[count] = Span(x: x, length: length, coverage: c)
            count += 1
        }
    }

    func end(row y: Int) {}
}

/// The cell grid of one band of rows, with an occupancy bit per cell.
struct CellStore {
    private(set) var cells: UnsafeMutablePointer<Cell>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    private(set) var cellCapacity = 0, wordCapacity = 0
    private(set) var width: Int32 = 0
    private(set) var stride = 0  // cells per row
    private(set) var words = 0  // bit words per row
    private(set) var bandTop = 0
    private(set) var bandRows = 0
    /// The bit words the band's edges can reach (`firstWord > lastWord`: none). A sweep looks
    /// at these only: at 1080² a row has 17 words, and every row of every fill scanned all of
    /// them, the empty ones left and right of the shape included.
    private(set) var firstWord = 0, lastWord = -1

    init() {
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
    }

    func deallocate() { cells.deallocate(); bits.deallocate() }

    /// Sets the row width and band height; grows the grid when needed (so after the first
    /// frame of a size nothing is allocated). The grid is left all zero.
    mutating func configure(width w: Int, bandRows rows: Int) {
        width = Int32(w)
        stride = w
        words = (w + 63) >> 6
        bandRows = rows
        if stride * rows > cellCapacity {
            cells.deallocate()
            cellCapacity = stride * rows
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: Cell(cover: 0, area: 0), count: cellCapacity)
        }
        if words * rows > wordCapacity {
            bits.deallocate()
            wordCapacity = words * rows
            bits = .allocate(capacity: wordCapacity)
            bits.initialize(repeating: 0, count: wordCapacity)
        }
    }

    /// Starts the band whose first row is `top` (the grid is zero: sweeps clear what they read).
    mutating func begin(top: Int) { bandTop = top }

    /// Limits sweeps to the cells of `columns` (the rasterizer's `bounds.x`) and of the column
    /// just past them: an edge ending at x = 2.999 has a (zero-area) cell in column 3.
    mutating func reach(columns: Range<Int>) {
        firstWord = columns.lowerBound >> 6
        lastWord = min(columns.upperBound >> 6, words &- 1)
    }

    /// Walks one edge (24.8 fixed point, already clipped to 0…width·256 and 0…height·256)
    /// through the rows `rowTop..<rowBottom`, adding its cells.
    ///
    /// All integer arithmetic here wraps (`&+`, `&*`, truncating conversions): the values are
    /// bounded by the clipping (|x|, |y| ≤ 8192·256, |area| ≤ 2·256·256), and the trapping forms
    /// cost a compare and branch each (callgrind: 57 overflow checks in this function).
    mutating func addEdge(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, rowTop: Int, rowBottom: Int) {
        var ax = x0, ay = y0, bx = x1, by = y1
        var dir = 1
        if ay > by { swap(&ax, &bx); swap(&ay, &by); dir = -1 }
        if ay == by { return }
        let r0 = max(ay >> 8, rowTop), r1 = min((by &- 1) >> 8, rowBottom &- 1)
        if r0 > r1 { return }
        // dx/dy, for the x where the edge crosses a row boundary, and dy/dx of the whole edge,
        // shared by all its row pieces for the y where it crosses a cell side (one division
        // per edge, not one per row: callgrind had the per-row `divsd` at a fifth of this
        // function). Both in one vector division, with no test of whether each is needed: an
        // edge inside one row never reads `slope`, one inside one column of cells never reads
        // `inverseSlope` (then dy/0, infinite). by > ay, so `slope` is always finite.
        let d = SIMD2<Double>(Double(bx &- ax), Double(by &- ay))
        let q = d / SIMD2(d.y, d.x)
        let slope = q.x, inverseSlope = q.y
        let w = Int(width)
        var line = cells + (r0 &- bandTop) &* stride, mask = bits + (r0 &- bandTop) &* words
        if r0 == r1 {
            // One row: no crossing to find.
            let base = r0 << 8
            let yTop = max(ay, base), yBot = min(by, base &+ 256)
            let xTop = yTop <= ay ? ax : ax &+ CellStore.roundToInt(Double(yTop &- ay) * slope)
            let xBot = yBot >= by ? bx : ax &+ CellStore.roundToInt(Double(yBot &- ay) * slope)
            scanline(line, mask, w, xTop, yTop &- base, xBot, yBot &- base, dir, inverseSlope)
            return
        }
        // Row boundaries strictly inside the edge: x = ax + round((y − ay)·slope), rounded half
        // away from zero as `roundToInt` does (the sign of the product is the slope's), with
        // y − ay stepped in Double (exact: integers far below 2^53).
        let bias = slope < 0 ? -0.5 : 0.5
        var yTop = max(ay, r0 << 8)
        var xTop = yTop <= ay ? ax : ax &+ Int(Double(yTop &- ay) * slope + bias)
        var yBot = (r0 &+ 1) << 8
        var dyBot = Double(yBot &- ay)
        var fyTop = yTop &- (r0 << 8)
        var r = r0
        while r < r1 {
            let xBot = ax &+ Int(dyBot * slope + bias)
            scanline(line, mask, w, xTop, fyTop, xBot, 256, dir, inverseSlope)
            line += stride; mask += words
            xTop = xBot; yTop = yBot; fyTop = 0
            yBot &+= 256; dyBot += 256; r &+= 1
        }
        let base = r1 << 8
        let yLast = min(by, base &+ 256)
        let xLast = yLast >= by ? bx : ax &+ Int(dyBot * slope + bias)
        scanline(line, mask, w, xTop, 0, xLast, yLast &- base, dir, inverseSlope)
    }

    /// One piece of an edge inside one row (its cells at `line`, occupancy bits at `mask`), going
    /// down from local height `fy0` to `fy1`; `dydx` is the edge's slope, used to find where it
    /// crosses cell sides. Cells right of the target are dropped (they only affect pixels
    /// further right).
    @inline(__always) private func scanline(_ line: UnsafeMutablePointer<Cell>, _ mask: UnsafeMutablePointer<UInt64>, _ w: Int,
                                            _ x0: Int, _ fy0: Int, _ x1: Int, _ fy1: Int, _ dir: Int, _ dydx: Double) {
        @inline(__always) func add(_ x: Int, _ cover: Int, _ area: Int) {
            if x >= w { return }
            line[x].cover &+= Int32(truncatingIfNeeded: cover)
            line[x].area &+= Int32(truncatingIfNeeded: area)
            mask[x >> 6] |= 1 &<< UInt64(truncatingIfNeeded: x & 63)
        }
        let ex0 = x0 >> 8, ex1 = x1 >> 8
        if ex0 == ex1 {
            let dy = dir &* (fy1 &- fy0)
            add(ex0, dy, (x0 &- (ex0 << 8) &+ x1 &- (ex1 << 8)) &* dy)
            return
        }
        var fxPrev = x0 &- (ex0 << 8), yPrev = fy0
        // (xb − x0)·dydx ≥ 0 in both directions (a piece going right has dydx > 0 and xb > x0,
        // one going left dydx < 0 and xb ≤ x0), so `roundToInt`'s sign test is always +½ here.
        if x1 > x0 {
            var ex = ex0
            repeat {
                let xb = (ex &+ 1) << 8
                let yb = min(max(fy0 &+ Int(Double(xb &- x0) * dydx + 0.5), yPrev), fy1)
                let dy = dir &* (yb &- yPrev)
                add(ex, dy, (fxPrev &+ 256) &* dy)
                fxPrev = 0; yPrev = yb; ex &+= 1
            } while ex < ex1
        } else {
            var ex = ex0
            repeat {
                let xb = ex << 8
                let yb = min(max(fy0 &+ Int(Double(xb &- x0) * dydx + 0.5), yPrev), fy1)
                let dy = dir &* (yb &- yPrev)
                add(ex, dy, fxPrev &* dy)
                fxPrev = 256; yPrev = yb; ex &-= 1
            } while ex > ex1
        }
        let dy = dir &* (fy1 &- yPrev)
        add(ex1, dy, (fxPrev &+ x1 &- (ex1 << 8)) &* dy)
    }

    /// Nearest integer without a libm call (ties away from zero; any rounding keeps covers exact).
    @inline(__always) static func roundToInt(_ v: Double) -> Int { Int(v + (v < 0 ? -0.5 : 0.5)) }

    /// Sweeps row `y` of the band: turns its occupied cells into spans (fill rule applied
    /// here), zeroes them, and returns how many spans were written to `spans` (runs of equal
    /// coverage that touch are merged).
    func sweep(row y: Int, evenOdd: Bool, spans: UnsafeMutablePointer<Span>) -> Int {
        var list = SpanList(spans: spans)
        sweepRuns(row: y, evenOdd: evenOdd, into: &list)
        return list.count
    }

    /// Sweeps row `y` of the band, zeroing its cells, and hands every run of pixels with one
    /// non-zero coverage to `sink.run(x, count, coverage 1…255)`, left to right, not overlapping.
    /// Touching runs of equal coverage are not merged (a sink filling pixels gains nothing by
    /// it), so a solid fill can composite straight from here with no span list.
    @inline(__always) func sweepRuns<S: RunSink>(row y: Int, evenOdd: Bool, into sink: inout S) {
        let row = y &- bandTop
        let line = cells + row &* stride
        let mask = bits + row &* words
        var acc: Int32 = 0
        var x = 0
        @inline(__always) func emit(_ sx: Int, _ len: Int, _ v: Int32) {
            let c = evenOdd ? CellStore.coverageEvenOdd(v) : CellStore.coverageNonZero(v)
            if c != 0 { sink.run(sx, len, UInt32(truncatingIfNeeded: c)) }
        }
        var k = firstWord
        while k <= lastWord {
            var word = mask[k]
            k &+= 1
            if word == 0 { continue }
            mask[k &- 1] = 0
            let base = (k &- 1) << 6
            repeat {
                let cx = base | word.trailingZeroBitCount
                word &= word &- 1
                let cell = line[cx]
                line[cx] = Cell(cover: 0, area: 0)
                if cx > x && acc != 0 { emit(x, cx &- x, acc &<< 9) }
                acc &+= cell.cover
                emit(cx, 1, (acc &<< 9) &- cell.area)
                x = cx &+ 1
            } while word != 0
        }
        let w = Int(width)
        if acc != 0 && x < w { emit(x, w &- x, acc &<< 9) }
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
