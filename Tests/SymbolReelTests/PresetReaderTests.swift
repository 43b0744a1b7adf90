import Foundation
import Testing
@testable import SymbolReel

@Suite struct PresetReaderTests {
    static let example = """
    {
      "$schema": "./schema.json",
      "name": "download-complete",
      "canvas": { "width": 1080, "height": 1080, "fps": 60, "duration": 3.0,
                  "background": "#F2F2F7" },
      "symbol": { "source": "../Samples/arrow.down.circle.svg",
                  "weight": "semibold", "scale": "large", "size": 0.6 },
      "style": { "renderingMode": "hierarchical", "colors": ["#0A84FF"],
                 "colorRendering": "flat", "variableValue": 1.0, "variableValueMode": "color" },
      "timeline": [
        { "at": 0.3, "effect": ".bounce.down", "options": ".repeat(2)" },
        { "from": 0.9, "until": 2.0, "effect": ".breathe.pulse" },
        { "at": 2.0, "replaceWith": "../Samples/checkmark.circle.fill.svg",
          "effect": ".replace.magic(fallback: .replace.downUp)" },
        { "track": "rotation", "keyframes": [
            { "value": 15, "duration": 0.15, "curve": "linear" },
            { "value": 0, "duration": 0.15, "curve": ".easeOut" } ] },
        { "variableValue": [[0, 0], [2, 1]] },
        { "at": 1, "effect": ".wiggle", "options": {"repeat": {"periodic": 2, "delay": 0.5}, "speed": 1.5} }
      ],
      "outputs": [
        { "file": "out/download.mp4", "quality": 18 },
        { "file": "out/download.gif", "fps": 30, "width": 540 },
        { "file": "out/download.png", "format": "apng" }
      ]
    }
    """

    private func read(_ s: String) throws(PresetError) -> Preset { try PresetReader.read(data: Array(s.utf8), file: "p.json") }

    @Test func theDocumentedExampleReads() throws {
        let p = try read(PresetReaderTests.example)
        #expect(p.name == "download-complete")
        #expect(p.canvas.width == 1080 && p.canvas.fps == 60 && p.canvas.duration == 3)
        #expect(p.canvas.background == .color(Color(hex: "#F2F2F7")!))
        #expect(p.symbol?.weight == .semibold && p.symbol?.scale == .large && p.symbol?.size == .fraction(0.6))
        #expect(p.style.renderingMode == .hierarchical && p.style.variableValue == 1)
        #expect(p.timeline.count == 6)
        #expect(p.timeline[0] == .effect(at: 0.3, effect: ".bounce.down", options: .expression(".repeat(2)")))
        #expect(p.timeline[1] == .indefinite(from: 0.9, until: 2, effect: ".breathe.pulse", options: nil))
        #expect(p.timeline[4] == .variableValuePoints([[0, 0], [2, 1]]))
        #expect(p.timeline[5] == .effect(at: 1, effect: ".wiggle", options: .object(repeatCount: .periodic(count: 2, delay: 0.5), speed: 1.5)))
        #expect(p.outputs.map(\.resolvedFormat) == [.mp4, .gif, .apng])
        #expect(p.outputs[1].width == 540)
    }

