import SymbolGeometry
import Testing

@Suite struct TrimTests {
    @Test func fullRangeIsExactlyTheSamePath() {
        let c = Fixture.circle(30)
        #expect(c.trimmed(from: 0, to: 1) == c)
        #expect(c.trimmed(from: -1, to: 2) == c)
    }

    @Test func emptyAndInvalidRanges() {
        let c = Fixture.circle(30)
        #expect(c.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(c.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(c.trimmed(from: .nan, to: 1).isEmpty)
        #expect(Path().trimmed(from: 0.1, to: 0.9).isEmpty)
    }

    @Test func halfALineEndsAtItsMiddle() {
        let t = Fixture.polyline([(0, 0), (100, 0)]).trimmed(from: 0.25, to: 0.5)
        #expect(t.points == [Point(25, 0), Point(50, 0)])
    }

    @Test func curvesAreSplitNotFlattened() {
        let c = Fixture.circle(50)
        let half = c.trimmed(from: 0, to: 0.5)
        #expect(half.verbs.filter { $0 == .cubic }.count == 2)
        #expect(abs(PathMeasure(half).length - PathMeasure(c).length / 2) < 1e-3)
        // An interior trim starts and ends on the circle.
        let piece = c.trimmed(from: 0.1, to: 0.35)
        for p in [piece.points.first!, piece.points.last!] { #expect(abs(p.length - 50) < 0.02) }
        #expect(abs(PathMeasure(piece).length - 0.25 * PathMeasure(c).length) < 1e-3)
    }

    @Test func trimRunsAcrossSubpaths() {
        var path = Fixture.polyline([(0, 0), (10, 0)])
        path.append(Fixture.polyline([(0, 10), (10, 10)]))
        let t = path.trimmed(from: 0.25, to: 0.75)
        #expect(t.subpathCount == 2)
        #expect(t.points == [Point(5, 0), Point(10, 0), Point(0, 10), Point(5, 10)])
    }
}

@Suite struct DashTests {
    let line = Fixture.polyline([(0, 0), (100, 0)])

    @Test func countsFollowThePattern() {
        #expect(line.dashed([10, 10], offset: 0).subpathCount == 5)
        #expect(line.dashed([10], offset: 0).subpathCount == 5)  // odd count repeats: 10 on, 10 off
        #expect(line.dashed([30, 10, 5, 5], offset: 0).subpathCount == 4)
    }

    @Test func offsetShiftsAndWraps() {
        let shifted = line.dashed([10, 10], offset: 5)
        #expect(shifted.subpathCount == 6)
        #expect(shifted.points[0] == Point(0, 0) && shifted.points[1] == Point(5, 0))
        // −15 ≡ 5 (mod 20); a huge offset wraps the same way as its remainder.
        #expect(line.dashed([10, 10], offset: -15) == shifted)
        #expect(line.dashed([10, 10], offset: 20e12 + 5) == shifted)
    }

    @Test func patternContinuesAcrossSegmentsAndRestartsPerSubpath() {
        let corner = Fixture.polyline([(0, 0), (15, 0), (15, 15)])
        let d = corner.dashed([10, 10], offset: 0)
        #expect(d.subpathCount == 2)  // 0–10, then 20–30 (which starts on the second segment)
        var two = line
        two.append(Fixture.polyline([(0, 50), (100, 50)]))
        #expect(two.dashed([10, 10], offset: 5).subpathCount == 12)
    }

    @Test func closedSubpathJoinsTheDashOverTheStart() {
        let square = Fixture.polyline([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true)
        // 40 long, 8 on / 2 off from 0: dashes at 0, 10, 20, 30; the last ends at 38, not 40,
        // so nothing joins. With offset 4, the first dash (0–4) and the last (36–40) join.
        #expect(square.dashed([8, 2], offset: 0).subpathCount == 4)
        #expect(square.dashed([8, 2], offset: 4).subpathCount == 4)
    }

    @Test func invalidPatternsLeaveThePathSolid() {
        #expect(line.dashed([], offset: 0) == line)
        #expect(line.dashed([0, 0], offset: 0) == line)
        #expect(line.dashed([5, -1], offset: 0) == line)
        #expect(line.dashed([.nan, 3], offset: 0) == line)
        #expect(line.dashed([1e-9, 1e-9], offset: 0) == line)  // would be ~10^11 dashes
        #expect(line.dashed([10, 10], offset: .infinity).subpathCount == 5)
    }

    @Test func zeroLengthDashesBecomeDots() {
        let dots = line.dashed([0, 10], offset: 0)
        #expect(dots.subpathCount == 10)
        #expect(dots.points[0] == dots.points[1])
    }
}
