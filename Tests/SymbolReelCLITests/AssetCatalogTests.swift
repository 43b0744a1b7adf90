import Foundation
import SymbolTestSupport
import Testing

/// Xcode asset catalogs: a `.symbolset` folder wherever an SVG goes, and `batch CATALOG
/// --template PRESET`, on a catalog built here with awkward names, nested groups and broken sets.
@Suite(.startsSymbolreel) struct AssetCatalogTests {
    static func contents(_ filename: String?) -> String {
        let entry = filename.map { "{\"filename\" : \"\($0)\", \"idiom\" : \"universal\"}" } ?? "{\"idiom\" : \"universal\"}"
        return "{\n  \"info\" : {\"author\" : \"xcode\", \"version\" : 1},\n  \"symbols\" : [\(entry)]\n}\n"
    }

    /// `Assets.xcassets` with three good symbol sets (one nested two groups deep, one whose
    /// Contents.json lists an entry without a file first) and three broken ones.
    private func catalog() throws -> URL {
        let d = try makeTemporaryDirectory("catalog")
        let root = d.appendingPathComponent("Assets.xcassets")
        let fm = FileManager.default
        func set(_ path: String, svg: String?, named: String?, contents: String?) throws {
            let folder = root.appendingPathComponent(path)
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            if let svg, let named {
                try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Samples/\(svg)"), to: folder.appendingPathComponent(named))
            }
            if let contents { try contents.write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8) }
        }
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        try "{\"info\" : {\"author\" : \"xcode\", \"version\" : 1}}".write(to: root.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try set("Folder/bell & badge.symbolset", svg: "bell.badge.svg", named: "custom name.svg", contents: Self.contents("custom name.svg"))
        try set("Folder/Nested Group/wifi.arcs.symbolset", svg: "wifi.arcs.svg", named: "wifi.svg",
                contents: "{\"symbols\" : [{\"idiom\" : \"mac\"}, {\"filename\" : \"wifi.svg\", \"idiom\" : \"universal\"}]}")
        try set("checkmark.symbolset", svg: "checkmark.svg", named: "checkmark-export.svg", contents: Self.contents("checkmark-export.svg"))
        try set("broken/no contents.symbolset", svg: "bell.svg", named: "bell.svg", contents: nil)
        try set("broken/no svg.symbolset", svg: nil, named: nil, contents: Self.contents("gone.svg"))
        try set("broken/bad json.symbolset", svg: "bell.svg", named: "bell.svg", contents: "{ \"symbols\" : [ ")
        return d
    }

    /// A template whose own symbol does not exist (it is replaced), with two outputs.
    private func template(in d: URL) throws -> String {
        let path = d.appendingPathComponent("template.json")
        try """
            { "canvas": {"width": 48, "height": 48, "fps": 10, "duration": 0.5},
              "symbol": {"source": "placeholder.svg"}, "style": {"renderingMode": "hierarchical", "colors": ["#0A84FF"]},
              "timeline": [{"at": 0, "effect": ".bounce"}],
              "outputs": [{"file": "../clips/clip.gif"}, {"file": "{name}@2x.png", "format": "apng", "width": 96, "height": 96}] }
            """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    private func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test func batchRendersEverySymbolSetAndReportsTheBrokenOnes() throws {
        let d = try catalog(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("out")
        let r = try CLI.run(["batch", d.appendingPathComponent("Assets.xcassets").path, "--template", try template(in: d),
                             "--output-dir", out.path, "--jobs", "2"])
        // Path order: Folder/Nested Group/…, Folder/bell & badge…, broken/bad json (65), …
        #expect(r.status == 65, "\(r.stderr)")
        #expect(files(out) == ["bell & badge.gif", "bell & badge@2x.png", "checkmark.gif", "checkmark@2x.png",
                               "wifi.arcs.gif", "wifi.arcs@2x.png"])
        #expect(r.stderr.contains("bad json.symbolset/Contents.json:1:") && r.stderr.contains("not valid JSON"))
        #expect(r.stderr.contains("no contents.symbolset") && r.stderr.contains("has no Contents.json"))
        #expect(r.stderr.contains("names \"gone.svg\", which is not in the symbol set"))
        #expect(r.stdout.contains("3 of 6 presets rendered, 3 failed"))
        let gif = try GIFDecoder.decode(path: out.appendingPathComponent("bell & badge.gif").path)
        #expect(gif.frames.count == 5 && gif.width == 48)
        // The badge's own colours are not the monochrome bell's: the symbol set's SVG was read.
        let same = try CLI.run(["hashes", "Samples/bell.badge.svg", "--size", "48", "--fps", "10", "--mode", "hierarchical",
                                "--color", "#0A84FF", "--effect", ".bounce", "--duration", "0.5"])
        let fromSet = try CLI.run(["hashes", d.appendingPathComponent("Assets.xcassets/Folder/bell & badge.symbolset").path,
                                   "--size", "48", "--fps", "10", "--mode", "hierarchical", "--color", "#0A84FF", "--effect", ".bounce",
                                   "--duration", "0.5"])
        #expect(fromSet.status == 0 && fromSet.stdout == same.stdout)
    }

