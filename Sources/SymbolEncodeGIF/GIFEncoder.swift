#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SymbolEncode
import SymbolRaster

/// GIF through giflib, with our own palettes: the exact colours when a frame has few enough
/// (symbol frames are flat colours plus anti-aliased edges), else median cut refined by
/// k-means in OKLab; optional dithering; transparency with matted edges; changed-rectangle
/// frames with the disposal that keeps the next rectangle small; centisecond delays by
/// cumulative rounding, so the total duration is exact to 10 ms.
///
/// A frame is written when the next arrives, because its disposal depends on what follows.
/// Confined: drive it from one queue at a time (see `FrameEncoder`). As a `StagedFrameEncoder`
/// it hands out each frame's LZW coding (`GIFFrameCompression`, about a quarter of the encode at
/// 1080²) to run on other threads; the file is the same bytes either way.
package final class GIFEncoder: StagedFrameEncoder, @unchecked Sendable {
    package let path: String
    package let options: GIFOptions
    var file: OutputFile?
    var writer: GIFWriter?
    private var check: FrameOrderCheck?
    var notes: [String] = []
    var width = 0, height = 0
    var transparentCanvas = false
    /// What partly transparent pixels are blended onto: the matte on a transparent canvas,
    /// else the stream's background.
    private var blendColour = RGBColor.white
    var resampler: FrameResampler?
    var palettes: GIFPalettes
    private var sourceFrames = 0

    /// The frame waiting for its successor.
    struct Pending {
        var display: [UInt32]
        var indices: [UInt8]
        var palette: FramePalette
        /// Its index in the GIF's own frame rate.
        var outputIndex: Int
    }
    var pending: Pending?
    /// The canvas the pending frame is drawn over.
    var canvas: [UInt32] = []
    /// Matted source pixels of the newest frame and of the one before.
    private var source: [UInt32] = []
    private var previousSource: [UInt32] = []
    private var keep: [UInt8] = []
    var scratch: [UInt32] = []
    var framesWritten = 0
    var framesStaged = 0
    private var stagingEnded = false
    /// A last frame too short to show (under 2 cs): its time, added to the frame before once
    /// that frame is written.
    private var delayForLastWritten: Int?
    var lastControlOffset: Int?
    var lastDelay = 0

    package init(path: String, options: GIFOptions = GIFOptions()) {
        self.path = path
        self.options = options
        palettes = GIFPalettes(mode: options.palette, maxColors: min(max(options.maxColors, 2), 256))
    }

    deinit { file?.discard() }

    package func begin(_ stream: StreamFormat) throws {
        try stream.checkSize(for: path)
        guard (2...256).contains(options.maxColors) else {
            throw EncodeError.invalidUse(path: path, reason: "maxColors must be 2…256, not \(options.maxColors)")
        }
        guard (0...65536).contains(options.loopCount) else {
            throw EncodeError.invalidUse(path: path, reason: "the loop count must be 0…65536")
        }
        width = stream.width
        height = stream.height
        transparentCanvas = stream.background == nil
        blendColour = stream.background ?? options.matte
        let requested = options.frameRate ?? stream.rate
        let rate = requested.decimated(toAtMost: 50)
        if rate != requested {
            notes.append(
                "GIF delays are whole centiseconds of at least 2 (browsers slow shorter ones down), so \(requested) was resampled to \(rate).")
        }
        resampler = FrameResampler(input: stream.rate, output: rate)
        check = FrameOrderCheck(stream: stream, path: path)
        let file = try OutputFile(path: path)
        self.file = file
        do {
            let writer = try GIFWriter(file: file, width: width, height: height, globalTableSize: palettes.globalTableSize)
            if options.loopCount != 1 { try writer.writeLoop(repeats: options.loopCount == 0 ? 0 : options.loopCount - 1) }
            self.writer = writer
        } catch {
            cancel()
            throw error
        }
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    package func encode(_ frame: Bitmap, at index: Int) throws {
        do {
            for work in try stage(frame, at: index) { try commit(work.run()) }
        } catch {
            cancel()
            throw error
        }
    }

    package func stage(_ frame: Bitmap, at index: Int) throws -> [GIFFrameCompression] {
        guard check != nil, writer != nil, let resampler, !stagingEnded else {
            throw EncodeError.invalidUse(path: path, reason: "encode called before begin or after finish")
        }
        try check!.accept(frame, at: index)
        sourceFrames = index + 1
        guard let outputIndex = resampler.outputFrame(ofSource: index) else { return [] }
        let next = prepare(frame, outputIndex: outputIndex)
        let work = pending == nil ? nil : stagePending(before: next)
        pending = next
        return work.map { [$0] } ?? []
    }

    package func stageEnd() throws -> [GIFFrameCompression] {
        guard writer != nil, let resampler, !stagingEnded else {
            throw EncodeError.invalidUse(path: path, reason: "finish called before begin")
        }
        guard let last = pending else { throw EncodeError.invalidUse(path: path, reason: "a GIF needs at least one frame") }
        stagingEnded = true
        let end = resampler.end(ofSourceFrames: sourceFrames, unitsPerSecond: 100)
        let delay = end - resampler.output.boundary(ofFrame: last.outputIndex, unitsPerSecond: 100)
        defer { pending = nil }
        if delay < 2 && framesStaged > 0 {
            // Too short to show: the frame before stays up for this time instead.
            delayForLastWritten = delay
            return []
        }
        return stagePending(before: nil, delay: max(delay, 2)).map { [$0] } ?? []
    }

    package func finish() throws -> EncodeSummary {
        guard let file, let writer else {
            throw EncodeError.invalidUse(path: path, reason: "finish called before begin")
        }
        return try finishing(stagingEnded: stagingEnded) {
            guard framesWritten == framesStaged else {
                throw EncodeError.invalidUse(path: path, reason: "finish called with staged frames not committed")
            }
            if let extra = delayForLastWritten, let offset = lastControlOffset {
                try writer.patchDelay(at: offset, delay: lastDelay + extra)
            }
            if let size = palettes.globalTableSize { try writer.patchGlobalTable(palettes.global, size: size) }
            try writer.close()
            self.writer = nil
            let size = file.position
            try file.commit()
            self.file = nil
            return EncodeSummary(path: path, frameCount: framesWritten, byteCount: size, notes: notes)
        }
    }

    package func cancel() {
        writer = nil
        file?.discard()
        file = nil
        pending = nil
    }

    /// Mattes, chooses a palette and maps the frame to indices. Pixels whose source colour did
    /// not change keep their previous index when the palette is the same.
    private func prepare(_ frame: Bitmap, outputIndex: Int) -> Pending {
        swap(&source, &previousSource)
        if source.count != width * height { source = [UInt32](repeating: 0, count: width * height) }
        let matte = blendColour, transparent = transparentCanvas
        frame.pixels.withUnsafeBufferPointer { src in
            source.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    matteRow(src.baseAddress! + y * frame.bytesPerRow, dst.baseAddress! + y * width, count: width,
                             matte: matte, keepTransparent: transparent)
                }
            }
        }
        var histogram = ColorHistogram()
        source.withUnsafeBufferPointer { histogram.add($0) }
        let hasTransparent = histogram.total < width * height
        var palette = palettes.palette(for: histogram, hasTransparent: hasTransparent)
        var next = Pending(
            display: [UInt32](repeating: 0, count: width * height), indices: [UInt8](repeating: 0, count: width * height),
            palette: palette, outputIndex: outputIndex)
        var keepMask = false
        if let previous = pending, previous.palette.id == palette.id, !palette.isExact {
            next.display = previous.display
            next.indices = previous.indices
            if keep.count != width * height { keep = [UInt8](repeating: 0, count: width * height) }
            let kept = source.withUnsafeBufferPointer { a in
                previousSource.withUnsafeBufferPointer { b in keep.withUnsafeMutableBufferPointer { unchangedMask(a, b, into: $0) } }
            }
            keepMask = kept > 0
        }
        let method: MappingMethod = palette.isExact ? .exact : mappingMethod(colours: palette.colours.count)
        let (w, h) = (width, height)
        source.withUnsafeBufferPointer { src in
            keep.withUnsafeBufferPointer { keepBuffer in
                next.indices.withUnsafeMutableBufferPointer { indices in
                    next.display.withUnsafeMutableBufferPointer { display in
                        mapPixels(
                            source: src, width: w, height: h, lookup: &palette.lookup, method: method,
                            keep: keepMask ? keepBuffer : nil, indices: indices, display: display)
                    }
                }
            }
        }
        next.palette = palette
        palettes.remember(palette)
        return next
    }

    private func mappingMethod(colours: Int) -> MappingMethod {
        switch options.dither ?? .floydSteinberg {
        case .none: return .nearest
        case .floydSteinberg: return .floydSteinberg
        case .ordered: return .ordered
        }
    }
}
