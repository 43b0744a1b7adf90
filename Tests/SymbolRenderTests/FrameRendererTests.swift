import Testing
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender

/// Pixel facts about symbol rendering: placement, every mode's colours, clear-behind, gradient
/// colour rendering and poses. Tolerances: ±1 level for flat colours (8-bit rounding), ±2
/// where opacities are multiplied twice.
@Suite struct FrameRendererTests {
    /// A 100-unit cap-height symbol: guide box x 0…100, y −100…0. Layer 0 fills the box's left
    /// half, layer 1 the right half, layer 2 a 20-unit square in the middle of the left half.
    static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <style>.monochrome-2 {opacity:0.0;-sfsymbols-clear-behind:true}
    .hierarchical-2:tertiary {-sfsymbols-clear-behind:true}
    .multicolor-2:custom {fill:#112233}</style>
    <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
    <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
    <g id="Regular-M" transform="translate(100 200)">
    <path class="monochrome-0 hierarchical-0:primary multicolor-0:systemRedColor" d="M0 0 H50 V-100 H0 Z"/>
    <path class="monochrome-1 hierarchical-1:secondary multicolor-1:tintColor" d="M50 0 H100 V-100 H50 Z"/>
    <path class="monochrome-2 hierarchical-2:tertiary multicolor-2:custom" d="M15 -40 H35 V-60 H15 Z"/>
    </g></svg>
    """
    static let doc = try! SymbolReader.read(data: Array(svg.utf8), fileName: "t.svg")
    static let blue = Color(hex: "#0A84FF")!, orange = Color(hex: "#FF9500")!

    /// Canvas 200×200, cap-height box = half the height: the symbol spans x 50…150, y 50…150.
    private func render(_ mode: RenderingMode, colors: [Color] = [FrameRendererTests.blue], background: CanvasBackground = .transparent,
                        gradient: Bool = false, pose: Pose? = nil) -> Bitmap {
        let s = RenderSettings(width: 200, height: 200, background: background, size: .fraction(0.5), mode: mode,
                               colors: colors, accentColor: FrameRendererTests.orange, gradient: gradient)
        let p = pose ?? Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: [])])
        return FrameRenderer().render([FrameRendererTests.doc], pose: p, settings: s)!
    }

    private func expectPixel(_ b: Bitmap, _ x: Int, _ y: Int, _ c: Color, alpha: Double = 1, tol: Int = 1,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let p = b.pixel(x: x, y: y)
        let a = c.a * alpha
        let want = [c.r * a, c.g * a, c.b * a, a].map { Int(($0 * 255).rounded()) }
        let got = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        #expect(zip(want, got).allSatisfy { abs($0 - $1) <= tol }, "(\(x),\(y)): \(got) vs \(want)", sourceLocation: sourceLocation)
    }

    @Test func placementCentresTheGuideBoxAtTheRequestedSize() {
        let b = render(.monochrome)
        expectPixel(b, 51, 100, FrameRendererTests.blue)      // inside, left edge
        expectPixel(b, 148, 100, FrameRendererTests.blue)     // inside, right edge
        expectPixel(b, 48, 100, Color.clear)                        // outside left
        expectPixel(b, 100, 48, Color.clear)                        // above the capline
        expectPixel(b, 100, 152, Color.clear)                       // below the baseline
        let t = SymbolPlacement.transform(for: FrameRendererTests.doc, width: 200, height: 200, size: .fraction(0.5))
        #expect(t.apply(Point(0, -100)) == Point(50, 50) && t.apply(Point(100, 0)) == Point(150, 150))
        let pt = SymbolPlacement.transform(for: FrameRendererTests.doc, width: 200, height: 200, size: .pointSize(50))
        #expect(abs(pt.apply(Point(100, 0)).x - pt.apply(Point(0, 0)).x - 50) < 1e-9)   // 100 units at 50 pt = 50 px
    }

    /// The same guide box with a badge far to the right of the right margin (x 150…250) and a
    /// flourish above the capline (y −130…−100).
    static let wide = try! SymbolReader.read(data: Array("""
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
    <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
    <g id="Regular-M" transform="translate(100 200)">
    <path class="monochrome-0" d="M0 0 H100 V-100 H0 Z"/>
    <path class="monochrome-1" d="M150 -20 H250 V-80 H150 Z"/>
    <path class="monochrome-2" d="M40 -100 H60 V-130 H40 Z"/>
    <rect x="-300" y="-300" width="900" height="600" opacity="0"/>
    </g></svg>
    """.utf8), fileName: "wide.svg")

    @Test func placementNeverCutsInkBeyondTheGuides() throws {
        let doc = FrameRendererTests.wide
        // The opacity-0 placeholder is not ink; the badge and the flourish are.
        #expect(doc.inkBounds == Rect(minX: 0, minY: -130, maxX: 250, maxY: 0))
        let fit = SymbolPlacement.fit(for: doc, width: 200, height: 200, size: .fraction(0.5))
        #expect(abs(fit.shrink - 192.0 / 250.0) < 1e-9)     // 250 units into 200 px less 2 × 4 px margin
        let s = RenderSettings(width: 200, height: 200, size: .fraction(0.5), colors: [FrameRendererTests.blue])
        let b = try #require(FrameRenderer().render(doc, settings: s))
        for i in 0..<200 {
            for (x, y) in [(i, 0), (i, 199), (0, i), (199, i)] { #expect(b.pixel(x: x, y: y).a == 0, "ink at (\(x),\(y))") }
        }
        let badge = fit.transform.apply(Point(200, -50)), flourish = fit.transform.apply(Point(50, -120))
        expectPixel(b, Int(badge.x), Int(badge.y), FrameRendererTests.blue)
        expectPixel(b, Int(flourish.x), Int(flourish.y), FrameRendererTests.blue)
        // Ink inside the guides: the guide box alone places it, as before.
        #expect(SymbolPlacement.fit(for: FrameRendererTests.doc, width: 200, height: 200, size: .fraction(0.5)).shrink == 1)
    }

    @Test func monochromeClearBehindErasesTheSymbolNotTheBackground() {
        let b = render(.monochrome, background: .color(.white))
        expectPixel(b, 75, 100, Color.white)                        // the hole shows the background
        expectPixel(b, 60, 100, FrameRendererTests.blue)       // beside it, the symbol
        let t = render(.monochrome)
        expectPixel(t, 75, 100, Color.clear)
    }

    @Test func hierarchicalLevels() {
        let b = render(.hierarchical)
        expectPixel(b, 60, 100, FrameRendererTests.blue)                    // primary
        expectPixel(b, 125, 100, FrameRendererTests.blue, alpha: 0.5)       // secondary 50 %
        // The tertiary layer clears behind in hierarchical: the primary beneath is erased, then
        // the layer paints at its own 25 % (in monochrome, with opacity 0, it only erases).
        expectPixel(b, 75, 100, FrameRendererTests.blue, alpha: 0.25)
    }

    @Test func aModeRuleHoldsInItsModeOnly() {
        // `.monochrome-2 {opacity:0}` makes an eraser in monochrome; in multicolor the same path
        // paints its custom colour over the red layer, which stays beneath it.
        let m = render(.multicolor)
        expectPixel(m, 75, 100, Color(hex: "#112233")!)
        expectPixel(m, 60, 100, SystemColor.red.color)
        #expect(FrameRendererTests.doc.layers[.monochrome]?[2].annotations.opacity == 0)
        #expect(FrameRendererTests.doc.layers[.hierarchical]?[2].annotations.opacity == 1)
    }

    @Test func paletteRepeatsTheLastColour() {
        let b = render(.palette, colors: [FrameRendererTests.blue, FrameRendererTests.orange])
        expectPixel(b, 60, 100, FrameRendererTests.blue)
        expectPixel(b, 125, 100, FrameRendererTests.orange)   // secondary
        expectPixel(b, 75, 100, FrameRendererTests.orange)    // tertiary repeats the second colour
        let one = render(.palette, colors: [FrameRendererTests.blue])
        expectPixel(one, 125, 100, FrameRendererTests.blue)
    }

    @Test func multicolorSystemTintAndCustom() {
        let b = render(.multicolor)
        expectPixel(b, 60, 100, Color(hex: "#FF3B30")!)        // systemRed
        expectPixel(b, 125, 100, FrameRendererTests.orange)    // tintColor = the accent
        expectPixel(b, 75, 100, Color(hex: "#112233")!)        // custom from the style rule
    }

    @Test func gradientColourRenderingIsLighterAtTheTop() {
        let b = render(.monochrome, gradient: true)
        let top = b.pixel(x: 125, y: 52), bottom = b.pixel(x: 125, y: 148)
        #expect(top.r > bottom.r && top.g > bottom.g)
        // Top ≈ the colour mixed 25 % toward white; bottom ≈ the colour.
        let c = FrameRendererTests.blue
        #expect(abs(Int(bottom.r) - Int((c.r * 255).rounded())) <= 3)
        #expect(abs(Int(top.r) - Int(((c.r + (1 - c.r) * 0.25) * 255).rounded())) <= 4)
    }

    @Test func posesMoveAndFadeLayers() {
        let hidden = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: [LayerPose(opacity: 0), .rest, .rest])])
        let b = render(.monochrome, pose: hidden)
        expectPixel(b, 60, 100, Color.clear)
        expectPixel(b, 125, 100, FrameRendererTests.blue)
        let moved = Pose(seconds: 0, symbols: [SymbolPose(document: 0, transform: .translation(0, 50), layers: [])],
                         canvas: CanvasPose(offset: Point(0.1, 0)))
        let m = render(.monochrome, pose: moved)
        // 50 units down = 50 px; 0.1 of the canvas right = 20 px: the symbol spans x 70…170, y 100…200.
        expectPixel(m, 72, 98, Color.clear)
        expectPixel(m, 68, 110, Color.clear)
        expectPixel(m, 72, 102, FrameRendererTests.blue)
        expectPixel(m, 168, 198, FrameRendererTests.blue, alpha: 1)
        let faded = Pose(seconds: 0, symbols: [SymbolPose(document: 0, opacity: 0.5, layers: [])])
        expectPixel(render(.monochrome, pose: faded), 125, 100, FrameRendererTests.blue, alpha: 0.5)
    }

    @Test func backgrounds() {
        let lin = render(.monochrome, background: .linear([.black, .white], angle: 90))
        #expect(lin.pixel(x: 5, y: 1).r < 5 && lin.pixel(x: 5, y: 198).r > 250)
        #expect(lin.pixel(x: 5, y: 100).a == 255)
    }
}
