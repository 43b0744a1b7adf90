import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTestSupport
@testable import SymbolRender

/// Every dialect fixture (Tests/Fixtures/Dialects: our own designs written as Apple's app,
/// Sketch, Pixelmator, Inkscape, Affinity, SVGO and SwiftDraw write them) in every rendering
/// mode, drawn by us and by a second implementation (Tests/Reference/sf_reference.py, written
/// from the rules' text: Python picks the layers and composites them, resvg rasterizes each
/// layer). Both draw the file's elements with the same root-space → canvas matrix (our
/// placement), so what is compared is the reading of the format, not the placement.
///
/// Rule, at 512 × 512 (the reference supersampled 4 × 4): the alpha > 0.5 masks agree with IoU ≥ 0.99, the mean difference of the
/// premultiplied channels is ≤ 1 level each, and none of our ink touches the canvas edge.
/// Needs python3 with resvg_py, numpy and Pillow (`make setup` installs them): without them
/// the comparison shows as skipped, and under CI it fails.
///
/// Provenance: shared reading. The reference was written from the same reading of the format
/// (docs/rendering.md, docs/draw.md) as our Swift code, so agreement shows the reading was
/// implemented twice alike, not that real files are drawn right; these comparisons are counted
/// apart from the independent ones in `make test`'s closing lines. Real files are checked by
/// the evident-design fixtures (RealStructureTests).
@Suite struct DialectReferenceTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/Dialects")
    static let size = 512

    struct Entry: Decodable {
        var file: String
        var producer: String
        var variant: String?
        var modes: [String]
        var exercises: String
    }

    static let entries: [Entry] = {
        guard let data = try? Data(contentsOf: fixtures.appendingPathComponent("manifest.json")) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }()

    static let modes: [RenderingMode] = [.monochrome, .hierarchical, .multicolor]
    static let cases: [String] = entries.flatMap { e in modes.map { "\(e.file)|\($0.rawValue)" } }

    struct Outcome {
        var ours: PNGFile.Image
        var reference: PNGFile.Image?
        var error: String?
    }

    /// Every case rendered by us, then all of them by the reference in one Python run.
    static let outcomes: [String: Outcome] = {
        guard Requirement.resvgReference.problem == nil else { return [:] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-dialects-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var jobs: [[String: Any]] = []
        var out: [String: Outcome] = [:]
        for entry in entries {
            let key = entry.variant.flatMap(VariantKey.init(id:)) ?? .regularMedium
            let path = fixtures.appendingPathComponent(entry.file).path
            guard let doc = try? SymbolReader.read(contentsOf: path, options: ReadOptions(weight: key.weight, scale: key.scale)) else {
                for m in modes { out["\(entry.file)|\(m.rawValue)"] = Outcome(ours: PNGFile.Image(width: 0, height: 0, rgba: []), error: "our reader refused it") }
                continue
            }
            for mode in modes {
                let name = "\(entry.file)|\(mode.rawValue)"
                let settings = RenderSettings(width: size, height: size, size: .fraction(0.5), mode: mode, colors: [.black])
                let bitmap = FrameRenderer().render(doc, settings: settings)!
                guard let rootToSymbol = doc.rootToSymbol else {
                    out[name] = Outcome(ours: PNGFile.image(from: bitmap), error: "the variant was not drawn as in the file (\(doc.variantSource))")
                    continue
                }
                let m = rootToSymbol.concatenating(SymbolPlacement.transform(for: doc, width: size, height: size, size: settings.size))
                let png = dir.appendingPathComponent("\(entry.file)-\(mode.rawValue)-reference.png").path
                jobs.append(["svg": path, "mode": mode.rawValue, "variant": entry.variant as Any, "width": size, "height": size,
                             "matrix": [m.a, m.b, m.c, m.d, m.tx, m.ty], "out": png, "primary": "#000000", "accent": "#007AFF"])
                out[name] = Outcome(ours: PNGFile.image(from: bitmap), reference: nil, error: nil)
            }
        }
        let jobsFile = dir.appendingPathComponent("jobs.json")
        try? JSONSerialization.data(withJSONObject: jobs).write(to: jobsFile)
        // One run draws every case; each case counts itself as a comparison when it is compared.
        let said: String
        do {
            let r = try Requirement.resvgReference.run([packageRoot.appendingPathComponent("Tests/Reference/sf_reference.py").path,
                                                        "--jobs", jobsFile.path], comparisons: 0)
            said = "exit \(r.status): \(r.output.suffix(400))"
        } catch {
            said = "\(error)"
        }
        for job in jobs {
            let png = job["out"] as! String
            let file = URL(fileURLWithPath: job["svg"] as! String).lastPathComponent
            let name = "\(file)|\(job["mode"] as! String)"
            if let image = try? PNGFile.read(png) { out[name]?.reference = image } else {
                out[name]?.error = "the reference wrote no image (\(said))"
            }
        }
        try? FileManager.default.removeItem(at: dir)
        return out
    }()

    /// Fixtures over the IoU rule where the cause is known, held to a bound just under their
    /// figure. git-branch is thin strokes and small circles: we flatten curves to chords within
    /// 0.1 px (inside convex edges), the supersampled reference is exact, and on so little area
    /// that moves 1 % of its mask pixels across the 0.5 line (mean differences stay under 0.1).
    static let knownIoU: [String: Double] = ["apple-v7-git-branch.svg": 0.985]

    @Test func thereAreEnoughFixtures() {
        #expect(DialectReferenceTests.entries.count >= 30)
        let producers = Set(DialectReferenceTests.entries.map { $0.producer.prefix { $0.isLetter } }.map(String.init))
        #expect(producers.isSuperset(of: ["Apple", "Sketch", "Pixelmator", "Inkscape", "Affinity", "SVGO", "SwiftDraw"]), "\(producers)")
    }

    @Test(.requires(.resvgReference), arguments: cases)
    func matchesTheReference(_ name: String) throws {
        let outcome = try #require(DialectReferenceTests.outcomes[name])
        if let error = outcome.error { Issue.record("\(name): \(error)"); return }
        let reference = try #require(outcome.reference)
        let c = ImageAgreement(outcome.ours, reference)
        ReferenceLog.record("dialect case against resvg-py (Tests/Reference)", provenance: .sharedReading)
        let file = String(name.prefix { $0 != "|" })
        let iouBound = DialectReferenceTests.knownIoU[file] ?? 0.99
        let fine = c.iou >= iouBound && c.meanDifference.allSatisfy { $0 <= 1 } && !c.oursTouchesEdge
        c.report(name, ours: outcome.ours, reference: reference, fine: fine, folder: "dialects", testFile: #filePath)
        if iouBound < 0.99 {
            KnownDeviation("\(file) is under the IoU rule (held to \(iouBound))").expect(strict: c.iou >= 0.99, tolerated: c.iou >= iouBound,
                                                                                    "\(name): IoU \(c.iou)")
        } else {
            #expect(c.iou >= iouBound, "\(name): IoU \(c.iou)")
        }
        #expect(c.meanDifference.allSatisfy { $0 <= 1 }, "\(name): mean difference \(c.meanDifference)")
        #expect(!c.oursTouchesEdge, "\(name): our ink touches the canvas edge")
        #expect(c.oursHasInk, "\(name): we drew nothing")
    }
}

extension ImageAgreement {
    /// On failure writes ours | reference | diff PNGs under the failures folder; with
    /// `SYMBOLREEL_DIALECT_REPORT` set, appends one line per case for the closing figures
    /// (name, IoU, worst mean channel difference).
    func report(_ name: String, ours: PNGFile.Image, reference: PNGFile.Image, fine: Bool, folder: String, testFile: String) {
        if !fine {
            let dir = (GoldenImage.failuresFolder(testFile: testFile) as NSString)
                .appendingPathComponent(folder + "/" + name.replacingOccurrences(of: "|", with: "-"))
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try? PNGFile.write(ours, to: dir + "/ours.png")
            try? PNGFile.write(reference, to: dir + "/reference.png")
            try? PNGFile.write(GoldenImage.diffImage(ours, reference), to: dir + "/diff.png")
        }
        if let report = ProcessInfo.processInfo.environment["SYMBOLREEL_DIALECT_REPORT"] {
            let line = "\(name)\t\(String(format: "%.4f", iou))\t\(String(format: "%.3f", meanDifference.max() ?? 0))\n"
            if let f = fopen(report, "a") { fputs(line, f); fclose(f) }   // O_APPEND: one write a line, whole
        }
    }
}

/// How two straight-alpha RGBA images of one size agree: IoU of their alpha > 0.5 masks, mean
/// absolute difference of each premultiplied channel (in levels), and whether the first has
/// any ink on its outermost rows and columns.
struct ImageAgreement {
    var iou: Double
    var meanDifference: [Double]
    var oursTouchesEdge: Bool
    var oursHasInk: Bool

    init(_ a: PNGFile.Image, _ b: PNGFile.Image) {
        guard a.width == b.width, a.height == b.height, a.rgba.count == b.rgba.count else {
            iou = 0; meanDifference = [255, 255, 255, 255]; oursTouchesEdge = true; oursHasInk = false
            return
        }
        var inter = 0, union = 0
        var sums = [Double](repeating: 0, count: 4)
        var edge = false, ink = false
        for i in 0..<(a.width * a.height) {
            let aa = Double(a.rgba[4 * i + 3]), ba = Double(b.rgba[4 * i + 3])
            let ma = aa > 127.5, mb = ba > 127.5
            if ma && mb { inter += 1 }
            if ma || mb { union += 1 }
            for k in 0..<3 {
                sums[k] += abs(Double(a.rgba[4 * i + k]) * aa / 255 - Double(b.rgba[4 * i + k]) * ba / 255)
            }
            sums[3] += abs(aa - ba)
            if aa > 0 {
                ink = true
                let x = i % a.width, y = i / a.width
                if x == 0 || y == 0 || x == a.width - 1 || y == a.height - 1 { edge = true }
            }
        }
        iou = union == 0 ? 1 : Double(inter) / Double(union)
        meanDifference = sums.map { $0 / Double(a.width * a.height) }
        oursTouchesEdge = edge
        oursHasInk = ink
    }
}
