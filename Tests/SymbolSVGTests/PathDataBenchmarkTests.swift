import Foundation
import Testing
import SymbolSVG

/// Release-build timing of the path data reader. Not a test of behaviour (benchmarks are not
/// tests): it runs only with SYMBOLREEL_BENCH=1, e.g.
/// `SYMBOLREEL_BENCH=1 swift test -c release --filter PathDataBenchmark`.
@Suite struct PathDataBenchmark {
    /// 200,000 segments mixing every command, absolute and relative, with typical number shapes.
    static func largePathData(segments: Int) -> String {
        let pieces = [
            "L12.5 -3.25", "l-1.75.5", "H100.125", "v-2e1", "C1.5 2.5 3.5 4.5 5.5 6.5", "s-1-2-3-4",
            "Q10 20 30 40", "t.5.5", "A5 5 0 0 1 20.5 3", "a2,3 30 1,0 -4.25,1.5", "c0.333 0.666 1 1 2 2", "h-3.5",
        ]
        var text = "M0 0"
        text.reserveCapacity(segments * 16)
        for i in 0..<segments {
            text += " "
            text += pieces[i % pieces.count]
        }
        return text
    }

    @Test(.enabled(if: Environment.benchmarks))
    func parseSpeed() {
        let data = Self.largePathData(segments: 200_000)
        var best = Duration.seconds(1000)
        var segments = 0
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let result = PathDataParser.parse(Substring(data))
            let elapsed = ContinuousClock.now - start
            best = min(best, elapsed)
            segments = result.segmentCount
            #expect(result.error == nil)
        }
        let ms = Double(best.components.attoseconds) / 1e15 + Double(best.components.seconds) * 1000
        print("path data: \(data.utf8.count) bytes, 200000 commands → \(segments) segments, best of 5: \(ms) ms")
    }
}

private enum Environment {
    static var benchmarks: Bool { ProcessInfo.processInfo.environment["SYMBOLREEL_BENCH"] == "1" }
}
