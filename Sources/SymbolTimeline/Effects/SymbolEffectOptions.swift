/// Apple's `SymbolEffectOptions`: how often an effect plays and how fast.
package struct SymbolEffectOptions: Hashable, Sendable, CustomStringConvertible {
    /// Apple's `SymbolEffectOptions.RepeatBehavior`.
    package enum RepeatBehavior: Hashable, Sendable {
        /// `count` plays (nil: endless, until the event's interval ends) with `delay` seconds
        /// of rest between plays. `.repeat(3)` is `periodic(count: 3, delay: 0)`.
        case periodic(count: Int?, delay: Double)
        /// An intro, a seamless looping body while the effect is active, then an outro.
        case continuous
    }

    /// nil: the default — one play for an event at a time, endless for an interval.
    package var repeatBehavior: RepeatBehavior?
    /// Divides every duration; the timeline clamps it to 0.5…2 (as Apple does) with a diagnostic.
    package var speed: Double

    package init(repeatBehavior: RepeatBehavior? = nil, speed: Double = 1) {
        self.repeatBehavior = repeatBehavior
        self.speed = speed
    }

    package static let `default` = SymbolEffectOptions()
    package static let repeating = SymbolEffectOptions(repeatBehavior: .periodic(count: nil, delay: 0))
    package static let nonRepeating = SymbolEffectOptions(repeatBehavior: .periodic(count: 1, delay: 0))
    package static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions().repeat(count) }
    package static func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions { SymbolEffectOptions().repeat(behavior) }
    package static func speed(_ factor: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(factor) }

    package func `repeat`(_ count: Int) -> SymbolEffectOptions { self.repeat(.periodic(count: count, delay: 0)) }
    package func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions {
        var o = self; o.repeatBehavior = behavior; return o
    }
    package func speed(_ factor: Double) -> SymbolEffectOptions { var o = self; o.speed = factor; return o }
    package var repeating: SymbolEffectOptions { self.repeat(.periodic(count: nil, delay: 0)) }
    package var nonRepeating: SymbolEffectOptions { self.repeat(1) }

    /// Apple's spelling: `.repeat(.periodic(3, delay: 0.5)).speed(2)`, `.default` when empty.
    package var description: String {
        var parts: [String] = []
        switch repeatBehavior {
        case nil: break
        case .continuous: parts.append(".repeat(.continuous)")
        case .periodic(let n, let d) where d == 0:
            parts.append(n.map { $0 == 1 ? ".nonRepeating" : ".repeat(\($0))" } ?? ".repeating")
        case .periodic(let n, let d):
            parts.append(".repeat(.periodic(" + (n.map { "\($0), " } ?? "") + "delay: \(format(d))))")
        }
        if speed != 1 { parts.append(".speed(\(format(speed)))") }
        return parts.isEmpty ? ".default" : parts.joined()
    }
}
