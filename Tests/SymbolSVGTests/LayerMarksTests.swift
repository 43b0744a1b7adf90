import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolSVG

/// What SF Symbols 6 and 7 exports add to layers: rotation marks and the rotate
/// anchor node, wiggle styles, and the LayerTree as Apple's compiler reads it.
@Suite struct LayerMarksTests {
    /// Ultralight-S and Black-S masters of one bar, each with its own rotate anchor; `version`
    /// is the Notes' template version.
    static func masters(version: String, extraRule: String = "") -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
        <style>.monochrome-0 {-sfsymbols-always-rotates:true;-sfsymbols-rotates-clockwise:false} \(extraRule)</style>
        <g id="Notes"><text id="template-version">Template v.\(version)</text></g>
        <g id="Guides"><line id="Baseline-S" x1="0" x2="800" y1="200" y2="200"/><line id="Capline-S" x1="0" x2="800" y1="130" y2="130"/>
        <line id="left-margin-Ultralight-S" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Ultralight-S" x1="160" x2="160" y1="0" y2="300"/>
        <line id="left-margin-Black-S" x1="400" x2="400" y1="0" y2="300"/><line id="right-margin-Black-S" x1="470" x2="470" y1="0" y2="300"/></g>
        <g id="Symbols">
        <g id="Ultralight-S" transform="translate(100 200)"><path class="monochrome-0" d="M0 -30 H60 V-34 H0 Z"/>
          <circle id="Ultralight-S-rotate-anchor" cx="10" cy="-32" r="1"/></g>
        <g id="Black-S" transform="translate(400 200)"><path class="monochrome-0" d="M0 -26 H70 V-38 H0 Z"/>
          <g id="Black-S-rotate-anchor"><circle cx="30" cy="-32" r="2"/></g></g>
        </g></svg>
        """
    }

    @Test func theRotateAnchorIsInterpolatedLikeThePaths() throws {
        let doc = try TestSVG.read(Self.masters(version: "6.0"), weight: .regular, scale: .small)
        guard case .interpolated(_, _, let t) = doc.variantSource else {
            Issue.record("Regular-S should be interpolated, not \(doc.variantSource)"); return
        }
        let a = try #require(doc.layers[.monochrome]?[0].annotations)
        #expect(a.alwaysRotates && a.rotatesClockwise == false)
        let anchor = try #require(a.rotationAnchor)
        #expect(abs(anchor.x - (10 + 20 * t)) < 1e-9 && abs(anchor.y + 32) < 1e-9)
        #expect(doc.shapes.count == 1, "the anchor marks are not shapes")
        let black = try TestSVG.read(Self.masters(version: "6.0"), weight: .black, scale: .small)
        #expect(black.layers[.monochrome]?[0].annotations.rotationAnchor == Point(30, -32))
    }

    @Test func aRotationAnchorOfTheLayerOwnWinsAndOldTemplatesHaveNoAnchorNode() throws {
        let own = try TestSVG.read(Self.masters(version: "6.0", extraRule: ".monochrome-0 {-sfsymbols-rotation-anchor: 5 -5}"),
                                   weight: .black, scale: .small)
        #expect(own.layers[.monochrome]?[0].annotations.rotationAnchor == Point(5, -5))
        let old = try TestSVG.read(Self.masters(version: "5.0"), weight: .black, scale: .small)
        #expect(old.layers[.monochrome]?[0].annotations.rotationAnchor == nil)
        #expect(old.shapes.count == 1)
    }

    @Test func wiggleStylesAreRead() throws {
        let style = """
        .monochrome-0 {-sfsymbols-wiggle-style:clockwise} .monochrome-1 {-sfsymbols-wiggle-style: Counter-Clockwise}
        .monochrome-2 {-sfsymbols-wiggle-style:sideways} .defaults {-sfsymbols-wiggle-style:up}
        """
        let doc = try TestSVG.read(TestSVG.template([TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: [
            ("M0 0 L10 0 L10 -10 Z", "monochrome-0"), ("M20 0 L30 0 L30 -10 Z", "monochrome-1"), ("M40 0 L50 0 L50 -10 Z", "monochrome-2"),
        ])], style: style))
        #expect(doc.layers[.monochrome]?.map(\.annotations.wiggleStyle) == [.clockwise, .counterClockwise, nil])
        #expect(doc.wiggleStyle == .up)
        #expect(doc.diagnostics.contains { $0.code == "bad-annotation" && $0.message.contains("sideways") })
    }

    private func layerTree(_ tree: String, version: String = "7.0") throws -> SymbolDocument {
        try TestSVG.read(TestSVG.template([TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: [
            ("M0 0 L10 0 L10 -10 Z M2 -2 L8 -2 L8 -8 Z M20 0 L30 0 L30 -10 Z", "monochrome-0 SFSymbolsPreviewWireframe"),
        ])], version: version, extra: "<g id=\"LayerTree\">\(tree)</g>"))
    }

    @Test func layerTreeWrappersAndNestedShapeGroupsAreLookedThrough() throws {
        let doc = try layerTree("""
        <g class="group-0"><g>
          <g class="monochrome-0" style="-sfsymbols-indices:0 1 2">
            <g class="shapeGroupLayer-0" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:0">
              <g class="shapeGroupLayer-0" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:0"/>
              <g class="shapeGroupLayer-1" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:2"/>
            </g>
            <g class="shapeGroupLayer-1" style="-sfsymbols-fill-action:Erase;-sfsymbols-indices:1"/>
          </g>
        </g></g>
        """)
        let mono = try #require(doc.layers[.monochrome])
        #expect(mono.count == 1)
        #expect(mono[0].parts.map(\.action) == [.draw, .draw, .erase])
        #expect(doc.shapes.count == 3)
    }

    @Test func theLayerTreeIsReadFromTemplateFiveOnAndOnlyAsAGroupOfGroups() throws {
        let tree = #"<g class="monochrome-3" style="-sfsymbols-indices:0"/>"#
        #expect(try layerTree(tree).layers[.monochrome]?.map(\.index) == [3])
        let old = try layerTree(tree, version: "4.0")
        #expect(old.layers[.monochrome]?.map(\.index) == [0], "v4: the paths' classes")
        #expect(old.diagnostics.contains { $0.code == "layer-tree-ignored" })
        let mixed = try layerTree(tree + #"<path d="M0 0 H1 V1 Z"/>"#)
        #expect(mixed.layers[.monochrome]?.map(\.index) == [0], "a child that is not a group")
    }
}
