import SymbolGeometry

/// What a paint sink writes: a solid colour, or a gradient evaluated per pixel.
enum PaintSource {
    case solid(UInt32)
    /// t = a·(x + ½) + b·(y + ½) + c.
    case linear(a: Double, b: Double, c: Double, spread: Int, table: UnsafePointer<UInt32>)
    /// Device → gradient space (already relative to the focus) and the cone.
    case conical(toGradient: Transform, cone: GradientKernels.Conical, spread: Int, table: UnsafePointer<UInt32>)
}

/// Composites coverage spans onto premultiplied RGBA8 pixels with a paint, an opacity, an
/// optional mask and a blend mode. Every choice is made once per span; the per-pixel work is
/// in `SpanKernels` and `GradientKernels`.
struct PaintSink: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int  // pixels from one row to the next
    let mask: UnsafePointer<UInt8>?
    let maskWidth: Int
    /// How mask values read (256 entries; 0…255 for a mask as it is).
    let maskLevels: UnsafePointer<UInt8>
    let coverageRow: UnsafeMutablePointer<UInt8>
    let sourceRow: UnsafeMutablePointer<UInt32>
    let opacity: UInt32  // 0…255, applied to coverage (gradients; solids have it in the colour)
    let blend: BlendMode
    let source: PaintSource

    mutating func row(_ y: Int, spans: UnsafeBufferPointer<Span>) {
        let line = pixels + y * rowPixels
        let maskLine = mask.map { $0 + y * maskWidth }
        for span in spans {
            let x = Int(span.x), n = Int(span.length)
            var cov = UInt32(span.coverage)
            if opacity < 255 { cov = SpanKernels.scale(cov, opacity) & 0xFF }
            if let m = maskLine {
                for i in 0..<n { coverageRow[i] = UInt8(SpanKernels.scale(cov, UInt32(maskLevels[Int(m[x + i])])) & 0xFF) }
            }
            draw(line + x, x: x, y: y, count: n, coverage: cov, masked: maskLine != nil)
        }
    }

    @inline(__always) private func draw(_ dst: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count n: Int,
                                        coverage cov: UInt32, masked: Bool) {
        switch source {
        case .solid(let color):
            switch (blend, masked) {
            case (.sourceOver, false): SpanKernels.solidOver(dst, n, color, cov)
            case (.sourceOver, true): SpanKernels.solidOverMasked(dst, n, color, coverageRow)
            case (.destinationOut, false): SpanKernels.eraseConstant(dst, n, SpanKernels.scale(color >> 24, cov) & 0xFF)
            case (.destinationOut, true):
                let a = color >> 24
                for i in 0..<n { coverageRow[i] = UInt8(SpanKernels.scale(UInt32(coverageRow[i]), a) & 0xFF) }
                SpanKernels.eraseMasked(dst, n, coverageRow)
            }
            return
        case .linear(let a, let b, let c, let spread, let table):
            let t0 = a * (Double(x) + 0.5) + b * (Double(y) + 0.5) + c
            GradientKernels.linear(sourceRow, n, t0: t0, dt: a, spread: spread, table: table)
        case .conical(let m, var cone, let spread, let table):
            let p = m.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            cone.px = p.x; cone.py = p.y
            GradientKernels.conical(sourceRow, n, cone, spread: spread, table: table)
        }
        switch (blend, masked) {
        case (.sourceOver, false): SpanKernels.rowOver(dst, sourceRow, n, cov)
        case (.sourceOver, true): SpanKernels.rowOverMasked(dst, sourceRow, n, coverageRow)
        case (.destinationOut, _):
            for i in 0..<n {
                let c = masked ? UInt32(coverageRow[i]) : cov
                coverageRow[i] = UInt8(SpanKernels.scale(sourceRow[i] >> 24, c) & 0xFF)
            }
            SpanKernels.eraseMasked(dst, n, coverageRow)
        }
    }
}

