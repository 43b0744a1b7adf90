// The sweep of a row that is still pending (lazily cleared, see Bitmap): the row is written
// whole, left to right, with no blending and no run bookkeeping.
//
// Algorithm: as `CellStore.sweepRuns`, but every pixel from the first cell (or the first stale
// column, whichever is further left) to the last run is stored once as the colour at its
// coverage, zero included (`colors[0] == 0`): a gap between cells is one constant fill, whether
// it is inside the shape or outside, and an edge pixel is one table load and one store. What
// the run sink did instead (a zero fill up to each run, a colour fill, a pending flag and
// bounds per run) cost about a third of the sweep's instructions on the raster bench.
// Pixels equal those of `SolidSink.OntoPending`: where that left a stale column untouched it
// zeroed it later, and where it wrote nothing outside the stale columns memory is already zero.

extension CellStore {
    /// Sweeps row `y` of the band into `line`, a pending row of pixels whose stale columns are
    /// `ink`, zeroing the cells, and sets `ink` to the columns left non-zero. Returns false,
    /// writing nothing, when the row has no cells.
    @inline(__always) func sweepPending(row y: Int, evenOdd: Bool, into line: UnsafeMutablePointer<UInt32>,
                                        colors: UnsafePointer<UInt32>, ink: UnsafeMutablePointer<Bitmap.InkColumns>) -> Bool {
        let row = y &- bandTop
        let cellLine = cells + row &* stride
        let mask = bits + row &* words
        var w = firstWord
        let words = lastWord &+ 1
        while w < words && mask[w] == 0 { w &+= 1 }
        if w >= words { return false }
        @inline(__always) func color(_ v: Int32) -> UInt32 {
            colors[Int(evenOdd ? CellStore.coverageEvenOdd(v) : CellStore.coverageNonZero(v))]
        }
        var acc: Int32 = 0
        let first = w << 6 | mask[w].trailingZeroBitCount
        let stale = ink.pointee  // `.none` is (Int32.max, 0): no column to zero
        var x = min(Int(stale.lower), first)
        repeat {
            var word = mask[w]
            if word != 0 {
                mask[w] = 0
                repeat {
                    let cx = w << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    let cell = cellLine[cx]
                    cellLine[cx] = Cell(cover: 0, area: 0)
                    if cx > x { CellStore.fill(line + x, cx &- x, color(acc &<< 9)) }
                    acc &+= cell.cover
                    line[cx] = color((acc &<< 9) &- cell.area)
                    x = cx &+ 1
                } while word != 0
            }
            w &+= 1
        } while w < words
        let last = color(acc &<< 9)
        let end = last != 0 ? Int(width) : max(x, Int(stale.upper))
        if end > x { CellStore.fill(line + x, end &- x, last) }
        // Left of the first cell and right of the last (when the row ends outside the shape)
        // every pixel is zero now.
        ink.pointee = Bitmap.InkColumns(lower: Int32(truncatingIfNeeded: first),
                                        upper: Int32(truncatingIfNeeded: last != 0 ? Int(width) : x))
        return true
    }

    /// The column of row `y`'s first cell (`Int.max` when the row has none).
    @inline(__always) func firstCell(row y: Int) -> Int {
        let mask = bits + (y &- bandTop) &* words
        var w = firstWord
        while w <= lastWord {
            let word = mask[w]
            if word != 0 { return w << 6 | word.trailingZeroBitCount }
            w &+= 1
        }
        return Int.max
    }

    /// Stores `value` into `count` pixels: short gaps without the vector loop's set-up, long
    /// zero runs (the stale columns around a shape) through the C library's `memset`, whose
    /// wide or string stores beat the 16-byte loop the compiler makes for a general value.
    /// Other runs of four or more: 16-byte stores, eight a turn, and the last (up to three)
    /// pixels by one more store ending at the run's end, overlapping what is already written.
    /// (The compiler's loop for `update(repeating:)` did 8 pixels a turn in 5 instructions and
    /// stored its remainder one pixel at a time: callgrind had that tail at a fifth of the fill.)
    @inline(__always) static func fill(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        if count < 4 {
            p[0] = value
            if count > 1 { p[1] = value }
            if count > 2 { p[2] = value }
        } else if value == 0 && count >= 32 {
            UnsafeMutableRawPointer(p).initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
        } else {
            let raw = UnsafeMutableRawPointer(p), bytes = count &* 4
            let v4 = SIMD4<UInt32>(repeating: value), v16 = SIMD16<UInt32>(repeating: value)
            let last128 = bytes &- 128, last64 = bytes &- 64, last16 = bytes &- 16
            var i = 0
            while i <= last128 {
                raw.storeBytes(of: v16, toByteOffset: i, as: SIMD16<UInt32>.self)
                raw.storeBytes(of: v16, toByteOffset: i &+ 64, as: SIMD16<UInt32>.self)
                i &+= 128
            }
            if i <= last64 {
                raw.storeBytes(of: v16, toByteOffset: i, as: SIMD16<UInt32>.self)
                i &+= 64
            }
            while i < last16 {
                raw.storeBytes(of: v4, toByteOffset: i, as: SIMD4<UInt32>.self)
                i &+= 16
            }
            raw.storeBytes(of: v4, toByteOffset: last16, as: SIMD4<UInt32>.self)
        }
    }
}
