import CWebP
import Foundation

/// An animated WebP decoded by libwebp's own animation decoder (libwebpdemux), independent of
/// our encoder: every frame composited onto the canvas as straight RGBA, with its duration.
package struct DecodedWebP: Sendable {
    package struct Frame: Sendable {
        /// The whole canvas after this frame, straight RGBA.
        package var rgba: [UInt8]
        /// Milliseconds this frame shows.
        package var duration: Int
        /// The stored rectangle (frame differencing) and whether its bitstream is lossless (VP8L).
        package var x: Int, y: Int, width: Int, height: Int
        package var isLossless: Bool
    }

    package var width: Int
    package var height: Int
    package var loopCount: Int
    package var frames: [Frame]
    /// Milliseconds, the sum of the frame durations.
    package var duration: Int { frames.reduce(0) { $0 + $1.duration } }
}

package enum WebPDecoder {
    package static func decode(path: String) throws -> DecodedWebP {
        ReferenceLog.record("libwebp decode")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw DecodeError("libwebpdemux does not match its headers") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw DecodeError("libwebp cannot read \(path)") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw DecodeError("no animation info in \(path)") }
            let demux = WebPAnimDecoderGetDemuxer(decoder)
            var result = DecodedWebP(width: Int(info.canvas_width), height: Int(info.canvas_height),
                                     loopCount: Int(info.loop_count), frames: [])
            var previous: Int32 = 0
            var index: Int32 = 1
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw DecodeError("libwebp cannot decode frame \(index) of \(path)")
                }
                var iterator = WebPIterator()
                guard WebPDemuxGetFrame(demux, index, &iterator) != 0 else { throw DecodeError("no frame \(index) in \(path)") }
                let fragment = UnsafeRawBufferPointer(start: iterator.fragment.bytes, count: iterator.fragment.size)
                let lossless = Self.containsChunk("VP8L", fragment)
                let frame = DecodedWebP.Frame(
                    rgba: Array(UnsafeBufferPointer(start: pixels, count: result.width * result.height * 4)),
                    duration: Int(timestamp - previous), x: Int(iterator.x_offset), y: Int(iterator.y_offset),
                    width: Int(iterator.width), height: Int(iterator.height), isLossless: lossless)
                WebPDemuxReleaseIterator(&iterator)
                result.frames.append(frame)
                previous = timestamp
                index += 1
            }
            return result
        }
    }

    /// Whether a frame's chunks (`ALPH`, `VP8 `, `VP8L`) include `name`.
    private static func containsChunk(_ name: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let tag = Array(name.utf8)
        var offset = 0
        while offset + 8 <= bytes.count {
            if Array(bytes[offset..<offset + 4]) == tag { return true }
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            offset += 8 + size + (size & 1)
        }
        return false
    }
}
