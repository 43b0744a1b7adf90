import SymbolEncode
import SymbolGeometry

/// Options for animated WebP output.
///
/// Measured with libwebp 1.2.4 on the 4.2 s download-button clip and the 3 s bounce at 1080²,
/// 60 fps, against the ffmpeg program's `libwebp_anim` and our GIF; docs/presets.md ("WebP")
/// has the figures.
///
/// Lossless, the default: each frame's changed rectangle compressed on its own, on as many
/// threads as the export has (WebPEncoder+Frames.swift), at level 2 (method 2) with effort 50:
/// on the download clip 2512 KiB in 3.65 s of CPU time, against 2703 KiB in 6.7 s from
/// libwebp's animation encoder at level 4, effort 100 (the default before), whose blending of
/// unchanged pixels costs more than it saves on clips whose symbol scales.
///
/// `minimizeSize` (a preset's `"effort": "max"`): libwebp's animation encoder at level 4 with
/// effort 100 and its `minimize_size` search (each rectangle tried against the two frames
/// before, blended and not, whole and sub-frame), sequential: 8–13 % smaller than without the
/// search, in about five times the default's time. Every frame of these clips redraws the whole
/// symbol (it scales), so the bytes are in each frame's anti-aliased edges: more search effort
/// is what pays. Level 9 gave 1392 KiB instead of 1387 on the 30 fps clip, in 360 s. A frame
/// already has 200–370 distinct colours, one per (colour, alpha) that the renderer made, so
/// choosing other straight colours for the same premultiplied pixels cannot shorten libwebp's
/// palette (measured: no gain).
///
/// Lossy: quality 75, method 4, through libwebp's animation encoder (sequential), with
/// `allow_mixed` over a transparent canvas or with `minimizeSize` (each changed rectangle stored
/// lossless when that is smaller): the bounce 377 KiB instead of 524 KiB, because a flat ball
/// moving costs VP8 more at quality 75 than its exact pixels cost VP8L; the download clip
/// gains nothing (964 against 966 KiB) and both take 1.5–1.9× the time. Method 6 is 2 % smaller
/// in 4× the time. Over a transparent canvas the alpha plane (lossless) alone is about the size
/// of the whole lossless frame, so there most rectangles end up lossless.
package struct WebPOptions: Sendable, Hashable {
    /// How each frame is compressed.
    package enum Compression: Sendable, Hashable {
        /// VP8L: the exact pixels (straight RGBA; invisible pixels may change colour). `level` is
        /// libwebp's lossless preset 0 (fastest) … 9 (smallest): a method 0…6 and an effort;
        /// `effort` (0…100, libwebp's `quality` for lossless) replaces the preset's effort, nil
        /// keeps it.
        case lossless(level: Int, effort: Int? = nil)
        /// VP8 with a lossless alpha plane; `quality` 0 … 99 (libwebp's scale; 100 is `lossless`).
        case lossy(quality: Int)

        /// Lossless at the default level and effort.
        package static var lossless: Compression {
            .lossless(level: WebPOptions.defaultLosslessLevel, effort: WebPOptions.defaultLosslessEffort)
        }
        /// Lossless at the level and effort of the smallest-file search (`"effort": "max"`).
        package static var losslessMaxEffort: Compression {
            .lossless(level: WebPOptions.maxEffortLosslessLevel, effort: WebPOptions.maxEffortLosslessEffort)
        }

        /// The compression `"effort": "max"` uses instead of this one: lossless searches harder
        /// (the same pixels); lossy keeps its quality.
        package var atMaxEffort: Compression {
            if self == .lossless { return .losslessMaxEffort }
            return self
        }
        /// Lossy at the default quality.
        package static var lossy: Compression { .lossy(quality: WebPOptions.defaultQuality) }
    }

    /// The lossless preset chosen by measurement (docs/presets.md, "WebP").
    package static let defaultLosslessLevel = 2
    /// The lossless effort chosen by measurement (libwebp's preset 2 has 25: 2701 KiB on the
    /// download clip instead of 2512, for 7 % less time).
    package static let defaultLosslessEffort = 50
    /// The lossless preset of the smallest-file search (method 3).
    package static let maxEffortLosslessLevel = 4
    /// The lossless effort of the smallest-file search (libwebp's preset 4 has 50).
    package static let maxEffortLosslessEffort = 100
    /// The lossy quality chosen by measurement (docs/presets.md, "WebP").
    package static let defaultQuality = 75
    /// The highest frame rate kept: Chromium and Firefox show a frame delay of 10 ms or less
    /// as 100 ms, so faster clips are lowered by a whole factor (120 → 60).
    package static let maxFramesPerSecond = 90

    package var compression: Compression
    /// Times the animation plays; 0 plays forever.
    package var loopCount: Int
    /// The WebP's frame rate; nil keeps the input rate (lowered to at most 90 fps).
    package var frameRate: FrameRate?
    /// Frame differencing: each frame stores only the rectangle that changed (lossless by
    /// default: replacing it; through libwebp's animation encoder: blended over or replacing
    /// the previous canvas, whichever it judges smaller). false stores every frame whole.
    package var differencing: Bool
    /// libwebp's animation encoder with `minimize_size`: tries more ways of storing each changed
    /// rectangle, against the previous frame and the one before, with no keyframes but the
    /// first, one frame at a time. Off by default (a preset's `"effort": "max"` turns it on,
    /// with `Compression.atMaxEffort`). Lossless without it, frames are compressed in parallel
    /// (see `WebPEncoder`).
    package var minimizeSize: Bool
    /// Without `minimizeSize`: a whole frame (keyframe) at least every this many frames; nil:
    /// only the first frame is whole.
    package var keyframeInterval: Int?

    package init(
        compression: Compression = .lossless, loopCount: Int = 0, frameRate: FrameRate? = nil,
        differencing: Bool = true, minimizeSize: Bool = false, keyframeInterval: Int? = nil
    ) {
        self.compression = compression
        self.loopCount = loopCount
        self.frameRate = frameRate
        self.differencing = differencing
        self.keyframeInterval = keyframeInterval
        self.minimizeSize = minimizeSize
    }
}
