import Testing
@testable import SymbolTimeline

/// Apple's spelling read back, and malformed expressions with exact messages and offsets.
@Suite struct ParserTests {
    @Test func effectsInApplesSpelling() throws {
        #expect(try SymbolEffect(parsing: "bounce.up.byLayer") == SymbolEffect(.bounce(.up), scope: .byLayer))
        #expect(try SymbolEffect(parsing: ".bounce") == .bounce)
        #expect(try SymbolEffect(parsing: " .variableColor.iterative.reversing ")
            == SymbolEffect(.variableColor(VariableColorStyle(fill: .iterative, reversing: true))))
        #expect(try SymbolEffect(parsing: ".variableColor.cumulative.hideInactiveLayers.nonReversing")
            == SymbolEffect(.variableColor(VariableColorStyle(fill: .cumulative, inactive: .hideInactiveLayers))))
        #expect(try SymbolEffect(parsing: ".wiggle.custom(angle: -30)") == SymbolEffect(.wiggle(.custom(angle: -30))))
        #expect(try SymbolEffect(parsing: ".replace.downUp.wholeSymbol") == SymbolEffect(.replace(.downUp), scope: .wholeSymbol))
        #expect(try SymbolEffect(parsing: ".replace.magic(fallback: .replace.upUp.byLayer)")
            == SymbolEffect(.replace(.magic(fallback: SymbolEffect(.replace(.upUp), scope: .byLayer)))))
        #expect(try SymbolEffect(parsing: ".breathe.pulse.wholeSymbol") == SymbolEffect(.breathe(pulse: true), scope: .wholeSymbol))
        #expect(try SymbolEffect(parsing: ".drawOff.individually.reversed") == SymbolEffect(.drawOff(reversed: true), scope: .individually))
        #expect(try SymbolEffect(parsing: ".rotate.counterClockwise") == SymbolEffect(.rotate(.counterClockwise)))
        #expect(try SymbolEffect(parsing: ".disappear.down") == SymbolEffect(.disappear(.down)))
    }

    @Test func descriptionsReadBack() throws {
        let effects: [SymbolEffect] = [
            SymbolEffect(.bounce(.down), scope: .wholeSymbol), .pulse, SymbolEffect(.variableColor(VariableColorStyle(fill: .cumulative))),
            SymbolEffect(.scale(.up)), SymbolEffect(.wiggle(.custom(angle: 22.5))), SymbolEffect(.rotate(.clockwise), scope: .byLayer),
            .breathe, SymbolEffect(.appear(.down)), SymbolEffect(.replace(.magic(fallback: SymbolEffect(.replace(.offUp))))),
            SymbolEffect(.drawOn, scope: .individually), SymbolEffect(.drawOff(reversed: false)),
        ]
        for e in effects { #expect(try SymbolEffect(parsing: e.description) == e, "\(e)") }
        #expect(SymbolEffect(.wiggle(.custom(angle: 22.5))).description == ".wiggle.custom(angle: 22.5)")
        let options: [SymbolEffectOptions] = [.default, .repeating, .nonRepeating, .repeat(3), .repeat(.continuous),
                                              SymbolEffectOptions.repeat(.periodic(count: 2, delay: 0.5)).speed(1.5),
                                              .repeat(.periodic(count: nil, delay: 1))]
        for o in options { #expect(try SymbolEffectOptions(parsing: o.description) == o, "\(o)") }
        #expect(SymbolEffectOptions.repeat(.periodic(count: 2, delay: 0.5)).description == ".repeat(.periodic(2, delay: 0.5))")
        for c in [Curve.linear, .easeIn, .easeOut, .easeInOut, .timingCurve(0.2, 0, 0.2, 1), .smooth, .snappy, .bouncy, .move,
                  .spring(Spring(duration: 0.3, bounce: 0.4))] {
            #expect(try Curve(parsing: c.description) == c, "\(c)")
        }
    }

    @Test func pastedSwiftUICalls() throws {
        let c = try EffectCall(parsing: ".symbolEffect(.bounce.up, options: .repeat(3))")
        #expect(c.effect == SymbolEffect(.bounce(.up)) && c.options == .repeat(3))
        let wifi = try EffectCall(parsing: #"Image(systemName: "wifi").symbolEffect(.variableColor.cumulative, options: .repeating.speed(2), isActive: searching)"#)
        #expect(wifi.options == SymbolEffectOptions.repeating.speed(2))
        #expect(try EffectCall(parsing: ".symbolEffect(.bounce, value: model.count)").options == .default)
        #expect(try EffectCall(parsing: ".contentTransition(.symbolEffect(.replace.offUp))").effect == SymbolEffect(.replace(.offUp)))
        #expect(try EffectCall(parsing: ".transition(.symbolEffect(.appear.up))").effect == SymbolEffect(.appear(.up)))
        #expect(try EffectCall(parsing: "pulse.wholeSymbol").effect == SymbolEffect(.pulse, scope: .wholeSymbol))
    }

    @Test func optionsStringsAndObjects() throws {
        #expect(try SymbolEffectOptions(parsing: ".repeat(3).speed(1.5)") == SymbolEffectOptions.repeat(3).speed(1.5))
        #expect(try SymbolEffectOptions(parsing: "repeat(.periodic(2, delay: 0.5))") == .repeat(.periodic(count: 2, delay: 0.5)))
        #expect(try SymbolEffectOptions(parsing: ".repeat(.periodic(delay: 1))") == .repeat(.periodic(count: nil, delay: 1)))
        #expect(try SymbolEffectOptions(parsing: ".repeat(.periodic)") == .repeating)
        #expect(try SymbolEffectOptions(parsing: ".repeat(.continuous)") == .repeat(.continuous))
        #expect(try SymbolEffectOptions(parsing: "nonRepeating") == .nonRepeating)
        #expect(try SymbolEffectOptions(parsing: "  ") == .default)
        #expect(try SymbolEffectOptions(object: .object(["repeat": .number(3), "speed": .number(1.5)])) == SymbolEffectOptions.repeat(3).speed(1.5))
        #expect(try SymbolEffectOptions(object: .object(["repeat": .object(["periodic": .number(2), "delay": .number(0.5)])]))
            == .repeat(.periodic(count: 2, delay: 0.5)))
        #expect(try SymbolEffectOptions(object: .object(["repeat": .string("continuous")])) == .repeat(.continuous))
        #expect(try SymbolEffectOptions(object: .object(["repeat": .object(["periodic": .null, "delay": .number(1)])]))
            == .repeat(.periodic(count: nil, delay: 1)))
        #expect(try SymbolEffectOptions(object: .string(".repeat(2)")) == .repeat(2))
        #expect(try SymbolEffectOptions(object: .object(["repeat": .bool(true)])) == .repeating)
    }

    @Test func curveStrings() throws {
        #expect(try Curve(parsing: "linear") == .linear)
        #expect(try Curve(parsing: "easeInOut") == .easeInOut)
        #expect(try Curve(parsing: ".timingCurve(0.2, 0, 0.2, 1)") == .timingCurve(0.2, 0, 0.2, 1))
        #expect(try Curve(parsing: ".spring(duration: 0.3, bounce: 0.4)") == .spring(Spring(duration: 0.3, bounce: 0.4)))
        #expect(try Curve(parsing: ".spring(bounce: 0.4, duration: 0.3)") == .spring(Spring(duration: 0.3, bounce: 0.4)))
        #expect(try Curve(parsing: ".spring") == .spring(Spring(duration: 0.5, bounce: 0)))
        #expect(try Curve(parsing: ".snappy(duration: 0.4, extraBounce: 0.1)") == .spring(Spring(duration: 0.4, bounce: 0.25)))
        #expect(try Curve(parsing: "move") == .move)
    }

    /// (input, exact message, offset)
    static let malformedEffects: [(String, String, Int)] = [
        (".bounse", "unknown effect 'bounse' at 1; did you mean 'bounce'?", 1),
        ("", "expected an effect name at 0", 0),
        (".bounce.upp", "unknown variant 'upp' of 'bounce' at 8; did you mean 'up'?", 8),
        (".bounce.up.down", "'down' conflicts with 'up' at 11", 11),
        (".bounce.up.up", "'up' is repeated at 11", 11),
        (".bounce.", "expected a name after '.' at 8", 8),
        (".bounce#up", "unexpected character '#' at 7", 7),
        (".bounce up", "unexpected 'up'; expected '.' or the end at 8", 8),
        (".bounce()", "'bounce' takes no arguments at 7", 7),
        (".bounce.up(2)", "'up' takes no arguments at 10", 10),
        (".wiggle.custom", "'custom' needs one angle in degrees: custom(angle: 30) at 8", 8),
        (".wiggle.custom(30)", "expected label 'angle:' in custom(angle: …) at 15", 15),
        (".wiggle.custom(angle: left)", "the angle of 'custom' must be a number of degrees at 22", 22),
        (".wiggle.custom(angle: 30", "unclosed '(' at 14", 14),
        (".replace.magic(fallback: .bounce)", "the fallback of 'magic' must be a .replace effect, not 'bounce' at 25", 25),
        (".replace.magic(fallback: .replace.magic)", "the fallback of 'magic' cannot be magic at 25", 25),
        (".pulse.up", "unknown variant 'up' of 'pulse' at 7", 7),
        (".bounce.repeat(2)", "'repeat' is an option, not a variant of 'bounce': put it in the options at 8", 8),
        (".variableColor.iterative.cumulative", "'cumulative' conflicts with 'iterative' at 25", 25),
        ("..bounce", "expected an effect name, found '.' at 1", 1),
        ("Bounce", "unknown effect 'Bounce' at 0; did you mean 'bounce'?", 0),
        (".rotate.clockwize", "unknown variant 'clockwize' of 'rotate' at 8; did you mean 'clockwise'?", 8),
    ]

    @Test(arguments: malformedEffects)
    func malformedEffect(input: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, offset: offset)) { try SymbolEffect(parsing: input) }
    }

    static let malformedCalls: [(String, String, Int)] = [
        (".symbolEffect()", "'symbolEffect' needs an effect: .symbolEffect(.bounce) at 13", 13),
        (".symbolEffect(.bounce, option: .repeat(2))", "unknown argument 'option' of 'symbolEffect' at 23; did you mean 'options'?", 23),
        (".symbolEffect(.bounce, options: .repat(2))", "unknown option 'repat' at 33; did you mean 'repeat'?", 33),
        (".symbolEffect(.bounce, .repeat(2))", "expected a label such as 'options:' at 23", 23),
        (".contentTransition(.bounce)", "expected '.symbolEffect(…)' inside 'contentTransition' at 19", 19),
        (#".symbolEffect(.bounce, value: "x)"#, "unterminated string at 30", 30),
    ]

    @Test(arguments: malformedCalls)
    func malformedCall(input: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, offset: offset)) { try EffectCall(parsing: input) }
    }

    static let malformedOptions: [(String, String, Int)] = [
        (".repeat(0)", "the repeat count must be a whole number of at least 1, not 0 at 8", 8),
        (".repeat(2.5)", "the repeat count must be a whole number of at least 1, not 2.5 at 8", 8),
        (".speed(0)", "the speed must be greater than 0, not 0 at 7", 7),
        (".speed(-2)", "the speed must be greater than 0, not -2 at 7", 7),
        (".speed", "'speed' needs one number: .speed(1.5) at 1", 1),
        (".speed(fast)", "the speed must be a number at 7", 7),
        (".repeat(.periodic(2, dely: 0.5))", "unknown argument 'dely' of 'periodic' at 21; did you mean 'delay'?", 21),
        (".repeat(.periodic(2, delay: -1))", "the delay must be 0 or more seconds, not -1 at 28", 28),
        (".repeat(.periodic(2, 0.5))", "expected 'delay:' in .periodic(2, delay: 0.5) at 21", 21),
        (".repeat(.continous)", "unknown repeat behavior 'continous' at 9; did you mean 'continuous'?", 9),
        (".sped(2)", "unknown option 'sped' at 1; did you mean 'speed'?", 1),
        (".repeat(2).repeat(3)", "'repeat' is repeated at 11", 11),
        (".repeating.repeat(3)", "'repeat' conflicts with 'repeating' at 11", 11),
        (".speed(1.5.2)", "malformed number '1.5.2' at 7", 7),
        (".speed(.5)", "a number needs a digit before its point: write 0.5 at 7", 7),
        (".speed(2x)", "malformed number '2x' at 7", 7),
        (".speed(2).speed(3)", "'speed' is repeated at 10", 10),
        (".repeat()", "'repeat' needs a count or a behavior: .repeat(2), .repeat(.periodic(2, delay: 0.5)), .repeat(.continuous) at 7", 7),
        (#".repeat("3")"#, "expected a count or a behavior, found a string at 8", 8),
    ]

    @Test(arguments: malformedOptions)
    func malformedOption(input: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, offset: offset)) { try SymbolEffectOptions(parsing: input) }
    }

    static let malformedCurves: [(String, String, Int)] = [
        ("easeInOt", "unknown curve 'easeInOt' at 0; did you mean 'easeInOut'?", 0),
        (".spring(duration: 0.3, bounce: 1.5)", "the bounce must be between -1 and 1, not 1.5 at 31", 31),
        (".spring(duration: 0, bounce: 0.2)", "the spring's duration must be greater than 0 at 18", 18),
        (".timingCurve(0.2, 0, 0.2)", "'timingCurve' needs 4 numbers: .timingCurve(0.2, 0, 0.2, 1) at 12", 12),
        (".timingCurve(1.2, 0, 0.2, 1)", "x1 of 'timingCurve' must be between 0 and 1, not 1.2 at 13", 13),
        (".spring(duraton: 0.3)", "unexpected argument 'duraton' of 'spring' at 8; did you mean 'duration'?", 8),
        ("easeIn(duration: 1)", "unexpected argument 'duration' of 'easeIn' at 7", 7),
        (".easeIn.delay(1)", "unexpected 'delay' after a curve; a curve takes no modifiers here at 8", 8),
        (".spring(0.3)", "unexpected argument without a label at 8", 8),
        ("cubic", "unknown curve 'cubic' at 0", 0),
    ]

    @Test(arguments: malformedCurves)
    func malformedCurve(input: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, offset: offset)) { try Curve(parsing: input) }
    }

    static let malformedObjects: [(OptionValue, String, String)] = [
        (.object(["sped": .number(2)]), "sped: unknown option key; did you mean 'speed'?", "sped"),
        (.object(["repeat": .number(0)]), "repeat: the repeat count must be a whole number of at least 1, not 0", "repeat"),
        (.object(["repeat": .object(["periodic": .number(2), "delay": .number(-1)])]),
         "repeat.delay: the delay must be a number of seconds, 0 or more", "repeat.delay"),
        (.object(["repeat": .string("continous")]), "repeat: unknown repeat behavior 'continous'; did you mean 'continuous'?", "repeat"),
        (.object(["speed": .string("fast")]), "speed: expected a number such as 1.5", "speed"),
        (.object(["repeat": .object(["periodc": .number(2)])]), "repeat.periodc: unknown key; did you mean 'periodic'?", "repeat.periodc"),
        (.array([]), #"options: expected an object such as {"repeat": 2} or a string such as ".repeat(2)""#, ""),
    ]

    @Test(arguments: malformedObjects)
    func malformedObject(input: OptionValue, message: String, keyPath: String) {
        #expect(throws: ExpressionError(message, offset: nil, keyPath: keyPath)) { try SymbolEffectOptions(object: input) }
    }

    @Test func editDistanceSuggestsOnlyNearNames() {
        #expect(nearestName(to: "bounse", in: SymbolEffect.names) == "bounce")
        #expect(nearestName(to: "varaibleColor", in: SymbolEffect.names) == "variableColor")
        #expect(nearestName(to: "xyz", in: SymbolEffect.names) == nil)
        #expect(editDistance(Array("ab"), Array("ba")) == 1)
    }
}
