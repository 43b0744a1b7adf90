import Testing
@testable import SymbolTimeline

@Suite struct FrameTimeTests {
    @Test func ratesAreReducedFractions() throws {
        let r = try #require(FrameRate(numerator: 60000, denominator: 1000))
        #expect(r.numerator == 60 && r.denominator == 1)
        #expect(FrameRate(numerator: 0, denominator: 1) == nil)
        #expect(FrameRate(fps: 29.97) == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(fps: 59.94)?.description == "60000/1001")
        #expect(FrameRate(fps: 12.5) == FrameRate(numerator: 25, denominator: 2))
    }

    @Test func frameTimesComeFromIntegersWithOneRounding() throws {
        #expect(FrameTime(index: 30, rate: .fps60).seconds == 0.5)
        #expect(FrameTime(index: 600_000, rate: .fps60).seconds == 10_000)
        let ntsc = try #require(FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameTime(index: 1001, rate: ntsc).seconds == Double(1001 * 1001) / 30000)
        // Summing 1/60 a million times drifts; the index form does not.
        var sum = 0.0
        for _ in 0..<1_000_000 { sum += 1.0 / 60 }
        #expect(sum != FrameTime(index: 1_000_000, rate: .fps60).seconds)
        #expect(FrameTime(index: 1_000_000, rate: .fps60).seconds == 1_000_000.0 / 60)
    }

    @Test func clockCountsRoundedFrames() throws {
        let clock = FrameClock(rate: .fps60)
        #expect(clock.frameCount(duration: 3) == 180)
        #expect(clock.frameCount(duration: 0) == 0)
        #expect(FrameClock(rate: FrameRate(25)).frameCount(duration: 0.5) == 13)
        #expect(FrameClock(rate: try #require(FrameRate(fps: 29.97))).frameCount(duration: 1) == 30)
        #expect(clock.time(ofFrame: 12).seconds == 0.2)
        #expect(clock.frame(atSeconds: 0.5).index == 30)
        #expect(clock.frame(atSeconds: 0.509).index == 30)
    }
}
