import SymbolEncode
import SymbolGeometry

/// Options for animated WebP output.
///
/// The defaults were measured with libwebp 1.2.4's animation encoder on the 4.2 s
/// download-button clip and the 3 s bounce at 1080², 30 fps, against the ffmpeg program's
/// `libwebp_anim` (download: 1543 KiB lossless at method 3 effort 50, 1098 KiB at quality 75)
/// and our GIF (2281 KiB); figures in KiB, docs/presets.md ("WebP") has the rest.
///
/// Lossless: level 4 (method 3) with effort 100 and `minimize_size`: 1387 KiB opaque, 1434 KiB
/// transparent (effort 50, the preset's own: 1431 and 1480 KiB in two thirds of the time).
/// Every frame of these clips redraws the whole symbol (it scales), so the bytes are in each
/// frame's anti-aliased edges, not in what stays still: more search effort is what pays. Method
/// 4 with effort 100 gave 1388 KiB in twice the time, level 7 (method 4, effort 90) 1470 KiB,
/// level 9 1392 KiB transparent in 360 s. A frame already has 200–370 distinct colours, one per
/// (colour, alpha) that the renderer made, so choosing other straight colours for the same
/// premultiplied pixels cannot shorten libwebp's palette (measured: no gain).
///
/// Lossy: quality 75, method 4, `minimize_size` and `allow_mixed` (each changed rectangle stored
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
        /// Lossy at the default quality.
        package static var lossy: Compression { .lossy(quality: WebPOptions.defaultQuality) }
    }

    /// The lossless preset chosen by measurement (docs/presets.md, "WebP").
    package static let defaultLosslessLevel = 4
    /// The lossless effort chosen by measurement (libwebp's preset 4 has 50).
    package static let defaultLosslessEffort = 100
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
    /// libwebp's frame differencing: each frame stores only the rectangle that changed, blended
    /// over or replacing the previous canvas, whichever is smaller. false stores every frame whole.
    package var differencing: Bool
    /// libwebp's `minimize_size`: tries more ways of storing each changed rectangle, against
    /// the previous frame and the one before, with no keyframes but the first (8–13 % smaller,
    /// about 2× the time). Off by default (a preset's `"effort": "max"` turns it on): with it,
    /// the 4.2 s download clip at 1080² took 40 s, five times its GIF.
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
