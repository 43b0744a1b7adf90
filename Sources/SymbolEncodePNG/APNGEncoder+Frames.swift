import SymbolEncode
import SymbolGeometry

// How an APNG frame is chosen and written: the changed rectangle, OVER or SOURCE, the dispose
// op that leaves the smaller rectangle for the next frame, and the data as palette indices or
// RGBA.
//
// Compression, measured on the benchmark's 512² two-colour bounce (180 frames): palette
// indices with no row filter and zlib's run-length strategy came to about half the size of
// RGBA at level 6, in a tenth of the zlib time; RGBA rows compress best unfiltered at level 6
// (row filters turn flat runs into noise next to the anti-aliased edges). Indexed frames then
// get a second, full LZ77 pass on the chosen blend: rows that repeat part of the row above (the
// sides of a disc) match at a distance of one row. That pass is level 9 with a window just
// large enough to reach two rows back: zlib walks its hash chains back as far as the window,
// and on these frames the chains are long (runs of background), while the matches that pay
// are a row or two up. Each time the window slides, zlib rehashes its whole hash table, which
// has 2^(memLevel + 7) heads (32 768 by default), so with a 1 KiB window the rehashing cost
// more than the matching: memLevel is set to give four heads per window byte (window 10 bits,
// memLevel 5). Against level 8 with the full 32 KiB window and default memLevel, 512²: 3.7 %
// smaller; 1080²: 3.7 % smaller. Instructions of the whole 512² encode (callgrind, both the
// driven and the one-thread encode of SymbolEncodeBench): 29.7 G with the small window alone,
// 21.0 G with the matching hash table, the file byte-identical. Level 9 with the full window
// is 3.2 % smaller for twice the CPU time of level 8.
// On the gradient clip (opaque, over 256 colours) RGB without alpha is 4 %
// smaller than RGBA with OVER blending, and faster; level 8 is 9 % smaller again than 6 (see
// `APNGOptions`).
//
// The work is split for `StagedFrameEncoder`: `stage` decides everything (rectangle, palette,
// dispose op, the pixels to compress, in buffers the work owns) and `APNGFrameCompression.run` only
// compresses, so a driver can compress several frames at once on other threads; `commit`
// writes the chunks in order.
extension APNGEncoder {
    enum Dispose: UInt8 { case none = 0, background = 1 }
    enum Blend: UInt8 { case source = 0, over = 1 }

    /// Largest `IDAT`/`fdAT` chunk written; decoders accept any size, smaller chunks keep the
    /// writer's buffers small.
    static let maxChunkData = 1 << 18

    /// Indices for choosing the blend: run-length coding, fast.
    static let indexedTrialFormat = PNGCompressor.Format(
        colorType: 0, level: 9, strategy: PNGCompressor.Format.runLength, filters: PNGCompressor.Format.filterNone)
    /// Indices of the chosen blend: full LZ77, with a window reaching two rows back and a hash
    /// table four times the window (see the notes above).
    static func indexedFormat(width: Int) -> PNGCompressor.Format {
        let bits = windowBits(reaching: 2 * (width + 1))
        return .init(colorType: 0, level: 9, filters: PNGCompressor.Format.filterNone,
                     windowBits: bits, memLevel: min(max(bits - 5, 1), 9))
    }

    /// The smallest zlib window (9…15 bits) whose matches reach `distance` bytes back: zlib
    /// keeps 262 bytes of lookahead inside the window.
    static func windowBits(reaching distance: Int) -> Int32 {
        var bits: Int32 = 9
        while bits < 15 && (1 << bits) - 262 < distance { bits += 1 }
        return bits
    }

    /// RGB and RGBA rows: unfiltered, at `level` (`APNGOptions.compressionLevel`).
    static func rgbFormat(level: Int) -> PNGCompressor.Format {
        .init(colorType: 2, level: level, filters: PNGCompressor.Format.filterNone)
    }
    static func truecolourFormat(level: Int) -> PNGCompressor.Format {
        .init(colorType: 6, level: level, filters: PNGCompressor.Format.filterNone)
    }

