import Foundation
import Testing
@testable import SymbolReel
import SymbolCompose

/// `Presets/schema.json` says what the preset reader accepts: same keys, same enums, same
/// ranges where the schema states them.
@Suite struct PresetSchemaTests {
    nonisolated(unsafe) static let schema: [String: Any] = {
        let url = CLI.packageRoot.appendingPathComponent("Presets/schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }()

    private func object(_ path: [String]) -> [String: Any]? {
        var node: Any? = PresetSchemaTests.schema
        for p in path { node = (node as? [String: Any])?[p] }
        return node as? [String: Any]
    }

    private func keys(_ path: [String]) -> Set<String> {
        Set((object(path + ["properties"]) ?? [:]).keys)
    }

    @Test func schemaIsADraft202012Schema() {
        #expect(PresetSchemaTests.schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        // A preset has a symbol, or a scene's items, or scenes (docs/scenes.md).
        let required = (PresetSchemaTests.schema["oneOf"] as? [[String: Any]])?.compactMap { $0["required"] as? [String] }
        #expect(required == [["symbol"], ["items"], ["scenes"]])
    }

    @Test func objectKeysMatchTheReader() {
        let k = PresetDecoder.keys
        #expect(keys([]) == Set(k["preset"]!))
        #expect(keys(["properties", "canvas"]) == Set(k["canvas"]!))
        #expect(keys(["properties", "symbol"]) == Set(k["symbol"]!))
        #expect(keys(["properties", "style"]) == Set(k["style"]!))
        #expect(keys(["$defs", "output"]) == Set(k["output"]!))
        #expect(keys(["$defs", "keyframe"]) == Set(k["keyframe"]!))
        #expect(keys(["$defs", "scene"]) == Set(k["scene"]!))
        #expect(keys(["$defs", "item"]) == Set(k["item"]!))
        #expect(keys(["$defs", "font"]) == Set(k["font"]!))
        #expect(keys(["$defs", "motion"]) == Set(k["motion"]!))
        #expect(keys(["$defs", "item", "properties", "label"]) == Set(k["label"]!))
        let transitionObject = (object(["$defs", "transition"])?["oneOf"] as? [[String: Any]])?[1]["properties"] as? [String: Any]
        #expect(Set(transitionObject?.keys.map { $0 } ?? []) == Set(k["transition"]!))
        let optionsObject = (object(["$defs", "options"])?["oneOf"] as? [[String: Any]])?[1]["properties"] as? [String: Any]
        #expect(Set(optionsObject?.keys.map { $0 } ?? []) == Set(k["options"]!))
    }

    @Test func enumsMatchTheModel() {
        func enumValues(_ path: [String]) -> [String] { object(path)?["enum"] as? [String] ?? [] }
        #expect(enumValues(["properties", "symbol", "properties", "weight"]) == SymbolWeight.allCases.map(\.rawValue))
        #expect(enumValues(["properties", "symbol", "properties", "scale"]) == SymbolScale.allCases.map(\.rawValue))
        #expect(enumValues(["properties", "style", "properties", "renderingMode"]) == Preset.Style.RenderingMode.allCases.map(\.rawValue))
        #expect(enumValues(["properties", "style", "properties", "colorRendering"]) == Preset.Style.ColorRendering.allCases.map(\.rawValue))
        #expect(enumValues(["properties", "style", "properties", "variableValueMode"]) == Preset.Style.VariableValueMode.allCases.map(\.rawValue))
        #expect(enumValues(["$defs", "output", "properties", "format"]) == Preset.Output.Format.allCases.map(\.rawValue))
        #expect(enumValues(["$defs", "output", "properties", "dither"]) == Preset.Output.Dither.allCases.map(\.rawValue))
        #expect(enumValues(["$defs", "output", "properties", "codec"]) == Preset.Output.Codec.allCases.map(\.rawValue))
        let track = ((object(["$defs", "event"])?["oneOf"] as? [[String: Any]])?[3]["properties"] as? [String: Any])?["track"] as? [String: Any]
        #expect(track?["enum"] as? [String] == PresetDecoder.trackProperties)
        #expect(enumValues(["$defs", "motion", "properties", "transition"]) == MotionKind.allCases.map(\.rawValue))
        #expect(enumValues(["$defs", "motion", "properties", "by"]) == TextUnit.allCases.map(\.rawValue))
        #expect(enumValues(["$defs", "item", "properties", "alignment"]) == StackBlock.Alignment.allCases.map(\.rawValue))
    }

    /// Every range the schema states for sides, rates and times is `Limits`' range, and the
    /// reader enforces it at both ends.
    @Test func rangesMatchTheLimits() throws {
        func range(_ path: [String]) -> ClosedRange<Double>? {
            guard let o = object(path), let hi = (o["maximum"] as? NSNumber)?.doubleValue,
                  let lo = (o["minimum"] as? NSNumber ?? o["exclusiveMinimum"] as? NSNumber)?.doubleValue else { return nil }
            return lo...hi
        }
        let side = Double(Limits.side.lowerBound)...Double(Limits.side.upperBound)
        let canvas = ["properties", "canvas", "properties"], output = ["$defs", "output", "properties"]
        #expect(range(canvas + ["width"]) == side && range(canvas + ["height"]) == side)
        #expect(range(output + ["width"]) == side && range(output + ["height"]) == side)
        #expect(range(canvas + ["fps"]) == Limits.fps && range(output + ["fps"]) == Limits.fps)
        #expect(range(canvas + ["duration"]) == Limits.seconds)
        #expect(range(["$defs", "time"]) == Limits.seconds)
        #expect(range(["$defs", "keyframe", "properties", "duration"]) == Limits.seconds)
        #expect(Limits.side.upperBound == Bitmap.maxSide && Limits.pixels == Bitmap.maxPixels)
        #expect(Limits.fps.upperBound <= Double(FrameRate.maxFramesPerSecond))  // every rate a clip may ask for is a FrameRate

        func accepts(_ canvasJSON: String) -> Bool {
            let json = "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\(canvasJSON)}}"
            return (try? PresetReader.read(data: Array(json.utf8), file: "x")) != nil
        }
        let (lo, hi) = (Limits.side.lowerBound, Limits.side.upperBound)
        for (w, ok) in [(lo - 1, false), (lo, true), (hi, true), (hi + 1, false)] {
            #expect(accepts("\"width\": \(w)") == ok, "width \(w)")
            #expect(accepts("\"height\": \(w)") == ok, "height \(w)")
        }
        for (f, ok) in [(Limits.fps.lowerBound - 0.5, false), (Limits.fps.lowerBound, true), (Limits.fps.upperBound, true),
                        (Limits.fps.upperBound + 1, false)] {
            #expect(accepts("\"fps\": \(f)") == ok, "fps \(f)")
        }
        for (d, ok) in [(0.0, false), (1, true), (Limits.seconds.upperBound, true), (Limits.seconds.upperBound + 1, false)] {
            #expect(accepts("\"duration\": \(d), \"fps\": 1") == ok, "duration \(d)")
        }
        // The frame limit: the longest duration at the highest rate is over it, and the reader says so.
        #expect(Limits.seconds.upperBound * Limits.fps.upperBound > Double(Limits.frames))
        let frames = Int(Limits.seconds.upperBound * Limits.fps.upperBound)
        #expect(!accepts("\"duration\": \(Limits.seconds.upperBound), \"fps\": \(Limits.fps.upperBound)"), "\(frames) frames")
    }

    @Test func everyPresetInPresetsFolderReads() throws {
        let dir = CLI.packageRoot.appendingPathComponent("Presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }
        for f in files {
            do {
                _ = try PresetReader.read(contentsOf: dir.appendingPathComponent(f).path)
            } catch {
                Issue.record("\(f): \(error)")
            }
        }
    }
}
