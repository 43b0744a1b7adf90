import SymbolGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's spring, described by perceived `duration` and `bounce`: a damped harmonic
/// oscillator with mass 1, stiffness (2π/duration)², damping ratio 1 − bounce for bounce ≥ 0
/// and 1/(1 + bounce) below (overdamped, as SwiftUI does). It starts at rest and settles
/// EXACTLY: from `settlingDuration` on, the value is the target.
package struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// Seconds, at least 0.001.
    package let duration: Double
    /// In −0.99…0.99 (clamped): 0 is critically damped, positive values overshoot.
    package let bounce: Double

    package init(duration: Double = 0.5, bounce: Double = 0) {
        self.duration = duration.isFinite ? max(duration, 0.001) : 0.5
        self.bounce = bounce.isFinite ? min(max(bounce, -0.99), 0.99) : 0
    }

    /// SwiftUI's `.smooth`, `.snappy` and `.bouncy`.
    package static let smooth = Spring(duration: 0.5, bounce: 0)
    package static let snappy = Spring(duration: 0.5, bounce: 0.15)
    package static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// |value − target| and |velocity|/ω must both be below this (as a fraction of the distance
    /// travelled) for the spring to count as settled.
    package static let settleTolerance = 1e-4

    package var stiffness: Double { angularFrequency * angularFrequency }
    package var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }
    /// Damping coefficient (mass 1).
    package var damping: Double { 2 * dampingRatio * angularFrequency }
    var angularFrequency: Double { 2 * Double.pi / duration }

    /// When the unit step from rest settles: the length of this spring as a curve.
    package var settlingDuration: Double { unitStep.settle }

    /// Progress of the unit step from 0 at rest toward 1, at `t` seconds (0 before 0, exactly 1
    /// from `settlingDuration`).
    package func value(at t: Double) -> Double { 1 + unitStep.displacement(at: t) }

    /// d(value)/dt at `t` seconds.
    package func velocity(at t: Double) -> Double { unitStep.velocity(at: t) }

    var unitStep: SpringMotion { SpringMotion(self, displacement: -1, velocity: 0) }

    package var description: String { ".spring(duration: \(format(duration)), bounce: \(format(bounce)))" }
}

/// One spring motion toward a target: `displacement` and `velocity` are the start state relative
/// to the target. The raw closed-form solution is multiplied over the last fifth of the settling
/// time by a smoothstep that reaches 0 at `settle`, so the hand-off to "exactly at target" is C¹
/// while changing the curve by less than about 1e-3 of the distance.
struct SpringMotion: Hashable, Sendable {
    let omega: Double
    let zeta: Double
    let y0: Double
    let v0: Double
    /// Seconds after which the motion is exactly at its target.
    let settle: Double
    var blendStart: Double { settle * 0.8 }

    init(_ spring: Spring, displacement: Double, velocity: Double, tolerance: Double = Spring.settleTolerance) {
        omega = spring.angularFrequency
        zeta = abs(spring.dampingRatio - 1) < 1e-6 ? 1 : spring.dampingRatio
        y0 = displacement
        v0 = velocity
        let scale = max(abs(displacement), abs(velocity) / omega)
        settle = scale > 0 ? SpringMotion.settleTime(omega: omega, zeta: zeta, y0: y0, v0: v0, epsilon: tolerance * scale) : 0
    }

    /// Displacement from the target at `t`.
    func displacement(at t: Double) -> Double {
        if t <= 0 { return y0 }
        if t >= settle { return 0 }
        let (y, _) = raw(t)
        return y * blend(t).h
    }

    func velocity(at t: Double) -> Double {
        if t < 0 || t >= settle { return 0 }
        let (y, v) = raw(t)
        let (h, dh) = blend(t)
        return v * h + y * dh
    }

    private func blend(_ t: Double) -> (h: Double, dh: Double) {
        let w = settle - blendStart
        guard t > blendStart, w > 0 else { return (1, 0) }
        let u = (t - blendStart) / w
        return (1 - u * u * (3 - 2 * u), -6 * u * (1 - u) / w)
    }

    /// The closed-form solution of y'' + 2ζωy' + ω²y = 0 with y(0) = y0, y'(0) = v0.
    func raw(_ t: Double) -> (Double, Double) {
        if zeta < 1 {
            let a = zeta * omega, wd = omega * (1 - zeta * zeta).squareRoot()
            let A = y0, B = (v0 + a * y0) / wd
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            return (e * (A * c + B * s), e * ((B * wd - a * A) * c - (A * wd + a * B) * s))
        } else if zeta == 1 {
            let A = y0, B = v0 + omega * y0
            let e = exp(-omega * t)
            return ((A + B * t) * e, (B - omega * (A + B * t)) * e)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c1 = (v0 - r2 * y0) / (r1 - r2), c2 = y0 - c1
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, r1 * c1 * e1 + r2 * c2 * e2)
        }
    }

    /// The first time after which an envelope of max(|y|, |y'|/ω) stays below `epsilon`.
    static func settleTime(omega: Double, zeta: Double, y0: Double, v0: Double, epsilon: Double) -> Double {
        if zeta < 1 {
            let a = zeta * omega, wd = omega * (1 - zeta * zeta).squareRoot()
            let A = y0, B = (v0 + a * y0) / wd
            let C = B * wd - a * A, D = -(A * wd + a * B)
            let m = max((A * A + B * B).squareRoot(), (C * C + D * D).squareRoot() / omega)
            return m > epsilon ? log(m / epsilon) / a : 0
        }
        let envelope: (Double) -> Double
        var from = 0.0
        if zeta == 1 {
            let A = y0, B = v0 + omega * y0
            let p = max(abs(A), abs(B - omega * A) / omega), q = abs(B)
            envelope = { (p + q * $0) * exp(-omega * $0) }
            if q > 0 { from = max(0, 1 / omega - p / q) }
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c1 = (v0 - r2 * y0) / (r1 - r2), c2 = y0 - c1
            let k1 = max(abs(c1), abs(r1 * c1) / omega), k2 = max(abs(c2), abs(r2 * c2) / omega)
            envelope = { k1 * exp(r1 * $0) + k2 * exp(r2 * $0) }
        }
        if envelope(from) <= epsilon { return from }
        // The envelope decreases from `from` on: bracket, then bisect.
        var lo = from, hi = from + 1 / omega
        while envelope(hi) > epsilon { lo = hi; hi = from + (hi - from) * 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if envelope(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// Shortest decimal spelling for descriptions (`0.5`, `2`, `0.35`).
func format(_ v: Double) -> String {
    let r = (v * 1_000_000).rounded() / 1_000_000
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
}