    /// Stages the pending frame: its changed rectangle (the whole picture for frame 0), the
    /// pixels for each blend op worth trying, and, when another frame follows (`incoming`), the
    /// dispose op that makes the next rectangle smaller. Leaves the next canvas in `canvas`.
    /// Returns a colour-mode change first when this frame's colours force one.
    func stagePending(followedBy hasNext: Bool) throws -> [APNGFrameCompression] {
        let isFirst = framesStaged == 0
        if clipIsOpaque && mode != .truecolour { clipIsOpaque = isOpaque(pending) }
        var rect = PixelRect(x: 0, y: 0, width: width, height: height)
        if options.differencing && !isFirst {
            rect =
                pending.withUnsafeBufferPointer { p in
                    canvas.withUnsafeBufferPointer { c in differenceBounds(p, c, width: width, height: height) }
                } ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let w = width
        let unchanged: Int? =
            options.differencing && !isFirst
            ? pending.withUnsafeBufferPointer { p in
                canvas.withUnsafeBufferPointer { c in overBlendUnchangedCount(frame: p, canvas: c, width: w, rect: rect) }
            } : nil
        var work: [APNGFrameCompression] = []
        let pixels = stagePixels(rect: rect, overPossible: (unchanged ?? 0) > 0, modeChanges: &work)
        let dispose: Dispose = hasNext && options.differencing ? chooseDispose(after: rect) : .none
        let plan = APNGFrameCompression.Plan(rect: rect, dispose: dispose, isFirst: isFirst)
        work.append(APNGFrameCompression(job: .frame(plan, pixels), path: path, truecolourLevel: options.compressionLevel))
        framesStaged += 1
        return work
    }

    /// The rectangle's pixels for SOURCE, and for OVER (unchanged pixels transparent) when that
    /// is possible: palette indices while the colours fit, else RGB or RGBA. A palette that
    /// overflows, or an RGB clip meeting transparency, appends the change of colour mode to
    /// `modeChanges` (committed before this frame, it rewrites the frames written so far).
    private func stagePixels(rect: PixelRect, overPossible: Bool, modeChanges: inout [APNGFrameCompression])
        -> APNGFrameCompression.Pixels
    {
        func change(to target: ColourMode) {
            modeChanges.append(APNGFrameCompression(job: .convert(target), path: path, truecolourLevel: options.compressionLevel))
            mode = target
        }
        if mode == .indexed {
            let needed = pending.withUnsafeBufferPointer {
                missingColours($0, width: width, rect: rect, table: table, limit: 256 - palette.count)
            }
            if palette.count + needed.count <= 256 {
                addToPalette(needed)
                let source = indices(rect, transparent: nil)
                var over: [UInt8]?
                if overPossible, let t = table.index(of: 0) ?? addTransparent() { over = indices(rect, transparent: t) }
                return .indexed(source: source, over: over)
            }
            change(to: clipIsOpaque ? .rgb : .truecolour)
        }
        if mode == .rgb {
            if clipIsOpaque { return .rgb(rectPixels(rect, over: false)) }
            change(to: .truecolour)
        }
        return .truecolour(source: rectPixels(rect, over: false), over: overPossible ? rectPixels(rect, over: true) : nil)
    }

    /// New colours join the palette in order of luminance, so neighbouring edge blends get
    /// neighbouring indices.
    private func addToPalette(_ colours: [UInt32]) {
        func luma(_ c: UInt32) -> Int { 54 * Int(c & 0xFF) + 183 * Int(c >> 8 & 0xFF) + 19 * Int(c >> 16 & 0xFF) }
        for c in colours.sorted(by: { luma($0) != luma($1) ? luma($0) < luma($1) : $0 < $1 }) {
            table.append(c)
            palette.append(c)
        }
    }

    /// The transparent entry OVER needs, when the palette has room for it.
    private func addTransparent() -> UInt8? {
        guard palette.count < 256 else { return nil }
        addToPalette([0])
        return table.index(of: 0)
    }

    /// The rectangle as palette indices, unchanged pixels as `transparent` when given.
    private func indices(_ rect: PixelRect, transparent: UInt8?) -> [UInt8] {
        var out = spare.takeBytes(rect.area)
        let w = width
        pending.withUnsafeBufferPointer { p in
            canvas.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { o in
                    indexRect(p, canvas: transparent == nil ? nil : c, width: w, rect: rect, table: table,
                              transparent: transparent ?? 0, into: o)
                }
            }
        }
        return out
    }

