import Foundation
import SymbolTestSupport
import Testing

/// `gallery`: the folder it writes, failed cards, --reuse, existing clips, and the page as
/// headless Chromium sees it (every image and video loads, GIF and APNG animate, the MP4 decodes).
@Suite(.startsSymbolreel) struct GalleryCommandTests {
    /// A small preset: 64×64, 20 fps, 1 s, so a gallery of three renders in about a second.
    private static func preset(name: String, symbol: String = "fan.svg", timeline: String, background: String = "transparent") -> String {
        let source = CLI.packageRoot.appendingPathComponent("Samples/\(symbol)").path
        return """
            { "name": \(name), "canvas": {"width": 64, "height": 64, "fps": 20, "duration": 1, "background": "\(background)"},
              "symbol": {"source": "\(source)"}, "style": {"renderingMode": "hierarchical", "colors": ["#0A84FF"]},
              "timeline": [\(timeline)], "outputs": [{"file": "../elsewhere/ignored.gif"}] }
            """
    }

    /// A folder with presets/spin.json (rotating, a name that needs escaping), presets/wiggle.json
    /// (wiggling, white background) and presets/broken.json (a symbol that does not exist).
    private func presets() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-gallery-\(UUID().uuidString)")
        let p = d.appendingPathComponent("presets")
        try FileManager.default.createDirectory(at: p, withIntermediateDirectories: true)
        try Self.preset(name: #""Spin <fast> & \"loud\"""#, timeline: #"{"from": 0, "until": 1, "effect": ".rotate"}"#)
            .write(to: p.appendingPathComponent("spin.json"), atomically: true, encoding: .utf8)
        try Self.preset(name: #""wiggle""#, symbol: "bell.svg", timeline: #"{"from": 0, "until": 1, "effect": ".wiggle"}"#, background: "#FFFFFF")
            .write(to: p.appendingPathComponent("wiggle.json"), atomically: true, encoding: .utf8)
        try Self.preset(name: #""broken""#, symbol: "no-such-symbol.svg", timeline: #"{"at": 0, "effect": ".bounce"}"#)
            .write(to: p.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        return d
    }

    private func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    private func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func writesClipsSheetsAndAFailedCard() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("review")
        let r = try CLI.run(["gallery", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--jobs", "2", "--quiet"], timeout: 120)
        // As batch: the first failure in path order (broken.json, symbol not found) gives the exit code.
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("broken.json") && r.stderr.contains("no-such-symbol.svg"))
        #expect(files(out) == ["clips", "index.html"])
        #expect(files(out.appendingPathComponent("clips")) == [
            "spin.apng", "spin.gif", "spin.lottie", "spin.mp4", "spin.sheet.png", "spin.svg", "spin.webm", "spin.webp",
            "wiggle.apng", "wiggle.gif", "wiggle.lottie", "wiggle.mp4", "wiggle.sheet.png", "wiggle.svg", "wiggle.webm", "wiggle.webp",
        ])
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // Every file's size in bytes is on the page, beside its link.
        for name in ["spin", "wiggle"] {
            for ext in ["mp4", "webm", "gif", "apng", "webp", "svg", "lottie", "sheet.png"] {
                let n = size(out.appendingPathComponent("clips/\(name).\(ext)"))
                let shown = String(String(n).reversed().enumerated().flatMap { k, c in k > 0 && k % 3 == 0 ? [",", c] : [c] }.reversed())
                #expect(n > 0 && page.contains("<a href=\"clips/\(name).\(ext)\">") && page.contains("\(shown) bytes"), "\(name).\(ext): \(n)")
            }
        }
        // The failed card carries the error; the preset JSON is escaped text, never markup.
        #expect(page.contains("<article class=\"card failed\" id=\"clip-broken\">"))
        #expect(page.contains("no-such-symbol.svg") && page.contains("failed (exit 66)"))
        #expect(page.contains("<p class=\"title\">Spin &lt;fast&gt; &amp; &quot;loud&quot;</p>"))
        #expect(page.contains("Spin &lt;fast&gt; &amp; \\&quot;loud\\&quot;") && !page.contains("<fast>"))
        #expect(page.contains("<details><summary>Preset JSON</summary><pre>{ &quot;name&quot;"))
        #expect(page.contains("1.00 s · 20 frames · 20 fps · 64×64"))
        // Self-contained: only relative links into clips/, nothing fetched from a network.
        let links = page.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(links.count == 14 && links.allSatisfy { $0.hasPrefix("clips/") })
        #expect(!page.contains("http:") && !page.contains("https:") && !page.contains("<script") && !page.contains("@import"))
    }

    @Test func reuseKeepsCurrentClipsAndRendersStaleOnes() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let spin = d.appendingPathComponent("presets/spin.json")
        let out = d.appendingPathComponent("review")
        #expect(try CLI.run(["gallery", spin.path, "--output-dir", out.path, "--quiet"], timeout: 120).status == 0)
        let gif = out.appendingPathComponent("clips/spin.gif")
        func modified(_ u: URL) -> Date? { (try? FileManager.default.attributesOfItem(atPath: u.path))?[.modificationDate] as? Date }
        // Mark the GIF as ours to see whether it is written again.
        try Data("kept".utf8).write(to: gif)
        let marked = try #require(modified(gif))
        try FileManager.default.setAttributes([.modificationDate: marked.addingTimeInterval(-3600)], ofItemAtPath: spin.path)
        let again = try CLI.run(["gallery", spin.path, "--output-dir", out.path, "--reuse"], timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: gif, encoding: .utf8) == "kept")
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains("4 bytes"))
        // Once the preset is newer than its clips, --reuse renders them again.
        try FileManager.default.setAttributes([.modificationDate: marked.addingTimeInterval(3600)], ofItemAtPath: spin.path)
        #expect(try CLI.run(["gallery", spin.path, "--output-dir", out.path, "--reuse", "--quiet"], timeout: 120).status == 0)
        #expect(size(gif) > 100)
    }

    @Test func presetsWithOneFileNameInTwoFoldersGetTwoNames() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let other = d.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: d.appendingPathComponent("presets/wiggle.json"), to: other.appendingPathComponent("wiggle.json"))
        let out = d.appendingPathComponent("review")
        let r = try CLI.run(["gallery", other.path, d.appendingPathComponent("presets/wiggle.json").path, "--output-dir", out.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 of 2 presets rendered") && r.stdout.contains("wrote \(out.path)/index.html"))
        #expect(files(out.appendingPathComponent("clips")).filter { $0.hasSuffix(".mp4") } == ["wiggle-2.mp4", "wiggle.mp4"])
    }

    @Test func takesExistingClipsAsTheyAre() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let made = d.appendingPathComponent("made-elsewhere")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        let spin = d.appendingPathComponent("presets/spin.json").path
        // spin.png is an APNG by its content; still.png is a still, which a folder leaves out.
        let rendered = try CLI.run(["render", spin, "--quiet"] + ["spin.mp4", "spin.gif", "spin.png"].flatMap { ["-o", made.appendingPathComponent($0).path] })
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try CLI.run(["frame", spin, "--at", "0.5", "-o", made.appendingPathComponent("still.png").path]).status == 0)
        let out = d.appendingPathComponent("review")
        let r = try CLI.run(["gallery", made.path, "--output-dir", out.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 of 1 existing clip added: spin") && !r.stdout.contains("preset "))
        #expect(files(out.appendingPathComponent("clips")) == ["spin.apng", "spin.gif", "spin.mp4"])
        for (from, to) in [("spin.mp4", "spin.mp4"), ("spin.gif", "spin.gif"), ("spin.png", "spin.apng")] {
            #expect(FileManager.default.contentsEqual(atPath: made.appendingPathComponent(from).path,
                                                      andPath: out.appendingPathComponent("clips/\(to)").path), "\(to) is not a copy")
        }
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // Size, frames and length come from the GIF's own header and delays.
        #expect(page.contains("1.00 s · 20 frames · 64×64") && page.contains("existing files, not rendered here"))
        #expect(!page.contains("sheet.png") && !page.contains("Preset JSON") && !page.contains("still"))
        // A still PNG named directly is a failed card, and exits 65.
        let still = try CLI.run(["gallery", made.appendingPathComponent("still.png").path, "--output-dir", out.path, "--quiet"], timeout: 60)
        #expect(still.status == 65 && still.stderr.contains("still.png is a still PNG"))
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            .contains("<article class=\"card failed\" id=\"clip-still\">"))
    }

    // Needs a Chromium and python3 to drive it (`make setup` installs Debian's `chromium`).
    @Test(.requires(.chromium, .python3, .ffprobe), .timeLimit(.minutes(1)))
    func pageLoadsAndAnimatesInHeadlessChromium() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("review")
        let r = try CLI.run(["gallery", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--quiet"], timeout: 120)
        #expect(r.status == 66, "\(r.stderr)")
        let report = try Browser.check(page: out.appendingPathComponent("index.html"),
                                       screenshot: ProcessInfo.processInfo.environment["SYMBOLREEL_GALLERY_SCREENSHOT"])

        // Two rendered cards: GIF, APNG, WebP, SVG and contact sheet images, and two videos (MP4, WebM) each.
        #expect(report.images.count == 10 && report.videos.count == 4)
        for image in report.images {
            #expect(image.complete && image.naturalWidth > 0, "\(image.src) did not load in Chromium")
        }
        // GIF, APNG, WebP and the CSS-animated SVG animate: three screenshots of each, 0.3 s apart,
        // are not all the same.
        let animated = report.images.filter(\.animated)
        #expect(animated.map(\.src).sorted() == [
            "clips/spin.apng", "clips/spin.gif", "clips/spin.svg", "clips/spin.webp",
            "clips/wiggle.apng", "clips/wiggle.gif", "clips/wiggle.svg", "clips/wiggle.webp",
        ])
        for image in animated {
            #expect(Set(image.screenshots ?? []).count > 1, "\(image.src) showed the same pixels in every screenshot: \(image.screenshots ?? [])")
        }
        // The MP4 decodes in the browser: loadeddata with the canvas size and no MediaError.
        // Debian's chromium uses the system ffmpeg and plays H.264; a Chromium that cannot must
        // say so through canPlayType and a MediaError, and then only the ffprobe check stands.
        if report.h264.isEmpty {
            Issue.record("this Chromium cannot play H.264 (canPlayType is empty); video errors: \(report.videos.map { $0.error?.message ?? "none" })")
        }
        if report.vp9.isEmpty { Issue.record("this Chromium cannot play VP9 WebM (canPlayType is empty)") }
        for video in report.videos {
            #expect(video.error == nil, "\(video.src): MediaError \(video.error?.code ?? 0) \(video.error?.message ?? "")")
            #expect(video.loadeddata && video.videoWidth == 64 && video.videoHeight == 64, "\(video.src): readyState \(video.readyState)")
            // spin's canvas is transparent: its WebM keeps that (the checkerboard shows through the
            // corner); its MP4 has no alpha and is white there; wiggle's canvas is white.
            #expect(video.cornerShowsPage == video.src.hasSuffix("spin.webm"), "\(video.src): corner shows the page: \(video.cornerShowsPage)")
        }
        // And outside the browser, libavformat's ffprobe decodes every frame.
        for name in ["spin", "wiggle"] {
            let probe = try Browser.ffprobe(out.appendingPathComponent("clips/\(name).mp4"))
            #expect(probe == "h264,64,64,20", "\(name).mp4: \(probe)")
            let webm = try Browser.ffprobe(out.appendingPathComponent("clips/\(name).webm"))
            #expect(webm == "vp9,64,64,20", "\(name).webm: \(webm)")
        }
    }
}

