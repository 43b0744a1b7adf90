import SymbolEncode
import SymbolGeometry

/// Options for GIF output.
package struct GIFOptions: Sendable, Hashable {
    /// Where colour tables live.
    package enum PaletteMode: Sendable, Hashable {
        /// One table for the whole clip, filled as colours appear; a frame whose colours do not
        /// fit gets its own table.
        case global
        /// A table in every frame.
        case perFrame
    }

    /// How colours missing from the palette are approximated.
    package enum Dither: String, Sendable, Hashable, CaseIterable {
        /// The nearest palette colour.
        case none
        /// An 8×8 Bayer pattern: fixed in place, so static areas never crawl.
        case ordered
        /// Error diffusion (serpentine), applied only to pixels that changed since the last
        /// frame, so static areas keep their pattern.
        case floydSteinberg = "floyd-steinberg"
    }

    package var palette: PaletteMode
    /// Colour table entries, 2…256, counting the transparent entry when there is one.
    package var maxColors: Int
    /// nil: none when a frame's colours fit the palette exactly, else Floyd–Steinberg.
    package var dither: Dither?
    /// The colour that partly transparent edge pixels are blended onto when the canvas is
    /// transparent (GIF transparency is on or off).
    package var matte: RGBColor
    /// Times the animation plays; 0 plays forever.
    package var loopCount: Int
    /// The GIF's frame rate; nil keeps the input rate. Rates above 50 fps are lowered by a
    /// whole factor (60 → 30), since a delay below 2 cs is stretched to 10 cs by browsers.
    package var frameRate: FrameRate?
    /// Store only the changed rectangle of each frame, with unchanged pixels transparent where
    /// that compresses better.
    package var differencing: Bool

    package init(
        palette: PaletteMode = .global, maxColors: Int = 256, dither: Dither? = nil, matte: RGBColor = .white,
        loopCount: Int = 0, frameRate: FrameRate? = nil, differencing: Bool = true
    ) {
        self.palette = palette
        self.maxColors = maxColors
        self.dither = dither
        self.matte = matte
        self.loopCount = loopCount
        self.frameRate = frameRate
        self.differencing = differencing
    }
}