    /// The rectangle's straight RGBA pixels; with `over`, unchanged ones transparent.
    private func rectPixels(_ rect: PixelRect, over: Bool) -> [UInt32] {
        var out = spare.takePixels(rect.area)
        let w = width
        pending.withUnsafeBufferPointer { p in
            canvas.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { o in extractRect(frame: p, canvas: over ? c : nil, width: w, rect: rect, into: o) }
            }
        }
        return out
    }

    /// Writes what a work item produced: a frame's chunks, or a change of colour mode.
    package func commit(_ output: APNGFrameCompression.Output) throws {
        switch output.result {
        case .convert(let target):
            try convert(to: target)
        case .frame(let plan, let data, let blend):
            try writeFrame(WrittenFrame(rect: plan.rect, dispose: plan.dispose, blend: blend, data: []),
                           data: data, isFirst: plan.isFirst)
            framesWritten += 1
        }
        spare.give(output.spare)
    }

    /// The first `rect.area` pixels, as RGB rows of `rect.width` (for `convert`).
    func compressRGB(_ pixels: [UInt32], rect: PixelRect) throws -> [UInt8] {
        try APNGFrameCompression.compressRGB(pixels, rect: rect, format: Self.rgbFormat(level: options.compressionLevel), path: path)
    }

    /// Whether every pixel of a straight RGBA picture is opaque.
    func isOpaque(_ pixels: [UInt32]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var all: UInt32 = 0xFF00_0000
            for c in p { all &= c }
            return all == 0xFF00_0000
        }
    }

    func compressRGBA(_ pixels: [UInt32], rect: PixelRect) throws -> [UInt8] {
        try APNGFrameCompression.imageData(pixels, rect: rect, format: Self.truecolourFormat(level: options.compressionLevel), path: path)
    }

    /// Keeps the pending frame on the canvas, or clears its rectangle, whichever leaves the
    /// smaller rectangle for the next frame.
    private func chooseDispose(after rect: PixelRect) -> Dispose {
        let w = width, h = height
        let kept =
            pending.withUnsafeBufferPointer { p in
                incoming.withUnsafeBufferPointer { n in differenceBounds(n, p, width: w, height: h) }
            }?.area ?? 0
        scratch = pending
        scratch.withUnsafeMutableBufferPointer { fill($0, width: w, rect: rect, with: 0) }
        let cleared =
            scratch.withUnsafeBufferPointer { s in
                incoming.withUnsafeBufferPointer { n in differenceBounds(n, s, width: w, height: h) }
            }?.area ?? 0
        if cleared < kept {
            swap(&canvas, &scratch)
            return .background
        }
        canvas = pending
        return .none
    }

    /// `fcTL`, then the data as `IDAT` (frame 0, the default image) or `fdAT` chunks. In
    /// indexed mode the frame is remembered with where its data lies.
    func writeFrame(_ frame: WrittenFrame, data: [UInt8], isFirst: Bool) throws {
        guard let file else { return }
        var control: [UInt8] = []
        control.appendBigEndian(nextSequence())
        control.appendBigEndian(UInt32(frame.rect.width))
        control.appendBigEndian(UInt32(frame.rect.height))
        control.appendBigEndian(UInt32(frame.rect.x))
        control.appendBigEndian(UInt32(frame.rect.y))
        control.appendBigEndian(delay.num)
        control.appendBigEndian(delay.den)
        control += [frame.dispose.rawValue, frame.blend.rawValue]
        try file.write(PNGChunk.make("fcTL", control))
        var record = frame
        var start = 0
        repeat {
            let end = min(data.count, start + APNGEncoder.maxChunkData)
            var chunk: [UInt8] = []
            chunk.reserveCapacity(end - start + 4)
            if !isFirst { chunk.appendBigEndian(nextSequence()) }
            let dataStart = file.position + 8 + chunk.count
            chunk += data[start..<end]
            try file.write(PNGChunk.make(isFirst ? "IDAT" : "fdAT", chunk))
            record.data.append(dataStart..<dataStart + (end - start))
            start = end
        } while start < data.count
        if fileMode != .truecolour { written.append(record) }
    }

    /// The palette is full, or an RGB clip meets transparency: rewrite the frames written so far
    /// as RGB (`target` .rgb: every frame so far is opaque) or RGBA into a new temporary file,
    /// decoding their indices or RGB with libpng, and continue in that mode. Frames become RGB
    /// by replaying them on a canvas, so OVER frames are stored with SOURCE.
    private func convert(to target: ColourMode) throws {
        guard let old = file else { return }
        let stored = fileMode
        let new = try OutputFile(path: path)
        file = new
        fileMode = target
        sequence = 0
        var replay = [UInt32](repeating: 0, count: target == .rgb ? width * height : 0)
        var head = PNGChunk.signature + PNGChunk.header(width: width, height: height, colorType: target == .rgb ? 2 : 6)
        head += PNGChunk.make("sRGB", [0])
        actlOffset = head.count
        head += PNGChunk.make("acTL", APNGEncoder.animationControl(frames: 0, plays: options.loopCount))
        try new.write(head)
        let frames = written
        written = []
        for (k, frame) in frames.enumerated() {
            var stream: [UInt8] = []
            for range in frame.data { stream += try old.read(at: range.lowerBound, count: range.count) }
            let bytesPerPixel = stored == .indexed ? 1 : 3
            let png = PNGChunk.signature
                + PNGChunk.header(width: frame.rect.width, height: frame.rect.height, colorType: stored == .indexed ? 0 : 2)
                + PNGChunk.make("IDAT", stream) + PNGChunk.make("IEND", [])
            let rows = try PNGCompressor.decode(
                png, width: frame.rect.width, height: frame.rect.height, bytesPerPixel: bytesPerPixel, path: path)
            var pixels: [UInt32]
            if stored == .indexed {
                pixels = rows.map { palette[Int($0)] }
            } else {
                pixels = [UInt32](repeating: 0xFF00_0000, count: frame.rect.area)
                for i in 0..<frame.rect.area {
                    let (r, g, b) = (UInt32(rows[i * 3]), UInt32(rows[i * 3 + 1]), UInt32(rows[i * 3 + 2]))
                    pixels[i] |= r | g << 8 | b << 16
                }
            }
            var rewritten = frame
            rewritten.data = []
            if target == .rgb {
                replayFrame(&replay, &pixels, frame)
                rewritten.blend = .source
                try writeFrame(rewritten, data: try compressRGB(pixels, rect: frame.rect), isFirst: k == 0)
            } else {
                try writeFrame(rewritten, data: try compressRGBA(pixels, rect: frame.rect), isFirst: k == 0)
            }
        }
        old.discard()
    }

    /// Draws a frame's rectangle `pixels` on `canvas` by its blend op, leaves the result in
    /// `pixels`, then applies its dispose op to `canvas`.
    private func replayFrame(_ canvas: inout [UInt32], _ pixels: inout [UInt32], _ frame: WrittenFrame) {
        let r = frame.rect
        for y in 0..<r.height {
            for x in 0..<r.width {
                let c = (r.y + y) * width + r.x + x
                if frame.blend == .over && pixels[y * r.width + x] >> 24 == 0 { pixels[y * r.width + x] = canvas[c] }
                canvas[c] = frame.dispose == .background ? 0 : pixels[y * r.width + x]
            }
        }
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// `acTL`: frame count and play count.
    static func animationControl(frames: Int, plays: Int) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian(UInt32(frames))
        d.appendBigEndian(UInt32(plays))
        return d
    }

    /// One frame time as a 16-bit fraction: exact when the rate's terms fit, else the nearest
    /// fraction with a denominator below 65536.
    static func delayFraction(_ rate: FrameRate) -> (num: UInt16, den: UInt16) {
        let (num, den) = rate.timeBase  // seconds per frame
        if num <= 65535 && den <= 65535 { return (UInt16(num), UInt16(den)) }
        let seconds = Double(num) / Double(den)
        let d = 65535.0
        let n = max(1.0, min(65535.0, (seconds * d).rounded()))
        return (UInt16(n), UInt16(d))
    }
}
