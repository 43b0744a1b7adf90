import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
@testable import SymbolRender

/// Templates without classes for a mode draw the glyph as one path (docs/rendering.md, rule 6),
/// judged by the evident design of two SF Symbols 3 forms copied from real files (our own
/// drawings): a logo knocked out of a filled square and a dial knocked out of a filled disc.
/// Their contours are wound against the container's, so the design shows only when the glyph
/// fills as one path; filled layer by layer in one colour the container covers the logo.
///
/// Provenance: evident design (a logo meant to show, a dial meant to be cut); points are in the
/// fixtures' own symbol units, pixels compared straight (demultiplied) within 2 levels.
@Suite struct WholeGlyphTests {
    typealias Probe = RealStructureTests.Probe
    static let clear = (0, 0, 0, 0), black = (0, 0, 0, 255)

    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func theLogoShowsInEveryMode(_ mode: RenderingMode) throws {
        let doc = try RealStructureTests.fixture("apple-v3-knockout-square.svg")
        #expect(doc.layers[.monochrome]?.count == 1, "no monochrome classes: one whole-glyph layer")
        let probe = Probe(doc, mode)
        let (bolt, square): ((Int, Int, Int, Int), (Int, Int, Int, Int)) = switch mode {
        case .monochrome: (Self.clear, Self.black)
        case .hierarchical: (Self.black, (0, 0, 0, 128))     // primary bolt over a secondary square
        default: ((255, 255, 255, 255), (0x00, 0x7A, 0xFF, 255))
        }
        for (x, y) in [(40.5, -44.0), (43.0, -20.0)] {
            let got = probe.rgba(x, y)
            #expect(RealStructureTests.near(got, bolt), "\(mode): the bolt at (\(x), \(y)) is \(got)" as Comment)
        }
        for (x, y) in [(12.0, -10.0), (75.0, -65.0)] {
            let got = probe.rgba(x, y)
            #expect(RealStructureTests.near(got, square), "\(mode): the square at (\(x), \(y)) is \(got)" as Comment)
        }
    }

    /// Hierarchical classes only: monochrome and multicolor (no classes of their own) both fill
    /// the whole glyph as one path, so the ring and the slot across the hub are holes.
    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func theDialIsCutFromTheDisc(_ mode: RenderingMode) throws {
        let doc = try RealStructureTests.fixture("apple-v3-knockout-dial.svg")
        let probe = Probe(doc, mode)
        let cy = -70.459 / 2
        let cut = mode == .hierarchical ? Self.black : Self.clear
        let solid = mode == .hierarchical ? (0, 0, 0, 128) : Self.black
        let points: [(String, Double, Double, (Int, Int, Int, Int))] = [
            ("ring", 46 + 18.5, cy, cut), ("ring", 46 - 18.5, cy, cut), ("slot", 46, cy + 5, cut),
            ("hub", 46 - 11, cy, solid), ("hub", 46 + 11, cy + 3, solid), ("disc", 46 + 30, cy, solid), ("disc", 46, cy - 32, solid),
        ]
        for (what, x, y, want) in points {
            let got = probe.rgba(x, y)
            #expect(RealStructureTests.near(got, want), "\(mode): the \(what) at (\(x), \(y)) is \(got), not \(want)" as Comment)
        }
    }

    /// SF Symbols 3 writes clear-behind as a class on the path (`clearBehindLayer`, as a real v3
    /// export of a branch in a ring does): in hierarchical the secondary ring clears the primary
    /// bar beneath it, so where they cross only the ring's half-strength ink shows, while the bar
    /// shows whole inside and outside the ring.
    @Test func theV3ClearBehindClassClearsTheLayerBeneath() throws {
        let probe = Probe(try RealStructureTests.fixture("apple-v3-clear-behind-class.svg"), .hierarchical)
        let cy = -70.459 / 2
        for (what, x, want) in [("the ring over the bar", 45.0 - 26, (0, 0, 0, 128)), ("the ring over the bar", 45.0 + 26, (0, 0, 0, 128)),
                                ("the bar inside the ring", 45.0, Self.black), ("the bar outside the ring", 12.0, Self.black)] {
            let got = probe.rgba(x, cy)
            #expect(RealStructureTests.near(got, want), "\(what) at x \(x) is \(got), not \(want)" as Comment)
        }
    }

    /// The v3 form has no clear-behind or opacity of its own in monochrome: the whole-glyph layer
    /// carries no annotations, and hierarchical keeps its own two layers.
    @Test func theWholeGlyphLayerHoldsEveryPath() throws {
        let doc = try RealStructureTests.fixture("apple-v3-knockout-square.svg")
        let mono = try #require(doc.layers[.monochrome]?.first)
        #expect(mono.parts.map(\.shape) == Array(doc.shapes.indices))
        #expect(mono.annotations == LayerAnnotations())
        #expect(doc.layers[.hierarchical]?.count == 2)
        #expect(doc.layers(for: .multicolor).count == 2)
    }
}
