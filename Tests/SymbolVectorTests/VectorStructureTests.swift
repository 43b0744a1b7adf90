import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ZIPFoundation
import SymbolGeometry
import SymbolRender
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolVector

/// The vector writers' files read back in-process by readers we did not write (Foundation's
/// JSONSerialization and XMLParser, ZIPFoundation for the dotLottie archive), checked
/// structurally: the fields a player reads first (rate, frame range, size), one layer per drawn
/// part, animated properties where the effect moves something and still ones where it does not,
/// the loop count, and byte-for-byte determinism. How the files play is VectorPlayerTests' (the
/// full tier: ThorVG, rlottie and Chromium).
@Suite struct VectorStructureTests {
    /// A clip's scene: `file` from Samples/, `effect` from its start, `frames` frames at `fps`, 120 × 80.
    static func scene(_ file: String = "bell.svg", effect: SymbolEffect, mode: RenderingMode = .monochrome,
                      frames: Int = 24, fps: Int = 24) throws -> VectorScene {
        let doc = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/\(file)").path)
        let settings = RenderSettings(width: 120, height: 80, size: .fraction(0.6), mode: mode, colors: [.black])
        let timeline = try Timeline(documents: [doc], mode: mode.layerMode, events: [.discrete(effect, at: 0)])
        let rate = FrameRate(fps)
        let poses = (0..<frames).map { timeline.pose(atSeconds: Double($0) / Double(fps)) }
        return RenderPlan(documents: [doc], settings: settings).vectorScene(poses: poses, rate: rate)
    }

