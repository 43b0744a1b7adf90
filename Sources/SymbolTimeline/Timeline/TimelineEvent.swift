import SymbolScene

/// One entry of a timeline. Times are clip seconds.
package enum TimelineEvent: Hashable, Sendable {
    /// A discrete effect (`.bounce`) or a transition (`.appear`, `.disappear`) at a time.
    case discrete(SymbolEffect, options: SymbolEffectOptions = .default, at: Double)
    /// An indefinite effect active from `from` until `until` (nil: to the end of the clip);
    /// eased in and out. Discrete effects repeat while active.
    case indefinite(SymbolEffect, options: SymbolEffectOptions = .default, from: Double, until: Double?)
    /// A content transition at a time to the timeline's document `with` (an index).
    case replace(with: Int, effect: SymbolEffect = .replace, options: SymbolEffectOptions = .default, at: Double)
    /// A keyframe track (canvas scale, rotation, offsets, opacity, or the variable value).
    case keyframes(KeyframeTrack)
}

/// What the variable value drives.
package enum VariableValueMode: String, Hashable, Sendable {
    /// Variable colour: layers above the value are dimmed (the default).
    case color
    /// Variable Draw: layers with a variable-draw range draw in as the value rises.
    case draw
}

/// Static style values the timeline needs.
package struct TimelineStyle: Hashable, Sendable {
    /// 0…1, or nil for none.
    package var variableValue: Double?
    package var variableValueMode: VariableValueMode
    /// Replace motion by cross-fades, as Reduce Motion does: no scale, rotation or translation.
    package var reduceMotion: Bool
    /// Wiggle `.forward` goes left when true.
    package var rightToLeft: Bool
    package var defaults: EffectDefaults

    package init(variableValue: Double? = nil, variableValueMode: VariableValueMode = .color, reduceMotion: Bool = false,
                rightToLeft: Bool = false, defaults: EffectDefaults = .standard) {
        self.variableValue = variableValue; self.variableValueMode = variableValueMode
        self.reduceMotion = reduceMotion; self.rightToLeft = rightToLeft; self.defaults = defaults
    }
}

/// A timeline that cannot be played: which event (if one) and why, in a sentence.
package struct TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the timeline is wrong, or asks for something not built yet.
    package enum Reason: String, Hashable, Sendable {
        case invalid
        /// Draw On/Off and Variable Draw: a later issue.
        case notYetSupported
    }
    package let reason: Reason
    /// Index into the events given to `Timeline`, or nil for the timeline as a whole.
    package let eventIndex: Int?
    package let message: String

    package init(_ message: String, event: Int? = nil, reason: Reason = .invalid) {
        self.message = message; self.eventIndex = event; self.reason = reason
    }

    package var description: String { (eventIndex.map { "event \($0): " } ?? "") + message }
}
