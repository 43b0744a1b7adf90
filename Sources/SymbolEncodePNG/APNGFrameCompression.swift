import SymbolEncode

/// One unit of `APNGEncoder`'s work: compress a staged frame's rectangle (trying SOURCE and,
/// when staged, OVER, and keeping the smaller), or a change of colour mode, which has nothing
/// to compute and is carried out by `commit`. It owns its buffers and touches nothing else, so
/// it may run on any thread; its output hands the buffers back for reuse.
package struct APNGFrameCompression: EncodeWork {
    struct Plan: Sendable {
        var rect: PixelRect
        var dispose: APNGEncoder.Dispose
        var isFirst: Bool
    }

    /// A frame's pixels as staged. Buffers may be longer than the rectangle; the first
    /// `rect.area` elements (three bytes a pixel for RGB) are the rows.
    enum Pixels: Sendable {
        case indexed(source: [UInt8], over: [UInt8]?)
        case rgb([UInt32])
        case truecolour(source: [UInt32], over: [UInt32]?)
    }

    enum Job: Sendable {
        case frame(Plan, Pixels)
        case convert(APNGEncoder.ColourMode)
    }

    package struct Output: Sendable {
        enum Result: Sendable {
            case frame(Plan, data: [UInt8], blend: APNGEncoder.Blend)
            case convert(APNGEncoder.ColourMode)
        }
        var result: Result
        var spare = SpareBuffers()
    }

    let job: Job
    let path: String
    /// zlib level for RGB and RGBA (`APNGOptions.compressionLevel`).
    let truecolourLevel: Int

    package func run() throws -> Output {
        switch job {
        case .convert(let mode): return Output(result: .convert(mode))
        case .frame(let plan, let pixels): return try compress(plan, pixels)
        }
    }

    private func compress(_ plan: Plan, _ pixels: Pixels) throws -> Output {
        let rect = plan.rect
        var spare = SpareBuffers()
        let data: [UInt8], blend: APNGEncoder.Blend
        switch pixels {
        case .indexed(let source, let over):
            (data, blend) = try compressIndexed(source: source, over: over, rect: rect)
            spare.bytes = [source] + (over.map { [$0] } ?? [])
        case .rgb(let pixels):
            data = try Self.compressRGB(pixels, rect: rect, format: APNGEncoder.rgbFormat(level: truecolourLevel), path: path)
            blend = .source
            spare.pixels = [pixels]
        case .truecolour(let source, let over):
            let format = APNGEncoder.truecolourFormat(level: truecolourLevel)
            var best = (try Self.imageData(source, rect: rect, format: format, path: path), APNGEncoder.Blend.source)
            if let over {
                let o = try Self.imageData(over, rect: rect, format: format, path: path)
                if o.count < best.0.count { best = (o, .over) }
            }
            (data, blend) = best
            spare.pixels = [source] + (over.map { [$0] } ?? [])
        }
        return Output(result: .frame(plan, data: data, blend: blend), spare: spare)
    }

    /// Run-length trials choose the blend; the chosen indices then get full LZ77, kept when
    /// smaller.
    private func compressIndexed(source: [UInt8], over: [UInt8]?, rect: PixelRect) throws -> ([UInt8], APNGEncoder.Blend) {
        var best = (try indexed(source, rect, APNGEncoder.indexedTrialFormat), APNGEncoder.Blend.source)
        var chosen = source
        if let over {
            let o = try indexed(over, rect, APNGEncoder.indexedTrialFormat)
            if o.count < best.0.count { (best, chosen) = ((o, .over), over) }
        }
        let final = try indexed(chosen, rect, APNGEncoder.indexedFormat(width: rect.width))
        if final.count < best.0.count { best.0 = final }
        return best
    }

    private func indexed(_ rows: [UInt8], _ rect: PixelRect, _ format: PNGCompressor.Format) throws -> [UInt8] {
        try Self.imageData(rows, rect: rect, format: format, path: path)
    }

    /// The zlib data (`IDAT` contents) of the first `rect.area` pixels of `rows`, stored as rows
    /// of `rect.width` pixels of `format.bytesPerPixel` bytes (RGBA words are R, G, B, A in memory).
    static func imageData<T>(_ rows: [T], rect: PixelRect, format: PNGCompressor.Format, path: String) throws -> [UInt8] {
        let png = try rows.withUnsafeBytes { raw in
            try PNGCompressor.encode(raw.baseAddress!, width: rect.width, height: rect.height,
                                     stride: rect.width * format.bytesPerPixel, format: format, path: path)
        }
        return PNGChunk.imageData(ofPNG: png)
    }

    /// The first `rect.area` pixels as RGB rows of `rect.width`.
    static func compressRGB(_ pixels: [UInt32], rect: PixelRect, format: PNGCompressor.Format, path: String) throws
        -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: rect.area * 3)
        pixels.withUnsafeBufferPointer { p in
            bytes.withUnsafeMutableBufferPointer { out in
                for i in 0..<rect.area {
                    let c = p[i]
                    out[i * 3] = UInt8(truncatingIfNeeded: c)
                    out[i * 3 + 1] = UInt8(truncatingIfNeeded: c >> 8)
                    out[i * 3 + 2] = UInt8(truncatingIfNeeded: c >> 16)
                }
            }
        }
        return try imageData(bytes, rect: rect, format: format, path: path)
    }
}

/// Buffers that came back from finished work, for the next frames' staging. At most a few of
/// each are kept (as many as work items a driver keeps in flight, times two).
struct SpareBuffers: Sendable {
    var bytes: [[UInt8]] = []
    var pixels: [[UInt32]] = []
    private static let limit = 8

    /// A buffer of at least `count` bytes (contents unspecified).
    mutating func takeBytes(_ count: Int) -> [UInt8] { Self.take(count, from: &bytes) }

    /// A buffer of at least `count` pixels (contents unspecified).
    mutating func takePixels(_ count: Int) -> [UInt32] { Self.take(count, from: &pixels) }

    /// The largest spare buffer when it is big enough, else a new one.
    private static func take<T: FixedWidthInteger>(_ count: Int, from list: inout [[T]]) -> [T] {
        if let i = list.indices.max(by: { list[$0].count < list[$1].count }), list[i].count >= count {
            return list.remove(at: i)
        }
        return [T](repeating: 0, count: count)
    }

    mutating func give(_ other: SpareBuffers) {
        bytes = Array((bytes + other.bytes).suffix(Self.limit))
        pixels = Array((pixels + other.pixels).suffix(Self.limit))
    }
}
