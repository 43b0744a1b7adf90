import Testing
import SymbolGeometry
import SymbolSVG
import SymbolTestSupport

/// Random and adversarial inputs: every scanner must return (no trap, no hang) with finite
/// output and error offsets inside the text.
@Suite struct HostileInputTests {
    static let pathAlphabet = ["M", "m", "L", "l", "H", "v", "C", "s", "Q", "t", "A", "a", "Z", "z", "0", "1", "9", ".",
                               "-", "+", "e", "E", " ", ",", "\n", "1e308", "1e999", "é", "\u{0}", "nan", "5"]

    @Test func randomPathData() {
        var g = SeededRandom(seed: 1)
        for _ in 0..<3000 {
            let text = g.string(from: Self.pathAlphabet, maxLength: 40)
            let result = PathDataParser.parse(Substring(text), segmentLimit: 20)
            #expect(result.path.isFinite, "\(text)")
            #expect(result.segmentCount == result.path.segmentCount, "\(text)")
            #expect(result.segmentCount <= 20, "\(text)")
            if let e = result.error { #expect(e.offset >= 0 && e.offset <= text.unicodeScalars.count, "\(text)") }
        }
    }

    @Test func randomTransformsColoursAndLengths() {
        var g = SeededRandom(seed: 2)
        let alphabet = ["matrix(", "translate(", "scale(", "rotate(", "skewX(", ")", "(", "1", "-2.5", "1e400", " ", ",",
                        "rgb(", "hsl(", "#", "f", "%", "deg", "/", "url(", "none", "px", "é", "\u{FFFD}"]
        for _ in 0..<3000 {
            let text = g.string(from: alphabet, maxLength: 16)
            if case .success(let t) = TransformParser.parse(Substring(text)) { #expect(t.isFinite, "\(text)") }
            if case .failure(let e) = TransformParser.parse(Substring(text)) {
                #expect(e.offset >= 0 && e.offset <= text.unicodeScalars.count, "\(text)")
            }
            if let c = ColorParser.parse(Substring(text)) {
                #expect([c.r, c.g, c.b, c.a].allSatisfy { $0 >= 0 && $0 <= 1 }, "\(text)")
            }
            _ = PaintValue.parse(Substring(text))
            if let l = Length.parse(Substring(text)) { #expect(l.value.isFinite, "\(text)") }
            if let v = ViewBoxParser.parse(Substring(text)) { #expect(v.width > 0 && v.height > 0) }
            _ = PointsParser.parse(Substring(text))
            if let d = DashArrayParser.parse(Substring(text)) { #expect(d.count % 2 == 0 && d.allSatisfy { $0 >= 0 }) }
        }
    }

    @Test func randomStyleSheets() {
        var g = SeededRandom(seed: 3)
        let alphabet = [".a", ".b:c", "#x", "path", "{", "}", ":", ";", "\"", "'", "/*", "*/", "@media", ",", " ", "\\",
                        "fill", "red", "!important", "(", ")", "[", "]", "é", "<!--", "-->", "\\3A "]
        for _ in 0..<2000 {
            let text = g.string(from: alphabet, maxLength: 30)
            let (sheet, errors) = StyleSheet.parse(Substring(text))
            let count = text.unicodeScalars.count
            #expect(errors.allSatisfy { $0.offset >= 0 && $0.offset <= count }, "\(text)")
            #expect(sheet.rules.allSatisfy { $0.offset >= 0 && $0.offset < count }, "\(text)")
            _ = sheet.declarations(element: "path", id: "x", classes: ["a", "b:c"])
            let (declarations, declarationErrors) = CSSParser.parseDeclarations(Substring(text))
            #expect(declarations.allSatisfy { $0.offset < count && !$0.value.isEmpty }, "\(text)")
            #expect(declarationErrors.allSatisfy { $0.offset <= count }, "\(text)")
            _ = CSSParser.splitTags(Substring(text))
        }
    }

    @Test func pathologicalSizesFinishQuickly() {
        // Long runs that could make a naive scanner quadratic or unbounded.
        let signs = String(repeating: "-", count: 200_000)
        #expect(PathDataParser.parse(Substring("M" + signs)).error?.offset == 1)
        let dots = String(repeating: ".", count: 200_000)
        #expect(PathDataParser.parse(Substring("M0 0 L" + dots)).error?.offset == 6)
        let digits = String(repeating: "9", count: 200_000)
        #expect(PathDataParser.parse(Substring("M0." + digits + " 0")).error == nil)
        #expect(PathDataParser.parse(Substring("M" + digits + " 0")).error?.message.hasPrefix("number out of range") == true)
        let exponent = "M1e" + String(repeating: "9", count: 100_000) + " 0"
        #expect(PathDataParser.parse(Substring(exponent)).error?.offset == 1)
        let commands = String(repeating: "L", count: 100_000)
        #expect(PathDataParser.parse(Substring("M0 0 " + commands)).error?.offset == 6)
        let closes = "M0 0" + String(repeating: "z", count: 100_000)
        #expect(PathDataParser.parse(Substring(closes)).segmentCount == 1)
        let moves = "M0 0" + String(repeating: " 1 1", count: 50_000)
        #expect(PathDataParser.parse(Substring(moves)).segmentCount == 50_000)
    }

    @Test func segmentLimitBoundsMemoryForArcFloods() {
        let arcs = "M0 0" + String(repeating: "a1 1 0 1 1 2 0", count: 10_000)
        let result = PathDataParser.parse(Substring(arcs), segmentLimit: 1000)
        #expect(result.segmentCount <= 1000)
        #expect(result.path.verbs.count <= 1001)
        #expect(result.error?.message == "path has more than 1000 segments")
    }
}

extension SeededRandom {
    /// Up to `maxLength` pieces of `alphabet`, picked at random.
    mutating func string(from alphabet: [String], maxLength: Int) -> String {
        let n = Int(next() % UInt64(maxLength + 1))
        return (0..<n).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }.joined()
    }
}
