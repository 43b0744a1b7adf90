import SymbolGeometry

// Painter: the drawing context. One per worker thread; it owns every scratch buffer (cell
// pool, span and row buffers, gradient tables, stroke outline, blur scratch) and keeps them
// across frames, so drawing a frame allocates nothing once warmed up (dashing excepted: it
// builds a new path).
//
// Where time goes (callgrind on SymbolRasterBench, release, 24-tooth gear at 512², per frame: the
// difference of `--frames 120` and `--frames 20` runs, `--sizes 512 --repeat 1`): a full clear was
// one memset of the whole bitmap (memory bound, about a quarter of the frame), now lazy (Bitmap: a
// solid fill writes a cleared row once, zeros and colour together, and only rows nothing drew on
// are zeroed by `settle()`). Of 1.008 M instructions a frame (1.575 M before the November 2026
// speed work), flattening, clipping and storing edges take 0.152 M (0.282 M: the runtime's
// exclusivity checks on the Rasterizer's properties were ~4 % of the frame), the edge walk into
// cells 0.290 M (0.574 M) and the row sweep with compositing 0.557 M (0.710 M). Since then 0.966 M:
// pending rows are swept straight into pixels (Kernels/PendingSweep.swift) and each band walks only
// its own edges (at 1080², 2.428 M → 2.151 M a frame). November 2026 speed work, round 2 (same
// method, `--sizes S`, input named): each bitmap row remembers the columns it inked (Bitmap.ink),
// and a pending row zeroes only those, not the dirty rectangle's width: star 1080² 1.199 M → 0.894
// M a frame, sample-cloud.sun 1080² 4.135 M → 3.485 M, gear 1080² 2.119 M → 1.990 M, 256² 478 K →
// 457 K; and a row whose cells all lie right of its ink is written as a pending one, without
// blending (a symbol's next part beside the last): sample-speaker.waves 1080² 3.420 M → 3.283 M,
// sample-cloud.sun 1080² 3.485 M → 3.170 M (the other round-2 steps are in bench/REPORT.md,
// "History"). No allocation per frame after the first (callgrind: ~200 mallocs in a 362-frame run,
// all at start-up).

