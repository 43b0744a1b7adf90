import Foundation
import SymbolTestSupport
import Testing

/// Scene presets (docs/scenes.md) through the command: the issue's What's New preset as written,
/// its words read back by tesseract (a reader we did not write), its video counted by ffprobe,
/// the same pixels with any number of threads, and bad input refused with its JSON path.
@Suite(.startsSymbolreel) struct SceneCommandTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("scene") }

    /// Letters and digits only, lower case: what OCR and the preset are compared on (tesseract
    /// reads an apostrophe as ’ or drops it, and may break lines anywhere).
    private func words(_ s: String) -> [String] {
        s.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The issue's preset, unchanged (a copy beside our samples, so its `../out` is a scratch
    /// folder), renders its own outputs: 4 s at 30 fps is 120 MP4 frames at 720 × 900, and the
    /// GIF at its 15 fps 60.
    @Test(.requires(.ffprobe)) func whatsNewRendersAsWritten() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let scenes = d.appendingPathComponent("Scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Scenes/whats-new.json"),
                                         to: scenes.appendingPathComponent("whats-new.json"))
        try FileManager.default.createSymbolicLink(at: d.appendingPathComponent("Samples"), withDestinationURL: CLI.packageRoot.appendingPathComponent("Samples"))
        let r = try CLI.run(["render", scenes.appendingPathComponent("whats-new.json").path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let mp4 = d.appendingPathComponent("out/whats-new.mp4").path, gif = d.appendingPathComponent("out/whats-new.gif").path
        #expect(try RenderCommandTests.probeFrames(mp4) == 120)
        let size = try Requirement.ffprobe.run(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                "-of", "csv=p=0", mp4]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(size == "720,900")
        let decoded = try GIFDecoder.decode(path: gif)
        #expect(decoded.frames.count == 60)
    }

    /// tesseract reads every word of the What's New card and of the feature card once their
    /// entrances are over: the glyphs are shaped, placed and filled where the words should be.
    @Test(.requires(.tesseract), arguments: [
        ("Scenes/whats-new.json", 3.9, "What's New Notifications Wireless sync Done in a tap"),
        ("Scenes/feature-card.json", 3.9, "Check it off, beautifully Every task drawn on as you finish it."),
        ("Scenes/three-scenes.json", 2.4, "Forecasts at a glance"),
        ("Scenes/three-scenes.json", 4.9, "Feels-like temperature Tides and swell Wind by the hour"),
    ])
    func tesseractReadsTheWords(preset: String, at: Double, text: String) throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let png = d.appendingPathComponent("frame.png").path
        let r = try CLI.run(["frame", preset, "--at", "\(at)", "-o", png])
        #expect(r.status == 0, "\(r.stderr)")
        let ocr = try Requirement.tesseract.run([png, "stdout", "--psm", "3"])
        #expect(ocr.status == 0, "\(ocr.stderr)")
        // Every word of three letters or more, in reading order (tesseract may join "in a" into
        // "ina", and reads some symbols as letters, so those are looked for among the rest).
        let read = words(ocr.stdout)
        var found = read[...]
        var missing: [String] = []
        for word in words(text) where word.count >= 3 {
            if let i = found.firstIndex(of: word) { found = found[(i + 1)...] } else { missing.append(word) }
        }
        #expect(missing.isEmpty, "tesseract did not read \(missing), in this order, in \(preset) at \(at) s; it read: \(ocr.stdout)")
    }

    /// Before its entrance an item shows nothing: at 0 s the What's New rows are not there yet, and
    /// tesseract reads the title only.
    @Test(.requires(.tesseract)) func itemsWaitForTheirEntrance() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let png = d.appendingPathComponent("frame.png").path
        #expect(try CLI.run(["frame", "Scenes/whats-new.json", "--at", "0", "-o", png]).status == 0)
        let read = Set(words(try Requirement.tesseract.run([png, "stdout"]).stdout))
        #expect(read.contains("new"))
        #expect(!read.contains("notifications") && !read.contains("wireless"), "read: \(read)")
    }

    /// `batch` and `gallery` take a folder of scene presets as they take symbol presets: each
    /// scene's outputs are written, and the gallery page has a card for it with its clips.
    @Test func batchAndGalleryTakeScenePresets() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let folder = d.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bell = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
        try """
        {"name": "tiny-card", "canvas": {"width": 160, "height": 120, "fps": 10, "duration": 0.6, "background": "#FFFFFF"},
         "items": [{"label": {"symbol": {"source": "\(bell)"}, "text": "Alerts"}, "font": {"size": 24},
                    "timeline": [{"at": 0.1, "effect": ".bounce"}], "enter": {"at": 0, "transition": "fade"}}],
         "outputs": [{"file": "tiny-card.gif"}]}
        """.write(to: folder.appendingPathComponent("tiny-card.json"), atomically: true, encoding: .utf8)
        let batch = d.appendingPathComponent("batch")
        let b = try CLI.run(["batch", folder.path, "--output-dir", batch.path, "--quiet"], timeout: 120)
        #expect(b.status == 0, "\(b.stderr)")
        #expect(try GIFDecoder.decode(path: batch.appendingPathComponent("tiny-card.gif").path).frames.count == 6)
        let gallery = d.appendingPathComponent("gallery")
        let g = try CLI.run(["gallery", folder.path, "--output-dir", gallery.path, "--quiet"], timeout: 120)
        #expect(g.status == 0, "\(g.stderr)")
        let page = try String(contentsOf: gallery.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("tiny-card"))
        let clips = try FileManager.default.contentsOfDirectory(atPath: gallery.appendingPathComponent("clips").path)
        #expect(clips.contains("tiny-card.gif") && clips.contains("tiny-card.lottie") && clips.contains("tiny-card.sheet.png"), "\(clips.sorted())")
    }

    /// A font that cannot be found: the item's JSON path, the family, what to install or pass;
    /// exit 65 and no file.
    @Test func aMissingFontIsNamed() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let preset = d.appendingPathComponent("p.json")
        try #"{"canvas": {"width": 200, "height": 100, "duration": 1}, "items": [{"text": "Hi", "font": {"family": "No Such Family Zq"}}]}"#
            .write(to: preset, atomically: true, encoding: .utf8)
        let out = d.appendingPathComponent("a.gif").path
        let r = try CLI.run(["render", preset.path, "-o", out])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("$.items[0].font") && r.stderr.contains("No Such Family Zq"), "\(r.stderr)")
        #expect(r.stderr.contains("fonts-inter") || r.stderr.contains("\"file\""), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A face of a font collection: a `.ttc` made here from Inter (face 0) and DejaVu Sans
    /// (face 1) by Python (a collection's header, then each font's table directory pointing into
    /// the shared file), read with `"index"`; each face draws exactly what its own file draws.
    @Test(.requires(.python3)) func aFontCollectionsFaceIsPickedByIndex() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let faces = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        for f in faces { try #require(FileManager.default.fileExists(atPath: f), "\(f) (make setup installs fonts-inter and fonts-dejavu-core)") }
        let ttc = d.appendingPathComponent("pair.ttc").path
        let script = """
        import struct, sys
        fonts = [open(p, "rb").read() for p in sys.argv[2:]]
        dirs = []
        for f in fonts:
            n = struct.unpack(">H", f[4:6])[0]
            dirs.append((f[:12], [struct.unpack(">4sIII", f[12 + 16 * i:28 + 16 * i]) for i in range(n)]))
        header = 12 + 4 * len(fonts)
        offsets, pos = [], header
        for head, records in dirs:
            offsets.append(pos)
            pos += 12 + 16 * len(records)
        body, tables = b"", []
        for (head, records), f in zip(dirs, fonts):
            placed = []
            for tag, checksum, offset, length in records:
                placed.append((tag, checksum, pos + len(body), length))
                body += f[offset:offset + length] + bytes(-length % 4)
            tables.append(placed)
        out = b"ttcf" + struct.pack(">HHI", 1, 0, len(fonts)) + b"".join(struct.pack(">I", o) for o in offsets)
        for (head, _), placed in zip(dirs, tables):
            out += head + b"".join(struct.pack(">4sIII", *r) for r in placed)
        open(sys.argv[1], "wb").write(out + body)
        """
        let made = try Requirement.python3.run(["-c", script, ttc] + faces)
        try #require(made.status == 0, "\(made.stderr)")
        func hashes(_ font: String) throws -> String {
            let preset = d.appendingPathComponent("p.json")
            try ##"{"canvas": {"width": 240, "height": 80, "fps": 2, "duration": 0.5, "background": "#FFFFFF"}, "items": [{"text": "Hamburg 42", "font": {\##(font), "size": 36}}]}"##
                .write(to: preset, atomically: true, encoding: .utf8)
            let r = try CLI.run(["hashes", preset.path])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let inter = try hashes("\"file\": \"\(faces[0])\""), dejavu = try hashes("\"file\": \"\(faces[1])\"")
        #expect(inter != dejavu)
        #expect(try hashes("\"file\": \"pair.ttc\", \"index\": 0") == inter)
        #expect(try hashes("\"file\": \"pair.ttc\", \"index\": 1") == dejavu)
    }

    /// Unknown keys, a bad transition and an item of two kinds, each with its JSON path and line.
    @Test func badScenePresetsNameEveryProblem() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let preset = d.appendingPathComponent("p.json")
        try """
        {"canvas": {"width": 200, "height": 100, "duration": 1},
         "items": [{"text": "Hi", "colour": "#FF0000"},
                   {"text": "A", "symbol": {"source": "x.svg"}},
                   {"text": "B", "enter": {"at": 0, "transition": "fade.sideways"}}]}
        """.write(to: preset, atomically: true, encoding: .utf8)
        let r = try CLI.run(["validate", preset.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("$.items[0].colour") && r.stderr.contains("did you mean \"color\""), "\(r.stderr)")
        #expect(r.stderr.contains("$.items[1]: an item is one thing"), "\(r.stderr)")
        #expect(r.stderr.contains("$.items[2].enter.transition") && r.stderr.contains("fade.up"), "\(r.stderr)")
        #expect(r.stderr.contains("p.json:2:"), "line numbers: \(r.stderr)")
    }

    /// A text placed partly off the canvas is drawn, with a warning naming its JSON path.
    @Test func anItemOffTheCanvasIsAWarning() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let preset = d.appendingPathComponent("p.json")
        try #"{"canvas": {"width": 200, "height": 100, "duration": 1}, "items": [{"text": "Far away", "position": [-20, 50]}]}"#
            .write(to: preset, atomically: true, encoding: .utf8)
        let r = try CLI.run(["validate", preset.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("$.items[0]") && r.stderr.contains("canvas"), "\(r.stderr)")
    }

    /// A scene's Lottie names every item's group by its JSON path and gives each item its own
    /// colour slots, so a player can restyle one row of a card without the others.
    @Test func aScenesLottieNamesEachItem() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("a.json").path
        let r = try CLI.run(["render", "Scenes/whats-new.json", "-o", out, "--format", "lottie", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let slots = Set((json["slots"] as? [String: Any])?.keys.map { $0 } ?? [])
        for id in ["items-0-color", "items-1-vstack-0-label-text-color", "items-1-vstack-0-label-symbol-primary",
                   "items-1-vstack-1-label-symbol-primary", "items-1-vstack-2-label-symbol-primary"] {
            #expect(slots.contains(id), "no slot \(id) in \(slots.sorted())")
        }
        let names = Self.layerNames(json)
        #expect(names.contains { $0.hasPrefix("items-1-vstack-2-label-symbol.") }, "\(names)")
        #expect(names.contains("items-0"), "\(names)")
    }

    /// Every layer name of a Lottie document, precompositions included.
    static func layerNames(_ json: [String: Any]) -> [String] {
        var names: [String] = []
        func walk(_ layers: [[String: Any]]) { for l in layers { if let n = l["nm"] as? String { names.append(n) } } }
        walk(json["layers"] as? [[String: Any]] ?? [])
        for asset in json["assets"] as? [[String: Any]] ?? [] { walk(asset["layers"] as? [[String: Any]] ?? []) }
        return names
    }
}
