import SymbolGeometry
import SymbolReel
import SymbolRender
import SymbolSVG
import SymbolTimeline

// What each libFuzzer target does with one input. The fuzz executables (Tests/Fuzz/Fuzz*) call
// these; so does FuzzRegressionTests, which replays every input in Tests/Fuzz/regressions/
// through the same code in the ordinary test suite. Errors are expected and ignored: only a
// crash, a sanitizer report or a hang is a finding.

public enum FuzzBodies {
    /// The fuzz targets by name, as in Tests/Fuzz/regressions/<name>/.
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "FuzzSVGReader": svgReader,
        "FuzzPathData": pathData,
        "FuzzCSS": css,
        "FuzzPreset": preset,
        "FuzzEffectExpression": effectExpression,
        "FuzzDrawMarkup": drawMarkup,
        "FuzzLayerTree": layerTree,
        "FuzzFont": font,
    ]

    /// Any bytes as an SVG file through the reader; whatever it reads is drawn at 48² (hostile
    /// geometry must reach the rasterizer without a crash).
    public static func svgReader(_ bytes: [UInt8]) {
        guard let doc = try? SymbolReader.read(data: bytes, fileName: "fuzz.svg") else { return }
        let settings = RenderSettings(width: 48, height: 48, background: .transparent, size: .fraction(0.6), mode: .monochrome,
                                      colors: [.black], accentColor: .black, gradient: false)
        _ = FrameRenderer().render(doc, settings: settings)
    }

    /// Path data (`d`): parsed, then measured, flattened and trimmed.
    public static func pathData(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let path = PathDataParser.parse(Substring(text), segmentLimit: 10_000).path
        _ = path.bounds
        _ = path.flattened(tolerance: 0.1).segmentCount
        _ = PathMeasure(path).length
        _ = path.trimmed(from: 0.25, to: 0.75)
    }

    /// A style sheet, a declaration list and a tag list.
    public static func css(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = StyleSheet.parse(Substring(text))
        _ = CSSParser.parseDeclarations(Substring(text))
        _ = CSSParser.splitTags(Substring(text))
    }

    /// Any bytes as a preset (JSON, every field, effect strings). Files a preset names are taken
    /// to exist, so the decoder goes past them.
    public static func preset(_ bytes: [UInt8]) {
        _ = try? PresetReader.read(data: bytes, file: "fuzz.json", fileExists: { _ in true })
    }

    /// The same text as an effect, an option list and a curve.
    public static func effectExpression(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? SymbolEffect(parsing: text)
        _ = try? SymbolEffectOptions(parsing: text)
        _ = try? Curve(parsing: text)
    }
}
