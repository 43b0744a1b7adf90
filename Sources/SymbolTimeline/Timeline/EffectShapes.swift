import SymbolGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring's impulse response (start at rest position with unit velocity), scaled so its first
/// peak is 1: the shape of a bounce, which kicks out and springs back.
struct ImpulseShape: Sendable {
    let motion: SpringMotion
    let peakTime: Double
    let peak: Double

    init(_ spring: Spring) {
        motion = SpringMotion(spring, displacement: 0, velocity: 1)
        let (w, z) = (motion.omega, motion.zeta)
        if z < 1 {
            let a = z * w, wd = w * (1 - z * z).squareRoot()
            peakTime = atan2(wd, a) / wd
        } else if z == 1 {
            peakTime = 1 / w
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            peakTime = log(r2 / r1) / (r1 - r2)
        }
        peak = motion.raw(peakTime).0
    }

    func value(at u: Double) -> Double { u <= 0 || peak == 0 ? 0 : motion.raw(u).0 / peak }
}

/// Bounce, as measured on Apple's renderer (docs/effects.md): the symbol is kicked (a
/// critically damped spring with an initial velocity, whose only peak is at `peakTime`), then an
/// underdamped spring releases it from the peak: one clear undershoot, and a residual the
/// caller eases to rest. Continuous with zero velocity at the hand-over; the peak value is 1.
struct BounceShape: Sendable {
    let peakTime: Double
    let release: SpringMotion

    init(peakTime: Double, release spring: Spring) {
        self.peakTime = max(peakTime, 1e-3)
        release = SpringMotion(spring, displacement: 1, velocity: 0)
    }

    func value(at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u <= peakTime { let x = u / peakTime; return x * exp(1 - x) }
        return release.raw(u - peakTime).0
    }
}

/// Rotate's turn, as measured on Apple's renderer (docs/effects.md): it moves at once (≈210°/s
/// in the first frame), yet speeds up slowly at first and peaks late (≈450°/s at ≈0.37 s) with a
/// long tail. A spring alone cannot do both: its acceleration is largest at the start. So a
/// spring with an initial velocity chases a target that itself eases to the full turn
/// (1 − e^(−t/lead)); the sum of the forced response and the spring's own motion is closed-form.
/// Progress runs 0 → 1 with no overshoot for the fitted values.
struct TurnShape: Sendable {
    /// The spring's own motion, from the start state relative to the forced response.
    let free: SpringMotion
    /// The forced response to the target's easing: `forced · e^(−t/lead)`.
    let forced: Double
    let lead: Double

    init(_ spring: Spring, lead: Double, velocity: Double) {
        let w = 2 * Double.pi / spring.duration, z = spring.dampingRatio
        self.lead = max(lead, 0)
        let rate = self.lead > 0 ? 1 / self.lead : 0
        // Particular solution of y'' + 2ζωy' + ω²y = −ω²e^(−rate·t) (y = progress − 1), C·e^(−rate·t).
        let denominator = rate * rate - 2 * z * w * rate + w * w
        forced = self.lead > 0 && abs(denominator) > 1e-9 ? -w * w / denominator : 0
        free = SpringMotion(spring, displacement: -1 - forced, velocity: velocity + rate * forced)
    }

    /// Progress of the turn (0 at rest, 1 the full turn) at `u` seconds, before any settling.
    func progress(at u: Double) -> Double {
        if u <= 0 { return 0 }
        return 1 + free.raw(u).0 + (lead > 0 ? forced * exp(-u / lead) : 0)
    }
}

