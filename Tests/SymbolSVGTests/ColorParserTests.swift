import Testing
import SymbolScene
import SymbolSVG

@Suite struct ColorParserTests {
    private func rgba(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> Color {
        Color(red: r, green: g, blue: b, alpha: a)
    }

    /// Components equal within 1e-9 (percent and hsl arithmetic is not exact in binary).
    private func close(_ a: Color?, _ b: Color, tolerance t: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.r - b.r) < t && abs(a.g - b.g) < t && abs(a.b - b.b) < t && abs(a.a - b.a) < t
    }

    @Test(arguments: [
        ("#f00", Color(red: 255, green: 0, blue: 0)), ("#F00A", Color(red: 255, green: 0, blue: 0, alpha: 0xAA)),
        ("#007AFF", Color(red: 0, green: 0x7A, blue: 0xFF)), ("#8e44ad80", Color(red: 0x8E, green: 0x44, blue: 0xAD, alpha: 0x80)),
        ("  #fff  ", Color.white),
    ])
    func hexColours(text: String, expected: Color) {
        #expect(ColorParser.parse(Substring(text)) == expected)
    }

    @Test(arguments: ["#", "#ff", "#fffff", "#1234567", "#123456789", "#ggg", "# fff", "fff", "#fff f", "#ＦＦＦ"])
    func badHex(text: String) {
        #expect(ColorParser.parse(Substring(text)) == nil)
    }

    @Test(arguments: [
        ("rgb(255, 0, 0)", Color(r: 1, g: 0, b: 0)), ("rgb(100%, 0%, 50%)", Color(r: 1, g: 0, b: 0.5)),
        ("rgba(0, 0, 255, 0.5)", Color(r: 0, g: 0, b: 1, a: 0.5)), ("rgb(255 0 0 / 50%)", Color(r: 1, g: 0, b: 0, a: 0.5)),
        ("rgb(255 0 0)", Color(r: 1, g: 0, b: 0)), ("RGB( 0 , 255 , 0 )", Color(r: 0, g: 1, b: 0)),
        ("rgba(255 255 255 / 0.25)", Color(r: 1, g: 1, b: 1, a: 0.25)), ("rgb(300, -5, 127.5)", Color(r: 1, g: 0, b: 0.5)),
        ("rgb(0,0,0,50%)", Color(r: 0, g: 0, b: 0, a: 0.5)), ("rgba(1e2%, 0, 0, 2)", Color(r: 1, g: 0, b: 0, a: 1)),
    ])
    func rgbFunctions(text: String, expected: Color) {
        #expect(close(ColorParser.parse(Substring(text)), expected))
    }

    @Test(arguments: [
        "rgb()", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(1 2 3 4)", "rgb(1, 2 3)", "rgb(1 2, 3)", "rgb(1, 2, 3 / 1)",
        "rgb(1 2 / 3 4)", "rgb(1, 2, 3,)", "rgb(1, 2, 3", "rgb 1 2 3", "rgb(a, b, c)", "rgb(1deg, 2, 3)", "cmyk(1, 2, 3)",
        "rgb(1, 2, 3) x", "rgb(1, 2, 3, 0.5deg)", "rgb(1e999, 0, 0)", "rgb(/ 1)",
        "hsl(30, 100%, 50% / 20%)", "hsl(10%, 1%, 1%)", "hsl(1, 2deg, 3%)",
    ])
    func badFunctions(text: String) {
        #expect(ColorParser.parse(Substring(text)) == nil)
    }

    @Test(arguments: [
        ("hsl(0, 100%, 50%)", Color(r: 1, g: 0, b: 0)), ("hsl(120, 100%, 50%)", Color(r: 0, g: 1, b: 0)),
        ("hsl(240deg 100% 50%)", Color(r: 0, g: 0, b: 1)), ("hsla(60, 100%, 50%, 0.5)", Color(r: 1, g: 1, b: 0, a: 0.5)),
        ("hsl(0.5turn 100% 25%)", Color(r: 0, g: 0.5, b: 0.5)), ("hsl(-120, 100%, 50%)", Color(r: 0, g: 0, b: 1)),
        ("hsl(0, 0%, 75%)", Color(r: 0.75, g: 0.75, b: 0.75)), ("hsl(400grad 100% 50%)", Color(r: 1, g: 0, b: 0)),
        ("hsl(3.14159265358979rad, 100%, 50%)", Color(r: 0, g: 1, b: 1)), ("hsl(30 100% 50% / 20%)", Color(r: 1, g: 0.5, b: 0, a: 0.2)),
    ])
    func hslFunctions(text: String, expected: Color) {
        #expect(close(ColorParser.parse(Substring(text)), expected, tolerance: 1e-6), "\(text)")
    }

    @Test(arguments: [
        ("red", 0xFF0000), ("RED", 0xFF0000), ("Navy", 0x000080), ("rebeccapurple", 0x663399),
        ("lightgoldenrodyellow", 0xFAFAD2), ("grey", 0x808080), ("darkslategray", 0x2F4F4F), ("  white ", 0xFFFFFF),
        ("yellowgreen", 0x9ACD32), ("aliceblue", 0xF0F8FF),
    ])
    func namedColours(text: String, rgb: Int) {
        #expect(ColorParser.parse(Substring(text)) == rgba(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF)))
    }

    @Test func transparentIsClear() {
        #expect(ColorParser.parse("Transparent") == Color.clear)
    }

    @Test(arguments: ["currentColor", "none", "", "   ", "reed", "red blue", "url(#a)", "inherit", "réd", "red;"])
    func notColours(text: String) {
        #expect(ColorParser.parse(Substring(text)) == nil)
    }
}

@Suite struct PaintValueTests {
    @Test(arguments: [
        ("none", PaintValue.none), ("NONE", .none), ("currentColor", .currentColor), ("currentcolor", .currentColor),
        ("#007AFF", .color(Color(red: 0, green: 0x7A, blue: 0xFF))), (" red ", .color(Color(r: 1, g: 0, b: 0))),
        ("url(#g)", .url(id: "g", fallback: nil)), ("url( #grad-1 )", .url(id: "grad-1", fallback: nil)),
        ("url('#a')", .url(id: "a", fallback: nil)), ("url(\"#b\") none", .url(id: "b", fallback: PaintValueFallback.none)),
        ("url(#g) red", .url(id: "g", fallback: .color(Color(r: 1, g: 0, b: 0)))),
        ("url(#g) currentColor", .url(id: "g", fallback: .currentColor)), ("URL(#g)", .url(id: "g", fallback: nil)),
    ])
    func parsesPaints(text: String, expected: PaintValue) {
        #expect(PaintValue.parse(Substring(text)) == expected)
    }

    @Test(arguments: ["", "url()", "url(#)", "url(g)", "url(other.svg#g)", "url(#g", "url(#g) junk", "url('#g)",
                      "url(#a b)", "inherit", "red blue", "nonee", "url(#g) url(#h)"])
    func rejectsInvalidPaints(text: String) {
        #expect(PaintValue.parse(Substring(text)) == nil)
    }
}