    static func lottie(_ scene: VectorScene) throws -> [String: Any] {
        let bytes = VectorFileWriter.bytes(scene, format: .lottie, loopCount: 0, generator: "tests")
        return try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// Every object in a JSON tree, depth first.
    static func objects(_ value: Any) -> [[String: Any]] {
        switch value {
        case let o as [String: Any]: return [o] + o.values.flatMap(objects)
        case let a as [Any]: return a.flatMap(objects)
        default: return []
        }
    }

    @Test func lottieHeaderCarriesRateFramesAndSize() throws {
        let scene = try Self.scene(effect: SymbolEffect.bounce, frames: 30, fps: 30)
        let json = try Self.lottie(scene)
        #expect(json["fr"] as? Double == 30)
        #expect(json["ip"] as? Int == 0)
        #expect(json["op"] as? Int == 30)
        #expect(json["w"] as? Int == 120)
        #expect(json["h"] as? Int == 80)
        let version = try #require(json["v"] as? String)
        #expect(version.split(separator: ".").count == 3, "v is a three-part version: \(version)")
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(!layers.isEmpty)
        for layer in layers {
            #expect(layer["ks"] is [String: Any], "every layer has its transform")
            #expect((layer["ip"] as? Int ?? 0) >= 0 && (layer["op"] as? Int ?? 0) <= 30, "layer frames stay inside the clip")
        }
    }

    /// Each Lottie layer is drawn only in the frames that pose it (`ip`/`op`): through a Replace,
    /// the outgoing symbol's layers end where the timeline stops posing it and the incoming
    /// symbol's begin where it starts, checked against the poses themselves.
    @Test func lottieLayersSpanTheFramesThatPoseThem() throws {
        let docs = try ["bell.svg", "bell.slash.svg"].map {
            try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/\($0)").path)
        }
        let settings = RenderSettings(width: 120, height: 80, size: .fraction(0.6), mode: .monochrome, colors: [.black])
        let timeline = try Timeline(documents: docs, mode: .monochrome,
                                    events: [.replace(with: 1, effect: SymbolEffect(.replace(.downUp)), at: 0.2)])
        let poses = (0..<36).map { timeline.pose(atSeconds: Double($0) / 30) }
        let scene = RenderPlan(documents: docs, settings: settings).vectorScene(poses: poses, rate: FrameRate(30))
        func frames(posing document: Int) -> Range<Int> {
            let posed = poses.indices.filter { poses[$0].symbols.contains { $0.document == document } }
            return posed.first!..<(posed.last! + 1)
        }
        let outgoing = frames(posing: 0), incoming = frames(posing: 1)
        #expect(outgoing.upperBound < 36 && incoming.lowerBound > 0, "the replace swaps the symbols part way")
        let layers = try #require(try Self.lottie(scene)["layers"] as? [[String: Any]])
        for layer in layers {
            let name = try #require(layer["nm"] as? String)
            let span = try #require(layer["ip"] as? Int)..<#require(layer["op"] as? Int)
            if name.hasPrefix("s0") { #expect(span == outgoing, "\(name)") }
            if name.hasPrefix("s1") { #expect(span == incoming, "\(name)") }
            if name == "background" { #expect(span == 0..<36) }
        }
        #expect(layers.contains { ($0["nm"] as? String)?.hasPrefix("s0") == true })
        #expect(layers.contains { ($0["nm"] as? String)?.hasPrefix("s1") == true })
    }

    /// A bounce moves the symbol: some transform is keyframed (`a: 1`) and its keyframe times
    /// lie inside the clip. A clip with no effect keyframes nothing.
    @Test func lottieKeyframesWhatMovesAndNothingElse() throws {
        let moving = Self.objects(try Self.lottie(try Self.scene(effect: SymbolEffect.bounce, frames: 30, fps: 30)))
        let animated = moving.filter { $0["a"] as? Int == 1 }
        #expect(!animated.isEmpty, "a bounce keyframes nothing")
        for property in animated {
            let keys = try #require(property["k"] as? [[String: Any]])
            let times = keys.compactMap { $0["t"] as? Double }
            #expect(times.count == keys.count, "every keyframe has a time")
            #expect(times == times.sorted(), "keyframe times rise")
            #expect(times.allSatisfy { $0 >= 0 && $0 <= 30 }, "\(times)")
        }
        // A scale that ends where it starts: a bounce lands back at rest.
        let still = Self.objects(try Self.lottie(try Self.scene(effect: SymbolEffect.bounce, frames: 1, fps: 30)))
        #expect(still.allSatisfy { $0["a"] as? Int != 1 }, "a one-frame clip has nothing to animate")
    }

    @Test func lottieIsDeterministic() throws {
        let scene = try Self.scene(effect: SymbolEffect(.wiggle(nil)), mode: .hierarchical)
        let a = VectorFileWriter.bytes(scene, format: .lottie, loopCount: 0, generator: "tests")
        let b = VectorFileWriter.bytes(try Self.scene(effect: SymbolEffect(.wiggle(nil)), mode: .hierarchical), format: .lottie, loopCount: 0, generator: "tests")
        #expect(a == b)
    }

    /// The animated SVG is well-formed XML with the canvas size, one style sheet whose
    /// animations last the clip and repeat as asked, and paths to draw.
    @Test(arguments: [(0, "infinite"), (1, "1"), (3, "3")])
    func animatedSVGIsWellFormedAndLoopsAsAsked(_ loop: Int, _ iterations: String) throws {
        let scene = try Self.scene(effect: SymbolEffect.bounce, frames: 36, fps: 24)
        let bytes = VectorFileWriter.bytes(scene, format: .svg, loopCount: loop, generator: "tests")
        let outline = SVGOutline(Data(bytes))
        #expect(outline.error == nil, "XMLParser: \(outline.error ?? "")")
        #expect(outline.root == "svg")
        #expect(outline.rootAttributes["width"] == "120" && outline.rootAttributes["height"] == "80")
        #expect(outline.rootAttributes["viewBox"] == "0 0 120 80")
        #expect(outline.count["path", default: 0] > 0, "nothing to draw: \(outline.count)")
        #expect(outline.count["style", default: 0] >= 1)
        #expect(outline.count["script", default: 0] == 0, "a load-triggered SVG needs no script")
        let css = outline.styleText
        #expect(css.contains("@keyframes"))
        // 36 frames at 24 fps: every animation lasts 1.5 s and repeats `iterations` times.
        #expect(css.contains("1.5s linear \(iterations)"), "\(css.prefix(400))")
    }

    @Test func animatedSVGIsDeterministic() throws {
        let a = VectorFileWriter.bytes(try Self.scene(effect: SymbolEffect.pulse, mode: .multicolor), format: .svg, loopCount: 0, generator: "tests")
        let b = VectorFileWriter.bytes(try Self.scene(effect: SymbolEffect.pulse, mode: .multicolor), format: .svg, loopCount: 0, generator: "tests")
        #expect(a == b)
    }

    /// The dotLottie is a ZIP that ZIPFoundation opens and checks (CRC-32 of every entry): a
    /// version 2 manifest naming the animation and its themes, the animation (`a/<id>.json`)
    /// equal to the plain Lottie's bytes, and every listed theme (`t/<id>.json`) present, each
    /// rule naming a slot the animation declares.
    @Test func dotLottieIsAZipWithManifestAnimationAndThemes() throws {
        let scene = try Self.scene(effect: SymbolEffect.bounce, mode: .hierarchical, frames: 12, fps: 24)
        let bytes = VectorFileWriter.bytes(scene, format: .dotLottie, loopCount: 0, generator: "tests")
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a ZIP starts with a local file header")
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        var entries: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            entries[entry.path] = data
        }
        let manifest = try #require(entries["manifest.json"].flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect(manifest["version"] as? String == "2")
        let animations = try #require(manifest["animations"] as? [[String: Any]])
        #expect(animations.count == 1)
        let id = try #require(animations.first?["id"] as? String)
        let animation = try #require(entries["a/\(id).json"], "entries: \(entries.keys.sorted())")
        #expect(Array(animation) == VectorFileWriter.bytes(scene, format: .lottie, loopCount: 0, generator: "tests"))
        let lottie = try #require(try JSONSerialization.jsonObject(with: animation) as? [String: Any])
        let slots = Set((lottie["slots"] as? [String: Any] ?? [:]).keys)
        #expect(slots.contains("primary"), "slots: \(slots.sorted())")
        let themes = (manifest["themes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(!themes.isEmpty, "no themes listed")
        for theme in themes {
            let data = try #require(entries["t/\(theme).json"], "theme \(theme) is listed but not in the archive")
            let rules = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["rules"] as? [[String: Any]])
            #expect(!rules.isEmpty, "\(theme) has no rules")
            for rule in rules {
                let slot = rule["id"] as? String ?? ""
                #expect(slots.contains(slot), "\(theme) sets \(slot), which the animation does not declare")
            }
        }
        #expect(Set(entries.keys) == Set(["manifest.json", "a/\(id).json"] + themes.map { "t/\($0).json" }), "\(entries.keys.sorted())")
    }

    /// Written through `OutputFile`: the file appears complete under its name, and a path whose
    /// folder is missing throws and leaves nothing.
    @Test func writingLeavesACompleteFileOrNothing() throws {
        let work = try makeTemporaryDirectory("vector-write"); defer { try? FileManager.default.removeItem(at: work) }
        let scene = try Self.scene(effect: SymbolEffect.bounce, frames: 6, fps: 24)
        let path = work.appendingPathComponent("clip.json").path
        let size = try VectorFileWriter.write(scene, format: .lottie, loopCount: 0, generator: "tests", to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == size)
        let missing = work.appendingPathComponent("no/such/folder/clip.svg").path
        #expect(throws: (any Error).self) { try VectorFileWriter.write(scene, format: .svg, loopCount: 0, generator: "tests", to: missing) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["clip.json"], "nothing else was left behind")
    }
}

/// What XMLParser saw of an SVG: the root and its attributes, elements by name, the style text.
final class SVGOutline: NSObject, XMLParserDelegate {
    var root: String?
    var rootAttributes: [String: String] = [:]
    var count: [String: Int] = [:]
    var styleText = ""
    var error: String?
    private var inStyle = false

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        if !parser.parse() { error = parser.parserError.map { "\($0)" } ?? "parse failed" }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        if root == nil { root = name; rootAttributes = attributes }
        count[name, default: 0] += 1
        inStyle = name == "style"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "style" { inStyle = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inStyle { styleText += string } }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { if inStyle { styleText += String(decoding: block, as: UTF8.self) } }

    func parser(_ parser: XMLParser, parseErrorOccurred e: Error) { error = "\(e) at line \(parser.lineNumber)" }
}
