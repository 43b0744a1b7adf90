import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// Draw frames of the dialect fixtures with Draw data, drawn by us and by a second
/// implementation (Tests/Reference/sf_draw.py, written from the rules' text in
/// Tests/Reference/README.md, "Draw frames"): every layer at 25, 50, 75 and 100 % of a Draw On
/// (progress 0…f) and of a Draw Off (f…1) in monochrome, at 50 % in the other modes
/// (`DrawFrameJobs.cases`; every progress in every mode in `make test-exhaustive`), with the same root → canvas
/// matrix. Rule, at 512 × 512: IoU of the alpha > 0.5 masks ≥ 0.98 and mean difference of the
/// premultiplied channels ≤ 2 levels. Needs python3 with resvg_py, numpy and Pillow.
///
/// Provenance: shared reading. The reference was written from the same reading of the format
/// (docs/rendering.md, docs/draw.md) as our Swift code, so agreement shows the reading was
/// implemented twice alike, not that real files are drawn right; these comparisons are counted
/// apart from the independent ones in `make test`'s closing lines. Real files are checked by
/// the evident-design fixtures (RealStructureTests).
@Suite struct DrawReferenceTests {
    static let fractions = [0.25, 0.5, 0.75, 1.0]
    static let files = DrawFrameJobs.files
    static let cases = DrawFrameJobs.cases(on: fractions, off: fractions)
    static let outcomes = DrawFrameJobs.outcomes(cases, script: "sf_reference.py")

    @Test func thereAreDrawFixtures() {
        #expect(DrawReferenceTests.files.count >= 3, "\(DrawReferenceTests.files.map(\.file))")
        #expect(DrawReferenceTests.files.contains { $0.file.contains("arrow-bubble") })
    }

    @Test(.requires(.resvgReference), arguments: cases)
    func matchesTheReferenceMidDraw(_ name: String) throws {
        let outcome = try #require(DrawReferenceTests.outcomes[name], "\(name): we could not read or draw the fixture")
        let reference = try #require(outcome.reference, "\(name): the reference wrote no image")
        let c = ImageAgreement(outcome.ours, reference)
        ReferenceLog.record("draw frame against resvg-py (Tests/Reference/sf_draw.py)", provenance: .sharedReading)
        let fine = c.iou >= 0.98 && c.meanDifference.allSatisfy { $0 <= 2 }
        c.report(name, ours: outcome.ours, reference: reference, fine: fine, folder: "draw", testFile: #filePath)
        #expect(c.iou >= 0.98, "\(name): IoU \(c.iou)")
        #expect(c.meanDifference.allSatisfy { $0 <= 2 }, "\(name): mean difference \(c.meanDifference)")
        if !name.hasSuffix("off|1.0") { #expect(c.oursHasInk, "\(name): we drew nothing") }
    }
}
