import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// Draw frames of every dialect fixture with Draw data, drawn by us and by a second reading of
/// SF Symbols 7 Draw written without our Draw code (Tests/Reference/draw_reading.py: its rules,
/// each with its source in Apple's decompiled RenderBox and CoreUI, are at the top of that
/// file). Draw On at 25, 50, 75 and 100 % (progress 0…f) and Draw Off from the start forward
/// at 25, 50 and 75 % (f…1), in every rendering mode, at 512 × 512. The root → canvas matrix is
/// the still's, the same for every progress, so a frame whose placement moved would not match.
/// Rule: IoU of the alpha > 0.5 masks ≥ 0.98 and mean difference of the premultiplied
/// channels ≤ 2 levels. Needs python3 with resvg_py, numpy and Pillow.
@Suite struct DrawSecondReadingTests {
    static let size = 512
    static let drawOn = [0.25, 0.5, 0.75, 1.0]
    static let drawOff = [0.25, 0.5, 0.75]

    static let files: [DialectReferenceTests.Entry] = DialectReferenceTests.entries.filter { e in
        let text = (try? String(contentsOf: DialectReferenceTests.fixtures.appendingPathComponent(e.file), encoding: .utf8)) ?? ""
        return text.contains("data-clipstroke-keyframes")
    }

    static let cases: [String] = files.flatMap { e in
        DialectReferenceTests.modes.flatMap { m in
            drawOn.map { "\(e.file)|\(m.rawValue)|on|\($0)" } + drawOff.map { "\(e.file)|\(m.rawValue)|off|\($0)" }
        }
    }

    static func range(_ direction: Substring, _ f: Double) -> ClosedRange<Double> { direction == "on" ? 0...f : f...1 }

    /// Every case drawn by us, then all of them by the second reading in one Python run.
    static let outcomes: [String: (ours: PNGFile.Image, reference: PNGFile.Image?)] = {
        guard Requirement.resvgReference.problem == nil else { return [:] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-draw-second-reading-\(getpid())")
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
                // One matrix per fixture and mode: the still's placement (issue 28: fixed for the clip).
                let m = rootToSymbol.concatenating(SymbolPlacement.transform(for: doc, width: size, height: size, size: settings.size))
                for name in cases where name.hasPrefix("\(entry.file)|\(mode.rawValue)|") {
                    let parts = name.split(separator: "|")
                    let r = range(parts[2], Double(parts[3])!)
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
        let jobsFile = dir.appendingPathComponent("jobs.json")
        try? JSONSerialization.data(withJSONObject: jobs).write(to: jobsFile)
        _ = try? Requirement.resvgReference.run([packageRoot.appendingPathComponent("Tests/Reference/draw_reading.py").path,
                                                 "--jobs", jobsFile.path], comparisons: 0)
        for job in jobs {
            if let image = try? PNGFile.read(job["out"] as! String) { out[job["name"] as! String]?.reference = image }
        }
        try? FileManager.default.removeItem(at: dir)
        return out
    }()

    @Test func thereAreDrawFixtures() {
        #expect(DrawSecondReadingTests.files.count >= 4, "\(DrawSecondReadingTests.files.map(\.file))")
        #expect(DrawSecondReadingTests.cases.count >= DrawSecondReadingTests.files.count * 3 * 7)
    }

    @Test(.requires(.resvgReference), arguments: cases)
    func matchesTheSecondReading(_ name: String) throws {
        let outcome = try #require(DrawSecondReadingTests.outcomes[name], "\(name): we could not read or draw the fixture")
        let reference = try #require(outcome.reference, "\(name): the second reading wrote no image")
        let c = ImageAgreement(outcome.ours, reference)
        ReferenceLog.record("draw frame against a second reading (Tests/Reference/draw_reading.py)")
        let fine = c.iou >= 0.98 && c.meanDifference.allSatisfy { $0 <= 2 }
        c.report(name, ours: outcome.ours, reference: reference, fine: fine, folder: "draw-second-reading", testFile: #filePath)
        #expect(c.iou >= 0.98, "\(name): IoU \(c.iou)")
        #expect(c.meanDifference.allSatisfy { $0 <= 2 }, "\(name): mean difference \(c.meanDifference)")
        #expect(c.oursHasInk, "\(name): we drew nothing")
    }
}
