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
/// each with its source in our reading of Apple's renderer, are at the top of that file). Draw
/// On at 25, 50, 75 and 100 % (progress 0…f) and Draw Off from the start forward at 25, 50 and
/// 75 % (f…1), in monochrome (the other modes at 50 % only, `DrawFrameJobs.cases`; all of
/// them in `make test-exhaustive`), at 512 × 512. The root → canvas matrix is
/// the still's, the same for every progress, so a frame whose placement moved would not match.
/// Rule: IoU of the alpha > 0.5 masks ≥ 0.98 and mean difference of the premultiplied
/// channels ≤ 2 levels. Needs python3 with resvg_py, numpy and Pillow.
///
/// Provenance: shared reading. The reference was written from the same reading of the format
/// (docs/rendering.md, docs/draw.md) as our Swift code, so agreement shows the reading was
/// implemented twice alike, not that real files are drawn right; these comparisons are counted
/// apart from the independent ones in `make test`'s closing lines. Real files are checked by
/// the evident-design fixtures (RealStructureTests).
@Suite struct DrawSecondReadingTests {
    static let files = DrawFrameJobs.files
    static let cases = DrawFrameJobs.cases(on: [0.25, 0.5, 0.75, 1.0], off: [0.25, 0.5, 0.75])
    static let outcomes = DrawFrameJobs.outcomes(cases, script: "draw_reading.py")

    @Test func thereAreDrawFixtures() {
        #expect(DrawSecondReadingTests.files.count >= 4, "\(DrawSecondReadingTests.files.map(\.file))")
        // Monochrome at all seven progresses, the two other modes at half way (On and Off).
        #expect(DrawSecondReadingTests.cases.count >= DrawSecondReadingTests.files.count * (Requirement.isExhaustiveTier ? 3 * 7 : 7 + 2 * 2))
    }

    @Test(.requires(.resvgReference), arguments: cases)
    func matchesTheSecondReading(_ name: String) throws {
        let outcome = try #require(DrawSecondReadingTests.outcomes[name], "\(name): we could not read or draw the fixture")
        let reference = try #require(outcome.reference, "\(name): the second reading wrote no image")
        let c = ImageAgreement(outcome.ours, reference)
        ReferenceLog.record("draw frame against a second reading (Tests/Reference/draw_reading.py)", provenance: .sharedReading)
        let fine = c.iou >= 0.98 && c.meanDifference.allSatisfy { $0 <= 2 }
        c.report(name, ours: outcome.ours, reference: reference, fine: fine, folder: "draw-second-reading", testFile: #filePath)
        if name.hasPrefix("apple-v7-draw-caption-wrap.svg|"), name.hasSuffix("|on|0.25") {
            // Measured: IoU 0.979 in every mode. At a quarter drawn, the two readings place the
            // arrowhead on the wrapped arc's tip about a pixel apart (the diff is its outline);
            // no recording says which is right. Held to 0.975.
            KnownDeviation("caption-wrap at 25 %: the arrowhead a pixel apart between the two readings (IoU 0.979, held to 0.975)")
                .expect(strict: c.iou >= 0.98, tolerated: c.iou >= 0.975, "\(name): IoU \(c.iou)")
        } else {
            #expect(c.iou >= 0.98, "\(name): IoU \(c.iou)")
        }
        #expect(c.meanDifference.allSatisfy { $0 <= 2 }, "\(name): mean difference \(c.meanDifference)")
        #expect(c.oursHasInk, "\(name): we drew nothing")
    }
}
