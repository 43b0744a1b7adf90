import SymbolGeometry
@testable import SymbolRaster
import SymbolTestSupport
import Testing

/// Unmasked solid source-over fills composite straight from the row sweep (`RunSink`), while
/// every other fill goes through span lists (`SpanSink`, checked against references in
/// RasterizerTests, KernelTests and ResvgComparisonTests). A mask of all 255 sends the same
/// solid fill down the span path, which must give the same pixels, bit for bit: onto a fresh
/// bitmap, onto rows pending from a lazy clear, and blended onto earlier drawing.
@Suite struct SolidRunTests {
    /// A random polygon, partly outside a `size × size` target, self-intersecting at times.
    static func polygon(_ rng: inout SeededRandom, size: Double) -> Path {
        let n = Int.random(in: 3...9, using: &rng)
        let pts = (0..<n).map { _ in
            (Double.random(in: -0.2...1.2, using: &rng) * size, Double.random(in: -0.2...1.2, using: &rng) * size)
        }
        return Draw.polygon(pts)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func runPathMatchesSpanPath(rule: FillRule) throws {
        var rng = SeededRandom(seed: rule == .nonZero ? 29 : 30)
        let size = 61
        var full = try #require(CoverageMask(width: size, height: size))
        full.values = [UInt8](repeating: 255, count: size * size)
        let painter = Painter()
        var runs = try #require(Bitmap(width: size, height: size))
        var spans = try #require(Bitmap(width: size, height: size))
        // Five colours, opaque and translucent, drawn in random order: the painter keeps the
        // tables of the last four, so some fills reuse a table and some rebuild one.
        let palette = (0..<5).map { i in
            Draw.solid(Double.random(in: 0...1, using: &rng), 0.5, Double.random(in: 0...1, using: &rng),
                       i < 2 ? 1 : Double.random(in: 0.05...0.95, using: &rng))
        }
        for round in 0..<60 {
            if round % 4 == 0 { runs.clear(); spans.clear() }  // rows pending again
            let path = Self.polygon(&rng, size: Double(size))
            let paint = palette[Int.random(in: 0..<5, using: &rng)]
            painter.fill(path, rule: rule, paint: paint, into: &runs)
            painter.fill(path, rule: rule, paint: paint, mask: full, into: &spans)
            #expect(runs == spans, "round \(round)")
        }
        #expect(runs.pixels.contains { $0 != 0 })  // something was drawn
    }
}