/// Draws paths into bitmaps: fills, strokes and masks with the coverage rasterizer, plus layer
/// compositing and blur. Not thread-safe: use one per thread and reuse it frame after frame.
package final class Painter {
    let rasterizer = Rasterizer()
    var stroker = Stroker()
    var outline = Path()
    var tables: [GradientTable] = []
    let sourceRow: UnsafeMutablePointer<UInt32>
    let coverageRow: UnsafeMutablePointer<UInt8>
    /// 0…255 in order: the mask levels of a mask without its own.
    let identityLevels: UnsafeMutablePointer<UInt8>
    /// The values of the last four solid colours at each coverage (`SolidSink.fill`, 256 each),
    /// and those colours: a layered symbol alternates a few colours every frame.
    let solidColors: UnsafeMutablePointer<UInt32>
    var solidColorKeys: [UInt32?] = [nil, nil, nil, nil]
    var solidColorNext = 0
    var blurScratch: [UInt8] = []
    var blurSums: [UInt32] = []

    /// Curve flattening tolerance in device pixels.
    package var tolerance: Double = CurveFlattener.defaultTolerance {
        didSet { if !(tolerance > 0.001) { tolerance = 0.001 } }
    }

    package init() {
        sourceRow = .allocate(capacity: Bitmap.maxSide)
        coverageRow = .allocate(capacity: Bitmap.maxSide)
        identityLevels = .allocate(capacity: 256)
        for v in 0..<256 { identityLevels[v] = UInt8(v) }
        solidColors = .allocate(capacity: 4 * 256)
    }

    deinit {
        sourceRow.deallocate()
        coverageRow.deallocate()
        identityLevels.deallocate()
        solidColors.deallocate()
        for t in tables { t.deallocate() }
    }

    /// Fills `path` (user space, mapped to pixels by `transform`) with `paint` under `rule`.
    /// `opacity` (0…1) multiplies coverage; `mask`, when given, must be the bitmap's size and
    /// multiplies coverage per pixel (a mask of another size draws nothing). Non-finite paths
    /// or transforms draw nothing.
    package func fill(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                     paint: RasterPaint, opacity: Double = 1, mask: CoverageMask? = nil,
                     blend: BlendMode = .sourceOver, into bitmap: inout Bitmap) {
        guard path.isFinite, transform.isFinite else { return }
        rasterizer.reset(width: bitmap.width, height: bitmap.height)
        rasterizer.add(path, transform: transform, tolerance: tolerance)
        paintCoverage(rule: rule, paint: paint, userToDevice: transform, opacity: opacity, mask: mask,
                      blend: blend, into: &bitmap)
    }

    /// Adds the coverage of `path` to `mask` (union), for clips.
    package func fillMask(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                         into mask: inout CoverageMask) {
        guard path.isFinite, transform.isFinite else { return }
        rasterizer.reset(width: mask.width, height: mask.height)
        rasterizer.add(path, transform: transform, tolerance: tolerance)
        guard !rasterizer.isEmpty else { return }
        let width = mask.width
        let rows = rasterizer.bounds.y.clamped(to: 0..<mask.height)
        mask.drawnRows = mask.drawnRows.isEmpty ? rows
            : min(mask.drawnRows.lowerBound, rows.lowerBound)..<max(mask.drawnRows.upperBound, rows.upperBound)
        mask.storage.withUnsafeMutableBufferPointer { buf in
            var sink = MaskSink(values: buf.baseAddress!, width: width)
            rasterizer.sweep(evenOdd: rule == .evenOdd, into: &sink)
        }
    }

    /// Sweeps what the rasterizer holds onto `bitmap`.
    func paintCoverage(rule: FillRule, paint: RasterPaint, userToDevice: Transform, opacity: Double,
                       mask: CoverageMask?, blend: BlendMode, into bitmap: inout Bitmap) {
        guard !rasterizer.isEmpty, bitmap.bytesPerRow % 4 == 0 else { return }
        if let m = mask, m.width != bitmap.width || m.height != bitmap.height { return }
        let op = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let op255 = UInt32((op * 255).rounded())
        if op255 == 0 { return }
        guard let source = makeSource(paint, userToDevice: userToDevice, opacity: op255) else { return }
        let rowPixels = bitmap.bytesPerRow / 4
        let evenOdd = rule == .evenOdd
        let bounds = rasterizer.bounds
        if case .solid(let color) = source, mask == nil, blend == .sourceOver {
            let colors = colorTable(color)
            bitmap.withUnsafeMutableWords(dirtying: bounds.x, bounds.y, keepingPending: { pixels, pending in
                var sink = SolidSink.OntoPending(pixels: pixels, rowPixels: rowPixels, colors: colors, pending: pending,
                                                 columns: bounds.x)
                rasterizer.sweep(evenOdd: evenOdd, into: &sink)
            })
            return
        }
        bitmap.withUnsafeMutableWords(dirtying: bounds.x, bounds.y) { pixels in
            func run(_ maskPointer: UnsafePointer<UInt8>?, _ levels: UnsafePointer<UInt8>) {
                var sink = PaintSink(pixels: pixels, rowPixels: rowPixels, mask: maskPointer, maskWidth: mask?.width ?? 0,
                                     maskLevels: levels, coverageRow: coverageRow, sourceRow: sourceRow,
                                     opacity: isSolid(source) ? 255 : op255, blend: blend, source: source)
                rasterizer.sweep(evenOdd: evenOdd, into: &sink)
            }
            guard let m = mask else { return run(nil, identityLevels) }
            m.storage.withUnsafeBufferPointer { values in
                if let levels = m.levels, levels.count == 256 {
                    levels.withUnsafeBufferPointer { run(values.baseAddress!, $0.baseAddress!) }
                } else {
                    run(values.baseAddress!, identityLevels)
                }
            }
        }
    }

    /// The table of `color` at each coverage, built when it is not among the last four.
    private func colorTable(_ color: UInt32) -> UnsafePointer<UInt32> {
        if let i = solidColorKeys.firstIndex(of: color) { return UnsafePointer(solidColors + i * 256) }
        let i = solidColorNext
        solidColorNext = (i + 1) & 3
        SolidSink.fill(solidColors + i * 256, color: color)
        solidColorKeys[i] = color
        return UnsafePointer(solidColors + i * 256)
    }

    private func isSolid(_ s: PaintSource) -> Bool { if case .solid = s { return true } else { return false } }

    /// Resolves a paint for one draw: solids get the opacity folded in; gradients get their
    /// device → gradient mapping and a (cached) colour table. Nil when nothing would show.
    func makeSource(_ paint: RasterPaint, userToDevice: Transform, opacity: UInt32) -> PaintSource? {
        switch paint {
        case .solid(let c):
            let color = opacity >= 255 ? c.packed : SpanKernels.scale(c.packed, opacity)
            return color >> 24 == 0 ? nil : .solid(color)
        case .linearGradient(let g):
            guard !g.stops.isEmpty else { return nil }
            let v = g.end - g.start
            let len2 = v.dot(v)
            guard len2 > 0, let inv = g.transform.concatenating(userToDevice).inverted else {
                return lastStopSource(g.stops, opacity)
            }
            let vx = v.x / len2, vy = v.y / len2
            return .linear(a: inv.a * vx + inv.b * vy, b: inv.c * vx + inv.d * vy,
                           c: (inv.tx - g.start.x) * vx + (inv.ty - g.start.y) * vy,
                           spread: spreadCode(g.spread), table: table(for: g.stops))
        case .radialGradient(let g):
            guard !g.stops.isEmpty else { return nil }
            guard g.radius > 0, g.radius.isFinite, let inv = g.transform.concatenating(userToDevice).inverted else {
                return lastStopSource(g.stops, opacity)
            }
            let toGradient = inv.concatenating(.translation(-g.focus.x, -g.focus.y))
            let fr = max(g.focalRadius.isFinite ? g.focalRadius : 0, 0)
            let cone = GradientKernels.Conical(px: 0, py: 0, dx: toGradient.a, dy: toGradient.b,
                                               cdx: g.center.x - g.focus.x, cdy: g.center.y - g.focus.y,
                                               fr: fr, dr: g.radius - fr)
            return .conical(toGradient: toGradient, cone: cone, spread: spreadCode(g.spread), table: table(for: g.stops))
        }
    }

    /// SVG: a degenerate gradient paints with its last stop's colour.
    private func lastStopSource(_ stops: [RasterPaint.Stop], _ opacity: UInt32) -> PaintSource? {
        let s = stops[stops.count - 1]
        let c = PremultipliedColor(red: s.red, green: s.green, blue: s.blue, alpha: s.alpha)
        return makeSource(.solid(c), userToDevice: .identity, opacity: opacity)
    }

    private func spreadCode(_ s: RasterPaint.Spread) -> Int {
        switch s {
        case .pad: return 0
        case .reflect: return 1
        case .repeat: return 2
        }
    }

    /// The colour table for a stop list, built once and kept (the 16 most recent lists).
    func table(for stops: [RasterPaint.Stop]) -> UnsafePointer<UInt32> {
        if let i = tables.firstIndex(where: { $0.stops == stops }) {
            if i != tables.count - 1 { tables.append(tables.remove(at: i)) }
            return UnsafePointer(tables[tables.count - 1].colors)
        }
        if tables.count >= 16 { tables.removeFirst().deallocate() }
        tables.append(GradientTable(stops: stops))
        return UnsafePointer(tables[tables.count - 1].colors)
    }
}
