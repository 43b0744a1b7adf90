import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolSVG

/// Layers per rendering mode, annotations, styles and the LayerTree form.
@Suite struct LayerTests {
    private func one(_ paths: [(d: String, cls: String)], style: String = "", extra: String = "") throws -> SymbolDocument {
        try TestSVG.read(TestSVG.template([TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: paths)],
                                          style: style, extra: extra))
    }

    @Test func layerListsPerModeMayDiffer() throws {
        let doc = try one([
            ("M0 0 L10 0 L10 -10 Z", "monochrome-0 hierarchical-0:primary multicolor-0:systemRedColor SFSymbolsPreviewFF3B30"),
            ("M20 0 L30 0 L30 -10 Z", "monochrome-0 hierarchical-1:secondary multicolor-1:tintColor"),
            ("M40 0 L50 0 L50 -10 Z", "monochrome-1 hierarchical-2:tertiary multicolor-1:tintColor"),
        ])
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [2, 1])
        #expect(doc.layers[.hierarchical]?.map(\.role) == [.hierarchical(.primary), .hierarchical(.secondary), .hierarchical(.tertiary)])
        #expect(doc.layers[.multicolor]?.map(\.role) == [.multicolor(.system(.red)), .multicolor(.tint)])
        #expect(doc.layers[.multicolor]?[1].parts.map(\.shape) == [1, 2])
    }

    @Test func previewWireframeNeverTurnsGlyphsIntoOutlines() throws {
        let doc = try one([("M0 0 L10 0 L10 -10 Z", "monochrome-0 SFSymbolsPreviewWireframe")])
        #expect(doc.shapes[0].fill?.paint == .solid(.black))
        #expect(doc.shapes[0].stroke == nil)
    }

    @Test func classTokensWithColonsMatchLiterally() throws {
        let style = ".multicolor-0:custom, .multicolor-1:custom {fill:#8E44AD}\n.hierarchical-0:primary {-sfsymbols-motion-group:3}"
        let doc = try one([("M0 0 L10 0 L10 -10 Z", "monochrome-0 hierarchical-0:primary multicolor-0:custom")], style: style)
        #expect(doc.layers[.multicolor]?[0].role == .multicolor(.custom(name: "custom", color: Color(hex: "#8E44AD"))))
        #expect(doc.layers[.hierarchical]?[0].annotations.motionGroup == 3)
    }

    @Test func annotationsAreRead() throws {
        let style = """
        .monochrome-0 {-sfsymbols-variable-threshold:0.33;-sfsymbols-clear-behind:true;-sfsymbols-always-pulses:true}
        .monochrome-1 {-sfsymbols-always-rotates:true;-sfsymbols-always-breathes:true;-sfsymbols-motion-group:2}
        .monochrome-2 {-sfsymbols-variable-draw:0.25 0.5;-sfsymbols-layer-tags:"bell body" slash;-sfsymbols-draw-reverses-motion-groups: yes }
        .defaults {-sfsymbols-draw-reverses-motion-groups:true}
        """
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "monochrome-0"), ("M2 0 L3 0 L3 -1 Z", "monochrome-1"),
                           ("M4 0 L5 0 L5 -1 Z", "monochrome-2")], style: style)
        let l = try #require(doc.layers[.monochrome])
        #expect(l[0].annotations.variableThreshold == 0.33)
        #expect(l[0].annotations.clearBehind && l[0].annotations.alwaysPulses)
        #expect(l[1].annotations.alwaysRotates && l[1].annotations.alwaysBreathes)
        #expect(l[1].annotations.motionGroup == 2)
        #expect(l[2].annotations.variableDraw == VariableDrawRange(start: 0.25, span: 0.5))
        #expect(l[2].annotations.layerTags == ["bell body", "slash"])
        #expect(doc.defaults["-sfsymbols-draw-reverses-motion-groups"] == "true")
        // The flag is read once, by the reader (the timeline never sees the CSS text).
        #expect(doc.drawReversesMotionGroups)
        #expect(l[2].annotations.drawReversesMotionGroups && !l[1].annotations.drawReversesMotionGroups)
    }

    @Test func templatesWithoutClassesAreOneLayer() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", ""), ("M2 0 L3 0 L3 -1 Z", "")])
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [2])
        #expect(doc.layers[.hierarchical] == nil)
        #expect(doc.layers(for: .hierarchical).count == 1)
    }

    @Test func multicolorOnlyFilesAreOneLayerInMonochrome() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "multicolor-0:systemGreenColor"), ("M2 0 L3 0 L3 -1 Z", "multicolor-0:systemGreenColor"),
                           ("M4 0 L5 0 L5 -1 Z", "multicolor-1:white")])
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [3])
        #expect(doc.layers[.multicolor]?[1].role == .multicolor(.system(.white)))
    }

    /// Rule 6: without monochrome classes, monochrome is the whole glyph as one layer with no
    /// annotations (hierarchical's clear-behind and opacity stay hierarchical's own).
    @Test func hierarchicalOnlyFilesAreOneWholeGlyphLayerInMonochrome() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "hierarchical-0:secondary"), ("M2 0 L3 0 L3 -1 Z", "hierarchical-1:primary")],
                          style: ".hierarchical-1:primary {opacity:0;-sfsymbols-clear-behind:true}")
        let mono = try #require(doc.layers[.monochrome])
        #expect(mono.map(\.role) == [.monochrome])
        #expect(mono[0].parts.map(\.shape) == [0, 1])
        #expect(!mono[0].annotations.clearBehind && mono[0].annotations.opacity == 1)
        #expect(doc.layers[.hierarchical]?[1].annotations.opacity == 0)
        #expect(doc.layers(for: .multicolor).count == 1, "no multicolor classes: the whole glyph too")
    }

    /// SF Symbols 3 writes clear-behind as a class on the path (`clearBehindLayer`), as in a real
    /// v3 export of a branch in a ring (Planetable/Planet's custom.git.svg): the hierarchical and
    /// multicolor layers the path names clear behind; monochrome, the whole glyph, does not.
    @Test func theV3ClearBehindClassMakesItsLayersClearBehind() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "multicolor-0:systemRedColor hierarchical-0:primary"),
                           ("M2 0 L3 0 L3 -1 Z", "multicolor-1:tintColor hierarchical-1:secondary clearBehindLayer")])
        #expect(doc.layers[.hierarchical]?.map(\.annotations.clearBehind) == [false, true])
        #expect(doc.layers[.multicolor]?.map(\.annotations.clearBehind) == [false, true])
        #expect(doc.layers[.monochrome]?.map(\.annotations.clearBehind) == [false])
    }

    @Test func layersPaintInAscendingIndexWhateverTheDocumentOrder() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "monochrome-2"), ("M2 0 L3 0 L3 -1 Z", "monochrome-0"),
                           ("M4 0 L5 0 L5 -1 Z", "monochrome-1")])
        #expect(doc.layers[.monochrome]?.map(\.index) == [0, 1, 2])
        #expect(doc.layers[.monochrome]?.map { $0.parts[0].shape } == [1, 2, 0])
    }

    @Test func aPathWithoutAClassOfAnAnnotatedModeIsNotDrawnInIt() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "monochrome-0 multicolor-0:systemRedColor"),
                           ("M2 0 L3 0 L3 -1 Z", "multicolor-1:white")])
        #expect(doc.layers[.monochrome]?.flatMap { $0.parts.map(\.shape) } == [0])
        #expect(doc.layers[.multicolor]?.count == 2)
        #expect(doc.diagnostics.contains { $0.code == "not-in-mode" && $0.severity == .note })
    }

    @Test func modeRulesNeverStyleThePath() throws {
        // The layer's rule sets opacity 0 for monochrome only: the path is still ink.
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "monochrome-0 hierarchical-0:primary")],
                          style: ".monochrome-0 {opacity:0.0;fill:none}")
        #expect(doc.shapes[0].opacity == 1 && doc.shapes[0].fill != nil)
        #expect(doc.layers[.monochrome]?[0].annotations.opacity == 0)
        #expect(doc.layers[.hierarchical]?[0].annotations.opacity == 1)
    }

    @Test func styleAttributesAndPresentationAttributesInherit() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
          <g fill="none" stroke="#FF0000" style="stroke-width:3">
            <path d="M2 2 L20 20" stroke-linecap="round"/>
            <path d="M2 20 L20 2" style="stroke:blue" fill-rule="evenodd"/>
          </g>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.kind == .icon)
        #expect(doc.shapes[0].fill == nil)
        #expect(doc.shapes[0].stroke?.paint == .solid(Color(hex: "#FF0000")!))
        #expect(doc.shapes[0].stroke?.style.width == 3)
        #expect(doc.shapes[0].stroke?.style.cap == .round)
        #expect(doc.shapes[1].stroke?.paint == .solid(Color(hex: "#0000FF")!))
        // The group is one top-level element: one layer.
        #expect(doc.layers[.monochrome]?.count == 1)
        #expect(doc.metrics.verticalOrigin == .viewBox && doc.metrics.capHeight == 24)
    }

    @Test func iconTopLevelElementsBecomeLayers() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">
          <circle cx="12" cy="12" r="10"/>
          <g><line x1="4" y1="4" x2="8" y2="8"/><polyline points="1 1 2 2 3 1"/></g>
          <rect x="4" y="4" width="16" height="10" rx="2"/>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [1, 2, 1])
        #expect(doc.shapes.allSatisfy { $0.stroke?.style.width == 2 && $0.fill == nil })
    }

    @Test func templateOutlinesAreFilledWhateverTheirPaint() throws {
        // Pixelmator's wireframe on the path, Sketch's fill="none" on a group: still filled,
        // never stroked; the fill rule still comes from the ancestors.
        let doc = try one([("M0 0 L10 -10 L10 0 Z", "monochrome-0\" fill=\"none\" stroke=\"#000000\" stroke-width=\"0.5"),
                           ("M0 0 L10 -10", "monochrome-1\" style=\"fill:none;stroke:black;stroke-width:4;fill-rule:evenodd")])
        #expect(doc.shapes.allSatisfy { $0.fill != nil && $0.stroke == nil })
        #expect(doc.shapes[1].fill?.rule == .evenOdd)
    }

    @Test func placeholdersWithOpacityZeroAreNotInk() throws {
        let doc = try one([("M0 0 L10 -10 L10 0 Z", "monochrome-0"), ("M-50 50 H150 V-150 H-50 Z", "\" opacity=\"0")])
        #expect(doc.shapes.count == 1)
        #expect(doc.bounds.maxX <= 10)
    }

    @Test func evenOddFillRule() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path fill-rule=\"evenodd\" d=\"M0 0H10V10H0Z M2 2H8V8H2Z\"/></svg>"
        #expect(try TestSVG.read(svg).shapes[0].fill?.rule == .evenOdd)
    }

    @Test func clipstrokeKeyframesParseIntoRibs() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <path d="M0 0 L10 0 L10 10 Z" data-clipstroke-keyframes="0 8 0 0.0 0.5 0 0.5 0.1 0.4 0 1 1.25 0.3"/>
        </svg>
        """
        let k = try #require(try TestSVG.read(svg).shapes[0].drawKeyframes)
        #expect(k.version == 0 && k.sets.count == 1 && k.sets[0].count == 3)
        #expect(k.sets[0][0].flags == 8 && k.sets[0][0].t == 0)
        #expect(k.sets[0][2].start == OutlinePosition(subpath: 1, fraction: 0.25))
        #expect(k.sets[0][2].t == 1)
    }

    /// The file counts a subpath at every move, a bare move included; our path drops a move
    /// followed straight by another, so the keyframes' subpath numbers past it count one less.
    @Test func clipstrokePositionsCountABareMove() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <path d="M5 5M0 0 L10 0 L10 10 Z" data-clipstroke-keyframes="0 0 0 1.0 1.5 0 1 1.25 1.75"/>
        </svg>
        """
        let shape = try TestSVG.read(svg).shapes[0]
        #expect(shape.path.subpaths.count == 1)
        let k = try #require(shape.drawKeyframes)
        #expect(k.sets[0].map(\.start) == [OutlinePosition(subpath: 0, fraction: 0), OutlinePosition(subpath: 0, fraction: 0.25)])
        #expect(k.sets[0].map(\.end) == [OutlinePosition(subpath: 0, fraction: 0.5), OutlinePosition(subpath: 0, fraction: 0.75)])
    }

    @Test(arguments: [
        ("M0 0 L1 1", [Int]()),
        ("M5 5M0 0 L1 1", [0]),
        ("M5 5 M6 6 m1 1 L1 1", [0, 1]),
        ("M5 5 6 6 M0 0 L1 1", []),          // a move with more pairs draws lines: not bare
        ("M0 0L1 1ZM2 2M3 3 L4 4", [1]),
        ("m1e2-3.5M0 0 l1 1", [0]),          // 1e2 and -3.5: one pair
        ("m1-2.5.5M0 0 l1 1", []),           // 1, -2.5 and .5: a pair and more, so a line
    ])
    func bareMovesAreFoundByTheirSubpathNumber(_ d: String, _ want: [Int]) {
        #expect(ReadContext.loneMoves(in: d) == want, "\(d)")
    }

    @Test func clipstrokeVersion1SplitsSets() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <path d="M0 0 L10 0 L10 10 Z" data-clipstroke-keyframes="1 2 0 2 8 0 0 0.5 0 1 0.1 0.4 8 0 0.2 0.3 0 1 0.25 0.35"/>
        </svg>
        """
        let k = try #require(try TestSVG.read(svg).shapes[0].drawKeyframes)
        #expect(k.version == 1 && k.sets.map(\.count) == [2, 2])
    }

    @Test func layerTreeForm() throws {
        let style = ".monochrome-1 {-sfsymbols-clear-behind:true}"
        let extra = """
        <g id="LayerTree">
          <g class="monochrome-0 hierarchical-0:primary" style="-sfsymbols-indices:0 1">
            <g class="shapeGroupLayer-0" style="-sfsymbols-fill-action:draw;-sfsymbols-indices:0"/>
            <g class="shapeGroupLayer-1" style="-sfsymbols-fill-action:erase;-sfsymbols-indices:1"/>
          </g>
          <g class="monochrome-1 hierarchical-1:secondary" style="-sfsymbols-indices:2"/>
        </g>
        """
        let doc = try one([("M0 0 L10 0 L10 -10 Z M2 -2 L8 -2 L8 -8 Z M20 0 L30 0 L30 -10 Z", "SFSymbolsPreviewWireframe")],
                          style: style, extra: extra)
        #expect(doc.shapes.count == 3)
        let mono = try #require(doc.layers[.monochrome])
        #expect(mono.count == 2)
        #expect(mono[0].parts == [LayerPart(shape: 0, action: .draw), LayerPart(shape: 1, action: .erase)])
        #expect(mono[1].annotations.clearBehind)
        #expect(doc.layers[.hierarchical]?[1].role == .hierarchical(.secondary))
        #expect(doc.shapes[2].path.bounds.isClose(to: Rect(minX: 20, minY: -10, maxX: 30, maxY: 0)))
    }

    @Test func producerAndTemplateVersion() throws {
        let doc = try one([("M0 0 L1 0 L1 -1 Z", "monochrome-0")])
        #expect(doc.producer == .sfSymbolsTemplate(version: "7.0"))
        let sketch = try TestSVG.read("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><!-- Generator: Sketch 64 --><rect width=\"1\" height=\"1\"/></svg>")
        #expect(sketch.producer == .tool("Sketch"))
    }

    @Test func rootSizes() throws {
        let viewBoxOnly = try TestSVG.read("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 12\"><rect width=\"4\" height=\"4\"/></svg>")
        #expect(viewBoxOnly.page.width == 24 && viewBoxOnly.page.height == 12)
        let sizeOnly = try TestSVG.read("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30px\" height=\"20\"><rect width=\"4\" height=\"4\"/></svg>")
        #expect(sizeOnly.page.viewBox == Rect(x: 0, y: 0, width: 30, height: 20))
        let percent = try TestSVG.read("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"100%\"><rect x=\"2\" y=\"3\" width=\"4\" height=\"5\"/></svg>")
        #expect(percent.page.viewBox == Rect(x: 2, y: 3, width: 4, height: 5))
        let both = try TestSVG.read("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10mm\" height=\"10mm\" viewBox=\"0 0 100 100\"><rect width=\"4\" height=\"4\"/></svg>")
        #expect(abs(both.page.width - 37.795275) < 1e-5 && both.page.viewBox.width == 100)
    }

    @Test func basicShapesBecomePaths() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <rect x="10" y="10" width="20" height="10" rx="3"/>
          <circle cx="50" cy="50" r="5"/>
          <ellipse cx="50" cy="50" rx="8" ry="4"/>
          <line x1="0" y1="0" x2="5" y2="5" stroke="black"/>
          <polyline points="0,0 10,0 10,10" fill="none" stroke="black"/>
          <polygon points="0 0 10 0 10 10"/>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.shapes.count == 6)
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(x: 10, y: 10, width: 20, height: 10), 1e-9))
        #expect(doc.shapes[1].path.bounds.isClose(to: Rect(x: 45, y: 45, width: 10, height: 10), 1e-9))
        #expect(doc.shapes[2].path.bounds.isClose(to: Rect(x: 42, y: 46, width: 16, height: 8), 1e-9))
        #expect(doc.shapes[5].path.verbs.last == .close)
    }

    @Test func useElementsAndGradients() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">
          <defs>
            <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity="0.5"/></linearGradient>
            <rect id="r" width="10" height="10" fill="url(#g)"/>
          </defs>
          <use xlink:href="#r" x="20" y="30"/>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.shapes.count == 1)
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(x: 20, y: 30, width: 10, height: 10), 1e-9))
        guard case .linear(let g)? = doc.shapes[0].fill?.paint else { Issue.record("expected a gradient"); return }
        #expect(g.stops.count == 2 && abs(g.stops[1].color.a - 0.5) < 1e-9)
        // objectBoundingBox: gradient x 0…1 maps to the rect's 20…30 after the use translation.
        #expect(abs(g.transform.apply(g.end).x - 30) < 1e-9)
    }
}
