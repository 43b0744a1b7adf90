import Testing
import SymbolGeometry
import SymbolSVG

@Suite struct ViewBoxParserTests {
    @Test(arguments: [
        ("0 0 100 50", Rect(x: 0, y: 0, width: 100, height: 50)), ("-10,-20,30,40", Rect(x: -10, y: -20, width: 30, height: 40)),
        ("  0 0 3384.77 2311.81 ", Rect(x: 0, y: 0, width: 3384.77, height: 2311.81)), ("0,0 , 1e2 .5", Rect(x: 0, y: 0, width: 100, height: 0.5)),
    ])
    func parsesViewBoxes(text: String, expected: Rect) {
        #expect(ViewBoxParser.parse(Substring(text)) == expected)
    }

    @Test(arguments: ["", "0 0 100", "0 0 100 50 1", "0 0 0 50", "0 0 100 -1", "0 0 100 50,", "a b c d", "0 0 1e999 1",
                      "1e308 0 1e308 1", "0 0 100px 50", "none"])
    func rejectsBadViewBoxes(text: String) {
        #expect(ViewBoxParser.parse(Substring(text)) == nil)
    }
}

@Suite struct PointsParserTests {
    @Test func pairsOfNumbers() {
        let (points, error) = PointsParser.parse("10,20 30,40\n50-60")
        #expect(error == nil)
        #expect(points == [Point(10, 20), Point(30, 40), Point(50, -60)])
    }

    @Test func emptyIsEmpty() {
        let (points, error) = PointsParser.parse("  ")
        #expect(points.isEmpty && error == nil)
    }

    @Test func oddCountDropsTheLastNumber() throws {
        let (points, error) = PointsParser.parse("1 2 3 4 5")
        #expect(points == [Point(1, 2), Point(3, 4)])
        let e = try #require(error)
        #expect(e.offset == 8)
        #expect(e.message.contains("odd count"))
    }

    @Test(arguments: [("1 2 3 x 5 6", 6, 1), ("1,2,", 3, 1), ("1 2 1e999 4", 4, 1), ("é", 0, 0), ("1 2,,3 4", 4, 1)])
    func junkStopsTheList(text: String, offset: Int, kept: Int) throws {
        let (points, error) = PointsParser.parse(Substring(text))
        #expect(points.count == kept)
        #expect(try #require(error).offset == offset)
    }
}

@Suite struct DashArrayParserTests {
    @Test(arguments: [
        ("none", [] as [Double]?), ("NONE", []), ("5 10", [5, 10]), ("5,10", [5, 10]), ("5, 10 , 15", [5, 10, 15, 5, 10, 15]),
        ("3", [3, 3]), ("0 0", []), ("0", []), ("1in 0", [96, 0]), ("2px,3pt", [2, 4]), (" 1 2 ", [1, 2]), ("0 5", [0, 5]),
    ])
    func parsesDashes(text: String, expected: [Double]?) {
        #expect(DashArrayParser.parse(Substring(text)) == expected)
    }

    @Test(arguments: ["", " ", "-1 2", "5 -0.1", "a", "5,,5", "5,", ",5", "10%", "1em", "1e999", "1e308in", "5 x"])
    func rejectsInvalidDashes(text: String) {
        #expect(DashArrayParser.parse(Substring(text)) == nil)
    }
}
