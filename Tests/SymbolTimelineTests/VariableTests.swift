import Testing
import SymbolScene
@testable import SymbolTimeline

/// Variable Color sequences and the variable value. The test document's thresholds are
/// 0.6, 0.2, 0.4, so threshold order is layer 1, layer 2, layer 0.
@Suite struct VariableTests {
    let doc = TestDocuments.variable()

    private func opacities(_ tl: Timeline, _ t: Double) -> [Double] { tl.pose(atSeconds: t).main.layers.map(\.opacity) }
    private func expectOpacities(_ tl: Timeline, _ t: Double, _ expected: [Double], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let o = opacities(tl, t)
        #expect(zip(o, expected).allSatisfy { approx($0, $1, 1e-12) }, "t = \(t): \(o)", sourceLocation: sourceLocation)
    }

    @Test func iterativeLightsOneLayerAtATimeInThresholdOrder() throws {
        let tl = try timeline(.discrete(.variableColor, at: 0), doc)
        #expect(tl.pose(atSeconds: 0).main.isAtRest())
        expectOpacities(tl, 0.15, [0.25, 1, 0.25])
        expectOpacities(tl, 0.35, [0.25, 0.25, 1])
        expectOpacities(tl, 0.55, [1, 0.25, 0.25])
        // The last step ends at 0.6 s; everything fades back over 0.12 s.
        #expect(!tl.pose(atSeconds: 0.65).main.isAtRest())
        #expect(tl.pose(atSeconds: 0.72).main.isAtRest())
        #expect(tl.pose(atSeconds: 0.15).main.layers.allSatisfy { $0.transform == .identity })
    }

    @Test func cumulativeKeepsLayersLitThenAllFadeTogether() throws {
        let style = VariableColorStyle(fill: .cumulative)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), options: .repeat(2), at: 0), doc)
        expectOpacities(tl, 0.15, [0.25, 1, 0.25])
        expectOpacities(tl, 0.35, [0.25, 1, 1])
        expectOpacities(tl, 0.55, [1, 1, 1])
        expectOpacities(tl, 0.75, [0.25, 1, 0.25])  // the second cycle starts over
        #expect(tl.pose(atSeconds: 1.32).main.isAtRest())
    }

    @Test func hideInactiveLayersHidesInsteadOfDimming() throws {
        let style = VariableColorStyle(fill: .iterative, inactive: .hideInactiveLayers)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), at: 0), doc)
        expectOpacities(tl, 0.35, [0, 0, 1])
    }

    @Test func reversingPlaysBackTowardTheStartOnEveryOtherCycle() throws {
        let style = VariableColorStyle(fill: .iterative, reversing: true)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), options: .repeat(2), at: 0), doc)
        // Steps: layer 1, 2, 0, then back 2, 1 (the turning layer is not repeated): 5 steps.
        for (k, lit) in [1, 2, 0, 2, 1].enumerated() {
            var expected = [0.25, 0.25, 0.25]
            expected[lit] = 1
            expectOpacities(tl, 0.2 * Double(k) + 0.15, expected)
        }
        #expect(tl.pose(atSeconds: 1.12).main.isAtRest())
        let forward = try timeline(.discrete(.variableColor, options: .repeat(2), at: 0), doc)
        expectOpacities(forward, 0.75, [0.25, 1, 0.25])  // nonReversing starts over at the first layer
    }

    @Test func indefiniteVariableColorExitsAtUntil() throws {
        let tl = try timeline(.indefinite(.variableColor, from: 1, until: 3), doc)
        expectOpacities(tl, 2.95, [0.25, 1, 0.25])  // step 9 of the endless sequence: 9 mod 3 = 0, layer 1
        #expect(tl.pose(atSeconds: 3.12).main.isAtRest())
        #expect(approx(tl.naturalDuration, 3.12, 1e-9))
    }

    @Test func staticValueDimsLayersAboveIt() throws {
        let tl = try Timeline(documents: [doc], style: TimelineStyle(variableValue: 0.3))
        expectOpacities(tl, 0, [0.25, 1, 0.25])
        #expect(tl.pose(atSeconds: 0).main.variableValue == 0.3)
        let full = try Timeline(documents: [doc], style: TimelineStyle(variableValue: 1))
        expectOpacities(full, 0, [1, 1, 1])
        // A zero threshold is active for any positive value, inactive at 0.
        let zero = TestDocuments.three { i, a in a.variableThreshold = i == 0 ? 0 : 0.5 }
        expectOpacities(try Timeline(documents: [zero], style: TimelineStyle(variableValue: 0.01)), 0, [1, 0.25, 0.25])
        expectOpacities(try Timeline(documents: [zero], style: TimelineStyle(variableValue: 0)), 0, [0.25, 0.25, 0.25])
        // Without a value, variable layers are drawn fully.
        expectOpacities(try Timeline(documents: [doc]), 0, [1, 1, 1])
    }

    @Test func animatedValueCrossFadesEachCrossingOver0_3s() throws {
        let track = KeyframeTrack(.variableValue, keyframes: [Keyframe(1, duration: 2)])
        let tl = try Timeline(documents: [doc], events: [.keyframes(track)])
        // Layer 2 (threshold 0.4) crosses at 0.8 s.
        #expect(approx(opacities(tl, 0.8)[2], 0.25, 1e-9))
        #expect(approx(opacities(tl, 0.95)[2], 0.25 + 0.75 * 0.5, 1e-9))
        #expect(approx(opacities(tl, 1.1)[2], 1, 1e-9))
        #expect(approx(tl.pose(atSeconds: 0.5).main.variableValue ?? -1, 0.25, 1e-12))
        // A jump fades too.
        let jump = try Timeline(documents: [doc], events: [.keyframes(KeyframeTrack(.variableValue, keyframes: [
            Keyframe(0, duration: 0.5, .move), Keyframe(1, duration: 0.5, .move),
        ]))])
        #expect(approx(opacities(jump, 0.6)[0], 0.25 + 0.75 / 3, 1e-9))
    }

    @Test func variableColorOverridesTheValueWhileActive() throws {
        let tl = try Timeline(documents: [doc], events: [.discrete(.variableColor, at: 1)], style: TimelineStyle(variableValue: 0.3))
        expectOpacities(tl, 0.5, [0.25, 1, 0.25])
        expectOpacities(tl, 1.35, [0.25, 0.25, 1])
        expectOpacities(tl, 2, [0.25, 1, 0.25])
    }
}
