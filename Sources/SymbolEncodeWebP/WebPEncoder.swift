import CWebP
import SymbolEncode
import SymbolRaster

/// Animated WebP: 8-bit alpha (straight RGBA; on an opaque canvas every pixel is opaque and no
/// alpha is stored), lossless or lossy frames, frame differencing (a frame stores only the
/// rectangle that changed; a frame identical to the one before only lengthens it), a loop
/// count, and millisecond delays by cumulative rounding, so the total duration is exact to 1 ms.
///
/// Two ways of making the file (see `WebPOptions`):
/// - lossless without `minimizeSize` (the default): *segmented*. `stage` finds each frame's
///   changed rectangle against the frame before and hands it out as a `WebPFrameCompression`,
///   which a driver may run on several threads; `finish` assembles the frames with libwebpmux
///   (each replaces its rectangle: no blending, no disposal), so every frame is compressed
///   independently of the others' bytes (WebPEncoder+Frames.swift);
/// - lossy, or `minimizeSize`: libwebp's animation encoder (`WebPAnimEncoder`), which chooses
///   blend and dispose per frame and, with `minimizeSize`, searches several candidates; it is
///   sequential, so `stage` adds the frame itself and hands out no work.
///
/// libwebp runs single-threaded (`thread_level` 0), so the bytes depend only on the frames, the
/// options and the libwebp version, never on how many threads compress. The file is assembled
/// in memory (it is small: compressed frames only) and written when the clip ends.
///
/// Confined: drive it from one queue at a time (see `FrameEncoder`).
package final class WebPEncoder: StagedFrameEncoder, @unchecked Sendable {
    package let path: String
    package let options: WebPOptions
    private var file: OutputFile?
    private var check: FrameOrderCheck?
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var resampler: FrameResampler?
    private var background: RGBColor?
    private var pixels: [UInt32] = []
    private var notes: [String] = []
    private var sourceFrames = 0
    private var framesAdded = 0
    private var stagingEnded = false
    var width = 0, height = 0
    /// Segmented: what a decoder shows after the last staged frame (all transparent at first).
    var canvas: [UInt32] = []
    /// Segmented: each stored frame's rectangle and start (ms), in staging order.
    var placements: [WebPFrameCompression.Placement] = []
    /// Segmented: each stored frame's VP8L bitstream, in order, as committed.
    var bitstreams: [[UInt8]] = []

    /// True when frames are compressed one by one and assembled (lossless, no `minimizeSize`).
    var isSegmented: Bool {
        if case .lossless = options.compression, !options.minimizeSize { return true }
        return false
    }

    package init(path: String, options: WebPOptions = WebPOptions()) {
        self.path = path
        self.options = options
    }

    deinit { cancel() }

    package func begin(_ stream: StreamFormat) throws {
        try stream.checkSize(for: path)
        guard stream.width <= 16383, stream.height <= 16383 else {
            throw EncodeError.unsupportedSize(
                path: path, width: stream.width, height: stream.height, reason: "WebP is limited to 16383 pixels a side")
        }
        guard (0...65535).contains(options.loopCount) else {
            throw EncodeError.invalidUse(path: path, reason: "the loop count must be 0…65535, not \(options.loopCount)")
        }
        if let k = options.keyframeInterval, k < 2 {
            throw EncodeError.invalidUse(path: path, reason: "the keyframe interval must be at least 2, not \(k)")
        }
        try configure()
        width = stream.width
        height = stream.height
        background = stream.background
        let requested = options.frameRate ?? stream.rate
        let rate = requested.decimated(toAtMost: WebPOptions.maxFramesPerSecond)
        if rate != requested {
            notes.append(
                "Browsers show WebP frames of 10 ms or less for 100 ms, so \(requested) was resampled to \(rate).")
        }
        resampler = FrameResampler(input: stream.rate, output: rate)
        check = FrameOrderCheck(stream: stream, path: path)
        file = try OutputFile(path: path)
        if isSegmented {
            canvas = [UInt32](repeating: 0, count: width * height)
        } else {
            try startAnimationEncoder()
        }
    }

    private func startAnimationEncoder() throws {
        var animation = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animation) != 0 else {
            cancel()
            throw EncodeError.codecFailure(path: path, reason: "the libwebpmux library does not match its headers")
        }
        animation.anim_params.loop_count = Int32(options.loopCount)
        animation.anim_params.bgcolor = 0  // transparent black: what browsers ignore anyway
        animation.minimize_size = options.minimizeSize && options.differencing ? 1 : 0
        if !options.differencing {
            animation.kmax = 1  // every frame a keyframe
            animation.kmin = 0
        } else if let k = options.keyframeInterval {
            animation.kmax = Int32(k)
            animation.kmin = Int32(k / 2 + 1)
        } else {
            animation.kmax = Int32.max  // keyframe insertion off: only the first frame is whole
            animation.kmin = Int32.max - 1
        }
        // Lossy: let each changed rectangle be stored lossless when that is smaller (allow_mixed).
        // Over a transparent canvas the alpha plane is lossless anyway, and flat shapes with sharp
        // alpha edges often come out smaller whole: 1502 KiB instead of 2491 KiB for the download
        // clip at 1080² (GIF 2225 KiB). Over an opaque canvas a flat ball moving is cheaper exact
        // than at quality 75: the bounce is 377 KiB instead of 524 KiB, the download clip 964
        // against 966 KiB, in 1.5–1.9× the time. Opaque, only with minimize_size, where libwebp
        // encodes both ways and keeps the smaller; without it libwebp guesses from the picture
        // (the bounce: no gain), and the plain settings stay the ffmpeg program's.
        let mixed = options.minimizeSize && options.differencing || background == nil
        if case .lossy = options.compression, mixed { animation.allow_mixed = 1 } else { animation.allow_mixed = 0 }
        animation.verbose = 0
        encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &animation)
        guard encoder != nil else {
            cancel()
            throw EncodeError.codecFailure(path: path, reason: "libwebp could not start an animation (out of memory)")
        }
    }

    private func configure() throws {
        guard WebPConfigInit(&config) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "the libwebp library does not match its headers")
        }
        switch options.compression {
        case .lossless(let level, let effort):
            guard (0...9).contains(level) else {
                throw EncodeError.invalidUse(path: path, reason: "the lossless level must be 0…9, not \(level)")
            }
            _ = WebPConfigLosslessPreset(&config, Int32(level))
            if let effort {
                guard (0...100).contains(effort) else {
                    throw EncodeError.invalidUse(path: path, reason: "the lossless effort must be 0…100, not \(effort)")
                }
                // For lossless, libwebp's quality is how hard it searches (backward references,
                // entropy clustering), not what is kept: every effort gives the same pixels.
                config.quality = Float(effort)
            }
            config.exact = 0  // invisible pixels may take any colour
        case .lossy(let quality):
            guard (0...99).contains(quality) else {
                throw EncodeError.invalidUse(path: path, reason: "the WebP quality must be 0…99 (100 is lossless), not \(quality)")
            }
            config.lossless = 0
            config.quality = Float(quality)
            config.method = 4
            config.alpha_quality = 100
        }
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw EncodeError.invalidUse(path: path, reason: "libwebp rejected these settings")
        }
    }

    package func encode(_ frame: Bitmap, at index: Int) throws {
        do {
            for work in try stage(frame, at: index) { try commit(work.run()) }
        } catch {
            cancel()
            throw error
        }
    }

    package func stage(_ frame: Bitmap, at index: Int) throws -> [WebPFrameCompression] {
        guard check != nil, file != nil, let resampler, !stagingEnded else {
            throw EncodeError.invalidUse(path: path, reason: "encode called before begin or after finish")
        }
        try check!.accept(frame, at: index)
        sourceFrames = index + 1
        guard let outputIndex = resampler.outputFrame(ofSource: index) else { return [] }
        if let background {
            frame.opaquePixels(over: background, into: &pixels)
        } else {
            frame.straightPixels(into: &pixels)
        }
        let timestamp = resampler.output.boundary(ofFrame: outputIndex, unitsPerSecond: 1000)
        framesAdded += 1
        if let encoder {
            try add(encoder, timestamp: timestamp)
            return []
        }
        return stageSubFrame(&pixels, start: timestamp).map { [$0] } ?? []
    }

    package func stageEnd() throws -> [WebPFrameCompression] {
        guard file != nil, !stagingEnded else {
            throw EncodeError.invalidUse(path: path, reason: "finish called before begin")
        }
        guard framesAdded > 0 else { throw EncodeError.invalidUse(path: path, reason: "an animation needs at least one frame") }
        stagingEnded = true
        return []
    }

    package func commit(_ output: [UInt8]) throws {
        guard bitstreams.count < placements.count else {
            throw EncodeError.invalidUse(path: path, reason: "commit called with no frame staged")
        }
        bitstreams.append(output)
    }

    private func add(_ encoder: OpaquePointer, timestamp: Int) throws {
        var picture = try WebPEncoder.makePicture(pixels, width: width, height: height, path: path)
        defer { WebPPictureFree(&picture) }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "libwebp: \(errorText(encoder))")
        }
    }

    package func finish() throws -> EncodeSummary {
        guard let file, let resampler else {
            throw EncodeError.invalidUse(path: path, reason: "finish called before begin")
        }
        return try finishing(stagingEnded: stagingEnded) {
            let end = resampler.end(ofSourceFrames: sourceFrames, unitsPerSecond: 1000)
            var data = WebPData()
            if let encoder {
                try assembleAnimation(encoder, end: end, into: &data)
            } else {
                guard bitstreams.count == placements.count else {
                    throw EncodeError.invalidUse(path: path, reason: "finish called with staged frames not committed")
                }
                try assembleSegments(end: end, into: &data)
            }
            defer { WebPDataClear(&data) }
            let bytes = UnsafeRawBufferPointer(start: data.bytes, count: data.size)
            try file.write(bytes)
            let frames = WebPEncoder.frameCount(bytes)
            try file.commit()
            self.file = nil
            if let encoder { WebPAnimEncoderDelete(encoder) }
            self.encoder = nil
            return EncodeSummary(path: path, frameCount: frames, byteCount: data.size, notes: notes)
        }
    }

    private func assembleAnimation(_ encoder: OpaquePointer, end: Int, into data: inout WebPData) throws {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "libwebp: \(errorText(encoder))")
        }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "libwebp: \(errorText(encoder))")
        }
    }

    package func cancel() {
        if let encoder { WebPAnimEncoderDelete(encoder) }
        encoder = nil
        file?.discard()
        file = nil
        placements = []
        bitstreams = []
    }

    /// A libwebp picture holding a copy of straight RGBA `pixels` (free it with `WebPPictureFree`).
    static func makePicture(_ pixels: [UInt32], width: Int, height: Int, path: String) throws -> WebPPicture {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "the libwebp library does not match its headers")
        }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = pixels.withUnsafeBytes {
            WebPPictureImportRGBA(&picture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4))
        }
        guard imported != 0 else {
            WebPPictureFree(&picture)
            throw EncodeError.codecFailure(path: path, reason: "out of memory")
        }
        return picture
    }

    private func errorText(_ encoder: OpaquePointer) -> String {
        let text = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        return text.isEmpty ? "the animation encoder failed" : text
    }

    /// The `ANMF` chunks (frames) of a WebP file: libwebp lengthens a frame instead of storing
    /// one identical to it, so this can be fewer than the frames given.
    static func frameCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 12, count = 0
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            if bytes[offset] == 0x41, bytes[offset + 1] == 0x4E, bytes[offset + 2] == 0x4D, bytes[offset + 3] == 0x46 {
                count += 1
            }
            offset += 8 + size + (size & 1)
        }
        return max(count, 1)
    }
}
