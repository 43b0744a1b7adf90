import SymbolGeometry
import Testing

/// The one frame rate: reduced fractions within one set of limits, the decimal reading with
/// NTSC detection, frame counts and times from integers, and the encoders' cumulative delays.
@Suite struct FrameRateTests {
    @Test func ratesAreReducedFractions() throws {
        let r = try #require(FrameRate(numerator: 60000, denominator: 1000))
        #expect(r.numerator == 60 && r.denominator == 1)
        let ntsc = try #require(FrameRate(numerator: 60000, denominator: 2002))
        #expect(ntsc.numerator == 30000 && ntsc.denominator == 1001)
        #expect(ntsc.timeBase == (1001, 30000))
        #expect(FrameRate(numerator: 0, denominator: 1) == nil)
        #expect(FrameRate(numerator: 1001, denominator: 0) == nil)
        #expect(FrameRate(fps: 29.97) == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(fps: 12.5) == FrameRate(numerator: 25, denominator: 2))
        // One description for every use: the encoders' notes and `validate` print it as is.
        #expect(FrameRate(fps: 59.94)?.description == "60000/1001 fps")
        #expect(FrameRate(60).description == "60 fps")
        #expect(FrameTime(index: 3, rate: .fps60).description == "frame 3 @ 60 fps")
    }

    /// One set of limits: at most 1000 fps, at least one frame an hour.
    @Test func limitsAreChecked() {
        #expect(FrameRate(numerator: FrameRate.maxFramesPerSecond)?.framesPerSecond == 1000)
        #expect(FrameRate(numerator: 1001) == nil)
        #expect(FrameRate(numerator: 2001, denominator: 2) == nil)
        #expect(FrameRate(numerator: 1, denominator: FrameRate.maxSecondsPerFrame) != nil)
        #expect(FrameRate(numerator: 1, denominator: 3601) == nil)
        #expect(FrameRate(numerator: Int.max, denominator: 1) == nil)
        #expect(FrameRate(numerator: 1, denominator: Int.max) == nil)
        #expect(FrameRate(fps: 1000)?.framesPerSecond == 1000)
        #expect(FrameRate(fps: 1000.5) == nil)
        #expect(FrameRate(fps: 1e300) == nil)
        #expect(FrameRate(fps: 0) == nil && FrameRate(fps: -30) == nil && FrameRate(fps: .nan) == nil)
        #expect(FrameRate(0) == FrameRate(1) && FrameRate(5000) == FrameRate(1000))
    }

    /// Every rate a preset or `--fps` may give (1…120) reads exactly as it did before the
    /// limits moved here: NTSC within 0.006 of 24, 30, 60 or 120 × 1000/1001, else thousandths.
    @Test func decimalRatesReadAsBefore() {
        var differ: [Double] = []
        for thousandths in 1000...120_000 {
            let fps = Double(thousandths) / 1000
            var expected = FrameRate(numerator: thousandths, denominator: 1000)
            for base in [24, 30, 60, 120] where abs(fps - Double(base) * 1000 / 1001) < 0.006 {
                expected = FrameRate(numerator: base * 1000, denominator: 1001)
            }
            if expected == nil || FrameRate(fps: fps) != expected { differ.append(fps) }
        }
        #expect(differ.isEmpty)
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

    @Test func framesAreCountedRounded() throws {
        let rate = FrameRate.fps60
        #expect(rate.frameCount(duration: 3) == 180)
        #expect(rate.frameCount(duration: 0) == 0)
        #expect(FrameRate(25).frameCount(duration: 0.5) == 13)
        #expect(try #require(FrameRate(fps: 29.97)).frameCount(duration: 1) == 30)
        #expect(rate.time(ofFrame: 12).seconds == 0.2)
        #expect(rate.frame(atSeconds: 0.5).index == 30)
        #expect(rate.frame(atSeconds: 0.509).index == 30)
    }

    /// Delays by cumulative rounding add up to the rounded total, whatever the rate.
    @Test(arguments: [(60, 1), (30000, 1001), (24, 1), (7, 1), (48, 1)])
    func delaysAddUpToTheTotal(numerator: Int, denominator: Int) throws {
        let rate = try #require(FrameRate(numerator: numerator, denominator: denominator))
        for frames in [1, 2, 59, 181, 1000] {
            let delays = (0..<frames).map { rate.delay(ofFrame: $0, unitsPerSecond: 100) }
            let exact = Double(frames) * Double(denominator) / Double(numerator) * 100
            #expect(abs(Double(delays.reduce(0, +)) - exact) <= 0.5)
            #expect(delays.max()! - delays.min()! <= 1)
        }
        #expect(rate.boundary(ofFrame: 0, unitsPerSecond: 100) == 0)
    }

    @Test func highRatesAreDecimatedByWholeFactors() {
        #expect(FrameRate(60).decimated(toAtMost: 50) == FrameRate(30))
        #expect(FrameRate(120).decimated(toAtMost: 50) == FrameRate(40))
        #expect(FrameRate(50).decimated(toAtMost: 50) == FrameRate(50))
        #expect(FrameRate(numerator: 60000, denominator: 1001)!.decimated(toAtMost: 50) == FrameRate(numerator: 30000, denominator: 1001))
    }
}
