/// The codec and container of a video output.
package enum VideoCodec: Sendable, Hashable {
    /// H.264 (libx264) in MP4: yuv420p, BT.709 limited range, `+faststart`. Frames are
    /// composited over the stream background (white when transparent); odd sizes are padded
    /// to even with that background.
    case h264(H264Options)
    /// ProRes 4444 (`prores_ks`, yuva444p10le) in MOV, alpha kept, for video editors.
    case prores4444
    /// HEVC (libx265) in MP4 with the `hvc1` sample entry (QuickTime and Safari refuse `hev1`),
    /// yuv420p, BT.709, `+faststart`. Like H.264: no alpha (x265 cannot code an alpha layer),
    /// composited over the background, odd sizes padded to even.
    case hevc(HEVCOptions)
    /// VP9 (libvpx-vp9) in WebM: `yuva420p` with the alpha kept when the stream is transparent
    /// (no background), else `yuv420p` composited over the background; BT.709 limited range.
    case vp9(VP9Options)
    /// AV1 (SVT-AV1, `libsvtav1`) in MP4 (`av01`, `+faststart`) or WebM: yuv420p, BT.709
    /// limited range. SVT-AV1 codes no alpha: frames are composited over the background, and a
    /// WebM on a transparent canvas is refused (VP9 keeps the alpha there).
    case av1(AV1Options)

    /// H.264 at the defaults: CRF 18, preset `medium`, at most 12 frames of lookahead, one
    /// frame thread per core.
    package static var h264: VideoCodec { .h264(H264Options()) }
    /// HEVC at the defaults (see `HEVCOptions`).
    package static var hevc: VideoCodec { .hevc(HEVCOptions()) }
    /// VP9 at the defaults (see `VP9Options`).
    package static var vp9: VideoCodec { .vp9(VP9Options()) }
    /// AV1 in MP4 at the defaults (see `AV1Options`).
    package static var av1: VideoCodec { .av1(AV1Options()) }

    /// The codec's name in sentences.
    var displayName: String {
        switch self {
        case .h264: "H.264"
        case .prores4444: "ProRes 4444"
        case .hevc: "HEVC"
        case .vp9: "VP9"
        case .av1: "AV1"
        }
    }

    /// 4:2:0 in an MP4: x264 and x265 need even sizes.
    var needsEvenSize: Bool {
        switch self {
        case .h264, .hevc, .av1: true
        case .prores4444, .vp9: false
        }
    }

    /// Whether frames keep their alpha on a stream with (`background` nil) or without a
    /// transparent canvas.
    func keepsAlpha(transparent: Bool) -> Bool {
        switch self {
        case .prores4444: true
        case .vp9: transparent
        case .h264, .hevc, .av1: false
        }
    }

    /// libavformat's muxer name.
    var muxerName: String {
        switch self {
        case .h264, .hevc: "mp4"
        case .prores4444: "mov"
        case .vp9: "webm"
        case .av1(let o): o.webm ? "webm" : "mp4"
        }
    }

    /// libavcodec's encoder name.
    var encoderName: String {
        switch self {
        case .h264: "libx264"
        case .prores4444: "prores_ks"
        case .hevc: "libx265"
        case .vp9: "libvpx-vp9"
        case .av1: "libsvtav1"
        }
    }

    /// The highest CRF the codec accepts.
    var maxCRF: Int? {
        switch self {
        case .h264, .hevc: 51
        case .vp9, .av1: 63
        case .prores4444: nil
        }
    }
}

/// Quality and speed settings for SVT-AV1 (constant quality).
///
/// Measured with the ffmpeg program (SVT-AV1 1.4.1) on the 4.2 s download-button clip at 1080²,
/// 60 fps, two shared cores, luma PSNR against the source, beside x264 CRF 18 medium (380 KB,
/// 51.51 dB, 4.9 s): preset 10 CRF 30 213 KB 51.67 dB 3.7 s, CRF 32 187 KB 51.28 dB, CRF 35
/// 156 KB 51.12 dB, CRF 40 117 KB 50.15 dB; preset 8 CRF 30 236 KB 52.49 dB in 5.4 s. Preset 10
/// CRF 30 is at or above x264's PSNR in 0.56× the bytes, in less time than x264 medium here.
package struct AV1Options: Sendable, Hashable {
    /// The default CRF (see the type's comment).
    package static let defaultCRF = 30
    /// The default preset (see the type's comment).
    package static let defaultPreset = 10
    /// Constant rate factor, 0 … 63; lower is better and larger.
    package var crf: Int
    /// SVT-AV1's preset: 0 (slowest, smallest) … 13.
    package var preset: Int
    /// A WebM rather than an MP4.
    package var webm: Bool

    package init(crf: Int = AV1Options.defaultCRF, preset: Int = AV1Options.defaultPreset, webm: Bool = false) {
        self.crf = crf
        self.preset = preset
        self.webm = webm
    }
}

/// Quality settings for x265 (HEVC).
///
/// The defaults give H.264 CRF 18's quality in a smaller file. Measured with the ffmpeg program
/// (libx265 3.5, same BT.709 conversion) on the 4.2 s download-button clip at 1080², 60 fps,
/// against x264 CRF 18 medium (348 KB, luma PSNR 54.97 dB): CRF 20 fast 268 KB 56.39 dB,
/// CRF 22 fast 219 KB 55.18 dB, CRF 23 fast 200 KB 54.69 dB, CRF 22 medium 188 KB 53.19 dB,
/// CRF 22 veryfast 208 KB 52.45 dB. CRF 22 fast is the smallest at or above x264's PSNR: 0.63×
/// the bytes, at about 3× x264's encoding time on two cores. x265 logs nothing (its own log
/// goes to stderr, which a library must not write to).
package struct HEVCOptions: Sendable, Hashable {
    /// The default CRF (see the type's comment).
    package static let defaultCRF = 22
    /// Constant rate factor, 0 … 51; lower is better and larger.
    package var crf: Int
    /// x265's speed/size preset (the x264 names).
    package var preset: X264Preset

    package init(crf: Int = HEVCOptions.defaultCRF, preset: X264Preset = .fast) {
        self.crf = crf
        self.preset = preset
    }
}

