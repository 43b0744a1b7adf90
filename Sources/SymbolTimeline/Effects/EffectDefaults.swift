/// Every duration and magnitude the effects use, in ONE table (docs/effects.md). Apple
/// publishes none of these. Bounce, Pulse, Breathe, Wiggle and the byLayer stagger are fitted
/// to a frame-by-frame measurement of Apple's own renderer (docs/effects.md, "Motion measured
/// against Apple"); the rest are ours, chosen to look like Apple's. `entries` lists them (the
/// command line prints them); `set(_:to:)` overrides one by key for a preset. The values
/// are read by key (`defaults["bounce.upScale"]`), so the public surface stays this small.
package struct EffectDefaults: Hashable, Sendable {
    var staggerMax = 0.067
    var staggerFraction = 0.35
    var handoff = 0.1

    var bounceDuration = 0.65
    var bounceUpScale = 1.23
    var bounceDownScale = 0.80
    var bouncePeakTime = 0.185
    var bounceSpringDuration = 0.41
    var bounceSpringBounce = 0.70
    var bounceSettle = 0.2

    var pulseDuration = 2.0
    var pulseMinimumOpacity = 0.26

    var variableColorStep = 0.2
    var variableColorFade = 0.12
    var variableColorDimOpacity = 0.25

    var scaleUpScale = 1.15
    var scaleDownScale = 0.85
    var scaleSpringDuration = 0.4
    var scaleSpringBounce = 0.15

    var wiggleDuration = 0.85
    var wiggleTranslation = 0.059
    var wiggleRotation = 10.0
    var wiggleSpringDuration = 0.338
    var wiggleSpringBounce = 0.896
    var wiggleSettle = 0.25

    var rotateDuration = 1.0
    var rotateTurnsPerSecond = 1.0
    var rotateRamp = 0.5

    var breatheDuration = 2.6
    var breatheRise = 1.2
    var breatheScale = 1.19
    var breathePulseOpacity = 0.27

    var appearDuration = 0.35
    var appearSpringBounce = 0.2
    var appearSmallScale = 0.5
    var appearLargeScale = 1.5
    var appearBlur = 0.03

    var replaceOutDuration = 0.25
    var replaceInDuration = 0.35
    var replaceInDelay = 0.1
    var replaceMagicDuration = 0.45

    var drawDuration = 0.6
    var variableDrawTrackOpacity = 0.3

    var variableValueCrossFade = 0.3
    var variableValueInactiveOpacity = 0.25

    var speedMinimum = 0.5
    var speedMaximum = 2.0
    var reduceMotionDip = 0.3

    package init() {}

    /// The defaults of docs/effects.md.
    package static let standard = EffectDefaults()

    /// One row of the table.
    package struct Entry: Hashable, Sendable {
        /// Dotted key, such as `bounce.upScale`.
        package let key: String
        package let value: Double
        /// `s`, `×`, `°`, `opacity`, `fraction`, … for display.
        package let unit: String
        package let meaning: String
    }

    /// The whole table in a stable order.
    package var entries: [Entry] {
        EffectDefaults.table.map { Entry(key: $0.key, value: self[keyPath: $0.path], unit: $0.unit, meaning: $0.meaning) }
    }

    /// The value for a dotted key, or nil for an unknown key.
    package subscript(key: String) -> Double? {
        EffectDefaults.table.first { $0.key == key }.map { self[keyPath: $0.path] }
    }

    /// Overrides one value. Durations must be > 0 (≥ 0 for delays); errors name the nearest key.
    package mutating func set(_ key: String, to value: Double) throws {
        guard let row = EffectDefaults.table.first(where: { $0.key == key }) else {
            var message = "unknown default '\(key)'"
            if let s = nearestName(to: key, in: EffectDefaults.table.map(\.key)) { message += "; did you mean '\(s)'?" }
            throw ExpressionError(message, offset: nil, keyPath: key)
        }
        guard value.isFinite, value >= 0, row.unit != "s" || value > 0 || row.key.hasSuffix("Delay") else {
            throw ExpressionError("default '\(key)' must be a finite number ≥ 0 (> 0 for durations), not \(format(value))",
                                  offset: nil, keyPath: key)
        }
        self[keyPath: row.path] = value
    }

    // Computed (not stored) so the key paths need not be Sendable.
    private static var table: [(key: String, path: WritableKeyPath<EffectDefaults, Double>, unit: String, meaning: String)] {
        [
            ("stagger.max", \.staggerMax, "s", "byLayer: delay between motion groups, at most"),
            ("stagger.fraction", \.staggerFraction, "fraction", "…or this fraction of one group's play, if smaller"),
            ("handoff", \.handoff, "s", "a later effect of the same kind takes over within this time"),
            ("bounce.duration", \.bounceDuration, "s", "one bounce, rest to rest"),
            ("bounce.upScale", \.bounceUpScale, "×", "peak scale of .bounce.up"),
            ("bounce.downScale", \.bounceDownScale, "×", "peak scale of .bounce.down"),
            ("bounce.peakTime", \.bouncePeakTime, "s", "the kick: a critically damped spring with an initial velocity peaks here"),
            ("bounce.springDuration", \.bounceSpringDuration, "s", "the spring that releases the peak (one undershoot)"),
            ("bounce.springBounce", \.bounceSpringBounce, "", "its bounce"),
            ("bounce.settle", \.bounceSettle, "s", "last part of a bounce, where the spring's residual is eased to rest"),
            ("pulse.duration", \.pulseDuration, "s", "one pulse cycle (cosine ease down and back)"),
            ("pulse.minimumOpacity", \.pulseMinimumOpacity, "opacity", "opacity at the middle of a pulse"),
            ("variableColor.step", \.variableColorStep, "s", "time each step of the sequence holds"),
            ("variableColor.fade", \.variableColorFade, "s", "fade between steps, and into and out of the effect"),
            ("variableColor.dimOpacity", \.variableColorDimOpacity, "opacity", "inactive layers with .dimInactiveLayers"),
            ("scale.upScale", \.scaleUpScale, "×", "scale held by .scale.up"),
            ("scale.downScale", \.scaleDownScale, "×", "scale held by .scale.down"),
            ("scale.springDuration", \.scaleSpringDuration, "s", "spring into and out of the held scale"),
            ("scale.springBounce", \.scaleSpringBounce, "", "its bounce"),
            ("wiggle.duration", \.wiggleDuration, "s", "one wiggle, rest to rest"),
            ("wiggle.translation", \.wiggleTranslation, "fraction", "first swing of a moving wiggle, of the guide box's width"),
            ("wiggle.rotation", \.wiggleRotation, "°", "first swing of a turning wiggle"),
            ("wiggle.springDuration", \.wiggleSpringDuration, "s", "spring kicked by an initial velocity: its swings are the wiggle"),
            ("wiggle.springBounce", \.wiggleSpringBounce, "", "its bounce (each swing about 0.72 of the one before)"),
            ("wiggle.settle", \.wiggleSettle, "s", "last part of a wiggle, eased back to rest"),
            ("rotate.duration", \.rotateDuration, "s", "one play: a full turn, ease-in-out"),
            ("rotate.turnsPerSecond", \.rotateTurnsPerSecond, "turns/s", "speed of an indefinite rotation"),
            ("rotate.ramp", \.rotateRamp, "s", "eased start (and shortest stop) of an indefinite rotation"),
            ("breathe.duration", \.breatheDuration, "s", "one breath: cosine ease up, then down"),
            ("breathe.rise", \.breatheRise, "s", "its rise (the fall takes the rest)"),
            ("breathe.scale", \.breatheScale, "×", "scale at the top of a breath"),
            ("breathe.pulseOpacity", \.breathePulseOpacity, "opacity", "pulse layers at the top of a .breathe.pulse"),
            ("appear.duration", \.appearDuration, "s", "appear/disappear: ease-out opacity, and the scale spring's duration"),
            ("appear.springBounce", \.appearSpringBounce, "", "bounce of the scale spring"),
            ("appear.smallScale", \.appearSmallScale, "×", "appear.up grows from, disappear.down shrinks to"),
            ("appear.largeScale", \.appearLargeScale, "×", "appear.down shrinks from, disappear.up grows to"),
            ("appear.blur", \.appearBlur, "fraction", "blur radius when transparent, of the guide box's height"),
            ("replace.outDuration", \.replaceOutDuration, "s", "the old symbol's disappear"),
            ("replace.inDuration", \.replaceInDuration, "s", "the new symbol's appear"),
            ("replace.inDelay", \.replaceInDelay, "s", "the new symbol starts this long after the old"),
            ("replace.magicDuration", \.replaceMagicDuration, "s", "Magic Replace"),
            ("draw.duration", \.drawDuration, "s", "Draw On/Off per layer"),
            ("variableDraw.trackOpacity", \.variableDrawTrackOpacity, "opacity", "Variable Draw's undrawn track"),
            ("variableValue.crossFade", \.variableValueCrossFade, "s", "a layer crossing its threshold fades over this time"),
            ("variableValue.inactiveOpacity", \.variableValueInactiveOpacity, "opacity", "layers above the variable value"),
            ("speed.minimum", \.speedMinimum, "×", ".speed(x) is clamped to at least this"),
            ("speed.maximum", \.speedMaximum, "×", "…and at most this"),
            ("reduceMotion.dip", \.reduceMotionDip, "opacity", "with Reduce Motion, motion becomes an opacity dip this deep"),
        ]
    }
}