/// Headless Chromium driven by Tests/SymbolReelCLITests/Browser/check_page.py.
enum Browser {
    struct Report: Decodable {
        struct Image: Decodable {
            var src: String
            var complete: Bool
            var naturalWidth: Int
            var animated: Bool
            var screenshots: [String]?
        }
        struct Video: Decodable {
            struct MediaError: Decodable { var code: Int; var message: String }
            var src: String
            var readyState: Int
            var videoWidth: Int
            var videoHeight: Int
            var loadeddata: Bool
            var error: MediaError?
            var cornerShowsPage: Bool
        }
        var h264: String
        var vp9: String
        var images: [Image]
        var videos: [Video]
    }

    static let script = CLI.packageRoot.appendingPathComponent("Tests/SymbolReelCLITests/Browser/check_page.py")

    /// Opens `page` and returns what Chromium reported. The script stops Chromium after 40 s; a
    /// script that still runs after 50 s is killed, so the test cannot hang.
    static func check(page: URL, screenshot: String? = nil) throws -> Report {
        let report = page.deletingLastPathComponent().appendingPathComponent("report.json")
        let chromium = try Requirement.chromium.executable().path
        let result = try Requirement.python3.run([script.path, chromium, page.path, report.path] + (screenshot.map { [$0] } ?? []),
                                                 timeout: 50, comparisons: 0)
        guard result.status == 0 else { throw BrowserError(message: "check_page.py exited \(result.status): \(result.output)") }
        let decoded = try JSONDecoder().decode(Report.self, from: Data(contentsOf: report))
        ReferenceLog.record("Chromium media loads", decoded.images.count + decoded.videos.count)
        return decoded
    }

    /// `codec,width,height,frames` of the first video stream, every frame decoded.
    static func ffprobe(_ file: URL) throws -> String {
        let r = try Requirement.ffprobe.run(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                             "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", file.path], timeout: 30)
        return r.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct BrowserError: Error, CustomStringConvertible { var message: String; var description: String { message } }
}
