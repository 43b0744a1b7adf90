import Foundation
import Testing
@testable import SymbolReel

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
        #expect(PresetSchemaTests.schema["required"] as? [String] == ["symbol"])
    }

    @Test func objectKeysMatchTheReader() {
        let k = PresetDecoder.keys
        #expect(keys([]) == Set(k["preset"]!))
        #expect(keys(["properties", "canvas"]) == Set(k["canvas"]!))
        #expect(keys(["properties", "symbol"]) == Set(k["symbol"]!))
        #expect(keys(["properties", "style"]) == Set(k["style"]!))
        #expect(keys(["$defs", "output"]) == Set(k["output"]!))
        #expect(keys(["$defs", "keyframe"]) == Set(k["keyframe"]!))
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
    }

    @Test func rangesMatchTheReader() throws {
        let canvas = try #require(object(["properties", "canvas", "properties"]))
        let width = try #require(canvas["width"] as? [String: Any])
        #expect(width["minimum"] as? Int == 16 && width["maximum"] as? Int == 8192)
        // The reader enforces the same bounds.
        for (w, ok) in [(15, false), (16, true), (8192, true), (8193, false)] {
            let json = "{\"symbol\": {\"source\": \"a\"}, \"canvas\": {\"width\": \(w)}}"
            let accepted = (try? PresetReader.read(data: Array(json.utf8), file: "x")) != nil
            #expect(accepted == ok, "width \(w)")
        }
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