extension EffectProgram {
    /// One rest-to-rest play of `shape` at `u` seconds into it.
    func play(_ shape: PlayShape, _ u: Double, _ ctx: DocumentContext, pulseLayer: Bool, _ reduceMotion: Bool,
              _ rightToLeft: Bool) -> Contribution {
        let p = playLength, d = defaults, dip = d.reduceMotionDip
        switch shape {
        case .bounce(let amplitude, let shape):
            // The release spring's tail is eased to exactly zero over the last `bounceSettle` seconds.
            let h = shape.value(at: u) * settleWindow(u, length: p, settle: d.bounceSettle)
            return reduceMotion ? Contribution(opacity: 1 - dip * abs(h)) : Contribution(scale: 1 + amplitude * h)
        case .pulse:
            // Down, then back up over `pulseRise`, each a cosine ease (Apple's measured fall: 15 /
            // 53 / 87 % at a quarter, half and three quarters; the cosine gives 15 / 50 / 85).
            let rise = min(max(d.pulseRise, 0), p), fall = p - rise
            let y = p <= 0 ? 0 : u <= fall ? Ease.sine(fall > 0 ? u / fall : 1) : 1 - Ease.sine((u - fall) / max(rise, 1e-9))
            return Contribution(opacity: 1 - (1 - d.dim) * y)
        case .wiggle(let direction, let impulse):
            let v = impulse.value(at: u) * settleWindow(u, length: p, settle: d.wiggleSettle)
            if reduceMotion { return Contribution(opacity: 1 - dip * abs(v)) }
            switch direction {
            case .clockwise: return Contribution(rotation: d.wiggleRotation * v)
            case .counterClockwise: return Contribution(rotation: -d.wiggleRotation * v)
            default: return Contribution(translation: EffectProgram.axis(direction, rightToLeft) * (d.wiggleTranslation * ctx.width * v))
            }
        case .styledWiggle:
            return .identity  // resolved per layer first (`body(forLayer:)`)
        case .breathe(let pulse):
            // Cosine ease up over `breatheRise`, down over the rest: smooth, no overshoot.
            let rise = min(max(d.breatheRise, 0), p)
            let b = p <= 0 ? 0 : u <= rise ? Ease.sine(rise > 0 ? u / rise : 1) : 1 - Ease.sine((u - rise) / max(p - rise, 1e-9))
            var c = reduceMotion ? Contribution(opacity: pulse ? 1 : 1 - dip * b) : Contribution(scale: 1 + (d.breatheScale - 1) * b)
            if pulse, pulseLayer { c.opacity *= 1 - (1 - d.dim) * b }
            return c
        case .turn(let sign, let shape):
            // The turn's residual is eased out so it lands exactly at `rotateTurn`, then rests.
            let turn = min(d.rotateTurn, p)
            let x = u >= turn ? 1 : 1 + (shape.progress(at: u) - 1) * settleWindow(u, length: turn, settle: d.rotateSettle)
            let angle = (360 * x).truncatingRemainder(dividingBy: 360)
            return reduceMotion ? Contribution(opacity: 1 - dip * (1 - cos(angle * .pi / 180)) / 2)
                                : Contribution(rotation: sign * angle)
        }
    }

    /// 1 until the last `settle` seconds of a play of `length`, then a smoothstep down to 0 at its end.
    private func settleWindow(_ u: Double, length: Double, settle raw: Double) -> Double {
        let settle = min(max(raw, 0), length)
        return settle > 0 ? 1 - Ease.smoothstep((u - (length - settle)) / settle) : (u < length ? 1 : 0)
    }

    /// Unit direction of a moving wiggle in symbol space (y down).
    static func axis(_ w: WiggleDirection, _ rightToLeft: Bool) -> Point {
        switch w {
        case .left: return Point(-1, 0)
        case .right: return Point(1, 0)
        case .up: return Point(0, -1)
        case .down: return Point(0, 1)
        case .forward: return Point(rightToLeft ? -1 : 1, 0)
        case .backward: return Point(rightToLeft ? 1 : -1, 0)
        case .custom(let a): return Point(cos(a * .pi / 180), sin(a * .pi / 180))
        case .clockwise, .counterClockwise: return .zero
        }
    }

    // MARK: Scale (held while active)

