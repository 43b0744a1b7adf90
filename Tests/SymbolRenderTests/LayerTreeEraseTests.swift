import Testing
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
@testable import SymbolRender

/// A LayerTree layer's pieces build that layer's own shape in order: a drawn piece adds, an erase
/// piece removes from what the layer's earlier pieces drew, never from the layers beneath (real
/// SF Symbols 6 exports of vehicles on discs draw first and erase the windows between draws,
/// which keeps the windows disc-coloured; docs/rendering.md rule 7). A clear-behind layer then
/// erases its whole shape, holes kept, from the layers beneath.
@Suite struct LayerTreeEraseTests {
    /// Nested squares, one path: 0 the "disc", 1 a gap, 2 a body, 3 a window, 4 a dot. Layer 0
    /// draws 0; layer 1 erases 1, draws 2, erases 3, draws 4.
    static let source = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
    <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
    <g id="Regular-M" transform="translate(100 200)"><path d="M5 -95 H95 V-5 H5 Z M30 -70 H70 V-30 H30 Z M34 -66 H66 V-34 H34 Z M40 -60 H60 V-40 H40 Z M47 -53 H53 V-47 H47 Z"/></g>
    <g id="LayerTree">
      <g class="monochrome-0 hierarchical-0:secondary multicolor-0:systemBlueColor" style="-sfsymbols-indices:0"/>
      <g class="monochrome-1 hierarchical-1:primary multicolor-1:systemYellowColor" style="-sfsymbols-indices:1 2 3 4">
        <g class="shapeGroupLayer-0" style="-sfsymbols-fill-action:erase;-sfsymbols-indices:1"/>
        <g class="shapeGroupLayer-1" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:2"/>
        <g class="shapeGroupLayer-2" style="-sfsymbols-fill-action:erase;-sfsymbols-indices:3"/>
        <g class="shapeGroupLayer-3" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:4"/>
      </g>
    </g></svg>
    """
    static let doc = try! SymbolReader.read(data: Array(source.utf8), fileName: "erase.svg")

    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func erasePiecesCutTheirOwnLayerOnly(_ mode: RenderingMode) throws {
        var s = MotionProbe.settings
        s.mode = mode
        let b = try #require(FrameRenderer().render(Self.doc, settings: s))
        func alpha(_ x: Double) -> UInt8 { Self.alpha(b, x) }
        let disc: UInt8 = mode == .hierarchical ? 128 : 255
        #expect(abs(Int(alpha(15)) - Int(disc)) <= 1, "disc")
        #expect(abs(Int(alpha(32)) - Int(disc)) <= 1, "an erase piece before any drawn piece has nothing of its own layer to cut")
        #expect(alpha(37) == 255, "the body")
        #expect(abs(Int(alpha(43)) - Int(disc)) <= 1, "the window is cut from the body only: the disc shows")
        #expect(alpha(50) == 255, "the dot is drawn into the window")
    }

    /// The same layer clear-behind at opacity 0 (as vehicles are in monochrome): it erases its
    /// shape, window included as a hole, from the disc, so the body is clear and the window keeps
    /// the disc.
    @Test func aClearBehindLayerErasesItsShapeWithItsHoles() throws {
        let text = String(decoding: Self.source.utf8, as: UTF8.self)
            .replacingOccurrences(of: "<g id=\"LayerTree\">", with: "<style>.monochrome-1 {opacity:0;-sfsymbols-clear-behind:true}</style><g id=\"LayerTree\">")
        let doc = try SymbolReader.read(data: Array(text.utf8), fileName: "erase-clear.svg")
        let b = try #require(FrameRenderer().render(doc, settings: MotionProbe.settings))
        func alpha(_ x: Double) -> UInt8 { Self.alpha(b, x) }
        #expect(alpha(15) == 255, "disc")
        #expect(alpha(37) == 0, "the body is cleared from the disc")
        #expect(alpha(43) == 255, "the window, a hole in the body, keeps the disc")
        #expect(alpha(50) == 0, "the dot, drawn again, is cleared too")
    }

    /// `-sfsymbols-indices` count a subpath at every move, as the file does: a move that draws
    /// nothing (followed straight by another) is subpath 0 here, so index 2 is the right square.
    @Test func indicesCountAMoveThatDrawsNothing() throws {
        let text = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
        <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
        <g id="Regular-M" transform="translate(100 200)"><path d="M50 -50M5 -95 H45 V-5 H5 Z M55 -95 H95 V-5 H55 Z"/></g>
        <g id="LayerTree"><g class="monochrome-0" style="-sfsymbols-indices:2"/></g></svg>
        """
        let doc = try SymbolReader.read(data: Array(text.utf8), fileName: "bare-move.svg")
        let b = try #require(FrameRenderer().render(doc, settings: MotionProbe.settings))
        func alpha(_ x: Double) -> UInt8 { Self.alpha(b, x) }
        #expect(alpha(25) == 0, "the left square (index 1) is not picked")
        #expect(alpha(75) == 255, "the right square (index 2) is")
    }

    /// The alpha of the frame on the row through y = −50 (the squares' middle), at x symbol units.
    static func alpha(_ b: Bitmap, _ x: Double) -> UInt8 {
        let (px, py) = MotionProbe.pixel(x, -50)
        return b.pixel(x: Int(px), y: Int(py)).a
    }
}
