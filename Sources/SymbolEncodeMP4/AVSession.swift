#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CAVCodec
import SymbolEncode
import SymbolGeometry

/// The libav objects of one output: muxer, encoder, colour converter, frame and packet. Every
/// libav return code is checked here and turned into an `EncodeError` naming the file.
final class AVSession {
    let path: String
    let width: Int
    let height: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var scaler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var ioOpen = false

    init(path: String, temporaryPath: String, codec: VideoCodec, alpha: Bool, width: Int, height: Int,
         rate: FrameRate) throws {
        self.path = path
        self.width = width
        self.height = height
        AVSession.quietLogging()
        let pixelFormat = AVSession.pixelFormat(codec, alpha: alpha)
        do {
            try check(avformat_alloc_output_context2(&format, nil, codec.muxerName, temporaryPath), "opening the muxer")
            let encoderName = codec.encoderName
            guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
                throw EncodeError.codecFailure(path: path, reason: "this FFmpeg build has no \(encoderName) encoder")
            }
            stream = avformat_new_stream(format, nil)
            context = avcodec_alloc_context3(encoder)
            packet = av_packet_alloc()
            frame = av_frame_alloc()
            guard let stream, let context, let packet, let frame else {
                throw EncodeError.codecFailure(path: path, reason: "out of memory")
            }
            _ = packet
            configure(context, frame: frame, pixelFormat: pixelFormat, rate: rate)
            if format!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
                context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
            }
            var options: OpaquePointer?
            defer { av_dict_free(&options) }
            AVSession.setEncoderOptions(codec, &options, context: context)
            try check(avcodec_open2(context, encoder, &options), "opening the \(encoderName) encoder")
            try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "configuring the stream")
            if case .hevc = codec {
                // `hvc1`: parameter sets only in the sample entry, the tag Apple's players require.
                stream.pointee.codecpar.pointee.codec_tag = AVSession.fourCC("hvc1")
            }
            stream.pointee.time_base = context.pointee.time_base
            stream.pointee.avg_frame_rate = context.pointee.framerate
            if codec.muxerName == "webm" {
                // Matroska otherwise writes random segment and track UIDs and the library version:
                // bit-exact keeps the same frames the same bytes.
                format!.pointee.flags |= AVFMT_FLAG_BITEXACT
            }
            try openIO(temporaryPath)
            var muxOptions: OpaquePointer?
            defer { av_dict_free(&muxOptions) }
            if codec.muxerName != "webm" { av_dict_set(&muxOptions, "movflags", "+faststart+write_colr", 0) }
            try check(avformat_write_header(format, &muxOptions), "writing the header")
            frame.pointee.format = pixelFormat.rawValue
            frame.pointee.width = Int32(width)
            frame.pointee.height = Int32(height)
            try check(av_frame_get_buffer(frame, 0), "allocating a frame")
            try makeScaler(pixelFormat: pixelFormat)
        } catch {
            abandon()
            throw error
        }
    }

    static func pixelFormat(_ codec: VideoCodec, alpha: Bool) -> AVPixelFormat {
        switch codec {
        case .h264, .hevc: AV_PIX_FMT_YUV420P
        case .prores4444: AV_PIX_FMT_YUVA444P10LE
        case .vp9: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
        case .av1: AV_PIX_FMT_YUV420P
        }
    }

    /// The encoder's private options for `codec`.
    private static func setEncoderOptions(
        _ codec: VideoCodec, _ options: inout OpaquePointer?, context: UnsafeMutablePointer<AVCodecContext>
    ) {
        switch codec {
        case .h264(let o):
            av_dict_set(&options, "crf", String(o.crf), 0)
            av_dict_set(&options, "preset", o.preset.rawValue, 0)
            av_dict_set(&options, "x264-params", o.x264Parameters(cores: Self.availableCores), 0)
        case .prores4444:
            av_dict_set(&options, "profile", "4444", 0)
            av_dict_set(&options, "vendor", "apl0", 0)
        case .hevc(let o):
            av_dict_set(&options, "crf", String(o.crf), 0)
            av_dict_set(&options, "preset", o.preset.rawValue, 0)
            av_dict_set(&options, "x265-params", "log-level=none", 0)
        case .vp9(let o):
            context.pointee.bit_rate = 0  // constant quality
            context.pointee.thread_count = Int32(Self.availableCores)
            av_dict_set(&options, "crf", String(o.crf), 0)
            av_dict_set(&options, "deadline", "good", 0)
            av_dict_set(&options, "cpu-used", String(o.speed), 0)
            av_dict_set(&options, "row-mt", "1", 0)
        case .av1(let o):
            context.pointee.bit_rate = 0  // constant quality
            av_dict_set(&options, "crf", String(o.crf), 0)
            av_dict_set(&options, "preset", String(o.preset), 0)
        }
    }

    static func fourCC(_ s: String) -> UInt32 {
        s.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    deinit { abandon() }

    /// The cores this process may run on: libavutil counts its CPU affinity, as x264 does.
    static var availableCores: Int { max(1, Int(av_cpu_count())) }

    /// The library never prints, but libav logs to stderr at info level by default (the mp4
    /// muxer announces its faststart pass). Logging is process-wide in libav, so it is turned
    /// off only while it is still at that default, leaving an application's own choice alone.
    static func quietLogging() {
        if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_QUIET) }
        _ = quietSVT
    }

    /// SVT-AV1 prints its configuration to standard error itself, not through libav's log, and
    /// reads its level from `SVT_LOG` when an encoder starts: errors only (1), unless the user
    /// set it. Done once, before any encoder of ours runs.
    private static let quietSVT: Void = { setenv("SVT_LOG", "1", 0) }()

    private func configure(
        _ context: UnsafeMutablePointer<AVCodecContext>, frame: UnsafeMutablePointer<AVFrame>,
        pixelFormat: AVPixelFormat, rate: FrameRate
    ) {
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: Int32(rate.timeBase.numerator), den: Int32(rate.timeBase.denominator))
        context.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.thread_count = 0  // automatic, as the ffmpeg program does
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
    }

    private func openIO(_ temporaryPath: String) throws {
        let status = avio_open(&format!.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
        if status < 0 {
            throw EncodeError.cannotCreate(path: path, reason: AVSession.text(of: status))
        }
        ioOpen = true
    }

    /// RGBA (full range) → YUV (BT.709, limited range). Chroma is taken from full-resolution
    /// input and filtered (bicubic, accurate rounding) rather than averaged in pairs, so
    /// anti-aliased coloured edges keep their colour.
    private func makeScaler(pixelFormat: AVPixelFormat) throws {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP
        scaler = sws_getContext(
            Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), pixelFormat, flags, nil, nil, nil)
        guard let scaler else { throw EncodeError.codecFailure(path: path, reason: "libswscale cannot convert to this format") }
        let coefficients = sws_getCoefficients(SWS_CS_ITU709)
        let status = sws_setColorspaceDetails(scaler, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16)
        if status < 0 { throw EncodeError.codecFailure(path: path, reason: "libswscale rejected the BT.709 settings") }
    }

    /// Starts a picture: `convert` then fills it band by band, top to bottom, and `send` encodes it.
    func beginPicture() throws {
        guard let frame else { return }
        try check(av_frame_make_writable(frame), "preparing a frame")
    }

    /// Converts coded rows `y ..< y + rows` from packed RGBA at `rgba` (its row `y`).
    func convert(rgba: UnsafeRawPointer, stride: Int, y: Int, rows: Int) {
        guard let frame else { return }
        symbolreel_sws_scale_packed_band_to_frame(
            scaler, rgba.assumingMemoryBound(to: UInt8.self), Int32(stride), Int32(y), Int32(rows), frame)
    }

    /// Encodes the converted picture at timestamp `pts` (in frames).
    func send(pts: Int64) throws {
        guard let frame, let context else { return }
        frame.pointee.pts = pts
        try check(avcodec_send_frame(context, frame), "encoding frame \(pts)")
        try drain()
    }

    /// Flushes the encoder, writes the trailer (moving the index to the front) and closes the
    /// file; returns its size.
    func finish() throws -> Int {
        try check(avcodec_send_frame(context, nil), "flushing the encoder")
        try drain()
        try check(av_write_trailer(format), "writing the trailer")
        let size = Int(avio_size(format!.pointee.pb))
        ioOpen = false
        try check(avio_closep(&format!.pointee.pb), "closing the file")
        abandon()
        return size
    }

    private func drain() throws {
        guard let context, let packet, let stream else { return }
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == symbolreel_averror(EAGAIN) || status == symbolreel_averror_eof() { return }
            try check(status, "encoding")
            av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), "writing a packet")
        }
    }

    /// Frees everything; the caller removes the temporary file.
    func abandon() {
        if ioOpen, let format { avio_closep(&format.pointee.pb) }
        ioOpen = false
        if let scaler { sws_freeContext(scaler) }
        scaler = nil
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&context)
        if let format { avformat_free_context(format) }
        format = nil
        stream = nil
    }

    private func check(_ status: Int32, _ doing: String) throws {
        guard status < 0 else { return }
        let reason = "\(doing): \(AVSession.text(of: status))"
        let ioCodes = [ENOSPC, EIO, EDQUOT, EFBIG, EROFS].map { symbolreel_averror($0) }
        if ioCodes.contains(status) { throw EncodeError.ioFailure(path: path, reason: reason) }
        throw EncodeError.codecFailure(path: path, reason: reason)
    }

    static func text(of status: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(status, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
