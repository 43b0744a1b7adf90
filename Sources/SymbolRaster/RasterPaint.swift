import SymbolGeometry

/// A premultiplied RGBA8 colour, the form pixels are stored in.
package struct PremultipliedColor: Hashable, Sendable {
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// From non-premultiplied sRGB components in 0…1 (clamped; NaN counts as 0).
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let al = unit(alpha)
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        r = byte(unit(red) * al); g = byte(unit(green) * al); b = byte(unit(blue) * al); a = byte(al)
    }

    /// From already premultiplied bytes; colour channels are clamped to alpha.
    package init(premultipliedRed r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
        self.r = min(r, a); self.g = min(g, a); self.b = min(b, a); self.a = a
    }

    /// Transparent black.
    package static let clear = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)

    /// Packed as a little-endian pixel word (R in the low byte), as bitmaps store it.
    var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
}

/// What a fill or stroke puts on covered pixels: a solid colour or a gradient. The raster
/// module's own paint: it knows nothing of documents or SVG.
package enum RasterPaint: Hashable, Sendable {
    case solid(PremultipliedColor)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)

    /// How a gradient continues past its ends.
    package enum Spread: Hashable, Sendable { case pad, reflect, `repeat` }

    /// A gradient stop: offset in 0…1 and a non-premultiplied sRGB colour in 0…1 with alpha
    /// (the stop's opacity already multiplied in). Colours between stops are interpolated
    /// non-premultiplied, then premultiplied, as resvg does.
    package struct Stop: Hashable, Sendable {
        package var offset: Double
        package var red: Double, green: Double, blue: Double, alpha: Double
        package init(offset: Double, red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.offset = offset; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
    }

    /// A linear gradient from `start` (offset 0) to `end` (offset 1) in gradient space;
    /// `transform` maps gradient space to the user space of the path being drawn (the draw
    /// call's transform then maps both to device pixels).
    package struct LinearGradient: Hashable, Sendable {
        package var start: Point, end: Point
        package var stops: [Stop]
        package var spread: Spread
        package var transform: Transform
        package init(start: Point, end: Point, stops: [Stop], spread: Spread = .pad, transform: Transform = .identity) {
            self.start = start; self.end = end; self.stops = stops; self.spread = spread; self.transform = transform
        }
    }

    /// A two-point conical gradient as SVG defines it: offset 0 on the focal circle (`focus`,
    /// `focalRadius`), offset 1 on the end circle (`center`, `radius`), in gradient space
    /// mapped to user space by `transform`.
    package struct RadialGradient: Hashable, Sendable {
        package var center: Point, radius: Double
        package var focus: Point, focalRadius: Double
        package var stops: [Stop]
        package var spread: Spread
        package var transform: Transform
        package init(center: Point, radius: Double, focus: Point? = nil, focalRadius: Double = 0, stops: [Stop],
                    spread: Spread = .pad, transform: Transform = .identity) {
            self.center = center; self.radius = radius; self.focus = focus ?? center; self.focalRadius = focalRadius
            self.stops = stops; self.spread = spread; self.transform = transform
        }
    }
}

/// How drawn pixels combine with what is already in the target.
package enum BlendMode: Hashable, Sendable {
    /// Normal painting: the source over the destination.
    case sourceOver
    /// Erase: the destination is removed where the source covers it (clear-behind layers).
    case destinationOut
}
