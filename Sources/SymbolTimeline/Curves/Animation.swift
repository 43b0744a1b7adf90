/// A SwiftUI-style animation: a curve with a duration and the modifiers `delay`,
/// `repeatCount(n, autoreverses:)`, `repeatForever(autoreverses:)` and `speed`.
package struct Animation: Hashable, Sendable, CustomStringConvertible {
    package var curve: Curve
    /// Seconds for Bézier curves; springs use their settling time instead.
    package var duration: Double
    package var delay: Double = 0
    /// Plays; nil repeats forever.
    package var repeatCount: Int? = 1
    package var autoreverses = false
    /// Divides every duration, the delay included.
    package var speed: Double = 1

    package init(curve: Curve, duration: Double = 0.35) {
        self.curve = curve
        self.duration = max(0, duration)
    }

    package static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    package static func easeIn(duration: Double) -> Animation { Animation(curve: .easeIn, duration: duration) }
    package static func easeOut(duration: Double) -> Animation { Animation(curve: .easeOut, duration: duration) }
    package static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }
    package static func spring(_ spring: Spring) -> Animation { Animation(curve: .spring(spring)) }

    package func delay(_ seconds: Double) -> Animation { var a = self; a.delay = max(0, seconds); return a }
    package func speed(_ factor: Double) -> Animation { var a = self; a.speed = factor > 0 ? factor : 1; return a }
    package func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var a = self; a.repeatCount = max(1, count); a.autoreverses = autoreverses; return a
    }
    package func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self; a.repeatCount = nil; a.autoreverses = autoreverses; return a
    }

    /// One play, before speed.
    package var iterationDuration: Double { curve.intrinsicDuration ?? duration }

    /// Seconds from start to rest, or nil when it repeats forever.
    package var totalDuration: Double? {
        guard let n = repeatCount else { return nil }
        return (delay + iterationDuration * Double(n)) / speed
    }

    /// Progress 0…1 (springs may overshoot) at `t` seconds after the animation starts. Reversed
    /// plays run backward, so an even count with `autoreverses` ends at 0 (SwiftUI snaps to the
    /// end value instead; we keep the motion continuous).
    package func progress(at t: Double) -> Double {
        let local = t * speed - delay
        if local <= 0 { return 0 }
        let length = iterationDuration
        guard length > 0 else { return 1 }
        var play = Int((local / length).rounded(.down))
        var elapsed = local - Double(play) * length
        if let n = repeatCount, play >= n { play = n - 1; elapsed = length }
        let p = curve.progress(elapsed: elapsed, duration: length)
        return autoreverses && play % 2 == 1 ? 1 - p : p
    }

    package var description: String {
        var s: String
        switch curve {
        case .spring, .move: s = curve.description
        case .timingCurve(let a, let b, let c, let d):
            s = ".timingCurve(\(format(a)), \(format(b)), \(format(c)), \(format(d)), duration: \(format(duration)))"
        default: s = ".\(curve.description)(duration: \(format(duration)))"
        }
        if delay > 0 { s += ".delay(\(format(delay)))" }
        if let n = repeatCount, n > 1 { s += ".repeatCount(\(n), autoreverses: \(autoreverses))" }
        if repeatCount == nil { s += ".repeatForever(autoreverses: \(autoreverses))" }
        if speed != 1 { s += ".speed(\(format(speed)))" }
        return s
    }
}
