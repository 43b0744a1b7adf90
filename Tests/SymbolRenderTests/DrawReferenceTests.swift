import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// Draw frames of the dialect fixtures with Draw data, drawn by us and by the independent
/// reference (Tests/Reference/sf_draw.py, written from the rules' text in
/// Tests/Reference/README.md, "Draw frames"): every layer at 25, 50, 75 and 100 % of a Draw On
/// (progress 0…f) and of a Draw Off (f…1), in every rendering mode, with the same root → canvas
/// matrix. Rule, at 512 × 512: IoU of the alpha > 0.5 masks ≥ 0.98 and mean difference of the
/// premultiplied channels ≤ 2 levels. Needs python3 with resvg_py, numpy and Pillow.
@Suite struct DrawReferenceTests {
    static let size = 512
    static let fractions = [0.25, 0.5, 0.75, 1.0]

    /// Fixtures whose file carries Draw keyframes.
    static let files: [DialectReferenceTests.Entry] = DialectReferenceTests.entries.filter { e in
        let text = (try? String(contentsOf: DialectReferenceTests.fixtures.appendingPathComponent(e.file), encoding: .utf8)) ?? ""
        return text.contains("data-clipstroke-keyframes")
    }

    static func range(_ direction: String, _ f: Double) -> ClosedRange<Double> { direction == "on" ? 0...f : f...1 }

    static let cases: [String] = files.flatMap { e in
        DialectReferenceTests.modes.flatMap { m in
            ["on", "off"].flatMap { d in fractions.map { "\(e.file)|\(m.rawValue)|\(d)|\($0)" } }
        }
    }

    /// Every case rendered by us, then all of them by the reference in one Python run.
    static let outcomes: [String: (ours: PNGFile.Image, reference: PNGFile.Image?)] = {
        guard Requirement.resvgReference.problem == nil else { return [:] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-draw-reference-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var jobs: [[String: Any]] = []
        var out: [String: (ours: PNGFile.Image, reference: PNGFile.Image?)] = [:]
        let renderer = FrameRenderer()
        for entry in files {
            let key = entry.variant.flatMap(VariantKey.init(id:)) ?? .regularMedium
            let path = DialectReferenceTests.fixtures.appendingPathComponent(entry.file).path
            guard let doc = try? SymbolReader.read(contentsOf: path, options: ReadOptions(weight: key.weight, scale: key.scale)),
                  let rootToSymbol = doc.rootToSymbol else { continue }
            for mode in DialectReferenceTests.modes {
                let settings = RenderSettings(width: size, height: size, size: .fraction(0.5), mode: mode, colors: [.black])
                let m = rootToSymbol.concatenating(SymbolPlacement.transform(for: doc, width: size, height: size, size: settings.size))
                for direction in ["on", "off"] {
                    for f in fractions {
                        let name = "\(entry.file)|\(mode.rawValue)|\(direction)|\(f)"
                        let r = range(direction, f)
                        let layers = doc.layers(for: mode.layerMode).map { _ in LayerPose(drawRange: r) }
                        let pose = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: layers)], layerMode: mode.layerMode)
                        let bitmap = renderer.render([doc], pose: pose, settings: settings)!
                        let png = dir.appendingPathComponent("\(jobs.count).png").path
                        jobs.append(["svg": path, "mode": mode.rawValue, "variant": entry.variant as Any, "width": size, "height": size,
                                     "matrix": [m.a, m.b, m.c, m.d, m.tx, m.ty], "out": png, "primary": "#000000",
                                     "accent": "#007AFF", "draw": [r.lowerBound, r.upperBound], "name": name])
                        out[name] = (PNGFile.image(from: bitmap), nil)
                    }
                }
            }
        }
        for (name, image) in runReference(jobs, in: dir) { out[name]?.reference = image }
        return out
    }()

    /// Runs the reference on `jobs` (each with a "name" and an "out" PNG in `dir`) in one Python
    /// run and returns the images it wrote by name; removes `dir`.
    static func runReference(_ jobs: [[String: Any]], in dir: URL) -> [String: PNGFile.Image] {
        let jobsFile = dir.appendingPathComponent("jobs.json")
        try? JSONSerialization.data(withJSONObject: jobs).write(to: jobsFile)
        _ = try? Requirement.resvgReference.run([packageRoot.appendingPathComponent("Tests/Reference/sf_reference.py").path,
                                                 "--jobs", jobsFile.path], comparisons: 0)
        var images: [String: PNGFile.Image] = [:]
        for job in jobs {
            if let image = try? PNGFile.read(job["out"] as! String) { images[job["name"] as! String] = image }
        }
        try? FileManager.default.removeItem(at: dir)
        return images
    }

    @Test func thereAreDrawFixtures() {
        #expect(DrawReferenceTests.files.count >= 3, "\(DrawReferenceTests.files.map(\.file))")
        #expect(DrawReferenceTests.files.contains { $0.file.contains("arrow-bubble") })
    }

    @Test(.requires(.resvgReference), arguments: cases)
    func matchesTheReferenceMidDraw(_ name: String) throws {
        let outcome = try #require(DrawReferenceTests.outcomes[name], "\(name): we could not read or draw the fixture")
        let reference = try #require(outcome.reference, "\(name): the reference wrote no image")
        let c = ImageAgreement(outcome.ours, reference)
        ReferenceLog.record("draw frame against resvg-py (Tests/Reference/sf_draw.py)")
        let fine = c.iou >= 0.98 && c.meanDifference.allSatisfy { $0 <= 2 }
        c.report(name, ours: outcome.ours, reference: reference, fine: fine, folder: "draw", testFile: #filePath)
        #expect(c.iou >= 0.98, "\(name): IoU \(c.iou)")
        #expect(c.meanDifference.allSatisfy { $0 <= 2 }, "\(name): mean difference \(c.meanDifference)")
        if !name.hasSuffix("off|1.0") { #expect(c.oursHasInk, "\(name): we drew nothing") }
    }
}