    @Test func shardsSplitTheCatalog() throws {
        let d = try catalog(); defer { try? FileManager.default.removeItem(at: d) }
        let template = try template(in: d)
        var seen: [[String]] = []
        for shard in ["0/2", "1/2"] {
            let r = try CLI.run(["batch", d.appendingPathComponent("Assets.xcassets").path, "--template", template,
                                 "--output-dir", d.appendingPathComponent("out\(shard.first!)").path, "--shard", shard, "--json"])
            let presets = Set(r.stdout.split(separator: "\n").compactMap { line -> String? in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return (object?["preset"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }
            })
            seen.append(presets.sorted())
        }
        #expect(seen[0].count == 3 && seen[1].count == 3, "\(seen)")
        #expect(Set(seen[0]).isDisjoint(with: seen[1]))
        #expect(Set(seen[0] + seen[1]) == ["bell & badge.symbolset", "wifi.arcs.symbolset", "checkmark.symbolset",
                                           "no contents.symbolset", "no svg.symbolset", "bad json.symbolset"])
    }

    @Test func symbolSetIsAnInputWhereverAnSVGIs() throws {
        let d = try catalog(); defer { try? FileManager.default.removeItem(at: d) }
        let set = d.appendingPathComponent("Assets.xcassets/Folder/bell & badge.symbolset").path
        let text = try CLI.run(["inspect", set])
        #expect(text.status == 0 && text.stdout.contains("symbol:    bell & badge (an Xcode symbol set)") && text.stdout.contains("custom name.svg"))
        let json = try CLI.run(["inspect", "--json", set + "/"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["symbolSet"] as? String == "bell & badge")
        let plain = try CLI.run(["inspect", "--json", "Samples/bell.svg"])
        #expect(!plain.stdout.contains("symbolSet"))

        let png = d.appendingPathComponent("f.png").path, sheet = d.appendingPathComponent("s.png").path
        let gif = d.appendingPathComponent("r.gif").path
        #expect(try CLI.run(["frame", set, "--at", "0", "-o", png]).status == 0)
        #expect(try CLI.run(["sheet", set, "--effect", ".wiggle", "--frames", "4", "--cell-width", "64", "-o", sheet]).status == 0)
        #expect(try CLI.run(["render", set, "--effect", ".scale.up", "--size", "32", "--fps", "5", "-o", gif]).status == 0)
        #expect(try GIFDecoder.decode(path: gif).frames.count == 10)

        // A preset may name a symbol set as its symbol (and replace with one).
        let preset = d.appendingPathComponent("p.json")
        try """
            { "canvas": {"width": 32, "height": 32, "fps": 10, "duration": 0.6},
              "symbol": {"source": "Assets.xcassets/checkmark.symbolset"},
              "timeline": [{"at": 0.1, "replaceWith": "Assets.xcassets/Folder/bell & badge.symbolset"}] }
            """.write(to: preset, atomically: true, encoding: .utf8)
        let viaPreset = try CLI.run(["render", preset.path, "-o", d.appendingPathComponent("p.gif").path])
        #expect(viaPreset.status == 0, "\(viaPreset.stderr)")

        // Broken symbol sets: a clear message and the exit code of bad data or a missing input.
        let bad = try CLI.run(["inspect", d.appendingPathComponent("Assets.xcassets/broken/bad json.symbolset").path])
        #expect(bad.status == 65 && bad.stderr.contains("Contents.json:1:") && bad.stderr.contains("not valid JSON"))
        let noSVG = try CLI.run(["frame", d.appendingPathComponent("Assets.xcassets/broken/no svg.symbolset").path, "--at", "0", "-o", png])
        #expect(noSVG.status == 66 && noSVG.stderr.contains("gone.svg"))
        let noContents = try CLI.run(["inspect", d.appendingPathComponent("Assets.xcassets/broken/no contents.symbolset").path])
        #expect(noContents.status == 65 && noContents.stderr.contains("has no Contents.json"))
    }

    /// Samples/Assets.xcassets holds copies of two samples: they must not go stale.
    @Test func sampleCatalogMatchesTheSamples() throws {
        let root = CLI.packageRoot.appendingPathComponent("Samples")
        for (copy, original) in [("Assets.xcassets/Bells/bell & badge.symbolset/bell.badge custom.svg", "bell.badge.svg"),
                                 ("Assets.xcassets/wifi.arcs.symbolset/wifi.svg", "wifi.arcs.svg")] {
            #expect(try Data(contentsOf: root.appendingPathComponent(copy)) == Data(contentsOf: root.appendingPathComponent(original)),
                    "Samples/\(copy) differs from Samples/\(original); copy it again")
        }
    }

    @Test func catalogWithoutTemplateAndTemplateMistakes() throws {
        let d = try catalog(); defer { try? FileManager.default.removeItem(at: d) }
        let catalog = d.appendingPathComponent("Assets.xcassets").path
        let without = try CLI.run(["batch", catalog, "--output-dir", d.appendingPathComponent("o").path])
        #expect(without.status == 66 && without.stderr.contains("--template"))
        let empty = try makeTemporaryDirectory("empty"); defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLI.run(["batch", empty.path, "--template", try template(in: d), "--output-dir", d.appendingPathComponent("o").path])
        #expect(none.status == 66 && none.stderr.contains("no .symbolset folder"))
        let noOutputs = d.appendingPathComponent("no-outputs.json")
        try "{\"symbol\": {\"source\": \"x.svg\"}}".write(to: noOutputs, atomically: true, encoding: .utf8)
        let t = try CLI.run(["batch", catalog, "--template", noOutputs.path, "--output-dir", d.appendingPathComponent("o").path])
        #expect(t.status == 65 && t.stderr.contains("has no outputs"))
    }
}
