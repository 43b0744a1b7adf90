import Foundation
import SymbolTestSupport
import Testing

/// `render`: every format from one pass, counts checked with ffprobe, errors leave nothing.
@Suite(.startsSymbolreel) struct RenderCommandTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("render") }

    /// The frames ffprobe decodes from the first video stream of `path`.
    static func probeFrames(_ path: String) throws -> Int {
        let r = try Requirement.ffprobe.run(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                             "stream=nb_read_frames", "-of", "default=nokey=1:noprint_wrappers=1", path])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test(.requires(.ffprobe)) func rendersEveryFormatInOnePass() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let files = ["a.mp4", "a.gif", "a.png", "a.mov"].map { d.appendingPathComponent($0).path }
        let r = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--duration", "0.5", "--fps", "30",
                             "--size", "96", "--background", "#FFFFFF", "--json"] + files.flatMap { ["-o", $0] })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 4)
        for f in files { #expect(try Self.probeFrames(f) == 15, "\(f)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).sorted() == ["a.gif", "a.mov", "a.mp4", "a.png"])
    }

    /// A transparent canvas stays transparent in a GIF (the transparent index, edges matted) and
    /// an MP4 puts it on white; an opaque canvas colour goes into both.
    @Test func transparentCanvasKeepsGIFTransparency() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        for (background, corner) in [("transparent", [UInt8](repeating: 0, count: 4)), ("#336699", [0x33, 0x66, 0x99, 255])] {
            let gif = d.appendingPathComponent("\(background.dropFirst()).gif").path
            let r = try CLI.run(["render", "Samples/bell.svg", "--duration", "0.3", "--fps", "10", "--size", "64",
                                 "--background", background, "-o", gif])
            #expect(r.status == 0, "\(r.stderr)")
            let decoded = try GIFDecoder.decode(path: gif)
            #expect(decoded.frames.count == 3)
            for frame in decoded.frames {
                #expect(Array(frame.rgba[0..<4]) == corner, "\(background): canvas corner of frame")
            }
            if background == "transparent" {
                // The bell itself is drawn opaque, the rest of the canvas left transparent.
                let alphas = stride(from: 3, to: decoded.frames[0].rgba.count, by: 4).map { decoded.frames[0].rgba[$0] }
                #expect(alphas.filter { $0 == 255 }.count > 200 && alphas.filter { $0 == 0 }.count > 2000)
            }
        }
    }

    @Test func pngSequenceAndNull() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let r = try CLI.run(["render", "Samples/checkmark.svg", "--duration", "0.2", "--fps", "20", "--size", "32",
                             "-o", d.appendingPathComponent("seq").path + "/", "-o", "null"])
        #expect(r.status == 0, "\(r.stderr)")
        let seq = try FileManager.default.contentsOfDirectory(atPath: d.appendingPathComponent("seq").path).sorted()
        #expect(seq == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png"])
    }

    @Test func unwritableOutputLeavesNothing() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let good = d.appendingPathComponent("ok.gif").path
        let r = try CLI.run(["render", "Samples/bell.svg", "--duration", "0.2", "--size", "32", "-o", good,
                             "-o", "/nonexistent-dir/x.mp4"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("/nonexistent-dir/x.mp4"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    /// A preset's own outputs get their folders (a fresh clone has no out/); -o files do not.
    @Test func presetOutputFoldersAreCreated() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let preset = d.appendingPathComponent("presets/p.json")
        try FileManager.default.createDirectory(at: preset.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
            { "canvas": {"width": 32, "height": 32, "fps": 10, "duration": 0.3},
              "symbol": {"source": "\(CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path)"},
              "outputs": [{"file": "../out/clips/p.gif"}, {"file": "../out/frames/"}] }
            """.write(to: preset, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", preset.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: d.appendingPathComponent("out/clips/p.gif").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.appendingPathComponent("out/frames").path).count == 3)
    }

    /// A disk that fills up mid-way: exit 74, a sentence naming the file, and nothing left.
    /// Needs a small tmpfs, so root (CI runs as root; elsewhere it shows as skipped).
    @Test(.requires(.tmpfsMount), arguments: ["mp4", "gif", "apng", "mov"])
    func fullDiskLeavesNothing(_ ext: String) throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let mounted = try Requirement.tmpfsMount.run(["-t", "tmpfs", "-o", "size=8k", "tmpfs", d.path], comparisons: 0)
        try #require(mounted.status == 0, "mount -t tmpfs: \(mounted.stderr)")
        defer { _ = try? TestProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["umount", d.path]) }
        let out = d.appendingPathComponent("big.\(ext)").path
        let r = try CLI.run(["render", "Samples/cloud.sun.svg", "--effect", ".wiggle", "--mode", "multicolor",
                             "--duration", "1", "--size", "256", "-o", out])
        #expect(r.status == 74, "\(ext): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains(out), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    @Test func renderNeedsAnOutput() throws {
        let r = try CLI.run(["render", "Samples/bell.svg"])
        #expect(r.status == 64)
        let bad = try CLI.run(["render", "Samples/bell.svg", "-o", "x.avi"])
        #expect(bad.status == 64 && bad.stderr.contains("cannot tell the format"))
    }

    /// WebM (VP9 with alpha) and animated WebP from one pass over a transparent canvas; then
    /// `--codec hevc` makes the .mp4 HEVC.
    @Test(.requires(.ffprobe)) func rendersWebFormatsAndHEVC() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let files = ["a.webm", "a.webp", "a.gif"].map { d.appendingPathComponent($0).path }
        let quick = ["render", "Samples/bell.svg", "--effect", ".bounce", "--duration", "0.5", "--fps", "30", "--size", "96"]
        let r = try CLI.run(quick + ["--json"] + files.flatMap { ["-o", $0] })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"format\": \"webm\"") && r.stdout.contains("\"format\": \"webp\""))
        for f in files where !f.hasSuffix(".webp") { #expect(try Self.probeFrames(f) == 15, "\(f)") }
        let video = try VideoDecoder.decode(path: files[0], decoderName: "libvpx-vp9")
        #expect(video.codecName == "libvpx-vp9" && video.frames.count == 15)
        #expect(video.frames[0].rgba[3] == 0)  // the corner is transparent
        let webp = try WebPDecoder.decode(path: files[1])
        #expect(webp.duration == 500 && webp.frames.allSatisfy(\.isLossless) && webp.frames[0].rgba[3] == 0)
        let mp4 = d.appendingPathComponent("a.mp4").path
        let h = try CLI.run(quick + ["--codec", "hevc", "-o", mp4])
        #expect(h.status == 0, "\(h.stderr)")
        let hevc = try VideoDecoder.decode(path: mp4)
        #expect(hevc.codecName == "hevc" && hevc.codecTag == "hvc1" && hevc.frames.count == 15)
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).sorted() == ["a.gif", "a.mp4", "a.webm", "a.webp"])
    }

    @Test func hevcWithAlphaIsRefused() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let r = try CLI.run(["render", "Samples/bell.svg", "--codec", "hevc", "-o", d.appendingPathComponent("a.mov").path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("HEVC with alpha cannot be written: x265 has no alpha layer"), "\(r.stderr)")
        let webm = try CLI.run(["render", "Samples/bell.svg", "--codec", "h264", "-o", d.appendingPathComponent("a.webm").path])
        #expect(webm.status == 64 && webm.stderr.contains("a .webm holds \"vp9\""), "\(webm.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }
}
