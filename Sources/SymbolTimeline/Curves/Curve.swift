import SymbolGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A timing curve with SwiftUI's meaning. Bézier curves map a fraction of a given duration to
/// progress; springs run on their own clock and last until they settle; `move` jumps at once.
package enum Curve: Hashable, Sendable, CustomStringConvertible {
    case linear
    /// SwiftUI's cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// (0, 0, 0.58, 1).
    case easeOut
    /// (0.42, 0, 0.58, 1).
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with these control points; x1 and x2 in 0…1.
    case timingCurve(Double, Double, Double, Double)
    case spring(Spring)
    /// A jump to the end value at the start.
    case move

    package static let smooth = Curve.spring(.smooth)
    package static let snappy = Curve.spring(.snappy)
    package static let bouncy = Curve.spring(.bouncy)

    /// Progress (0 at the start, 1 at the end; springs may overshoot) after `elapsed` seconds of
    /// a curve given `duration` seconds. Springs ignore `duration`: their length is their
    /// settling time.
    package func progress(elapsed: Double, duration: Double) -> Double {
        switch self {
        case .move: return elapsed >= 0 ? 1 : 0
        case .spring(let s): return elapsed <= 0 ? 0 : s.value(at: elapsed)
        default:
            if elapsed <= 0 { return 0 }
            if duration <= 0 || elapsed >= duration { return 1 }
            return progress(fraction: elapsed / duration)
        }
    }

    /// Progress at a fraction 0…1 of the curve's length (springs: of their settling time).
    package func progress(fraction x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .easeIn, .easeOut, .easeInOut, .timingCurve: return bezier.y(atX: x)
        case .spring(let s): return s.value(at: x * s.settlingDuration)
        case .move: return 1
        }
    }

    /// d(progress)/d(elapsed) for a curve of `duration` seconds (0 outside it).
    func velocity(elapsed: Double, duration: Double) -> Double {
        switch self {
        case .move: return 0
        case .spring(let s): return elapsed < 0 ? 0 : s.velocity(at: elapsed)
        default:
            guard duration > 0, elapsed >= 0, elapsed <= duration else { return 0 }
            return bezier.slope(atX: elapsed / duration) / duration
        }
    }

    /// The Bézier of a non-spring curve (linear is the straight one).
    private var bezier: UnitBezier {
        switch self {
        case .easeIn: return UnitBezier(0.42, 0, 1, 1)
        case .easeOut: return UnitBezier(0, 0, 0.58, 1)
        case .easeInOut: return UnitBezier(0.42, 0, 0.58, 1)
        case .timingCurve(let x1, let y1, let x2, let y2): return UnitBezier(x1, y1, x2, y2)
        default: return UnitBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        }
    }

    /// The curve's own length: the settling time for springs, nil for curves that take the
    /// duration they are given.
    package var intrinsicDuration: Double? {
        if case .spring(let s) = self { return s.settlingDuration }
        return nil
    }

    package var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .timingCurve(let a, let b, let c, let d):
            return ".timingCurve(\(format(a)), \(format(b)), \(format(c)), \(format(d)))"
        case .spring(let s):
            if s == .smooth { return ".smooth" }
            if s == .snappy { return ".snappy" }
            if s == .bouncy { return ".bouncy" }
            return s.description
        case .move: return "move"
        }
    }
}

/// A cubic Bézier timing function through (0,0) and (1,1). `y(atX:)` solves x(s) = x with
/// Newton's method from a good start, falling back to bisection, which always converges
/// because x(s) is monotonic when x1, x2 ∈ [0, 1].
struct UnitBezier: Hashable, Sendable {
    let x1: Double, y1: Double, x2: Double, y2: Double
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1; self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    private func coord(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    func y(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return coord(parameter(atX: x), y1, y2)
    }

    /// dy/dx at `x`, read slightly inside the ends where both derivatives of an ease can vanish.
    func slope(atX x: Double) -> Double {
        let s = min(max(parameter(atX: min(max(x, 0), 1)), 1e-6), 1 - 1e-6)
        let dx = slope(s, x1, x2)
        return dx > 1e-12 ? slope(s, y1, y2) / dx : 0
    }

    /// The Bézier parameter s with x(s) = x.
    private func parameter(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let err = coord(s, x1, x2) - x
            if abs(err) < 1e-12 { return s }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<80 {
            s = (lo + hi) / 2
            let v = coord(s, x1, x2)
            if abs(v - x) < 1e-14 { break }
            if v < x { lo = s } else { hi = s }
        }
        return s
    }
}

/// Easing helpers shared by the effects.
enum Ease {
    /// 3u² − 2u³ on 0…1, clamped.
    static func smoothstep(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return u * u * (3 - 2 * u)
    }
    /// (1 − cos πu)/2 on 0…1, clamped: a sine ease in and out.
    static func sine(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return (1 - cos(Double.pi * u)) / 2
    }
}
