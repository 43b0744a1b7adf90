/// Every duration and magnitude the effects use, in ONE table (docs/effects.md). Apple
/// publishes none of these. Most are fitted to frame-by-frame measurements of Apple's own
/// renderer (docs/effects.md, "Motion measured against Apple"); the rest are ours, chosen to
/// look like Apple's; each entry names its source. `entries` lists them (the command line
/// prints them); `set(_:to:)` overrides one by key for a preset. The values
/// are read by key (`defaults["bounce.upScale"]`), so the public surface stays this small.
package struct EffectDefaults: Hashable, Sendable {
    var staggerMax = 0.067
    var staggerFraction = 0.15
    var handoff = 0.1
    /// One level for every dimmed layer: Variable Color's inactive layers, Pulse's minimum and
    /// Breathe's dip measured 0.29–0.31 in the same recordings, so they are one number.
    var dim = 0.30

    var bounceDuration = 0.70
    var bounceUpScale = 1.248
    var bounceDownScale = 0.751
    var bouncePeakTime = 0.205
    var bounceSpringDuration = 0.41
    var bounceSpringBounce = 0.70
    var bounceDownSpringBounce = 0.735
    var bounceSettle = 0.2

    var pulseDuration = 2.0
    var pulseRise = 0.95

    var variableColorSweep = 0.75
    var variableColorAttack = 0.12
    var variableColorRelease = 0.52
    var variableColorRest = 0.42
    var variableColorRamp = 0.25
    var variableColorHold = 0.4
    var variableColorCumulativeRest = 0.8
    var variableColorFade = 0.12

    var scaleUpScale = 1.26
    var scaleDownScale = 0.85
    var scaleDuration = 0.30

    var wiggleDuration = 0.85
    var wiggleTranslation = 0.059
    var wiggleRotation = 9.6
    var wiggleSpringDuration = 0.338
    var wiggleSpringBounce = 0.896
    var wiggleRotationSpringBounce = 0.925
    var wiggleSettle = 0.25

    var rotateDuration = 2.0
    var rotateTurn = 1.9
    var rotateSpringDuration = 1.698
    var rotateSpringBounce = 0.0
    var rotateSpringVelocity = 220.0
    var rotateLead = 0.12
    var rotateSettle = 0.3
    var rotateTurnsPerSecond = 0.5
    var rotateRamp = 0.0

    var breatheDuration = 2.6
    var breatheRise = 1.2
    var breatheScale = 1.19

    var appearDuration = 0.27
    var appearFade = 0.2
    var appearSmallScale = 0.8
    var appearLargeScale = 1.2
    var appearBlur = 0.03
    var disappearDuration = 0.085
    var disappearFadeDelay = 0.02
    var disappearFade = 0.105
    var disappearSmallScale = 0.85
    var disappearLargeScale = 1.15

    var replaceShrinkDuration = 0.205
    var replaceGrowSpringDuration = 0.24
    var replaceSwapScale = 0.5
    var replaceUpOutDuration = 0.17
    var replaceUpInDuration = 0.27
    var replaceUpInDelay = 0.12
    var replaceUpInScale = 0.55
    var replaceUpInOpacity = 0.3

    var magicSlashOffDuration = 0.2
    var magicSlashDrawDuration = 0.22
    var magicSlashOnDuration = 0.33
    var magicSlashOvershoot = 0.07
    var magicBounce = 0.057
    var magicBounceDuration = 0.66
    var magicBounceSettle = 0.34
    var magicBounceSpringDuration = 0.42
    var magicBounceSpringBounce = 0.83
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
        /// Where the value comes from: "measured: …" (which recording and what it showed),
        /// "Apple's words: …" or "ours".
        package let source: String
    }

    /// The whole table in a stable order.
    package var entries: [Entry] {
        EffectDefaults.table.map { Entry(key: $0.key, value: self[keyPath: $0.path], unit: $0.unit, meaning: $0.meaning, source: $0.source) }
    }

    /// The value for a dotted key, or nil for an unknown key.
    package subscript(key: String) -> Double? {
        EffectDefaults.table.first { $0.key == key }.map { self[keyPath: $0.path] }
    }

    /// Overrides one value. Durations must be > 0 (≥ 0 for delays, rests and ramps); errors name the nearest key.
    package mutating func set(_ key: String, to value: Double) throws {
        guard let row = EffectDefaults.table.first(where: { $0.key == key }) else {
            var message = "unknown default '\(key)'"
            if let s = nearestName(to: key, in: EffectDefaults.table.map(\.key)) { message += "; did you mean '\(s)'?" }
            throw ExpressionError(message, offset: nil, keyPath: key)
        }
        guard value.isFinite, value >= 0, row.unit != "s" || value > 0 || ["Delay", "Rest", "rest", "ramp", "lead"].contains(where: row.key.hasSuffix) else {
            throw ExpressionError("default '\(key)' must be a finite number ≥ 0 (> 0 for durations), not \(format(value))",
                                  offset: nil, keyPath: key)
        }
        self[keyPath: row.path] = value
    }

    // Computed (not stored) so the key paths need not be Sendable.
    private static var table: [(key: String, path: WritableKeyPath<EffectDefaults, Double>, unit: String, meaning: String, source: String)] {
        [
            ("stagger.max", \.staggerMax, "s", "byLayer: delay between motion groups, at most", "measured (Xcode preview, sparkles; SF Symbols app and WWDC recordings, 30 fps): layers start 50–67 ms apart"),
            ("stagger.fraction", \.staggerFraction, "fraction", "…or this fraction of one group's play, if smaller", "measured: Appear/Disappear layers ≈1 frame (33 ms) apart"),
            ("handoff", \.handoff, "s", "a later effect of the same kind takes over within this time", "Apple's words: a later effect of the same kind replaces the earlier; the time is ours"),
            ("dim", \.dim, "opacity", "Variable Color's inactive layers, Pulse's minimum, Breathe .pulse's dip", "measured: 0.29–0.31 in four Variable Color, three Pulse and the Breathe recordings"),
            ("bounce.duration", \.bounceDuration, "s", "one bounce, rest to rest", "measured: back to rest ≈0.63 s (up), ≈0.67 s (down) after the first visible change"),
            ("bounce.upScale", \.bounceUpScale, "×", "peak scale of .bounce.up", "measured: peak ×1.244–1.251"),
            ("bounce.downScale", \.bounceDownScale, "×", "peak scale of .bounce.down", "measured: trough ×0.751"),
            ("bounce.peakTime", \.bouncePeakTime, "s", "the kick: a critically damped spring with an initial velocity peaks here", "measured: peak 0.18–0.20 s after the first visible change (half a frame after the start)"),
            ("bounce.springDuration", \.bounceSpringDuration, "s", "the spring that releases the peak (one undershoot)", "measured: undershoot ≈0.40 s, overshoot of .down ≈0.42 s (fitted half-period 0.21 s)"),
            ("bounce.springBounce", \.bounceSpringBounce, "", "its bounce for .up", "measured: undershoot ×0.906–0.912, 0.37 of the peak (fitted)"),
            ("bounce.downSpringBounce", \.bounceDownSpringBounce, "", "its bounce for .down", "measured: overshoot ×1.105, 0.42 of the trough (fitted)"),
            ("bounce.settle", \.bounceSettle, "s", "last part of a bounce, where the spring's residual is eased to rest", "measured: no second overshoot"),
            ("pulse.duration", \.pulseDuration, "s", "one pulse cycle: a cosine ease down, then up", "measured: cycle ≈2.0 s (Xcode preview)"),
            ("pulse.rise", \.pulseRise, "s", "its way back up from the minimum (the fall takes the rest)", "measured: minimum → full (the first frame at the minimum to the first at 99 %) ≈0.93 s in three recordings (SF Symbols app and WWDC, 30 fps)"),
            ("variableColor.sweep", \.variableColorSweep, "s", "layer starts are sweep ÷ layers apart; a closed loop repeats every sweep", "measured: 6 bars 124 ms, 8 spokes 98 ms, 5 arcs 139–167 ms apart; sweep 0.70–0.78 s (the ÷ layers is inferred from three symbols)"),
            ("variableColor.attack", \.variableColorAttack, "s", "iterative: a layer goes inactive → full, linear", "measured: 0.10–0.13 s"),
            ("variableColor.release", \.variableColorRelease, "s", "iterative: then full → inactive, linear", "measured: 0.47–0.57 s, near-linear"),
            ("variableColor.rest", \.variableColorRest, "s", "iterative, open loop: all layers inactive between sweeps", "measured: ≈0.4 s (5 arcs, period ≈1.67 s)"),
            ("variableColor.ramp", \.variableColorRamp, "s", "cumulative: each layer's ramp on and off, linear", "measured: ≈0.25 s, near-linear"),
            ("variableColor.hold", \.variableColorHold, "s", "cumulative: all layers lit, before they turn off last first", "measured: ≈0.4 s"),
            ("variableColor.cumulativeRest", \.variableColorCumulativeRest, "s", "cumulative: all inactive before the next sweep", "measured: ≈0.8 s"),
            ("variableColor.fade", \.variableColorFade, "s", "fade from full into the effect and back after it", "ours"),
            ("scale.upScale", \.scaleUpScale, "×", "scale held by .scale.up", "measured: ≈1.26 (an upper bound: an iPad hover platter appeared too)"),
            ("scale.downScale", \.scaleDownScale, "×", "scale held by .scale.down", "ours"),
            ("scale.duration", \.scaleDuration, "s", "ease-in-out into the held scale, and back after it", "measured: ≈0.27 s, S-shaped, no overshoot"),
            ("wiggle.duration", \.wiggleDuration, "s", "one wiggle, rest to rest", "measured: ≈0.80–0.87 s (Xcode preview)"),
            ("wiggle.translation", \.wiggleTranslation, "fraction", "first swing of a moving wiggle, of the guide box's width", "measured: first swing 7.3 px of 124 (5.9 %) (Xcode preview)"),
            ("wiggle.rotation", \.wiggleRotation, "°", "first swing of a turning wiggle", "measured: swings +9.6°, −7.7°, +5.7°, −4.9°"),
            ("wiggle.springDuration", \.wiggleSpringDuration, "s", "spring kicked by an initial velocity: its swings are the wiggle", "measured: first extreme ≈0.07 s, then every 0.13–0.2 s (fitted: 0.17 s)"),
            ("wiggle.springBounce", \.wiggleSpringBounce, "", "its bounce (each swing about 0.72 of the one before)", "measured: swings +7.3, −5.0, +3.4, −3.2 px (fitted: 0.72 each)"),
            ("wiggle.rotationSpringBounce", \.wiggleRotationSpringBounce, "", "a turning wiggle's bounce (swings 0.80 of the one before; same swing period)", "measured: swings +9.6°, −7.7°, +5.7°, −4.9° (fitted: 0.80 each)"),
            ("wiggle.settle", \.wiggleSettle, "s", "last part of a wiggle, eased back to rest", "measured: \"then an ease back\""),
            ("rotate.duration", \.rotateDuration, "s", "one play of a full turn, rest to rest", "measured: 2.0 s per play when repeating"),
            ("rotate.turn", \.rotateTurn, "s", "the turn is at rest (360°) after this", "measured: ≈1.87 s moving, ≈0.13 s still"),
            ("rotate.springDuration", \.rotateSpringDuration, "s", "the turn: a spring (2π/ω: ω 3.7 rad/s) chasing a target that eases to 360°", "measured: 10/50/90/99 % of the turn at 0.17–0.18/0.50–0.55/1.13–1.22/1.63–1.75 s, peak ≈450°/s at ≈0.37 s; fitted with the two below"),
            ("rotate.springBounce", \.rotateSpringBounce, "", "its bounce (0: critically damped)", "measured: no overshoot, long tail (fitted)"),
            ("rotate.springVelocity", \.rotateSpringVelocity, "°/s", "its initial velocity: the turn moves at once", "measured: ≈7° turned in the first 30 fps frame after the first visible change (≈210°/s; fitted)"),
            ("rotate.lead", \.rotateLead, "s", "time constant of the target's ease to 360° (1 − e^(−t/lead))", "measured: speed still ≈200°/s at 10 % of the turn, peak late (fitted)"),
            ("rotate.settle", \.rotateSettle, "s", "last part of the turn, where the spring's residual is eased to 360°", "ours: lands the turn at rotate.turn"),
            ("rotate.turnsPerSecond", \.rotateTurnsPerSecond, "turns/s", "speed of an indefinite rotation", "measured: .repeat(.continuous) turns at 180°/s"),
            ("rotate.ramp", \.rotateRamp, "s", "eased start (and shortest stop) of an indefinite rotation", "measured: linear, no easing, no pause"),
            ("breathe.duration", \.breatheDuration, "s", "one breath: cosine ease up, then down", "measured: one breath ≈2.6 s (Xcode preview)"),
            ("breathe.rise", \.breatheRise, "s", "its rise (the fall takes the rest)", "measured: rise ≈1.2 s, fall ≈1.35 s (Xcode preview)"),
            ("breathe.scale", \.breatheScale, "×", "scale at the top of a breath", "measured: ×1.185–1.20"),
            ("appear.duration", \.appearDuration, "s", "appear: the scale's ease-out (quadratic) to 1", "measured: ≈0.23 s, ease-out, no overshoot"),
            ("appear.fade", \.appearFade, "s", "appear: opacity 0 → 1, linear", "measured: ≈0.2 s"),
            ("appear.smallScale", \.appearSmallScale, "×", "appear.up grows from", "measured: ≈0.7–0.85"),
            ("appear.largeScale", \.appearLargeScale, "×", "appear.down shrinks from", "ours: the mirror of appear.smallScale"),
            ("appear.blur", \.appearBlur, "fraction", "blur radius when transparent, of the guide box's height", "ours"),
            ("disappear.duration", \.disappearDuration, "s", "disappear: the scale's move to smallScale (largeScale), linear", "measured: ×1, 0.96, 0.91, 0.85 per frame (30 fps) from the last at rest"),
            ("disappear.fadeDelay", \.disappearFadeDelay, "s", "disappear: opacity holds 1 this long", "measured: still opaque on the first frame that has shrunk"),
            ("disappear.fade", \.disappearFade, "s", "disappear: then opacity 1 → 0, linear", "measured: 1, 1, 0.73, 0.37, 0.08, 0 per frame (30 fps) from the last at rest; gone ≈0.13 s after the first visible change"),
            ("disappear.smallScale", \.disappearSmallScale, "×", "disappear.down shrinks to", "measured: ≈0.85"),
            ("disappear.largeScale", \.disappearLargeScale, "×", "disappear.up grows to", "measured: the old symbol of .replace.upUp grows to ≈1.15"),
            ("replace.shrinkDuration", \.replaceShrinkDuration, "s", ".downUp: the old symbol shrinks, ease-in (quadratic), opacity 1", "measured: ≈0.20 s (0.98, 0.95, 0.90, 0.82, 0.70, 0.55 per frame)"),
            ("replace.growSpringDuration", \.replaceGrowSpringDuration, "s", ".downUp: the new one grows from the swap on a critically damped spring of this perceived duration, opacity 1", "measured: 0.50, 0.61, 0.75, 0.86, 0.92, 0.96, 0.99, 1.00 per frame (30 fps) from the swap, within 1 % ≈0.23 s after it (fitted)"),
            ("replace.swapScale", \.replaceSwapScale, "×", ".downUp: the scale at which the new symbol replaces the old", "measured: ≈0.5, no crossfade"),
            ("replace.upOutDuration", \.replaceUpOutDuration, "s", ".upUp: the old symbol grows to disappear.largeScale while fading", "measured (iOS 17 recording): ≈0.17 s"),
            ("replace.upInDuration", \.replaceUpInDuration, "s", ".upUp, .offUp: the new one grows and fades in, ease-out", "measured (iOS 17 recording): ≈0.27 s"),
            ("replace.upInDelay", \.replaceUpInDelay, "s", ".upUp: the new one starts this long after the old", "measured (iOS 17 recording): they overlap 1–2 frames"),
            ("replace.upInScale", \.replaceUpInScale, "×", ".upUp, .offUp: the new one's first scale", "measured (iOS 17 recording): ≈0.55"),
            ("replace.upInOpacity", \.replaceUpInOpacity, "opacity", ".upUp, .offUp: the new one's first opacity", "measured (iOS 17 recording): ≈0.3"),
            ("replace.magicDuration", \.replaceMagicDuration, "s", "Magic Replace: morphs and cross-fades of shared layers", "ours"),
            ("magic.slashOffDuration", \.magicSlashOffDuration, "s", "Magic Replace: a removed slash retracts toward its start", "measured: ≈0.2 s"),
            ("magic.slashDrawDuration", \.magicSlashDrawDuration, "s", "Magic Replace: an added slash draws on from its start, on a spring, reaching its end at", "measured: drawn in ≈0.2 s (its round end covers the path's end a little before progress 1)"),
            ("magic.slashOvershoot", \.magicSlashOvershoot, "fraction", "…then stretches past its end, along its draw path, by this much at the spring's peak", "measured: ≈7 % of its length"),
            ("magic.slashOnDuration", \.magicSlashOnDuration, "s", "…and is eased back to its length, at rest, by", "measured: settled by ≈0.33 s"),
            ("magic.bounce", \.magicBounce, "fraction", "removing a slash: the rest of the symbol's first swing", "measured: +5.7 % then −3.3 %"),
            ("magic.bounceDuration", \.magicBounceDuration, "s", "…rest to rest", "measured: ≈0.57 s until still"),
            ("magic.bounceSettle", \.magicBounceSettle, "s", "…its last part, eased to rest", "measured: one bounce, no third swing"),
            ("magic.bounceSpringDuration", \.magicBounceSpringDuration, "s", "…a spring kicked by an initial velocity", "measured (fitted to the swing times)"),
            ("magic.bounceSpringBounce", \.magicBounceSpringBounce, "", "…its bounce (each swing 0.58 of the one before)", "measured: −3.3 % after +5.7 % (fitted)"),
            ("draw.duration", \.drawDuration, "s", "Draw On/Off per layer", "ours (no recording of SF Symbols 7)"),
            ("variableDraw.trackOpacity", \.variableDrawTrackOpacity, "opacity", "Variable Draw's undrawn track", "Apple's words: the undrawn part shows as a faint track"),
            ("variableValue.crossFade", \.variableValueCrossFade, "s", "a layer crossing its threshold fades over this time", "ours"),
            ("variableValue.inactiveOpacity", \.variableValueInactiveOpacity, "opacity", "layers above the variable value", "ours"),
            ("speed.minimum", \.speedMinimum, "×", ".speed(x) is clamped to at least this", "Apple: RenderBox clamps .speed to 0.5…2"),
            ("speed.maximum", \.speedMaximum, "×", "…and at most this", "Apple: RenderBox clamps .speed to 0.5…2"),
            ("reduceMotion.dip", \.reduceMotionDip, "opacity", "with Reduce Motion, motion becomes an opacity dip this deep", "ours"),
        ]
    }
}
