// SymbolBenchChart: bench/chart.png from the ratios `make bench` collects (bench/run.sh),
// drawn with our own rasterizer and PNG encoder.
// Usage: SymbolBenchChart RATIOS.tsv OUT.png [TITLE]
import BenchChart
import Foundation
import SymbolEncodePNG

let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write(Data("usage: SymbolBenchChart RATIOS.tsv OUT.png [TITLE]\n".utf8))
    exit(64)
}
do {
    let rows = try ChartRow.parseTSV(String(contentsOfFile: args[1], encoding: .utf8))
    guard !rows.isEmpty else { throw ChartError("\(args[1]): no rows") }
    let title = args.count > 3 ? args[3] : "SYMBOLREEL BENCH: OURS / REFERENCE"
    guard let bitmap = ChartRenderer(rows: rows, title: title).render() else { throw ChartError("chart too large") }
    try PNGStill.write(bitmap, to: args[2])
} catch {
    FileHandle.standardError.write(Data("SymbolBenchChart: \(error)\n".utf8))
    exit(65)
}
