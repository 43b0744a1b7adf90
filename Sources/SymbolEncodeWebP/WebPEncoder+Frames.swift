import CWebP
import SymbolEncode

// The segmented lossless path: each frame's changed rectangle is compressed on its own
// (`WebPEncode`, VP8L) and the frames are assembled with libwebpmux, each replacing its
// rectangle (no blending) and left in place (no disposal). A decoder then shows, after frame
// i, exactly frame i's pixels (invisible pixels may differ in colour, never in alpha), so frame
// i + 1's rectangle depends only on frames i and i + 1, never on another frame's bytes: the
// rectangles are compressed on as many threads as the driver gives (`StagedFrameEncoder`) and
// the file is the same for any number.
//
// Measured on the download-button clip (1080², 60 fps, 227 stored frames, libwebp 1.2.4, CPU
// time of the compression alone, one thread), against libwebp's animation encoder as the
// default used it before (level 4 at effort 100, no minimize_size: 2703 KiB, about 6.7 s):
// - blending (pixels equal to the previous frame made transparent, as WebPAnimEncoder does
//   when every changed pixel is opaque) made the file larger on this clip at every setting:
//   2743 against 2524 KiB at method 3, effort 50; still 2594 KiB when blending only frames whose
//   rectangle is 85 % unchanged. The symbol scales, so the rectangle is mostly new pixels, and a
//   transparent hole in a flat background costs more than the background itself;
// - method 3 effort 100: 2446 KiB, 6.3 s; method 3 effort 50 (libwebp's level 4): 2524 KiB,
//   3.9 s; method 2 effort 50: 2512 KiB, 3.65 s; method 1 effort 30: 2534 KiB, 3.3 s;
//   method 1 effort 20 (level 1): 2842 KiB, 2.5 s; method 0: 3802 KiB, 2.2 s.
// The chosen default is in `WebPOptions`.
extension WebPEncoder {
    /// Finds the rectangle of `pixels` that differs from `canvas` (the whole frame without
    /// differencing or at a keyframe), snapped to even offsets as WebP stores them, and makes
    /// `pixels` the new canvas. Returns nil when nothing changed: the frame before lengthens.
    func stageSubFrame(_ pixels: inout [UInt32], start: Int) -> WebPFrameCompression? {
        let first = placements.isEmpty
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        var rect: PixelRect
        if !options.differencing || (options.keyframeInterval.map { placements.count % $0 == 0 } ?? false) {
            rect = whole
        } else {
            let changed = pixels.withUnsafeBufferPointer { p in
                canvas.withUnsafeBufferPointer { c in differenceBounds(p, c, width: width, height: height) }
            }
            guard let changed else {
                // The first frame over a transparent canvas may itself be all transparent: one
                // pixel still has to be stored.
                if first { return stageRectangle(PixelRect(x: 0, y: 0, width: 1, height: 1), of: &pixels, start: start) }
                return nil
            }
            rect = changed
        }
        let x = rect.x & ~1, y = rect.y & ~1
        rect = PixelRect(x: x, y: y, width: rect.maxX - x, height: rect.maxY - y)
        return stageRectangle(rect, of: &pixels, start: start)
    }

    private func stageRectangle(_ rect: PixelRect, of pixels: inout [UInt32], start: Int) -> WebPFrameCompression {
        var copy = [UInt32](repeating: 0, count: rect.area)
        pixels.withUnsafeBufferPointer { source in
            copy.withUnsafeMutableBufferPointer { target in
                for row in 0..<rect.height {
                    let from = source.baseAddress! + (rect.y + row) * width + rect.x
                    (target.baseAddress! + row * rect.width).update(from: from, count: rect.width)
                }
            }
        }
        swap(&canvas, &pixels)
        placements.append(WebPFrameCompression.Placement(rect: rect, start: start))
        guard case .lossless(let level, let effort) = options.compression else {
            preconditionFailure("the segmented path is lossless only")
        }
        return WebPFrameCompression(path: path, pixels: copy, width: rect.width, height: rect.height, level: level, effort: effort)
    }

    /// The committed bitstreams as one animated WebP: canvas size, loop count, and each frame at
    /// its offset for its span of milliseconds (the last until `end`).
    func assembleSegments(end: Int, into data: inout WebPData) throws {
        guard let mux = WebPMuxNew() else { throw EncodeError.codecFailure(path: path, reason: "out of memory") }
        defer { WebPMuxDelete(mux) }
        var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(options.loopCount))
        guard WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK,
            WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK
        else { throw EncodeError.codecFailure(path: path, reason: "libwebpmux rejected the canvas") }
        for (i, placement) in placements.enumerated() {
            let stop = i + 1 < placements.count ? placements[i + 1].start : end
            let status = bitstreams[i].withUnsafeBufferPointer { bytes in
                var frame = WebPMuxFrameInfo()
                frame.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                frame.x_offset = Int32(placement.rect.x)
                frame.y_offset = Int32(placement.rect.y)
                frame.duration = Int32(stop - placement.start)
                frame.id = WEBP_CHUNK_ANMF
                frame.dispose_method = WEBP_MUX_DISPOSE_NONE
                frame.blend_method = WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &frame, 1)
            }
            guard status == WEBP_MUX_OK else {
                throw EncodeError.codecFailure(path: path, reason: "libwebpmux rejected frame \(i) (error \(status.rawValue))")
            }
        }
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK else {
            throw EncodeError.codecFailure(path: path, reason: "libwebpmux could not assemble the animation")
        }
    }
}

/// One frame's changed rectangle, compressed lossless (VP8L) by `run` on any thread: the
/// costly, pure part of the segmented WebP path. It owns its pixels (straight RGBA).
package struct WebPFrameCompression: EncodeWork {
    /// Where a stored frame goes on the canvas and when it starts (ms).
    struct Placement: Sendable, Hashable {
        var rect: PixelRect
        var start: Int
    }

    let path: String
    let pixels: [UInt32]
    let width: Int, height: Int
    let level: Int, effort: Int?

    /// The frame as a still lossless WebP file, which libwebpmux takes as a frame's image.
    package func run() throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw EncodeError.codecFailure(path: path, reason: "the libwebp library does not match its headers")
        }
        _ = WebPConfigLosslessPreset(&config, Int32(level))
        if let effort { config.quality = Float(effort) }
        config.exact = 0  // invisible pixels may take any colour
        config.thread_level = 0
        var picture = try WebPEncoder.makePicture(pixels, width: width, height: height, path: path)
        defer { WebPPictureFree(&picture) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        try withUnsafeMutablePointer(to: &writer) { sink in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(sink)
            guard WebPEncode(&config, &picture) != 0 else {
                throw EncodeError.codecFailure(path: path, reason: "libwebp could not compress a frame (error \(picture.error_code.rawValue))")
            }
        }
        return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    }
}
