import Testing
import SymbolGeometry
@testable import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct CurveTests {
    /// A Bézier timing curve evaluated the other way round: pick the parameter, compute (x, y).
    private func bezierPoint(_ s: Double, _ p: (Double, Double, Double, Double)) -> (Double, Double) {
        let u = 1 - s
        return (3 * u * u * s * p.0 + 3 * u * s * s * p.2 + s * s * s, 3 * u * u * s * p.1 + 3 * u * s * s * p.3 + s * s * s)
    }

    @Test(arguments: [(Curve.easeIn, (0.42, 0.0, 1.0, 1.0)), (.easeOut, (0.0, 0.0, 0.58, 1.0)), (.easeInOut, (0.42, 0.0, 0.58, 1.0)),
                      (.timingCurve(0.2, 0, 0.2, 1), (0.2, 0, 0.2, 1)), (.timingCurve(1, 0, 0, 1), (1, 0, 0, 1)),
                      (.timingCurve(0, 1.6, 1, -0.6), (0, 1.6, 1, -0.6))])
    func bezierSolvesXRobustly(curve: Curve, points: (Double, Double, Double, Double)) {
        #expect(curve.progress(fraction: 0) == 0 && curve.progress(fraction: 1) == 1)
        for s in stride(from: 0.01, to: 1, by: 0.0137) {
            let (x, y) = bezierPoint(s, points)
            #expect(abs(curve.progress(fraction: x) - y) < 1e-7, "s = \(s)")
        }
    }

    @Test func swiftUIEasesAreSymmetricWhereTheyShouldBe() {
        #expect(approx(Curve.easeInOut.progress(fraction: 0.5), 0.5, 1e-12))
        #expect(approx(Curve.easeIn.progress(fraction: 0.3) + Curve.easeOut.progress(fraction: 0.7), 1, 1e-9))
        #expect(Curve.linear.progress(elapsed: 0.25, duration: 0.5) == 0.5)
        #expect(Curve.move.progress(elapsed: 0, duration: 1) == 1)
    }

    @Test func springParametersFollowSwiftUI() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(approx(s.stiffness, 157.91367, 1e-4))
        #expect(approx(s.dampingRatio, 0.7, 1e-12))
        #expect(approx(s.damping, 2 * 0.7 * 4 * .pi, 1e-9))
        #expect(Spring(duration: 0.5, bounce: 0).dampingRatio == 1)
        #expect(approx(Spring(duration: 0.5, bounce: -0.5).dampingRatio, 2, 1e-12))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15) && Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
    }

    /// RK4 integration of x'' = −k(x − 1) − c x' from rest, to compare with the closed form.
    private func integrate(_ s: Spring, to t: Double) -> Double {
        var x = 0.0, v = 0.0
        let n = 20000, h = t / Double(n)
        func acc(_ x: Double, _ v: Double) -> Double { -s.stiffness * (x - 1) - s.damping * v }
        for _ in 0..<n {
            let k1x = v, k1v = acc(x, v)
            let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test(arguments: [Spring.smooth, .snappy, .bouncy, Spring(duration: 0.3, bounce: 0.7), Spring(duration: 0.6, bounce: -0.4)])
    func springsMatchTheOscillatorAndSettleExactly(spring: Spring) {
        let settle = spring.settlingDuration
        #expect(settle > 0.3 && settle < 6)
        #expect(spring.value(at: 0) == 0)
        for t in [0.05, 0.1, 0.2, 0.5 * settle, 0.79 * settle] {
            #expect(abs(spring.value(at: t) - integrate(spring, to: t)) < 1e-6, "t = \(t)")
        }
        // The residual is within tolerance near the end, exactly zero from the settling time.
        #expect(abs(spring.value(at: 0.8 * settle) - 1) < 2e-3)
        #expect(abs(spring.value(at: settle - 1e-3) - 1) < 1e-4)
        #expect(spring.value(at: settle) == 1 && spring.value(at: settle + 10) == 1)
        #expect(spring.velocity(at: settle) == 0)
        let m = spring.unitStep
        let (y, v) = m.raw(settle)
        #expect(abs(y) <= 1.0001e-4 && abs(v) / m.omega <= 1.0001e-4)
    }

    @Test func bouncySpringOvershootsWhereTheoryPredicts() {
        // ζ = 0.7: first overshoot e^(−ζπ/√(1−ζ²)) ≈ 4.6 % at t = π/ω_d ≈ 0.35 s.
        let s = Spring.bouncy
        let zeta = 0.7, wd = 4 * Double.pi * (1 - zeta * zeta).squareRoot()
        let tPeak = Double.pi / wd
        #expect(approx(s.value(at: tPeak), 1 + exp(-zeta * .pi / (1 - zeta * zeta).squareRoot()), 1e-9))
        #expect(s.value(at: tPeak) > s.value(at: tPeak - 0.01) && s.value(at: tPeak) > s.value(at: tPeak + 0.01))
        // Critically and over-damped springs never overshoot.
        for t in stride(from: 0.0, to: 2, by: 0.01) {
            #expect(Spring.smooth.value(at: t) <= 1)
            #expect(Spring(duration: 0.5, bounce: -0.5).value(at: t) <= 1)
        }
        #expect(Curve.bouncy.intrinsicDuration == s.settlingDuration)
    }

    @Test func animationModifiers() throws {
        let a = Animation.easeInOut(duration: 1).delay(0.5).speed(2)
        #expect(a.progress(at: 0.25) == 0)
        #expect(approx(a.progress(at: 0.5), 0.5, 1e-12))
        #expect(a.totalDuration == 0.75)
        let r = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        #expect(approx(r.progress(at: 0.25), 0.25) && approx(r.progress(at: 1.25), 0.75) && r.progress(at: 5) == 0)
        #expect(r.totalDuration == 2)
        let once = Animation.linear(duration: 1).repeatCount(3, autoreverses: false)
        #expect(approx(once.progress(at: 2.5), 0.5) && once.progress(at: 9) == 1)
        #expect(Animation.linear(duration: 1).repeatForever().totalDuration == nil)
        let s = Animation.spring(.bouncy)
        #expect(s.totalDuration == Spring.bouncy.settlingDuration && s.progress(at: 9) == 1)
        let parsed = try Animation(parsing: ".easeInOut(duration: 1).delay(0.5).repeatCount(2, autoreverses: false).speed(2)")
        #expect(parsed.duration == 1 && parsed.delay == 0.5 && parsed.repeatCount == 2 && !parsed.autoreverses && parsed.speed == 2)
        #expect(parsed.description == ".easeInOut(duration: 1).delay(0.5).repeatCount(2, autoreverses: false).speed(2)")
        #expect(try Animation(parsing: ".smooth.repeatForever(autoreverses: true)").repeatCount == nil)
    }
}
