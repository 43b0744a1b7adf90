import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// A preset written by the library (`Preset`'s `Encodable`, through `PresetWriter`) reads back as
/// the same preset, and is valid against `Presets/schema.json` by an independent validator
/// (Python's `jsonschema`).
@Suite struct PresetWriterTests {
    static let presetFiles: [URL] = {
        let dir = packageRoot.appendingPathComponent("Presets")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().map { dir.appendingPathComponent($0) }
    }()

    /// Every field away from its default, every kind of event and option.
    static let everything = Preset(
        name: "everything",
        canvas: .init(width: 320, height: 200, fps: 29.97, duration: 3.25,
                      background: .linear([Color(hex: "#102030")!, Color(hex: "#405060AA")!], angle: 45)),
        symbol: .init(source: "../Samples/bell.svg", weight: .semibold, scale: .large, size: .pointSize(72)),
        style: {
            var s = Preset.Style()
            s.renderingMode = .palette
            s.colors = [Color(hex: "#FF0000")!, Color(hex: "#00FF0080")!, Color(hex: "#0000FF")!]
            s.accentColor = Color(hex: "#123456")!
            s.colorRendering = .gradient
            s.variableValue = 0.4
            s.variableValueMode = .draw
            s.reduceMotion = true
            return s
        }(),
        timeline: [
            .effect(at: 0.25, effect: ".bounce.up.byLayer", options: .expression(".repeat(2).speed(1.5)")),
            .indefinite(from: 0.5, until: 2, effect: ".pulse", options: .object(repeatCount: .periodic(count: 3, delay: 0.25), speed: 0.75)),
            .indefinite(from: 1, until: 1.5, effect: ".rotate", options: .object(repeatCount: .continuous, speed: nil)),
            .effect(at: 2, effect: ".wiggle", options: .object(repeatCount: .count(4), speed: 2)),
            .replace(at: 2.5, with: "../Samples/bell.slash.svg", effect: ".replace.magic(fallback: .replace.upUp)", options: nil),
            .track(property: "scale", keyframes: [.init(value: 1.2, duration: 0.5, curve: "easeInOut"),
                                                  .init(value: 1, duration: 0.25, curve: ".spring(duration: 0.5, bounce: 0.2)")]),
            .variableValuePoints([[0, 0], [1.5, 0.75], [3, 1]]),
        ],
        outputs: [
            { var o = Preset.Output(file: "a.mp4"); o.codec = .hevc; o.fps = 30; o.width = 160; o.height = 100; o.quality = 20; return o }(),
            { var o = Preset.Output(file: "b.gif"); o.loop = 2; o.dither = .floydSteinberg; o.maxColors = 64; o.maxBytes = 250_000; return o }(),
            { var o = Preset.Output(file: "frames/", format: .pngSequence); return o }(),
            Preset.Output(file: "c.webp"),
        ])

    static func write(_ p: Preset) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(p)
    }

    @Test func everyShippedPresetReadsBackTheSame() throws {
        #expect(PresetWriterTests.presetFiles.count >= 20)
        for url in PresetWriterTests.presetFiles {
            let p = try PresetReader.read(contentsOf: url.path)
            let again = try PresetReader.read(data: Array(try PresetWriterTests.write(p)), file: url.path)
            #expect(again == p, "\(url.lastPathComponent)")
        }
    }

    @Test func aPresetWithEveryFieldReadsBackTheSame() throws {
        let file = packageRoot.appendingPathComponent("Presets/written.json").path  // for relative paths only
        let data = try PresetWriterTests.write(PresetWriterTests.everything)
        let again = try PresetReader.read(data: Array(data), file: file)
        #expect(again == PresetWriterTests.everything)
        // Swift's JSONDecoder takes the same text to the same preset.
        #expect(try JSONDecoder().decode(Preset.self, from: data) == PresetWriterTests.everything)
    }

    @Test(.requires(.jsonschema)) func whatItWritesIsValidAgainstTheSchema() throws {
        var documents: [String] = [String(decoding: try PresetWriterTests.write(PresetWriterTests.everything), as: UTF8.self)]
        for url in PresetWriterTests.presetFiles {
            documents.append(String(decoding: try PresetWriterTests.write(try PresetReader.read(contentsOf: url.path)), as: UTF8.self))
        }
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "\(packageRoot.appendingPathComponent("Presets/schema.json").path)"))
        validator = jsonschema.Draft202012Validator(schema)
        bad = 0
        for k, text in enumerate(json.load(sys.stdin)):
            for e in validator.iter_errors(json.loads(text)):
                bad += 1
                print(f"document {k}: {list(e.absolute_path)}: {e.message}")
        print(f"checked {k + 1}, errors {bad}")
        """
        let r = try Requirement.jsonschema.run(["-c", script], input: try JSONSerialization.data(withJSONObject: documents),
                                               comparisons: documents.count)
        let out = r.stdout
        #expect(r.status == 0, "\(r.stderr)")
        #expect(out.hasSuffix("checked \(documents.count), errors 0\n"), "\(out)")
    }
}
