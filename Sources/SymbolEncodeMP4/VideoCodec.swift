/// The codec and container of a video output.
public enum VideoCodec: Sendable, Hashable {
    /// H.264 (libx264) in MP4: yuv420p, BT.709 limited range, `+faststart`. Frames are
    /// composited over the stream background (white when transparent); odd sizes are padded
    /// to even with that background.
    case h264(H264Options)
    /// ProRes 4444 (`prores_ks`, yuva444p10le) in MOV, alpha kept, for video editors.
    case prores4444

    /// H.264 at the defaults: CRF 18, preset `medium`, at most 12 frames of lookahead, one
    /// frame thread per core.
    public static var h264: VideoCodec { .h264(H264Options()) }

    /// H.264: no alpha (frames are composited over the background), even sizes, an MP4.
    var isH264: Bool { if case .h264 = self { true } else { false } }
}

/// Quality settings for x264.
///
/// The defaults are chosen for memory as well as quality. x264 keeps every frame of its
/// lookahead and of its frame threads in memory (4.3 MB each at 1080²), and a reconstructed
/// frame for each thread and reference (6.8 MB each). On two cores at 1080² the defaults hold
/// x264 to about 135 MB of the export's 196 MB peak; x264's own (a 40-frame lookahead, 1.5
/// frame threads per core) would take about 320 MB. bench/REPORT.md has the figures.
public struct H264Options: Sendable, Hashable {
    /// The default lookahead cap (see `maxLookahead`).
    public static let defaultMaxLookahead = 12

    /// Constant rate factor, 0 (lossless) … 51; lower is better and larger.
    public var crf: Int
    /// x264's speed/size trade-off.
    public var preset: X264Preset
    /// At most this many frames of rate-control lookahead (x264's `rc-lookahead`, which its
    /// macroblock tree plans over); nil keeps the preset's own (40 for medium). Each frame costs
    /// 4.3 MB at 1080². Against 20 frames, measured at crf 16–20 (17–19 on one) on four 1080²
    /// 60 fps clips as the bitrate needed for the same PSNR (Bjøntegaard): 12 frames
    /// +0.8–1.6 %, 10 frames +1.0–3.0 %, 16 frames +0.3–0.6 % (three of the clips). Medium's
    /// own 40 gave the PSNR of 20 within 0.02 dB in files 0.3–1.2 % larger. Fewer frames make
    /// smaller files at the same crf, with slightly lower PSNR.
    public var maxLookahead: Int?
    /// x264 frame threads; nil means one per core this process may run on. x264's own choice,
    /// 1.5 per core, holds one more input and one more reconstructed frame for each extra
    /// thread (15 MB at 1080²) and was no faster beside our render workers (interleaved runs
    /// at 1080² on two cores).
    public var threads: Int?

    public init(crf: Int = 18, preset: X264Preset = .medium,
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
public enum X264Preset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo

    /// The preset's own `rc-lookahead` (x264's documentation of `--preset`).
    public var lookahead: Int {
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
