// Release-build timing of the path data reader (`make bench`, bench/run.sh): 200,000 mixed
// commands, every command absolute and relative with typical number shapes, best of 5.
// Prints one line: `path data: BYTES bytes, 200000 commands → SEGMENTS segments, best of 5: MS ms`.
// A benchmark, not a test: it lives here, out of the test suite.
import Foundation
import SymbolSVG

let pieces = [
    "L12.5 -3.25", "l-1.75.5", "H100.125", "v-2e1", "C1.5 2.5 3.5 4.5 5.5 6.5", "s-1-2-3-4",
    "Q10 20 30 40", "t.5.5", "A5 5 0 0 1 20.5 3", "a2,3 30 1,0 -4.25,1.5", "c0.333 0.666 1 1 2 2", "h-3.5",
]
let commands = 200_000
var text = "M0 0"
text.reserveCapacity(commands * 16)
for i in 0..<commands {
    text += " "
    text += pieces[i % pieces.count]
}

var best = Duration.seconds(1000)
var segments = 0
for _ in 0..<5 {
    let start = ContinuousClock.now
    let result = PathDataParser.parse(Substring(text))
    best = min(best, ContinuousClock.now - start)
    segments = result.segmentCount
    guard result.error == nil else {
        FileHandle.standardError.write(Data("path data: the reader reported an error: \(result.error!)\n".utf8))
        exit(1)
    }
}
let ms = Double(best.components.attoseconds) / 1e15 + Double(best.components.seconds) * 1000
print("path data: \(text.utf8.count) bytes, \(commands) commands → \(segments) segments, best of 5: \(ms) ms")
