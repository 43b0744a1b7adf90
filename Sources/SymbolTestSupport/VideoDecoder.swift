import CAVCodec

/// A failure while decoding a file in a test.
package struct DecodeError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One decoded picture as straight RGBA (4 bytes a pixel, no row padding) with its timestamp.
package struct DecodedFrame: Sendable {
    package var pts: Int64
    package var rgba: [UInt8]
}

/// What libavformat and libavcodec report about the first video stream of a file, and its
/// frames converted to RGBA by libswscale (honouring the stream's matrix and range).
package struct DecodedVideo: Sendable {
    package var formatName: String
    package var codecName: String
    /// The codec tag as four characters (`avc1`, `ap4h`), or empty when none.
    package var codecTag: String
    package var width: Int
    package var height: Int
    package var pixelFormat: String
    /// The stream's time base as a fraction of a second.
    package var timeBase: (num: Int, den: Int)
    package var colorSpace: String
    package var colorPrimaries: String
    package var colorTransfer: String
    package var colorRange: String
    package var frames: [DecodedFrame]

    /// Seconds of frame `i`'s timestamp.
    package func seconds(ofFrame i: Int) -> Double {
        Double(frames[i].pts) * Double(timeBase.num) / Double(timeBase.den)
    }
}

/// Decodes video (and image sequences or animated images) through libavformat/libavcodec.
package enum VideoDecoder {
    /// `decoderName` picks a decoder other than libavcodec's default for the codec: VP9's own
    /// decoder ignores the alpha stream WebM keeps beside the picture; `libvpx-vp9` decodes it.
    package static func decode(path: String, decoderName: String? = nil) throws -> DecodedVideo {
        ReferenceLog.record("libavformat decode")
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, path, nil, nil) >= 0, let format else {
            throw DecodeError("libavformat cannot open \(path)")
        }
        defer { var f: UnsafeMutablePointer<AVFormatContext>? = format; avformat_close_input(&f) }
        guard avformat_find_stream_info(format, nil) >= 0 else { throw DecodeError("no stream info in \(path)") }
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)] else { throw DecodeError("no video in \(path)") }
        let parameters = stream.pointee.codecpar!
        let found = decoderName.map { avcodec_find_decoder_by_name($0) } ?? avcodec_find_decoder(parameters.pointee.codec_id)
        guard let decoder = found else {
            throw DecodeError("no decoder for \(path)")
        }
        var context = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&context) }
        guard let context, avcodec_parameters_to_context(context, parameters) >= 0,
            avcodec_open2(context, decoder, nil) >= 0
        else { throw DecodeError("cannot open the decoder for \(path)") }

        var result = DecodedVideo(
            formatName: String(cString: format.pointee.iformat.pointee.name),
            codecName: String(cString: decoder.pointee.name),
            codecTag: fourCC(parameters.pointee.codec_tag),
            width: Int(parameters.pointee.width), height: Int(parameters.pointee.height),
            pixelFormat: name(av_get_pix_fmt_name(AVPixelFormat(parameters.pointee.format))),
            timeBase: (Int(stream.pointee.time_base.num), Int(stream.pointee.time_base.den)),
            colorSpace: name(av_color_space_name(parameters.pointee.color_space)),
            colorPrimaries: name(av_color_primaries_name(parameters.pointee.color_primaries)),
            colorTransfer: name(av_color_transfer_name(parameters.pointee.color_trc)),
            colorRange: name(av_color_range_name(parameters.pointee.color_range)),
            frames: [])
        let converter = FrameConverter()
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        func receive() throws {
            while avcodec_receive_frame(context, frame) >= 0 {
                let rgba = try converter.rgba(of: frame!)
                result.frames.append(DecodedFrame(pts: frame!.pointee.best_effort_timestamp, rgba: rgba))
                av_frame_unref(frame)
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == index else { continue }
            guard avcodec_send_packet(context, packet) >= 0 else { throw DecodeError("corrupt packet in \(path)") }
            try receive()
        }
        avcodec_send_packet(context, nil)
        try receive()
        return result
    }

    private static func fourCC(_ tag: UInt32) -> String {
        guard tag != 0 else { return "" }
        return String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }, as: UTF8.self)
    }

    private static func name(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown" }
}

/// libswscale from any decoded format to RGBA, rebuilt when the frame format changes.
private final class FrameConverter {
    private var scaler: OpaquePointer?
    private var key: (Int32, Int32, Int32) = (-1, -1, -1)

    deinit { if let scaler { sws_freeContext(scaler) } }

    func rgba(of frame: UnsafeMutablePointer<AVFrame>) throws -> [UInt8] {
        let w = frame.pointee.width, h = frame.pointee.height, f = frame.pointee.format
        if key != (w, h, f) {
            if let scaler { sws_freeContext(scaler) }
            scaler = sws_getContext(
                w, h, AVPixelFormat(f), w, h, AV_PIX_FMT_RGBA, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                nil, nil, nil)
            guard let scaler else { throw DecodeError("libswscale cannot convert this format to RGBA") }
            let matrix = frame.pointee.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT
            let limited: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
            sws_setColorspaceDetails(
                scaler, sws_getCoefficients(matrix), limited, sws_getCoefficients(SWS_CS_ITU709), 1, 0, 1 << 16, 1 << 16)
            key = (w, h, f)
        }
        var out = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            _ = symbolreel_sws_scale_frame_to_packed(scaler, frame, buffer.baseAddress, w * 4)
        }
        return out
    }
}
