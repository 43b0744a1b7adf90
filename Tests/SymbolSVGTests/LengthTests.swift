import Testing
import SymbolSVG

@Suite struct LengthTests {
    @Test(arguments: [
        ("10", Length(10, .none)), ("10px", Length(10, .px)), ("2.5mm", Length(2.5, .mm)), ("50%", Length(50, .percent)),
        (" 3 ", Length(3, .none)), ("1in", Length(1, .in)), ("-2cm", Length(-2, .cm)), ("12pt", Length(12, .pt)),
        ("1pc", Length(1, .pc)), ("1.5em", Length(1.5, .em)), ("2ex", Length(2, .ex)), ("10PX", Length(10, .px)),
        ("1e2px", Length(100, .px)), (".5%", Length(0.5, .percent)), ("\t4\n", Length(4, .none)),
    ] as [(String, Length)])
    func parsesLengths(text: String, expected: Length) {
        #expect(Length.parse(Substring(text)) == expected)
    }

    @Test(arguments: ["", " ", "px", "10 px", "10pxx", "10p", "10%%", "1e999px", "abc", "10px 2", "%", "1e", "1..px",
                      "10 %", "10emx", "∞", "10\u{00A0}px"])
    func rejectsJunk(text: String) {
        #expect(Length.parse(Substring(text)) == nil)
    }

    @Test(arguments: [
        (Length(2, Length.Unit.none), 2.0), (Length(2, .px), 2), (Length(1, .in), 96), (Length(2.54, .cm), 96),
        (Length(25.4, .mm), 96), (Length(3, .pt), 4), (Length(1, .pc), 16), (Length(2, .em), 20), (Length(2, .ex), 10),
        (Length(50, .percent), 150),
    ] as [(Length, Double)])
    func convertsToUserUnits(length: Length, expected: Double) {
        #expect(abs(length.userUnits(reference: 300, fontSize: 10) - expected) < 1e-12)
    }

    @Test func emDefaultsToSixteen() {
        #expect(Length(1.5, .em).userUnits(reference: 0) == 24)
    }
}