    /// Eased (S-shaped, no overshoot, as measured) to `target` over `scaleDuration`, held, and
    /// eased back from wherever it is after `stop`.
    func held(_ target: Double, tau: Double, _ reduceMotion: Bool) -> Contribution? {
        guard tau >= 0 else { return nil }
        let length = defaults.scaleDuration
        func entry(_ t: Double) -> Double { 1 + (target - 1) * Curve.easeInOut.progress(elapsed: t, duration: length) }
        var x = entry(tau)
        if let stop = schedule.stop, tau >= stop {
            let from = entry(stop)
            x = from + (1 - from) * Curve.easeInOut.progress(elapsed: tau - stop, duration: length)
        }
        if reduceMotion {
            let span = abs(target - 1)
            return Contribution(opacity: span > 0 ? 1 - defaults.reduceMotionDip * min(1, abs(x - 1) / span) : 1)
        }
        return Contribution(scale: x)
    }

    // MARK: Indefinite rotation

    /// How a rotation stops after `stop` (effect time): it keeps turning at full speed for
    /// `coast` seconds, then eases to rest over `length` seconds, `distance` degrees further,
    /// landing on a whole turn. Stopped while still speeding up, it eases straight to the next
    /// whole turn at least a normal stopping distance ahead.
    struct SpinStop {
        let stop: Double, angle: Double, velocity: Double, coast: Double, length: Double, distance: Double
        var end: Double { stop + coast + length }
    }

    private func freeSpin(_ tau: Double) -> (angle: Double, velocity: Double) {
        let omega = 360 * defaults.rotateTurnsPerSecond, ramp = defaults.rotateRamp
        if tau <= 0 { return (0, 0) }
        if tau < ramp {
            return (omega * (tau / 2 - ramp / (2 * .pi) * sin(.pi * tau / ramp)), omega * (1 - cos(.pi * tau / ramp)) / 2)
        }
        return (omega * ramp / 2 + omega * (tau - ramp), omega)
    }

    func spinStop() -> SpinStop? {
        guard let stop = schedule.stop else { return nil }
        let (angle, v) = freeSpin(stop)
        guard v > 0 else { return SpinStop(stop: stop, angle: angle, velocity: 0, coast: 0, length: 0, distance: 0) }
        let omega = 360 * defaults.rotateTurnsPerSecond, ramp = defaults.rotateRamp
        let braking = v * ramp / 2
        let target = ((angle + braking) / 360 - 1e-9).rounded(.up) * 360
        if v >= omega {
            return SpinStop(stop: stop, angle: angle, velocity: v, coast: (target - braking - angle) / v, length: ramp, distance: braking)
        }
        let distance = target - angle
        let length = distance > 0 ? min(2 * distance / v, ramp + 2 * distance / omega) : 0
        return SpinStop(stop: stop, angle: angle, velocity: v, coast: 0, length: length, distance: distance)
    }

    func spin(_ sign: Double, tau: Double, _ reduceMotion: Bool) -> Contribution {
        var angle: Double
        if let s = spinStop(), tau >= s.stop {
            let braking = s.angle + s.velocity * s.coast
            let u = tau - s.stop - s.coast
            if u < 0 {
                angle = s.angle + s.velocity * (tau - s.stop)
            } else if u < s.length {
                // Hermite ease from the turning speed to rest; m0 = 2 is a linear slow-down.
                let x = u / s.length, m0 = s.velocity * s.length / max(s.distance, 1e-12)
                angle = braking + s.distance * ((x * x * x - 2 * x * x + x) * m0 + (-2 * x * x * x + 3 * x * x))
            } else {
                angle = braking + s.distance
            }
        } else {
            angle = freeSpin(tau).angle
        }
        // Whole turns are rest: keep the value small so the transform is exactly identity there.
        angle = angle.truncatingRemainder(dividingBy: 360)
        if reduceMotion { return Contribution(opacity: 1 - defaults.reduceMotionDip * (1 - cos(angle * .pi / 180)) / 2) }
        return Contribution(rotation: sign * angle)
    }
}
