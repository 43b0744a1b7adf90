import Foundation
import SymbolTestSupport
import Testing

/// The gallery's dotLottie as ThorVG plays it (docs/vector.md): `Samples/tools/lottie_preview.py` renders
/// every frame of P.lottie into P.thorvg.webp, and the page written again with --reuse shows it,
/// labelled. Pillow decodes the WebP (not our code): the clip's length, and a frame mid-bounce
/// within 3 levels of our own frame at the same time.
@Suite(.startsSymbolreel) struct VectorGalleryTests {
    @Test(.requires(.python3, .thorvg), .timeLimit(.minutes(2)))
    func galleryShowsTheLottieAsThorVGPlaysIt() throws {
        let d = try makeTemporaryDirectory("vector-gallery"); defer { try? FileManager.default.removeItem(at: d) }
        let source = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
        let preset = d.appendingPathComponent("bell.json")
        try """
            { "canvas": {"width": 96, "height": 96, "fps": 20, "duration": 1, "background": "#FFFFFF"},
              "symbol": {"source": "\(source)"}, "style": {"renderingMode": "hierarchical", "colors": ["#0A84FF"]},
              "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [{"file": "ignored.gif"}] }
            """.write(to: preset, atomically: true, encoding: .utf8)
        let out = d.appendingPathComponent("review")
        let gallery = ["gallery", preset.path, "--output-dir", out.path, "--quiet"]
        let first = try CLI.run(gallery, timeout: 120)
        #expect(first.status == 0, "\(first.stderr)")
        let page = out.appendingPathComponent("index.html")
        #expect(!(try String(contentsOf: page, encoding: .utf8)).contains("thorvg"))

        let clips = out.appendingPathComponent("clips")
        let script = CLI.packageRoot.appendingPathComponent("Samples/tools/lottie_preview.py").path
        let made = try Requirement.thorvg.run([script, clips.path], comparisons: 0)
        #expect(made.status == 0 && made.output.contains("ThorVG previews of 1 dotLottie files"), "\(made.output)")
        let second = try CLI.run(gallery + ["--reuse"], timeout: 120)
        #expect(second.status == 0, "\(second.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<img src=\"clips/bell.thorvg.webp\"") && html.contains("rendered by ThorVG from the .lottie"))

        let ours = d.appendingPathComponent("ours.png")
        let frame = try CLI.run(["frame", preset.path, "--frame", "4", "-o", ours.path])
        #expect(frame.status == 0, "\(frame.stderr)")
        let check = """
            import sys
            import numpy as np
            from PIL import Image
            # Pillow's encoder merges equal consecutive frames into one longer one: find frame 4
            # by its time (200 ms at 20 fps) and check the clip's whole length.
            webp = Image.open(sys.argv[1])
            total, theirs = 0, None
            for k in range(webp.n_frames):
                webp.seek(k)
                webp.load()  # Pillow fills info["duration"] when the frame is decoded
                if theirs is None and total + webp.info["duration"] > 200:
                    theirs = np.asarray(webp.convert("RGB"), dtype=np.int32)
                total += webp.info["duration"]
            ours = np.asarray(Image.open(sys.argv[2]).convert("RGB"), dtype=np.int32)
            print(total, "%.2f" % np.abs(theirs - ours).mean())
            """
        let py = try Requirement.thorvg.run(["-c", check, clips.appendingPathComponent("bell.thorvg.webp").path, ours.path])
        let fields = py.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.first == "1000", "\(py.output)")
        #expect((Double(fields.last ?? "") ?? 99) <= 3, "\(py.output)")
    }
}
