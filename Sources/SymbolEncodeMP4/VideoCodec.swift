/// The codec and container of a video output.
public enum VideoCodec: Sendable, Hashable {
    /// H.264 (libx264) in MP4: yuv420p, BT.709 limited range, `+faststart`. Frames are
    /// composited over the stream background (white when transparent); odd sizes are padded
    /// to even with that background.
    case h264(H264Options)
    /// ProRes 4444 (`prores_ks`, yuva444p10le) in MOV, alpha kept, for video editors.
    case prores4444

    /// H.264 at the defaults: CRF 18, preset `medium`, at most 20 frames of lookahead.
    public static var h264: VideoCodec { .h264(H264Options()) }
}

/// Quality settings for x264.
public struct H264Options: Sendable, Hashable {
    /// The default lookahead cap (see `maxLookahead`).
    public static let defaultMaxLookahead = 20

    /// Constant rate factor, 0 (lossless) … 51; lower is better and larger.
    public var crf: Int
    /// x264's speed/size trade-off.
    public var preset: X264Preset
    /// At most this many frames of rate-control lookahead (x264's `rc-lookahead`, which its
    /// macroblock tree plans over); nil keeps the preset's own. x264 holds every lookahead
    /// frame in memory, about 4.3 MB each at 1080², so medium's 40 cost 80 MB more than 20.
    /// Measured on the benchmark clips (3 s at 1080², 60 fps, crf 18, medium): 20 frames give
    /// files 0.3–1.2 % smaller at PSNR within 0.02 dB of 40, and the same speed.
    public var maxLookahead: Int?

    public init(crf: Int = 18, preset: X264Preset = .medium, maxLookahead: Int? = H264Options.defaultMaxLookahead) {
        self.crf = crf
        self.preset = preset
        self.maxLookahead = maxLookahead
    }

    /// The `rc-lookahead` to ask x264 for, or nil to leave the preset's.
    var lookahead: Int? {
        guard let cap = maxLookahead, cap < preset.lookahead else { return nil }
        return max(cap, 0)
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
