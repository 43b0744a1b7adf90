import Foundation
import SymbolTestSupport
import Testing

/// The quick form (`render`/`frame`/`sheet` SYMBOL with options): indefinite effects, --from,
/// --until, --gradient, palette colours and --accent, checked on decoded pixels and frame hashes.
@Suite(.startsSymbolreel) struct QuickFormTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("quick") }

    /// Columns and rows that hold any ink (alpha > 0) of straight RGBA pixels.
    private func inkExtent(_ rgba: [UInt8], width: Int, height: Int) -> (columns: Int, rows: Int) {
        var cols = Set<Int>(), rows = Set<Int>()
        for y in 0..<height {
            for x in 0..<width where rgba[(y * width + x) * 4 + 3] > 0 {
                cols.insert(x)
                rows.insert(y)
            }
        }
        return ((cols.max() ?? 0) - (cols.min() ?? 0) + 1, (rows.max() ?? 0) - (rows.min() ?? 0) + 1)
    }

    private func still(_ arguments: [String], in d: URL, name: String = UUID().uuidString) throws -> PNGFile.Image {
        let out = d.appendingPathComponent(name + ".png").path
        let r = try CLI.run(["frame"] + arguments + ["-o", out])
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        return try PNGFile.read(out)
    }

    /// The hash lines of `hashes`: (seconds, sha256) per frame.
    private func hashes(_ arguments: [String]) throws -> [(seconds: Double, hash: String)] {
        let r = try CLI.run(["hashes"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { line in
            let f = line.split(separator: "\t")
            return (Double(f[1])!, String(f[2]))
        }
    }

    /// The command: `.scale.up` is active for the whole clip (it used to fail, asking for
    /// from/until): 2 s, the last frame held at scale.upScale (1.15).
    @Test func indefiniteEffectIsActiveForTheWholeClip() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let gif = d.appendingPathComponent("bell.gif").path
        let r = try CLI.run(["render", "Samples/bell.svg", "--effect", ".scale.up", "--size", "128", "--fps", "10", "-o", gif])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try GIFDecoder.decode(path: gif)
        #expect(decoded.frames.count == 20)
        let first = inkExtent(decoded.frames[0].rgba, width: decoded.width, height: decoded.height)
        let last = inkExtent(decoded.frames.last!.rgba, width: decoded.width, height: decoded.height)
        let ratio = Double(last.columns) / Double(first.columns)
        #expect(ratio > 1.18 && ratio < 1.32, "held scale \(ratio): \(first) → \(last)")
        // The same from a pasted SwiftUI call with isActive:, and with a repeating option.
        // (A discrete play would make a 1 s clip: 10 frames.)
        for effect in [".symbolEffect(.pulse, isActive: true)", ".scale.down", ".breathe"] {
            let options = effect == ".breathe" ? ["--options", ".repeating"] : []
            let h = try hashes(["Samples/bell.svg", "--effect", effect, "--size", "64", "--fps", "10"] + options)
            #expect(h.count == 20, "\(effect)")
            #expect(h.suffix(4).contains { $0.hash != h[0].hash }, "\(effect) still active at the end")
        }
    }

    /// `--until`: active from 0 until then, then back to rest; `--from`: nothing before it.
    @Test func untilEndsAndFromDelays() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let base = ["Samples/bell.svg", "--size", "128"]
        let rest = inkExtent(try still(base + ["--at", "0"], in: d).rgba, width: 128, height: 128)
        let held = inkExtent(try still(base + ["--effect", ".scale.up", "--until", "0.8", "--at", "0.6"], in: d).rgba, width: 128, height: 128)
        let after = inkExtent(try still(base + ["--effect", ".scale.up", "--until", "0.8", "--at", "1.9"], in: d).rgba, width: 128, height: 128)
        #expect(Double(held.columns) / Double(rest.columns) > 1.08, "\(rest) \(held)")
        #expect(abs(after.columns - rest.columns) <= 1, "back to rest after --until: \(rest) \(after)")

        // --from delays a discrete bounce: every frame before 1 s is the rest pose.
        let bounce = try hashes(base + ["--effect", ".bounce", "--from", "1", "--fps", "20"])
        let restHash = bounce[0].hash
        let firstMoving = try #require(bounce.first { $0.hash != restHash })
        #expect(firstMoving.seconds >= 1.0 && firstMoving.seconds <= 1.1, "first moving frame at \(firstMoving.seconds) s")
        #expect(bounce.last!.seconds >= 1.5, "the clip runs past the delayed bounce (\(bounce.count) frames)")
        // --from delays an indefinite effect too; the clip is 2 s past it.
        let scale = try hashes(base + ["--effect", ".scale.up", "--from", "0.5", "--fps", "10"])
        #expect(scale.count == 25)
        #expect(scale.prefix(6).allSatisfy { $0.hash == scale[0].hash })
        #expect(scale[7].hash != scale[0].hash)
        // --until with a discrete effect makes it indefinite: it repeats while active.
        let wiggle = try hashes(base + ["--effect", ".wiggle", "--until", "2", "--fps", "10"])
        #expect(wiggle.filter { $0.seconds > 1.2 && $0.seconds < 1.8 }.contains { $0.hash != wiggle[0].hash }, "still wiggling at 1.5 s")
    }

    @Test func quickFormMistakesAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--until", "1"], "--until ends an effect"),
            (["--effect", ".bounce", "--from", "2", "--until", "1"], "--until must be later than --from"),
            (["--from", "1"], "--from delays an effect"),
            (["--color", "#111111", "--color", "#222222", "--color", "#333333", "--color", "#444444"], "--color is given 4 times"),
            (["--accent", "blue"], "--accent 'blue' is not a colour"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(["frame", "Samples/bell.svg", "--at", "0", "-o", "/tmp/never.png"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    /// Gradient colour rendering: the colour lightens toward the top of the ink; flat does not.
    @Test func gradientColourRendering() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        func topAndBottom(_ img: PNGFile.Image) -> ([UInt8], [UInt8]) {
            var opaque: [(y: Int, rgb: [UInt8])] = []
            for y in 0..<img.height {
                for x in 0..<img.width where img.rgba[(y * img.width + x) * 4 + 3] == 255 {
                    let i = (y * img.width + x) * 4
                    opaque.append((y, Array(img.rgba[i..<i + 3])))
                }
            }
            return (opaque.first!.rgb, opaque.last!.rgb)
        }
        let args = ["Samples/star.fill.svg", "--at", "0", "--size", "128", "--color", "#CC3300"]
        let flat = topAndBottom(try still(args, in: d))
        let colour: [UInt8] = [0xCC, 0x33, 0x00]
        #expect(flat.0 == colour && flat.1 == colour)
        let gradient = topAndBottom(try still(args + ["--gradient"], in: d))
        let top: Int = gradient.0.reduce(0) { $0 + Int($1) }
        let bottom: Int = gradient.1.reduce(0) { $0 + Int($1) }
        #expect(top > bottom + 30, "top \(gradient.0), bottom \(gradient.1)")
        #expect(abs(Int(gradient.1[0]) - 0xCC) <= 8, "the bottom keeps the colour: \(gradient.1)")
    }

    /// Count of fully opaque pixels of exactly `hex`.
    private func count(_ img: PNGFile.Image, _ hex: UInt32) -> Int {
        let r = UInt8(hex >> 16), g = UInt8((hex >> 8) & 0xFF), b = UInt8(hex & 0xFF)
        var n = 0
        for i in stride(from: 0, to: img.rgba.count, by: 4) {
            let p = img.rgba[i..<i + 4]
            if p.elementsEqual([r, g, b, 255]) { n += 1 }
        }
        return n
    }

    /// Three `--color`s make a palette (no --mode needed): each level draws in its own colour.
    @Test func paletteOfThreeColours() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let img = try still(["Samples/stack.svg", "--at", "0", "--size", "256", "--color", "#FF0000", "--color", "#00FF00",
                             "--color", "#0000FF"], in: d)
        for c: UInt32 in [0xFF0000, 0x00FF00, 0x0000FF] { #expect(count(img, c) > 100, "colour \(String(c, radix: 16))") }
        // Monochrome asked for explicitly draws the first colour only.
        let mono = try still(["Samples/stack.svg", "--at", "0", "--size", "256", "--mode", "monochrome", "--color", "#FF0000",
                              "--color", "#00FF00"], in: d)
        #expect(count(mono, 0xFF0000) > 100 && count(mono, 0x00FF00) == 0)
    }

    /// `--accent` is the colour of multicolor layers named tintColor (default #007AFF).
    @Test func accentColourForTintColor() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let args = ["Samples/arrow.down.circle.svg", "--at", "0", "--size", "256", "--mode", "multicolor"]
        let standard = try still(args, in: d)
        #expect(count(standard, 0x007AFF) > 100 && count(standard, 0x33CC66) == 0)
        let accented = try still(args + ["--accent", "#33CC66"], in: d)
        // The other layer is systemBlueColor, also #007AFF: only the tint layer changes.
        #expect(count(accented, 0x33CC66) > 100)
        #expect(count(accented, 0x007AFF) + 100 < count(standard, 0x007AFF))
    }

    /// The same options on `sheet` and `render`.
    @Test(.requires(.apngdis)) func sheetAndRenderTakeTheSameOptions() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let sheet = d.appendingPathComponent("s.png").path
        let s = try CLI.run(["sheet", "Samples/bell.svg", "--effect", ".scale.up", "--until", "1", "--gradient", "--accent", "#FF0000",
                             "--color", "#0A84FF", "--color", "#FF9500", "--frames", "4", "--cell-width", "64", "-o", sheet])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(FileManager.default.fileExists(atPath: sheet))
        let apng = d.appendingPathComponent("w.apng").path
        let r = try CLI.run(["render", "Samples/wifi.arcs.svg", "--effect", ".variableColor", "--from", "0.2", "--until", "1",
                             "--size", "64", "--fps", "10", "-o", apng])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try APNGDecoder.decodeWithApngdis(path: apng).count >= 10)
    }
}
