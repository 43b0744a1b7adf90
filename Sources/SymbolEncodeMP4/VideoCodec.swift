/// The codec and container of a video output.
public enum VideoCodec: Sendable, Hashable {
    /// H.264 (libx264) in MP4: yuv420p, BT.709 limited range, `+faststart`. Frames are
    /// composited over the stream background (white when transparent); odd sizes are padded
    /// to even with that background.
    case h264(H264Options)
    /// ProRes 4444 (`prores_ks`, yuva444p10le) in MOV, alpha kept, for video editors.
    case prores4444

    /// H.264 at the defaults: CRF 18, preset `medium`.
    public static var h264: VideoCodec { .h264(H264Options()) }
}

/// Quality settings for x264.
public struct H264Options: Sendable, Hashable {
    /// Constant rate factor, 0 (lossless) … 51; lower is better and larger.
    public var crf: Int
    /// x264's speed/size trade-off.
    public var preset: X264Preset

    public init(crf: Int = 18, preset: X264Preset = .medium) {
        self.crf = crf
        self.preset = preset
    }
}

/// x264 presets, fastest to slowest.
public enum X264Preset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo
}
