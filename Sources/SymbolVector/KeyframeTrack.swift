import SymbolGeometry
import SymbolRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An affine transform as the parts Lottie and CSS interpolate one by one: translate, rotate,
/// scale, rotate (`p · R(rotation) · S(sx, sy) · R(innerRotation)`, the innermost applied first).
/// Any 2×2 matrix has this form (its singular value decomposition); a rotation with a scale,
/// the usual case, has `innerRotation` 0. Both Lottie (layer transform + a group's rotation)
/// and CSS (`translate() rotate() scale() rotate()`) play exactly this product.
package struct TransformParts: Equatable, Sendable {
    package var x: Double, y: Double
    package var rotation: Double
    package var sx: Double, sy: Double
    package var innerRotation: Double

    package init(_ t: Transform) {
        x = t.tx; y = t.ty
        let (a, b, c, d) = (t.a, t.b, t.c, t.d)
        let angle = atan2(b, a)
        let sx = (a * a + b * b).squareRoot()
        let shear = cos(angle) * c + sin(angle) * d
        let scale = max(sx, abs(c) + abs(d), 1e-12)
        if abs(shear) <= 1e-9 * scale {
            rotation = angle * 180 / .pi
            self.sx = sx
            sy = -sin(angle) * c + cos(angle) * d
            innerRotation = 0
            return
        }
        // M = R(φ) · diag(σ1, σ2) · R(θ), from the closed form of a 2×2 SVD.
        let e = (a + d) / 2, f = (a - d) / 2, g = (b + c) / 2, h = (b - c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let a1 = atan2(g, f), a2 = atan2(h, e)
        rotation = (a2 + a1) / 2 * 180 / .pi
        innerRotation = (a2 - a1) / 2 * 180 / .pi
        self.sx = q + r
        sy = q - r
    }

    package init(x: Double, y: Double, rotation: Double, sx: Double, sy: Double, innerRotation: Double) {
        self.x = x; self.y = y; self.rotation = rotation; self.sx = sx; self.sy = sy; self.innerRotation = innerRotation
    }

    package var transform: Transform {
        Transform.rotation(degrees: innerRotation)
            .concatenating(.scale(sx, sy))
            .concatenating(.rotation(degrees: rotation))
            .concatenating(.translation(x, y))
    }

    /// `self` with its angles moved by whole turns to lie within half a turn of `previous`'s,
    /// so interpolating between them never spins the long way round.
    func unwrapped(after previous: TransformParts) -> TransformParts {
        var p = self
        p.rotation += 360 * ((previous.rotation - p.rotation) / 360).rounded()
        p.innerRotation += 360 * ((previous.innerRotation - p.innerRotation) / 360).rounded()
        return p
    }

    static func mix(_ l: TransformParts, _ r: TransformParts, _ u: Double) -> TransformParts {
        func m(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
        return TransformParts(x: m(l.x, r.x), y: m(l.y, r.y), rotation: m(l.rotation, r.rotation), sx: m(l.sx, r.sx),
                              sy: m(l.sy, r.sy), innerRotation: m(l.innerRotation, r.innerRotation))
    }
}

/// A layer's animation as keyframes: the frames kept from one sample per frame, interpolated
/// linearly between them. A frame is dropped when interpolating its neighbours keeps every
/// corner of the layer's bounds within `VectorTolerance.pixels` of where the frame puts it (and
/// the opacity within `VectorTolerance.opacity`), so a player at any frame time draws the layer
/// within the tolerance of our own frame.
package struct LayerKeyframes: Sendable {
    /// Frame indices with a transform key (always the first and the last frame).
    package var transformKeys: [Int]
    package var parts: [TransformParts]
    /// Frame indices with an opacity key.
    package var opacityKeys: [Int]
    package var opacities: [Double]
    /// A clear-behind layer's erase strength, keyed as the opacity is.
    package var eraseKeys: [Int]
    package var erases: [Double]

    package init(_ layer: VectorLayer) {
        var parts: [TransformParts] = []
        for f in layer.frames {
            let p = TransformParts(f.transform)
            parts.append(parts.last.map { p.unwrapped(after: $0) } ?? p)
        }
        self.parts = parts
        let corners = [Point(layer.bounds.minX, layer.bounds.minY), Point(layer.bounds.maxX, layer.bounds.minY),
                       Point(layer.bounds.minX, layer.bounds.maxY), Point(layer.bounds.maxX, layer.bounds.maxY)]
        let transforms = layer.frames.map(\.transform)
        transformKeys = LayerKeyframes.simplify(count: parts.count) { from, to, k in
            let u = Double(k - from) / Double(to - from)
            let t = TransformParts.mix(parts[from], parts[to], u).transform
            return corners.allSatisfy { c in (t.apply(c) - transforms[k].apply(c)).length <= VectorTolerance.pixels }
        }
        opacities = layer.frames.map(\.opacity)
        opacityKeys = LayerKeyframes.simplify(opacities)
        erases = layer.frames.map(\.erase)
        eraseKeys = LayerKeyframes.simplify(erases)
    }

    /// The frames to keep of a 0…1 value interpolated linearly.
    static func simplify(_ values: [Double]) -> [Int] {
        simplify(count: values.count) { from, to, k in
            let u = Double(k - from) / Double(to - from)
            return abs(values[from] + (values[to] - values[from]) * u - values[k]) <= VectorTolerance.opacity
        }
    }

    /// The frames to keep: greedy, each segment extended while `fits(from, to, k)` holds for
    /// every frame `k` inside it.
    static func simplify(count: Int, fits: (Int, Int, Int) -> Bool) -> [Int] {
        guard count > 2 else { return Array(0..<count) }
        var keys = [0]
        var from = 0
        var to = 2
        while to < count {
            if !(from + 1..<to).allSatisfy({ fits(from, to, $0) }) {
                keys.append(to - 1)
                from = to - 1
            }
            to += 1
        }
        keys.append(count - 1)
        return keys
    }

    /// The inner rotation never changes (the usual case: no shear in any frame).
    package var innerRotationIsConstant: Bool { parts.allSatisfy { $0.innerRotation == parts[0].innerRotation } }
}

/// How far a vector clip may stray from our raster frames at any frame time.
package enum VectorTolerance {
    /// Where a layer's bounds corners may land, in canvas pixels.
    package static let pixels = 0.25
    /// A layer's opacity, 0…1.
    package static let opacity = 0.002
}
