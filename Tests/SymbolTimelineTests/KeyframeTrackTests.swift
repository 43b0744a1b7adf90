import Testing
@testable import SymbolTimeline

@Suite struct KeyframeTrackTests {
    @Test func linearMoveAndCubicHitTheirValuesAtTheirTimes() {
        let t = KeyframeTrack(.scale, keyframes: [
            Keyframe(2, duration: 1, .linear), Keyframe(0.5, duration: 0.5, .move), Keyframe(1, duration: 0.5, .cubic),
        ])
        #expect(t.value(at: -1) == 1 && t.value(at: 0) == 1)
        #expect(approx(t.value(at: 0.5), 1.5, 1e-12))
        #expect(t.value(at: 1) == 0.5)  // a move keyframe jumps at its start
        #expect(t.value(at: 0.999999) > 1.99)
        #expect(t.value(at: 1.4) == 0.5)
        #expect(approx(t.value(at: 2), 1, 1e-12) && t.value(at: 7) == 1)
        #expect(t.duration == 2 && t.end == 2)
    }

    @Test func cubicKeyframesMakeOneSmoothCurve() {
        let t = KeyframeTrack(.rotation, start: 1, keyframes: [
            Keyframe(10, duration: 1, .cubic), Keyframe(-10, duration: 1, .cubic), Keyframe(0, duration: 1, .cubic),
        ])
        #expect(t.value(at: 1) == 0)
        #expect(approx(t.value(at: 2), 10, 1e-12) && approx(t.value(at: 3), -10, 1e-12) && approx(t.value(at: 4), 0, 1e-12))
        // Catmull-Rom tangent at the knot of value 10: (−10 − 0) / 2 = −5 per second, on both sides.
        let h = 1e-6
        let left = (t.value(at: 2) - t.value(at: 2 - h)) / h, right = (t.value(at: 2 + h) - t.value(at: 2)) / h
        #expect(approx(left, -5, 1e-3) && approx(right, -5, 1e-3))
        #expect(approx((t.value(at: 1 + h) - t.value(at: 1)) / h, 0, 1e-3))  // starts at rest
    }

    @Test func springKeyframesStartWithTheCurrentVelocityAndSettle() {
        // docs/presets.md's example track.
        let spring = Spring(duration: 0.3, bounce: 0.4)
        let t = KeyframeTrack(.rotation, keyframes: [
            Keyframe(15, duration: 0.15, .linear), Keyframe(-15, duration: 0.3, .spring(spring)), Keyframe(0, duration: 0.15, .curve(.easeOut)),
        ])
        #expect(approx(t.value(at: 0.15), 15, 1e-12))
        // The spring starts at 100°/s (the linear segment's slope): value keeps rising briefly.
        #expect(t.value(at: 0.16) > 15)
        #expect(approx(t.value(at: 0.6), 0, 1e-12))
        // A spring keyframe long enough to settle lands exactly; a final spring outlasts its slot.
        let long = KeyframeTrack(.offsetX, keyframes: [Keyframe(0.2, duration: 2, .spring(.bouncy))])
        #expect(long.value(at: 2) == 0.2)
        let short = KeyframeTrack(.offsetX, keyframes: [Keyframe(0.2, duration: 0.1, .spring(.bouncy))])
        #expect(approx(short.duration, Spring.bouncy.settlingDuration, 1e-9))
        #expect(short.value(at: short.duration) == 0.2 && short.value(at: 0.1) != 0.2)
    }

    @Test func zeroDurationKeyframesJump() {
        let t = KeyframeTrack(.opacity, keyframes: [Keyframe(0, duration: 0), Keyframe(1, duration: 1)])
        #expect(t.value(at: 0) == 0 && approx(t.value(at: 0.5), 0.5))
    }

    @Test func pointsFormStartsAtTheFirstPoint() throws {
        let t = KeyframeTrack(.variableValue, points: [(0.5, 0.2), (1.5, 1), (2, 0)])
        #expect(t.start == 0.5 && t.value(at: 0) == 0.2 && approx(t.value(at: 1), 0.6) && t.value(at: 1.5) == 1 && t.value(at: 3) == 0)
        let backwards = KeyframeTrack(.scale, points: [(1, 1), (0.5, 2)])
        #expect(throws: TimelineError("keyframe 0 of 'scale' needs a duration ≥ 0, not -0.5", event: 0)) {
            try Timeline(documents: [TestDocuments.one()], events: [.keyframes(backwards)])
        }
    }

    @Test func interpolationParsing() throws {
        #expect(try Keyframe.Interpolation(parsing: "cubic") == .cubic)
        #expect(try Keyframe.Interpolation(parsing: ".spring(duration: 0.3, bounce: 0.4)") == .spring(Spring(duration: 0.3, bounce: 0.4)))
        #expect(try Keyframe.Interpolation(parsing: "move") == .move)
        #expect(try Keyframe.Interpolation(parsing: ".easeOut") == .curve(.easeOut))
    }
}
