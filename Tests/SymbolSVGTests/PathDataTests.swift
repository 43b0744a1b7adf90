import Testing
import SymbolGeometry
import SymbolSVG

/// Absolute path text for a parse, or the error.
private func d(_ s: String, limit: Int = 1_000_000) -> String {
    PathDataParser.parse(Substring(s), segmentLimit: limit).path.description
}

@Suite struct PathDataCommandTests {
    @Test(arguments: [
        ("M10 20 L30 40", "M10 20 L30 40"), ("m10 20 l5 5", "M10 20 L15 25"),
        ("M1 2 H5 V7 h-1 v-2", "M1 2 L5 2 L5 7 L4 7 L4 5"),
        ("M0 0 C1 2 3 4 5 6 c1 1 2 2 3 3", "M0 0 C1 2 3 4 5 6 C6 7 7 8 8 9"),
        ("M0 0 Q1 2 3 4 q1 1 2 2", "M0 0 Q1 2 3 4 Q4 5 5 6"),
        ("M1 1 L2 2 Z", "M1 1 L2 2 Z"), ("M1 1 L2 2 z", "M1 1 L2 2 Z"),
        ("M1 1 m2 2 l1 0", "M3 3 L4 3"), ("m1 1 M5 5 L6 6", "M5 5 L6 6"),
    ])
    func absoluteAndRelativeCommands(data: String, expected: String) {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.error == nil)
        #expect(result.path.description == expected)
    }

    @Test(arguments: [
        ("M0 0 1 1 2 2", "M0 0 L1 1 L2 2"), ("m1 1 1 1 1 1", "M1 1 L2 2 L3 3"),
        ("M0 0 L1 1 2 2", "M0 0 L1 1 L2 2"), ("M0 0 l1 1 2 2", "M0 0 L1 1 L3 3"), ("M0 0 h1 1 1", "M0 0 L1 0 L2 0 L3 0"),
        ("M0 0 V1 2", "M0 0 L0 1 L0 2"), ("M0 0 C1 1 2 2 3 3 4 4 5 5 6 6", "M0 0 C1 1 2 2 3 3 C4 4 5 5 6 6"),
        ("M0 0 q1 1 2 2 1 1 2 2", "M0 0 Q1 1 2 2 Q3 3 4 4"), ("M0 0 T1 1 2 2", "M0 0 Q0 0 1 1 Q2 2 2 2"),
    ])
    func implicitRepeats(data: String, expected: String) {
        #expect(d(data) == expected)
    }

    @Test(arguments: [
        ("M10-20", "M10 -20"), ("M.5.5", "M0.5 0.5"), ("M1e2 1E1", "M100 10"), ("M-.5-.5", "M-0.5 -0.5"),
        ("M1.5.5L2-2", "M1.5 0.5 L2 -2"), ("  M 1 , 2  L3,4  ", "M1 2 L3 4"), ("M1e-1,2e+1", "M0.1 20"),
        ("\tM\n0\r0\u{0C}L1 1", "M0 0 L1 1"),
    ])
    func compactNumbers(data: String, expected: String) {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.error == nil)
        #expect(result.path.description == expected)
    }

    @Test(arguments: [
        ("M0 0 C1 1 2 2 3 3 S5 5 6 6", "M0 0 C1 1 2 2 3 3 C4 4 5 5 6 6"),   // reflects C's second control
        ("M0 0 c1 1 2 2 3 3 s2 2 3 3", "M0 0 C1 1 2 2 3 3 C4 4 5 5 6 6"),   // relative both
        ("M0 0 S1 1 2 2 S3 3 4 4", "M0 0 C0 0 1 1 2 2 C3 3 3 3 4 4"),       // S after S reflects too
        ("M0 0 L3 3 S5 5 6 6", "M0 0 L3 3 C3 3 5 5 6 6"),                   // after L: current point
        ("M0 0 Q1 1 2 2 S3 3 4 4", "M0 0 Q1 1 2 2 C2 2 3 3 4 4"),           // after Q: current point
        ("M0 0 C1 1 2 2 3 3 Z S1 1 2 2", "M0 0 C1 1 2 2 3 3 Z M0 0 C0 0 1 1 2 2"),  // after Z: current point
    ])
    func smoothCubicReflection(data: String, expected: String) {
        #expect(d(data) == expected)
    }

    @Test(arguments: [
        ("M0 0 Q1 1 2 0 T4 0", "M0 0 Q1 1 2 0 Q3 -1 4 0"),
        ("M0 0 Q1 1 2 0 T4 0 T6 0", "M0 0 Q1 1 2 0 Q3 -1 4 0 Q5 1 6 0"),
        ("M0 0 q1 1 2 0 t2 0", "M0 0 Q1 1 2 0 Q3 -1 4 0"),
        ("M0 0 L2 0 T4 0", "M0 0 L2 0 Q2 0 4 0"),
        ("M0 0 C1 1 2 1 3 0 T5 0", "M0 0 C1 1 2 1 3 0 Q3 0 5 0"),
        ("M0 0 T2 2", "M0 0 Q0 0 2 2"),
    ])
    func smoothQuadReflection(data: String, expected: String) {
        #expect(d(data) == expected)
    }

    @Test func relativeAfterCloseStartsAtSubpathStart() {
        #expect(d("M 0 0 z m 5 5 l 1 1") == "M0 0 Z M5 5 L6 6")
        #expect(d("M10 10 l5 0 z l1 1") == "M10 10 L15 10 Z M10 10 L11 11")
        #expect(d("M10 10 l5 0 z m1 1 l1 0") == "M10 10 L15 10 Z M11 11 L12 11")
        #expect(d("M1 1 L2 2 Z Z") == "M1 1 L2 2 Z")
    }

    @Test func segmentCountMatchesPath() {
        for data in ["M0 0 L1 1 Z", "M0 0 A5 5 0 1 1 10 0 Z", "M0 0 Z Z m1 1 l1 1 z l1 1", "M0 0 M1 1", ""] {
            let result = PathDataParser.parse(Substring(data))
            #expect(result.segmentCount == result.path.segmentCount, "\(data)")
        }
    }
}