/// Quality and speed settings for libvpx-vp9 (constant quality: `crf` with a bitrate of 0,
/// `deadline=good`, row-based multithreading, one thread per core).
///
/// Measured on the 4.2 s download-button clip at 1080², 60 fps, transparent (yuva420p), two
/// shared cores, with the ffmpeg program and our encoder. cpu-used 2 against 4 at CRF 32: 7 %
/// smaller, 0.6 dB better, 1.35× the time; cpu-used 5 no faster than 4. CRF 32 → 36 → 40 at
/// cpu-used 4: 1011 → 773 → 590 KB with luma PSNR 50.9 → 49.3 → 47.9 dB. Ours, with invisible
/// pixels given one colour (`fillInvisibleRow`): CRF 32 774 KB, CRF 36 562 KB, both 50.4–50.6 dB
/// as seen over grey (RGB PSNR of the composited frames), so CRF 36 at cpu-used 4: 8 % of the
/// APNG, 26 % of the GIF at 60 fps (at 30 fps: 310 KB). libvpx's output does not depend on
/// the thread count.
package struct VP9Options: Sendable, Hashable {
    /// The default CRF (see the type's comment).
    package static let defaultCRF = 36
    /// The default speed (see the type's comment).
    package static let defaultSpeed = 4
    /// Constant rate factor, 0 … 63; lower is better and larger.
    package var crf: Int
    /// libvpx's `cpu-used` at `deadline=good`: 0 (slowest, smallest) … 8.
    package var speed: Int

    package init(crf: Int = VP9Options.defaultCRF, speed: Int = VP9Options.defaultSpeed) {
        self.crf = crf
        self.speed = speed
    }
}
/// Quality settings for x264.
///
/// The defaults are chosen for memory as well as quality. x264 keeps every frame of its
/// lookahead and of its frame threads in memory (4.3 MB each at 1080²), and a reconstructed
/// frame for each thread and reference (6.8 MB each). On two cores at 1080² the defaults hold
/// x264 to about 135 MB of the export's 196 MB peak; x264's own (a 40-frame lookahead, 1.5
/// frame threads per core) would take about 320 MB. bench/REPORT.md has the figures.
package struct H264Options: Sendable, Hashable {
    /// The default lookahead cap (see `maxLookahead`).
    package static let defaultMaxLookahead = 12

    /// Constant rate factor, 0 (lossless) … 51; lower is better and larger.
    package var crf: Int
    /// x264's speed/size trade-off.
    package var preset: X264Preset
    /// At most this many frames of rate-control lookahead (x264's `rc-lookahead`, which its
    /// macroblock tree plans over); nil keeps the preset's own (40 for medium). Each frame costs
    /// 4.3 MB at 1080². Against 20 frames, measured at crf 16–20 (17–19 on one) on four 1080²
    /// 60 fps clips as the bitrate needed for the same PSNR (Bjøntegaard): 12 frames
    /// +0.8–1.6 %, 10 frames +1.0–3.0 %, 16 frames +0.3–0.6 % (three of the clips). Medium's
    /// own 40 gave the PSNR of 20 within 0.02 dB in files 0.3–1.2 % larger. Fewer frames make
    /// smaller files at the same crf, with slightly lower PSNR.
    package var maxLookahead: Int?
    /// x264 frame threads; nil means one per core this process may run on. x264's own choice,
    /// 1.5 per core, holds one more input and one more reconstructed frame for each extra
    /// thread (15 MB at 1080²) and was no faster beside our render workers (interleaved runs
    /// at 1080² on two cores).
    package var threads: Int?

    package init(crf: Int = 18, preset: X264Preset = .medium,
                maxLookahead: Int? = H264Options.defaultMaxLookahead, threads: Int? = nil) {
        self.crf = crf
        self.preset = preset
        self.maxLookahead = maxLookahead
        self.threads = threads
    }

    /// The `rc-lookahead` to ask x264 for, or nil to leave the preset's.
    var lookahead: Int? {
        guard let cap = maxLookahead, cap < preset.lookahead else { return nil }
        return max(cap, 0)
    }

    /// The `x264-params` string: x264's own log off (it logs through libav), the lookahead cap,
    /// the thread count.
    func x264Parameters(cores: Int) -> String {
        var parameters = ["log=-1"]
        if let lookahead { parameters.append("rc-lookahead=\(lookahead)") }
        parameters.append("threads=\(max(1, threads ?? cores))")
        return parameters.joined(separator: ":")
    }
}

/// x264 presets, fastest to slowest.
package enum X264Preset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo

    /// The preset's own `rc-lookahead` (x264's documentation of `--preset`).
    package var lookahead: Int {
        switch self {
        case .ultrafast, .superfast: return 0
        case .veryfast: return 10
        case .faster: return 20
        case .fast: return 30
        case .medium: return 40
        case .slow: return 50
        case .slower, .veryslow, .placebo: return 60
        }
    }
}
