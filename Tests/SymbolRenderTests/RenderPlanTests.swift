import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTimeline
import Testing
@testable import SymbolRender

/// A frame is a plan (worked out once per clip) plus a pose: the same pixels whether the plan
/// is shared by every frame or made afresh for each, in any order.
@Suite struct RenderPlanTests {
    static func magicReplace() throws -> (docs: [SymbolDocument], timeline: Timeline, settings: RenderSettings) {
        let docs = try ["circle.svg", "checkmark.circle.svg"].map {
            try SymbolReader.read(contentsOf: SymbolGoldenTests.samples.appendingPathComponent($0).path)
        }
        let timeline = try Timeline(documents: docs, mode: .hierarchical,
                                    events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 0.1)])
        // Gradient colour rendering spans the symbol's bounds, which the morph changes frame by frame.
        let settings = RenderSettings(width: 96, height: 96, background: .transparent, size: .fraction(0.6), mode: .palette,
                                      colors: [.black, Color(hex: "#FF9500")!], accentColor: .black, gradient: true)
        return (docs, timeline, settings)
    }

    /// A Magic Replace with gradient colours, the check drawing on (draw lines found once and
    /// kept by the plan) while the ring morphs (draw lines of moving paths found every frame).
    @Test func aSharedPlanDrawsWhatAFreshPlanDraws() throws {
        let (docs, timeline, settings) = try RenderPlanTests.magicReplace()
        let plan = RenderPlan(documents: docs, settings: settings)
        let shared = FrameRenderer()
        let times = stride(from: 0.0, through: 1.2, by: 0.1).map { $0 }
        var frames: [Double: [UInt8]] = [:]
        for t in times.reversed() + times {
            let pose = timeline.pose(atSeconds: t)
            let viaPlan = try #require(shared.render(plan: plan, pose: pose)).pixels
            let fresh = try #require(FrameRenderer().render(docs, pose: pose, settings: settings)).pixels
            #expect(viaPlan == fresh, "at \(t) s")
            if let earlier = frames[t] { #expect(viaPlan == earlier, "at \(t) s, drawn again") }
            frames[t] = viaPlan
        }
        #expect(Set(frames.values).count > 5, "the clip moves")
    }

    @Test func posesCarryTheModeOfTheirLayers() throws {
        let (docs, timeline, settings) = try RenderPlanTests.magicReplace()
        #expect(timeline.pose(atSeconds: 0.5).layerMode == .hierarchical)
        let plan = RenderPlan(documents: docs, settings: settings)
        #expect(plan.layerMode == .hierarchical)  // palette draws the hierarchical layers
        #expect(plan.placement(ofDocument: 1) == SymbolPlacement.transform(for: docs[1], width: 96, height: 96, size: .fraction(0.6)))
        #expect(Pose(seconds: 0, symbols: []).layerMode == nil)
    }

    @Test func aPoseOfAnotherModeIsRefused() async throws {
        await #expect(processExitsWith: .failure) {
            let (docs, timeline, settings) = try RenderPlanTests.magicReplace()
            var mono = settings
            mono.mode = .monochrome
            _ = FrameRenderer().render(plan: RenderPlan(documents: docs, settings: mono), pose: timeline.pose(atSeconds: 0.5))
        }
    }
}