@Suite struct PathDataArcTests {
    @Test func quarterArcEndsExactlyAndFollowsTheCircle() throws {
        let result = PathDataParser.parse("M10 0 A10 10 0 0 1 0 10")
        #expect(result.error == nil)
        let elements = result.path.elements
        #expect(elements.count == 2)
        guard case .cubic(let c1, let c2, let end) = elements[1] else { Issue.record("expected a cubic"); return }
        #expect(end == Point(0, 10))
        let mid = Path.cubicPoint(Point(10, 0), c1, c2, end, 0.5)
        let r = 10 / 2.0.squareRoot()  // the circle about the origin at 45°
        #expect(abs(mid.x - r) < 1e-6 && abs(mid.y - r) < 1e-6, "\(mid)")
        #expect(abs(mid.length - 10) < 1e-6)
    }

    @Test(arguments: [
        // (data, end point, the arc's middle point)
        ("M0 0 A10 10 0 0 1 20 0", Point(20, 0), Point(10, -10)),  // sweep 1: clockwise on screen → above
        ("M0 0 A10 10 0 0 0 20 0", Point(20, 0), Point(10, 10)),
        ("M0 0 a10 10 0 0 1 20 0", Point(20, 0), Point(10, -10)),
        ("M0 0 A1 1 0 0 1 20 0", Point(20, 0), Point(10, -10)),     // radii scaled up to fit
        ("M0 0 A-10 -10 0 0 1 20 0", Point(20, 0), Point(10, -10)), // negative radii: absolute value
    ])
    func semicircles(data: String, end: Point, middle: Point) throws {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.error == nil)
        let pts = result.path.points
        #expect(pts.last == end)
        // Two quarter cubics: the join between them is the arc's midpoint.
        #expect(result.path.verbs == [.move, .cubic, .cubic])
        #expect(pts[3].distance(to: middle) < 1e-9, "\(pts[3])")
    }

    @Test func largeArcFlagPicksTheLongWayRound() {
        let small = PathDataParser.parse("M10 0 A10 10 0 0 1 0 10").path
        let large = PathDataParser.parse("M10 0 A10 10 0 1 1 0 10").path
        #expect(small.segmentCount == 1)
        #expect(large.segmentCount == 3)
        #expect(large.points.last == Point(0, 10))
        // The long way round turns about the centre (10, 10) through (20, 10) and (10, 20).
        let b = large.bounds
        #expect(abs(b.maxX - 20) < 1e-6 && abs(b.maxY - 20) < 1e-6)
    }

    @Test(arguments: [
        "M0 0 a1 1 0 00.5.5", "M0 0 a1,1,0,0,0,.5,.5", "M0 0 a1 1 0 0 0 .5 .5", "M0 0 a1 1 0 0,0.5.5", "M0 0 a1 1 0 0 0.5.5",
    ])
    func compactArcFlags(data: String) {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.error == nil)
        #expect(result.path.points.last == Point(0.5, 0.5))
    }

    @Test func rotatedEllipseEndsExactly() {
        let result = PathDataParser.parse("M0 0 A20 10 30 1 0 15 5 a3 7 -45 0 1 -4 4")
        #expect(result.error == nil)
        #expect(result.path.points.last == Point(11, 9))
    }

    @Test func degenerateArcs() {
        #expect(d("M0 0 A0 5 0 0 1 10 0") == "M0 0 L10 0")   // a zero radius draws a line
        #expect(d("M0 0 A5 0 0 0 1 10 0") == "M0 0 L10 0")
        let same = PathDataParser.parse("M3 3 A5 5 0 0 1 3 3")  // same end point: nothing
        #expect(same.path.description == "M3 3")
        #expect(same.segmentCount == 0)
        #expect(same.error == nil)
    }

    @Test func arcAfterCloseAndSegmentCounting() {
        let result = PathDataParser.parse("M0 0 L10 0 Z A5 5 0 0 1 10 0")
        #expect(result.error == nil)
        #expect(result.segmentCount == 4)  // L, Z and two cubics; the implicit move is not a segment
        #expect(result.segmentCount == result.path.segmentCount)
    }

    @Test(arguments: [
        "M-1e308 0 A1e308 1e308 0 0 1 1e308 0", "M0 0 L1 1 A1e300 1e300 0 0 1 1e300 1e300",
        "M0 0 A1e-300 1e-300 0 0 1 10 0", "M0 0 A1e-300 1e300 45 1 0 1e-300 1e300", "M1e308 1e308 A1e308 1 90 1 1 -1e308 -1e308",
        "M0 0 A1.7976931348623157e308 1.7976931348623157e308 0 1 1 1 0",
    ])
    func extremeArcsStayFinite(data: String) {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.path.isFinite)
        #expect(result.segmentCount == result.path.segmentCount)
    }

    @Test func tinyRadiiScaleUpToASemicircle() {
        // SVG scales radii that cannot span the end points up to the smallest ellipse that can.
        let result = PathDataParser.parse("M0 0 A1e-300 1e-300 0 0 1 10 0")
        #expect(result.path.verbs == [.move, .cubic, .cubic])
        #expect(result.path.points[3].distance(to: Point(5, -5)) < 1e-9)
    }
}

