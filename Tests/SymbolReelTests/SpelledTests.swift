import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// Effect, option and curve strings are read once, when the preset value is made: the preset
/// reader reports the error at the string's place, and a clip takes the value as read.
@Suite struct SpelledTests {
    @Test func theTextIsReadWhenTheValueIsMade() throws {
        let bounce: Spelled<EffectCall> = ".bounce.up.byLayer"
        #expect(try bounce.value() == EffectCall(parsing: ".bounce.up.byLayer"))
        #expect(bounce.error == nil && bounce.text == ".bounce.up.byLayer" && "\(bounce)" == ".bounce.up.byLayer")
        let typo = Spelled<EffectCall>(".bounse")
        #expect(typo.error?.message.contains("did you mean 'bounce'?") == true && typo.error?.offset == 1)
        #expect(throws: ExpressionError.self) { try typo.value() }
        #expect(Spelled<SymbolEffectOptions>("  ").error?.message == "is empty; write options such as \".repeat(2)\"")
        #expect(try Spelled<SymbolEffectOptions>(".repeat(2).speed(1.5)").value().speed == 1.5)
        #expect(try Spelled<Keyframe.Interpolation>(".spring(duration: 0.5, bounce: 0.2)").value() != .linear)
        // Equal by text, as the preset JSON is.
        #expect(Spelled<EffectCall>(".pulse") == ".pulse" && Spelled<EffectCall>(".pulse") != ".pulse.wholeSymbol")
    }

    /// A preset made in Swift with a string that names no effect: the clip throws the reader's error.
    @Test func aClipOfABadSpellingThrowsItsError() throws {
        let preset = Preset(symbol: .init(source: packageRoot.appendingPathComponent("Samples/bell.svg").path),
                            timeline: [.effect(at: 0, effect: ".wigle", options: nil)])
        let expected = Spelled<EffectCall>(".wigle").error!
        #expect {
            try Clip(preset: preset, relativeTo: nil)
        } throws: { error in
            guard let e = error as? SymbolReelError else { return false }
            return e.kind == .badExpression && e.message == expected.message && e.underlying as? ExpressionError == expected
        }
    }

    /// The reader points at the character where the spelling goes wrong.
    @Test func theReaderReportsItAtItsPlace() throws {
        let json = "{\"symbol\": {\"source\": \"a.svg\"},\n \"timeline\": [{\"at\": 0, \"effect\": \".bounce\", \"options\": \".repaet(2)\"}]}"
        let e = #expect(throws: PresetError.self) { try PresetReader.read(data: Array(json.utf8), file: "x.json") }
        let p = try #require(e?.problems.first { $0.path == "$.timeline[0].options" })
        #expect(p.line == 2 && p.column == 59, "\(p)")  // the r of "repaet"
        #expect(p.message.contains("did you mean 'repeat'?"))
    }
}
