import SymbolEncode
import Testing

@Suite struct FrameTimingTests {
    @Test func ratesAreReducedAndChecked() {
        let ntsc = FrameTiming(numerator: 60000, denominator: 2002)!
        #expect(ntsc.numerator == 30000 && ntsc.denominator == 1001)
        #expect(ntsc.timeBase == (1001, 30000))
        #expect(FrameTiming(framesPerSecond: 0) == nil)
        #expect(FrameTiming(numerator: 1001, denominator: 0) == nil)
        #expect(FrameTiming(framesPerSecond: 1001) == nil)
        #expect(FrameTiming(framesPerSecond: 60)!.description == "60 fps")
    }

    /// Delays by cumulative rounding add up to the rounded total, whatever the rate.
    @Test(arguments: [(60, 1), (30000, 1001), (24, 1), (7, 1), (48, 1)])
    func delaysAddUpToTheTotal(numerator: Int, denominator: Int) {
        let timing = FrameTiming(numerator: numerator, denominator: denominator)!
        for frames in [1, 2, 59, 181, 1000] {
            let delays = (0..<frames).map { timing.delay(ofFrame: $0, unitsPerSecond: 100) }
            let exact = Double(frames) * Double(denominator) / Double(numerator) * 100
            #expect(abs(Double(delays.reduce(0, +)) - exact) <= 0.5)
            #expect(delays.max()! - delays.min()! <= 1)
        }
        #expect(timing.boundary(ofFrame: 0, unitsPerSecond: 100) == 0)
    }

    @Test func highRatesAreDecimatedByWholeFactors() {
        #expect(FrameTiming(framesPerSecond: 60)!.decimated(toAtMost: 50) == FrameTiming(framesPerSecond: 30))
        #expect(FrameTiming(framesPerSecond: 120)!.decimated(toAtMost: 50) == FrameTiming(framesPerSecond: 40))
        #expect(FrameTiming(framesPerSecond: 50)!.decimated(toAtMost: 50) == FrameTiming(framesPerSecond: 50))
        #expect(FrameTiming(numerator: 60000, denominator: 1001)!.decimated(toAtMost: 50) == FrameTiming(numerator: 30000, denominator: 1001))
    }
}
