import Testing
import SymbolGeometry
@testable import SymbolScene

@Suite struct SceneModelTests {
    @Test(arguments: [
        ("#FF3B30", 255, 59, 48, 255), ("ff3b30", 255, 59, 48, 255), ("#abc", 0xAA, 0xBB, 0xCC, 255),
        ("#abcd", 0xAA, 0xBB, 0xCC, 0xDD), ("#0A84FF80", 10, 132, 255, 128),
    ])
    func hexColours(_ s: String, _ r: Int, _ g: Int, _ b: Int, _ a: Int) throws {
        let c = try #require(Color(hex: s))
        #expect(Int((c.r * 255).rounded()) == r && Int((c.g * 255).rounded()) == g)
        #expect(Int((c.b * 255).rounded()) == b && Int((c.a * 255).rounded()) == a)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#GGGGGG", "red", "#1234567890"])
    func invalidHex(_ s: String) { #expect(Color(hex: s) == nil) }

    @Test func hexRoundTrip() {
        #expect(Color(hex: "#0A84FF")!.hexString == "#0A84FF")
        #expect(Color(hex: "#0A84FF80")!.hexString == "#0A84FF80")
    }

    @Test func componentsAreClamped() {
        let c = Color(r: 2, g: -1, b: .nan, a: 0.5)
        #expect(c.r == 1 && c.g == 0 && c.b == 0 && c.a == 0.5)
    }

    @Test func systemColourNames() {
        #expect(SystemColor(name: "systemRedColor") == .red)
        #expect(SystemColor(name: "systemGray") == .gray)
        #expect(SystemColor(name: "GREY") == .gray)
        #expect(SystemColor(name: "white") == .white)
        #expect(SystemColor(name: "tintColor") == nil)
        #expect(SystemColor.mint.color.hexString == "#00C7BE")
    }

    @Test func variantKeys() {
        #expect(VariantKey(id: "Regular-M") == VariantKey(.regular, .medium))
        #expect(VariantKey(id: "Ultralight-S")?.description == "Ultralight-S")
        #expect(VariantKey(id: "Regular") == nil)
        #expect(VariantKey(id: "Regular-XL") == nil)
        #expect(VariantKey(id: "Extra-M") == nil)
        #expect(SymbolWeight.semibold.axisPosition == 5)
        #expect(SymbolScale.large.factor == 1.29)
    }

    @Test func outlinePositionsDecode() {
        #expect(OutlinePosition(encoded: 1.25) == OutlinePosition(subpath: 1, fraction: 0.25))
        #expect(OutlinePosition(encoded: -3) == OutlinePosition(subpath: 0, fraction: 0))
    }

    @Test func shapeTransformScalesStrokeAndGradient() {
        var b = PathBuilder()
        b.move(to: Point(0, 0)); b.line(to: Point(10, 0))
        let grad = LinearGradient(start: .zero, end: Point(1, 0), stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)])
        let s = SymbolShape(path: b.path, fill: Fill(paint: .linear(grad)),
                            stroke: Stroke(paint: .solid(.black), style: StrokeStyle(width: 2, dashes: [1, 2], dashOffset: 1)))
        let t = s.applying(.scale(3))
        #expect(t.stroke?.style.width == 6)
        #expect(t.stroke?.style.dashes == [3, 6] && t.stroke?.style.dashOffset == 3)
        guard case .linear(let g)? = t.fill?.paint else { Issue.record("gradient lost"); return }
        #expect(g.transform.apply(g.end) == Point(3, 0))
        #expect(t.bounds == Rect(minX: -3, minY: -3, maxX: 33, maxY: 3))
    }

    @Test func documentGuideBoxAndModeFallback() {
        let page = SVGPage(width: 10, height: 10, viewBox: Rect(x: 0, y: 0, width: 10, height: 10), root: SceneGroup())
        let layer = SymbolLayer(index: 0, name: "monochrome-0", role: .monochrome, parts: [LayerPart(shape: 0)])
        let doc = SymbolDocument(
            fileName: "x", kind: .symbol, producer: .unknown, availableVariants: [], requestedVariant: .regularMedium,
            variantSource: .single,
            metrics: SymbolMetrics(baseline: 0, capline: -70, leftMargin: 5, rightMargin: 45, verticalOrigin: .guides, marginOrigin: .guides),
            shapes: [], layers: [.monochrome: [layer]], defaults: [:], page: page, diagnostics: [])
        #expect(doc.guideBox == Rect(minX: 5, minY: -70, maxX: 45, maxY: 0))
        #expect(doc.layers(for: .hierarchical) == [layer])
        #expect(doc.metrics.capHeight == 70)
    }
}