@Suite struct PathDataErrorTests {
    @Test(arguments: [
        ("M 10 10 L 20", 12, "expected a number after 'L', found the end of the path data", "M10 10"),
        ("L 1 1", 0, "path data must start with a moveto ('M' or 'm'), found 'L'", ""),
        ("  10 10", 2, "path data must start with a moveto ('M' or 'm'), found '1'", ""),
        ("M", 1, "expected a number after 'M', found the end of the path data", ""),
        ("M 1 1 X 2", 6, "expected a number or a command letter, found 'X'", "M1 1"),
        ("M1 1 L2 2 Z 3 3", 12, "expected a command letter after 'Z'", "M1 1 L2 2 Z"),
        ("M 1 1, L 2 2", 5, "unexpected ',' before the 'L' command", "M1 1"),
        ("M1 1 L2 2,", 9, "unexpected ',' at the end of the path data", "M1 1 L2 2"),
        ("M1 1 L2,,2", 8, "expected a number after 'L', found ','", "M1 1"),
        ("M1e999 0", 1, "number out of range after 'M'", ""),
        ("M0 0 L1 2 3", 11, "expected a number after 'L', found the end", "M0 0 L1 2"),
        ("M0 0 C1 1 2 2", 13, "expected a number after 'C'", "M0 0"),
        ("M0 0 L1 1 é", 10, "expected a number or a command letter, found 'é'", "M0 0 L1 1"),
        ("M0 0 A1 1 0 2 0 5 5", 12, "expected an arc flag (0 or 1) after 'A', found '2'", "M0 0"),
        ("M0 0 a1 1 0 0", 13, "expected an arc flag (0 or 1) after 'a', found the end", "M0 0"),
        ("M0 0 L 1 - 2", 9, "expected a number after 'L', found '-'", "M0 0"),
        ("M0 0 L1 1e", 9, "expected a number or a command letter, found 'e'", "M0 0 L1 1"),
        ("M0 0 L1 1 L\u{00A0}2 2", 11, "expected a number after 'L', found U+A0", "M0 0 L1 1"),
        ("M0 0 L 1 1 M 2 🙂", 15, "expected a number after 'M', found '🙂'", "M0 0 L1 1"),
    ])
    func errorsCarryOffsetsAndKeepThePathBefore(data: String, offset: Int, message: String, path: String) throws {
        let result = PathDataParser.parse(Substring(data))
        let error = try #require(result.error, "\(data)")
        #expect(error.offset == offset, "\(data): \(error.message)")
        #expect(error.message.hasPrefix(message), "\(data): \(error.message)")
        #expect(result.path.description == path, "\(data)")
    }

