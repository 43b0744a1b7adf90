import Testing
import SymbolSVG

@Suite struct NumberScannerTests {
    /// Reads numbers separated by comma-wsp until none is left.
    private func numbers(_ s: String) -> (values: [Double], rest: Int) {
        var scanner = NumberScanner(Substring(s))
        var out: [Double] = []
        scanner.skipWhitespace()
        while let v = scanner.number() {
            out.append(v)
            scanner.skipCommaWhitespace()
        }
        return (out, scanner.offset)
    }

    @Test(arguments: [
        ("0", [0.0]), ("12", [12]), ("-3", [-3]), ("+4", [4]), (".5", [0.5]), ("-.5", [-0.5]),
        ("1.", [1]), ("1.5", [1.5]), ("1e2", [100]), ("2E+2", [200]), ("1e-3", [0.001]),
        ("1.5.5", [1.5, 0.5]), ("-1-2", [-1, -2]), (".5.5", [0.5, 0.5]), ("1,2 3", [1, 2, 3]),
        ("10e-1-5", [1, -5]), ("0.1e1.5", [1, 0.5]), ("007", [7]),
    ])
    func scansSVGNumbers(text: String, expected: [Double]) {
        #expect(numbers(text).values == expected)
    }

    @Test func exponentWithoutDigitsIsNotConsumed() {
        var scanner = NumberScanner("2em")
        #expect(scanner.number() == 2)
        #expect(scanner.offset == 1)
        var bare = NumberScanner("1e+")
        #expect(bare.number() == 1)
        #expect(bare.offset == 1)
    }

    @Test(arguments: ["", "-", "+", ".", "-.", "e5", "abc", " 1", ",1", "..5"])
    func noNumberLeavesOffsetUnchanged(text: String) {
        var scanner = NumberScanner(Substring(text))
        #expect(scanner.number() == nil)
        #expect(scanner.offset == 0)
    }

    @Test(arguments: ["1e99999", "-1e400", "1e309", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"])
    func nonFiniteNumbersAreRejected(text: String) {
        var scanner = NumberScanner(Substring(text))
        #expect(scanner.number() == nil)
        #expect(scanner.offset == 0)
    }

    @Test func largeButFiniteAndTinyNumbers() {
        #expect(SVGNumber.parse("1e308") == 1e308)
        #expect(SVGNumber.parse("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(SVGNumber.parse("1e-99999") == 0)
        #expect(SVGNumber.parse("4.9e-324") == Double.leastNonzeroMagnitude)
        #expect(SVGNumber.parse("0e99999") == 0)
    }

    @Test(arguments: [
        "3.14159265358979323846", "0.1", "123456789012345678901234567890", "9007199254740993",
        "2.2250738585072011e-308", "0.000000000000000000000000000001", "1e22", "1e23", "-8.5e-7",
    ])
    func correctlyRounded(text: String) {
        // The fast path and the fallback must agree with the standard library's conversion.
        #expect(SVGNumber.parse(Substring(text)) == Double(text))
    }

    @Test func veryLongDigitStringsStayCorrect() {
        let digits = String(repeating: "1", count: 5000)
        #expect(SVGNumber.parse(Substring("0." + digits)) == Double("0." + digits))
        #expect(SVGNumber.parse(Substring(digits)) == nil)  // ≈1.1e4999: not finite
    }

    @Test func flagsNeedNoSeparator() {
        var scanner = NumberScanner("10.5")
        #expect(scanner.flag() == true)
        #expect(scanner.flag() == false)
        #expect(scanner.flag() == nil)
        #expect(scanner.number() == 0.5)
        var bad = NumberScanner("2")
        #expect(bad.flag() == nil)
        #expect(bad.offset == 0)
    }

    @Test func commaWhitespaceTakesAtMostOneComma() {
        var scanner = NumberScanner(" \t\n, ,1")
        scanner.skipCommaWhitespace()
        #expect(scanner.offset == 5)
        #expect(scanner.number() == nil)
    }

    @Test(arguments: [("  2.5 ", 2.5 as Double?), ("1 2", nil), ("1px", nil), ("", nil), ("-", nil), ("nan", nil),
                      ("inf", nil), ("0x10", nil), ("\u{00A0}1", nil), ("１", nil)])
    func wholeStringNumber(text: String, expected: Double?) {
        #expect(SVGNumber.parse(Substring(text)) == expected)
    }

    @Test(arguments: [
        ("1 2,3", [1.0, 2, 3] as [Double]?), ("", []), ("  ", []), ("1,,2", nil), ("1,2,", nil),
        (",1", nil), ("1 x", nil), ("-1-2-3", [-1, -2, -3]), ("1 , 2", [1, 2]),
    ])
    func numberLists(text: String, expected: [Double]?) {
        #expect(SVGNumber.parseList(Substring(text)) == expected)
    }

    @Test func offsetCountsScalarsBeforeNonASCII() {
        // Only ASCII is consumed, so the byte offset at a stop equals the scalar offset.
        var scanner = NumberScanner("12 é")
        _ = scanner.number()
        scanner.skipWhitespace()
        #expect(scanner.offset == 3)
    }
}
