import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// A Draw On (by layer) of `apple-v7-draw-gap-groups.svg`, where the arrow's clear-behind gap,
/// its shaft and its arrowhead (an attachment whose carrier is the shaft) are each in a motion
/// group of their own, so the timeline gives each its own time. Frames where the shaft is 25,
/// 50 and 75 % drawn are drawn by us and by a second implementation
/// (Tests/Reference/sf_draw.py), which is handed the timeline's own per-layer ranges and applies
/// the rules itself (a gap shows the range of the first visible layer above it; an attachment
/// rides its carrier at the carrier's layer's range). Rule, at 512 × 512: IoU of the alpha masks
/// ≥ 0.98 and mean difference ≤ 2 levels, in every mode.
///
/// Provenance: shared reading. The reference was written from the same reading of the format
/// (docs/rendering.md, docs/draw.md) as our Swift code, so agreement shows the reading was
/// implemented twice alike, not that real files are drawn right; these comparisons are counted
/// apart from the independent ones in `make test`'s closing lines. Real files are checked by
/// the evident-design fixtures (RealStructureTests).
@Suite struct DrawMotionGroupTests {
    static let file = "apple-v7-draw-gap-groups.svg"
    static let size = 512
    static let fractions = [0.25, 0.5, 0.75]
    static let cases: [String] = DialectReferenceTests.modes.flatMap { m in fractions.map { "\(m.rawValue)|\($0)" } }

    struct Frame {
        var ours: PNGFile.Image
        var reference: PNGFile.Image?
        /// The timeline's own ranges of the gap and the shaft differ (so the rule is exercised).
        var gapOwnTime: Bool
    }

    static let frames: [String: Frame] = {
        guard Requirement.resvgReference.problem == nil else { return [:] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-draw-groups-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = DialectReferenceTests.fixtures.appendingPathComponent(file).path
        guard let doc = try? SymbolReader.read(contentsOf: path, options: ReadOptions(weight: .regular, scale: .medium)),
              let rootToSymbol = doc.rootToSymbol else { return [:] }
        var jobs: [[String: Any]] = []
        var out: [String: Frame] = [:]
        let renderer = FrameRenderer()
        for mode in DialectReferenceTests.modes {
            let settings = RenderSettings(width: size, height: size, size: .fraction(0.5), mode: mode, colors: [.black])
            let m = rootToSymbol.concatenating(SymbolPlacement.transform(for: doc, width: size, height: size, size: settings.size))
            guard let timeline = try? Timeline(documents: [doc], mode: mode.layerMode,
                                               events: [.discrete(SymbolEffect(.drawOn), at: 0)]) else { continue }
            let poses = (0...Int(timeline.naturalDuration * 120)).map { timeline.pose(atSeconds: Double($0) / 120) }
            for f in fractions {
                // The frame whose shaft (layer 2) is nearest to f drawn.
                guard let pose = poses.min(by: { abs(($0.symbols[0].layers[2].drawRange?.upperBound ?? 1) - f)
                                                 < abs(($1.symbols[0].layers[2].drawRange?.upperBound ?? 1) - f) }) else { continue }
                let layers = pose.symbols[0].layers
                let name = "\(mode.rawValue)|\(f)"
                let bitmap = renderer.render([doc], pose: pose, settings: settings)!
                let png = dir.appendingPathComponent("\(jobs.count).png").path
                let ranges: [Any] = layers.map { l in l.drawRange.map { [$0.lowerBound, $0.upperBound] as Any } ?? NSNull() }
                jobs.append(["svg": path, "mode": mode.rawValue, "variant": "Regular-M", "width": size, "height": size,
                             "matrix": [m.a, m.b, m.c, m.d, m.tx, m.ty], "out": png, "primary": "#000000",
                             "accent": "#007AFF", "draw_layers": ranges, "name": name])
                out[name] = Frame(ours: PNGFile.image(from: bitmap), reference: nil,
                                  gapOwnTime: layers[1].drawRange != layers[2].drawRange && layers[3].drawRange != layers[2].drawRange)
            }
        }
        for (name, image) in DrawFrameJobs.run(jobs, script: "sf_reference.py", in: dir) { out[name]?.reference = image }
        return out
    }()

    @Test(.requires(.resvgReference), arguments: cases)
    func gapAndArrowheadDrawWithTheShaft(_ name: String) throws {
        let frame = try #require(DrawMotionGroupTests.frames[name], "\(name): we could not read or draw the fixture")
        let reference = try #require(frame.reference, "\(name): the reference wrote no image")
        #expect(frame.gapOwnTime, "\(name): the timeline gave the gap or the arrowhead the shaft's own time; the fixture tests nothing")
        let c = ImageAgreement(frame.ours, reference)
        ReferenceLog.record("draw frame across motion groups against resvg-py (Tests/Reference/sf_draw.py)", provenance: .sharedReading)
        let fine = c.iou >= 0.98 && c.meanDifference.allSatisfy { $0 <= 2 }
        c.report("gap-groups|\(name)", ours: frame.ours, reference: reference, fine: fine, folder: "draw", testFile: #filePath)
        #expect(c.iou >= 0.98, "\(name): IoU \(c.iou)")
        #expect(c.meanDifference.allSatisfy { $0 <= 2 }, "\(name): mean difference \(c.meanDifference)")
    }
}