    @Test func defaults() throws {
        let p = try read(#"{"symbol": {"source": "a.svg"}}"#)
        #expect(p.canvas == Preset.Canvas())
        #expect(p.canvas.width == 512 && p.canvas.fps == 60 && p.canvas.duration == nil && p.canvas.background == .transparent)
        #expect(p.symbol?.size == .fraction(0.5) && p.symbol?.weight == .regular && p.symbol?.scale == .medium)
        #expect(p.style.colors == [.black] && p.style.renderingMode == .monochrome)
        #expect(p.timeline.isEmpty && p.outputs.isEmpty)
    }

    @Test func codableRoundTrip() throws {
        let p = try read(PresetReaderTests.example)
        let data = try JSONEncoder().encode(p)
        let back = try JSONDecoder().decode(Preset.self, from: data)
        #expect(back == p)
        // And the encoded JSON is itself a valid preset for the positional reader.
        #expect(try PresetReader.read(data: Array(data), file: "x.json") == p)
    }

    @Test func outputFormatsFromExtensions() {
        let cases: [(String, Preset.Output.Format?)] = [
            ("a.mp4", .mp4), ("a.MOV", .mov), ("a.gif", .gif), ("a.png", .apng), ("a.apng", .apng),
            ("frames/", .pngSequence), ("f_%05d.png", .pngSequence), ("null", .null), ("a.webm", .webm), ("a.WebP", .webp), ("a.avi", nil),
        ]
        for (file, format) in cases { #expect(Preset.Output(file: file).resolvedFormat == format, "\(file)") }
    }

    /// Broken presets: name, JSON with a ⟪ marking where the first problem must point, its JSON
    /// path, and a message fragment.
    static let broken: [(String, String, String, String)] = [
        ("not json", "{ ⟪canvas: 1 }", "$", "expected a key in double quotes"),
        ("trailing comma", "{\"symbol\": {\"source\": \"a.svg\",⟪}}", "$", "trailing comma"),
        ("truncated", "{\"symbol\": {\"source\": \"a.svg\"⟪", "$", "unexpected end of file"),
        ("comment", "{ ⟪// hi\n}", "$", "comments are not allowed"),
        ("duplicate key", "{\"symbol\": {\"source\": \"a\"}, ⟪\"symbol\": {}}", "$", "appears twice"),
        ("array root", "⟪[]", "$", "expected an object"),
        ("missing symbol", "⟪{}", "$.symbol", "missing"),
        ("missing source", "{\"symbol\": ⟪{}}", "$.symbol.source", "missing"),
        ("source type", "{\"symbol\": {\"source\": ⟪3}}", "$.symbol.source", "expected a string"),
        ("unknown key", "{\"symbol\": {\"source\": \"a\"}, \"canvs\": ⟪{}}", "$.canvs", "did you mean \"canvas\""),
        ("fps range", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"fps\": ⟪240}}", "$.canvas.fps", "out of range"),
        ("fps type", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"fps\": ⟪\"60\"}}", "$.canvas.fps", "expected a number"),
        ("width fraction", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"width\": ⟪100.5}}", "$.canvas.width", "whole number"),
        ("width small", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"width\": ⟪8}}", "$.canvas.width", "16 to 8192"),
        ("negative duration", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"duration\": ⟪-1}}", "$.canvas.duration", "more than 0"),
        ("too many frames", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": ⟪{\"duration\": 600, \"fps\": 120}}", "$.canvas.duration", "limit is 36000"),
        ("bad background", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"background\": ⟪\"blue\"}}", "$.canvas.background", "not a colour"),
        ("short gradient", "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"background\": ⟪{\"linear\": [\"#000000\"]}}}", "$.canvas.background.linear", "two or more"),
        ("bad weight", "{\"symbol\": {\"source\": \"a\", \"weight\": ⟪\"blod\"}}", "$.symbol.weight", "did you mean \"bold\""),
        ("bad scale", "{\"symbol\": {\"source\": \"a\", \"scale\": ⟪\"huge\"}}", "$.symbol.scale", "not one of small, medium, large"),
        ("bad size", "{\"symbol\": {\"source\": \"a\", \"size\": ⟪0}}", "$.symbol.size", "more than 0"),
        ("bad mode", "{\"symbol\": {\"source\": \"a\"}, \"style\": {\"renderingMode\": ⟪\"pallete\"}}", "$.style.renderingMode", "did you mean \"palette\""),
        ("four colours", "{\"symbol\": {\"source\": \"a\"}, \"style\": {\"colors\": ⟪[\"#000000\", \"#000000\", \"#000000\", \"#000000\"]}}", "$.style.colors", "at most three"),
        ("short hex", "{\"symbol\": {\"source\": \"a\"}, \"style\": {\"colors\": [⟪\"#FFF\"]}}", "$.style.colors[0]", "#RRGGBB"),
        ("variable value range", "{\"symbol\": {\"source\": \"a\"}, \"style\": {\"variableValue\": ⟪1.5}}", "$.style.variableValue", "out of range"),
        ("reduce motion type", "{\"symbol\": {\"source\": \"a\"}, \"style\": {\"reduceMotion\": ⟪\"yes\"}}", "$.style.reduceMotion", "true or false"),
        ("timeline type", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": ⟪{}}", "$.timeline", "expected an array"),
        ("event without effect", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [⟪{\"at\": 1}]}", "$.timeline[0].effect", "missing"),
        ("negative time", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": ⟪-1, \"effect\": \".bounce\"}]}", "$.timeline[0].at", "outside 0…600"),
        ("until before from", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"from\": 2, \"until\": ⟪1, \"effect\": \".pulse\"}]}", "$.timeline[0].until", "later than"),
        ("event key typo", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"efect\": ⟪\".bounce\"}]}", "$.timeline[0].efect", "did you mean \"effect\""),
        ("empty effect", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"effect\": ⟪\" \"}]}", "$.timeline[0].effect", "is empty"),
        ("unbalanced options", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"effect\": \".bounce\", \"options\": \".repeat⟪(2\"}]}", "$.timeline[0].options", "at 7"),
        ("effect typo", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"effect\": \".⟪bounse.up\"}]}", "$.timeline[0].effect", "did you mean 'bounce'"),
        ("curve typo", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"track\": \"scale\", \"keyframes\": [{\"value\": 1, \"duration\": 1, \"curve\": \".⟪sprung\"}]}]}", "$.timeline[0].keyframes[0].curve", "did you mean"),
        ("options typo", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"effect\": \".bounce\", \"options\": \".⟪repaet(2)\"}]}", "$.timeline[0].options", "did you mean 'repeat'"),
        ("bad repeat", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"at\": 1, \"effect\": \".bounce\", \"options\": {\"repeat\": ⟪0}}]}", "$.timeline[0].options.repeat", "whole number from 1"),
        ("bad track", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"track\": ⟪\"rotate\", \"keyframes\": [{\"value\": 1, \"duration\": 1}]}]}", "$.timeline[0].track", "did you mean \"rotation\""),
        ("keyframe missing duration", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"track\": \"scale\", \"keyframes\": [⟪{\"value\": 1}]}]}", "$.timeline[0].keyframes[0].duration", "missing"),
        ("variable points decreasing", "{\"symbol\": {\"source\": \"a\"}, \"timeline\": [{\"variableValue\": [[1, 0], ⟪[0, 1]]}]}", "$.timeline[0].variableValue[1]", "must increase"),
        ("output without file", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [⟪{\"fps\": 30}]}", "$.outputs[0].file", "missing"),
        ("unknown extension", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": ⟪\"a.avi\"}]}", "$.outputs[0].file", "cannot tell the format"),
        ("codec typo", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.mp4\", \"codec\": ⟪\"h265\"}]}", "$.outputs[0].codec", "did you mean \"h264\""),
        ("codec for a GIF", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"codec\": ⟪\"vp9\"}]}", "$.outputs[0].codec", "applies to .mp4 and .webm"),
        ("HEVC in a WebM", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.webm\", \"codec\": ⟪\"hevc\"}]}", "$.outputs[0].codec", "a .webm holds \"vp9\""),
        ("HEVC with alpha", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.mov\", \"codec\": ⟪\"hevc\"}]}", "$.outputs[0].codec", "HEVC with alpha cannot be written: x265 has no alpha layer"),
        ("MP4 quality", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.mp4\", \"codec\": \"hevc\", \"quality\": ⟪52}]}", "$.outputs[0].quality", "0 to 51"),
        ("WebM quality", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.webm\", \"quality\": ⟪64}]}", "$.outputs[0].quality", "0 to 63"),
        ("WebP quality", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.webp\", \"quality\": ⟪101}]}", "$.outputs[0].quality", "0 to 100"),
        ("bad dither", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"dither\": ⟪\"fs\"}]}", "$.outputs[0].dither", "floyd-steinberg"),
        ("bad maxColors", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"maxColors\": ⟪1000}]}", "$.outputs[0].maxColors", "2 to 256"),
        ("bad effort", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.webp\", \"effort\": ⟪\"maximum\"}]}", "$.outputs[0].effort", "is not one of default, max"),
        ("effort for a GIF", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"effort\": ⟪\"max\"}]}", "$.outputs[0].effort", "applies to .webp outputs"),
        ("negative maxBytes", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\"}, {\"file\": \"b.gif\", \"maxBytes\": ⟪-5}]}", "$.outputs[1].maxBytes", "expected a whole number of bytes, at least 1 (at most 2^53), found -5"),
        ("fractional maxBytes", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"maxBytes\": ⟪1.5}]}", "$.outputs[0].maxBytes", "found 1.5"),
        ("string maxBytes", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"a.gif\", \"maxBytes\": ⟪\"2MB\"}]}", "$.outputs[0].maxBytes", "expected a number, found a string"),
        ("maxBytes on null", "{\"symbol\": {\"source\": \"a\"}, \"outputs\": [{\"file\": \"null\", \"maxBytes\": ⟪10}]}", "$.outputs[0].maxBytes", "a null output writes nothing"),
    ]

    @Test(arguments: broken.indices)
    func brokenPresets(_ i: Int) {
        let (name, marked, path, message) = PresetReaderTests.broken[i]
        let before = marked.prefix { $0 != "⟪" }
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        let json = marked.replacingOccurrences(of: "⟪", with: "")
        do {
            _ = try read(json)
            Issue.record("\(name): expected an error")
        } catch {
            let p = error.problems[0]
            #expect(p.path == path, "\(name): \(p)")
            #expect(p.line == line && p.column == column, "\(name): at \(p.line):\(p.column), expected \(line):\(column)")
            #expect(p.message.contains(message), "\(name): \(p.message)")
            #expect(error.description.hasPrefix("p.json:\(p.line):\(p.column): error: "))
        }
    }

    @Test func everyProblemIsReported() {
        let json = """
        {"symbol": {"source": "a", "weight": "x"},
         "canvas": {"fps": 0, "width": "w"},
         "outputs": [{"file": "a.gif", "maxColors": 1}]}
        """
        do {
            _ = try read(json)
            Issue.record("expected errors")
        } catch {
            #expect(error.problems.map(\.path) == ["$.canvas.width", "$.canvas.fps", "$.symbol.weight", "$.outputs[0].maxColors"])
            #expect(error.problems.map(\.line) == [2, 2, 1, 3])
        }
    }
}