    @Test func relativeOverflowIsAnError() throws {
        let result = PathDataParser.parse("M1e308 0 l1e308 0")
        let error = try #require(result.error)
        #expect(error.offset == 9)
        #expect(error.message == "coordinates after 'l' are out of range")
        #expect(result.path.points == [Point(1e308, 0)])
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func emptyDataIsEmptyWithoutError(data: String) {
        let result = PathDataParser.parse(Substring(data))
        #expect(result.error == nil && result.path.isEmpty && result.segmentCount == 0)
    }

    @Test func segmentLimitStopsWithAnError() throws {
        let result = PathDataParser.parse("M0 0 L1 1 L2 2 L3 3", segmentLimit: 2)
        let error = try #require(result.error)
        #expect(error.offset == 15)
        #expect(error.message == "path has more than 2 segments")
        #expect(result.path.description == "M0 0 L1 1 L2 2")
        #expect(result.segmentCount == 2)
    }

    @Test func segmentLimitCountsArcCubicsExactly() {
        let semicircle = "M0 0 A5 5 0 0 1 10 0"  // two cubics
        #expect(PathDataParser.parse(Substring(semicircle), segmentLimit: 2).error == nil)
        let over = PathDataParser.parse(Substring(semicircle), segmentLimit: 1)
        #expect(over.error?.message == "path has more than 1 segments")
        #expect(over.path.description == "M0 0")
        // A closepath that closes nothing new is not a segment.
        #expect(PathDataParser.parse("M0 0 L1 1 Z Z", segmentLimit: 2).error == nil)
        #expect(PathDataParser.parse("M0 0 L1 1", segmentLimit: 0).error?.offset == 5)
    }
}
