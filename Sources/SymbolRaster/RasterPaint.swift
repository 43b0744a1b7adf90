import SymbolGeometry

/// A premultiplied RGBA8 colour, the form pixels are stored in.
public struct PremultipliedColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// From non-premultiplied sRGB components in 0…1 (clamped; NaN counts as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let al = unit(alpha)
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        r = byte(unit(red) * al); g = byte(unit(green) * al); b = byte(unit(blue) * al); a = byte(al)
    }

    /// From already premultiplied bytes; colour channels are clamped to alpha.
    public init(premultipliedRed r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
        self.r = min(r, a); self.g = min(g, a); self.b = min(b, a); self.a = a
    }

    /// Transparent black.
    public static let clear = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)

    /// Packed as a little-endian pixel word (R in the low byte), as bitmaps store it.
    var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
}

/// What a fill or stroke puts on covered pixels: a solid colour or a gradient. The raster
/// module's own paint: it knows nothing of documents or SVG.
public enum RasterPaint: Hashable, Sendable {
    case solid(PremultipliedColor)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)

    /// How a gradient continues past its ends.
    public enum Spread: Hashable, Sendable { case pad, reflect, `repeat` }

    /// A gradient stop: offset in 0…1 and a non-premultiplied sRGB colour in 0…1 with alpha
    /// (the stop's opacity already multiplied in). Colours between stops are interpolated
    /// non-premultiplied, then premultiplied, as resvg does.
    public struct Stop: Hashable, Sendable {
        public var offset: Double
        public var red: Double, green: Double, blue: Double, alpha: Double
        public init(offset: Double, red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.offset = offset; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
    }

    /// A linear gradient from `start` (offset 0) to `end` (offset 1) in gradient space;
    /// `transform` maps gradient space to the user space of the path being drawn (the draw
    /// call's transform then maps both to device pixels).
    public struct LinearGradient: Hashable, Sendable {
        public var start: Point, end: Point
        public var stops: [Stop]
        public var spread: Spread
        public var transform: Transform
        public init(start: Point, end: Point, stops: [Stop], spread: Spread = .pad, transform: Transform = .identity) {
            self.start = start; self.end = end; self.stops = stops; self.spread = spread; self.transform = transform
        }
    }

    /// A two-point conical gradient as SVG defines it: offset 0 on the focal circle (`focus`,
    /// `focalRadius`), offset 1 on the end circle (`center`, `radius`), in gradient space
    /// mapped to user space by `transform`.
    public struct RadialGradient: Hashable, Sendable {
        public var center: Point, radius: Double
        public var focus: Point, focalRadius: Double
        public var stops: [Stop]
        public var spread: Spread
        public var transform: Transform
        public init(center: Point, radius: Double, focus: Point? = nil, focalRadius: Double = 0, stops: [Stop],
                    spread: Spread = .pad, transform: Transform = .identity) {
            self.center = center; self.radius = radius; self.focus = focus ?? center; self.focalRadius = focalRadius
            self.stops = stops; self.spread = spread; self.transform = transform
        }
    }
}

/// How drawn pixels combine with what is already in the target.
public enum BlendMode: Hashable, Sendable {
    /// Normal painting: the source over the destination.
    case sourceOver
    /// Erase: the destination is removed where the source covers it (clear-behind layers).
    case destinationOut
}
