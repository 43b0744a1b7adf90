import SymbolEncode
import SymbolGeometry

/// Options for animated WebP output.
///
/// The defaults were measured with libwebp 1.2.4's animation encoder (through Pillow, which
/// drives the same `WebPAnimEncoder`) on the 4.2 s download-button clip at 1080², 30 fps, against
/// the ffmpeg program's `libwebp_anim` (1578 KB lossless, 1150 KB at quality 75) and our GIF
/// (2140 KB). Opaque canvas: lossless level 4 (method 3, effort 50) with `minimize_size`
/// 1417 KB in 4.3 s (level 6, libwebp's own default: 1480 KB; level 9: 1368 KB in 200 s);
/// lossy quality 75 with `minimize_size` 1001 KB (without: 1134 KB; method 6: 955 KB in 52 s).
/// Transparent canvas: lossless 1503 KB, lossy 2512 KB (the alpha plane is stored losslessly
/// beside every lossy frame), so lossless is the default for flat-coloured clips.
package struct WebPOptions: Sendable, Hashable {
    /// How each frame is compressed.
    package enum Compression: Sendable, Hashable {
        /// VP8L: the exact pixels (straight RGBA; invisible pixels may change colour). `level` is
        /// libwebp's lossless preset 0 (fastest) … 9 (smallest).
        case lossless(level: Int)
        /// VP8 with a lossless alpha plane; `quality` 0 … 99 (libwebp's scale; 100 is `lossless`).
        case lossy(quality: Int)

        /// Lossless at the default level.
        package static var lossless: Compression { .lossless(level: WebPOptions.defaultLosslessLevel) }
        /// Lossy at the default quality.
        package static var lossy: Compression { .lossy(quality: WebPOptions.defaultQuality) }
    }

    /// The lossless preset chosen by measurement (docs/presets.md, "WebP").
    package static let defaultLosslessLevel = 4
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
    /// the previous frame and the one before, with no keyframes but the first (10–13 % smaller,
    /// about 1.2–1.5× the time).
    package var minimizeSize: Bool
    /// Without `minimizeSize`: a whole frame (keyframe) at least every this many frames; nil:
    /// only the first frame is whole.
    package var keyframeInterval: Int?

    package init(
        compression: Compression = .lossless, loopCount: Int = 0, frameRate: FrameRate? = nil,
        differencing: Bool = true, minimizeSize: Bool = true, keyframeInterval: Int? = nil
    ) {
        self.compression = compression
        self.loopCount = loopCount
        self.frameRate = frameRate
        self.differencing = differencing
        self.keyframeInterval = keyframeInterval
        self.minimizeSize = minimizeSize
    }
}