/// The common case on its own: an unmasked solid colour, source-over. Kept apart so the
/// per-run path has no paint or mode switch at all, and fed runs straight from the sweep.
struct SolidSink: RunSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int
    /// The colour at each coverage 0…255 (`SolidSink.table`): a load per run instead of a scale.
    let colors: UnsafePointer<UInt32>
    private var line: UnsafeMutablePointer<UInt32>

    init(pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int, colors: UnsafePointer<UInt32>) {
        self.pixels = pixels; self.rowPixels = rowPixels; self.colors = colors; line = pixels
    }

    /// Fills `table` (256 entries) with `color` scaled by each coverage, as the sinks read it.
    static func fill(_ table: UnsafeMutablePointer<UInt32>, color: UInt32) {
        for c in 0..<255 { table[c] = SpanKernels.scale(color, UInt32(c)) }
        table[255] = color
    }

    mutating func begin(row y: Int) { line = pixels + y &* rowPixels }

    @inline(__always) mutating func run(_ x: Int, _ count: Int, _ coverage: UInt32) {
        if count == 1 {
            // Edge pixels are mostly single-pixel runs: blend inline, no call.
            let p = line + x
            let s = colors[Int(coverage & 0xFF)]
            p.pointee = s &+ SpanKernels.scale(p.pointee, 255 &- (s >> 24))
        } else {
            SpanKernels.solidOver(line + x, count, colors[255], coverage)
        }
    }

    func end(row y: Int) {}
}

extension SolidSink {
    /// A solid source-over fill into a bitmap with pending (lazily cleared) rows: a row that is
    /// still pending is written once, whole, by `CellStore.sweepPending` (each pixel the colour
    /// at its coverage, which is source-over onto transparent, zeros included, over the row's
    /// `ink` columns and the shape's) and stops being pending. So is a row whose cells all lie
    /// right of its ink (the next part of a symbol beside the last: its pixels are still zero);
    /// other rows blend as `SolidSink` does. A row the sweep gives no cell stays pending. Every
    /// row's ink is kept (`Bitmap.withUnsafeMutableWords(dirtying:_:keepingPending:)`).
    struct OntoPending: RunSink {
        private var plain: SolidSink
        let pending: Bitmap.PendingRows
        /// The columns the fill may draw on (the rasterizer's bounds).
        let columns: Range<Int>

        init(pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int, colors: UnsafePointer<UInt32>, pending: Bitmap.PendingRows,
             columns: Range<Int>) {
            plain = SolidSink(pixels: pixels, rowPixels: rowPixels, colors: colors)
            self.pending = pending
            self.columns = columns
        }

        @inline(__always) mutating func sweep(row y: Int, of cells: CellStore, evenOdd: Bool) {
            let line = plain.pixels + y &* plain.rowPixels
            if pending.flags[y] != 0 {
                if cells.sweepPending(row: y, evenOdd: evenOdd, into: line, colors: plain.colors, ink: pending.ink + y) {
                    pending.flags[y] = 0
                }
                return
            }
            let old = pending.ink[y]
            if cells.firstCell(row: y) >= Int(old.upper) {
                // Everything right of the ink is zero: write the row's pixels as onto a cleared row.
                var fresh = Bitmap.InkColumns.none
                if cells.sweepPending(row: y, evenOdd: evenOdd, into: line, colors: plain.colors, ink: &fresh) {
                    pending.ink[y] = Bitmap.InkColumns(lower: min(old.lower, fresh.lower), upper: max(old.upper, fresh.upper))
                }
                return
            }
            plain.sweep(row: y, of: cells, evenOdd: evenOdd)
            pending.widen(row: y, columns)
        }

        // The run interface, for rows that are not pending (`sweep` above takes every row).
        mutating func begin(row y: Int) { plain.begin(row: y) }
        @inline(__always) mutating func run(_ x: Int, _ count: Int, _ coverage: UInt32) { plain.run(x, count, coverage) }
        func end(row y: Int) {}
    }
}

/// Adds coverage spans into an A8 mask as a union: m = m + c − m·c.
struct MaskSink: SpanSink {
    let values: UnsafeMutablePointer<UInt8>
    let width: Int

    mutating func row(_ y: Int, spans: UnsafeBufferPointer<Span>) {
        let line = values + y * width
        for span in spans {
            let c = UInt32(span.coverage)
            let start = line + Int(span.x)
            if c == 255 { start.update(repeating: 255, count: Int(span.length)); continue }
            for i in 0..<Int(span.length) {
                let m = UInt32(start[i])
                start[i] = UInt8(m + c - (SpanKernels.scale(m, c) & 0xFF))
            }
        }
    }
}
