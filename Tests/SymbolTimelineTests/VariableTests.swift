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

    /// Layer 1 lights first, then 2, then 0 (0.75 s ÷ 3 apart); each takes 0.12 s to light
    /// fully and 0.52 s to go back to the dim level 0.30.
    static let released = 1 - (0.37 - 0.12) / 0.52

    @Test func iterativeIsAFastAttackAndALinearReleaseInThresholdOrder() throws {
        let tl = try timeline(.discrete(.variableColor, at: 0), doc)
        #expect(tl.pose(atSeconds: 0).main.isAtRest())
        expectOpacities(tl, 0.37, [0.3, 0.3 + 0.7 * Self.released, 1])
        expectOpacities(tl, 0.56, [0.3 + 0.7 * 0.5, 0.3 + 0.7 * (1 - (0.56 - 0.12) / 0.52), 0.3 + 0.7 * (1 - (0.31 - 0.12) / 0.52)])
        // The last layer is dim again at 0.5 + 0.64 s; everything fades back over 0.12 s.
        #expect(!tl.pose(atSeconds: 1.2).main.isAtRest())
        #expect(tl.pose(atSeconds: 1.26).main.isAtRest())
        #expect(tl.pose(atSeconds: 0.37).main.layers.allSatisfy { $0.transform == .identity })
    }

    @Test func cumulativeRampsHoldsThenTurnsOffLastFirst() throws {
        let style = VariableColorStyle(fill: .cumulative)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), options: .repeat(2), at: 0), doc)
        expectOpacities(tl, 0.375, [0.3, 1, 0.3 + 0.7 * 0.5])
        expectOpacities(tl, 0.9, [1, 1, 1])
        expectOpacities(tl, 1.275, [0.3 + 0.7 * 0.5, 1, 1])  // the last lit turns off first
        expectOpacities(tl, 2.2, [0.3, 0.3, 0.3])  // all dim before the next sweep (1.9 s + 0.8 s)
        expectOpacities(tl, 2.7 + 0.375, [0.3, 1, 0.3 + 0.7 * 0.5])
        #expect(!tl.pose(atSeconds: 4.7).main.isAtRest())
        #expect(tl.pose(atSeconds: 4.72).main.isAtRest())
    }

    @Test func hideInactiveLayersHidesInsteadOfDimming() throws {
        let style = VariableColorStyle(fill: .iterative, inactive: .hideInactiveLayers)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), at: 0), doc)
        expectOpacities(tl, 0.37, [0, Self.released, 1])
    }

    /// The order in which the layers reach full opacity over `times`.
    private func litOrder(_ tl: Timeline, _ times: [Double]) -> [Int] {
        var order: [Int] = [], was = [true, true, true]
        for t in times where t < tl.naturalDuration - 0.13 {
            let o = opacities(tl, t)
            for i in 0..<3 where o[i] > 0.999 && !was[i] { order.append(i) }
            was = o.map { $0 > 0.999 }
        }
        return order
    }

    @Test func reversingPlaysBackTowardTheStartOnEveryOtherCycle() throws {
        let style = VariableColorStyle(fill: .iterative, reversing: true)
        let tl = try timeline(.discrete(SymbolEffect(.variableColor(style)), options: .repeat(2), at: 0), doc)
        let times = (0...400).map { Double($0) / 100 }
        #expect(litOrder(tl, times) == [1, 2, 0, 0, 2, 1])
        let forward = try timeline(.discrete(.variableColor, options: .repeat(2), at: 0), doc)
        #expect(litOrder(forward, times) == [1, 2, 0, 1, 2, 0])  // nonReversing starts over at the first layer
    }

    @Test func indefiniteVariableColorExitsAtUntil() throws {
        let tl = try timeline(.indefinite(.variableColor, from: 1, until: 3), doc)
        #expect(!tl.pose(atSeconds: 2.95).main.isAtRest())
        // No sweep starts at or after `until`; the last one finishes, then the fade back.
        #expect(tl.naturalDuration > 3 && tl.naturalDuration < 3 + 1.14 + 0.12 + 1e-9)
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
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
        expectOpacities(tl, 1.37, [0.3, 0.3 + 0.7 * Self.released, 1])
        expectOpacities(tl, 2.5, [0.25, 1, 0.25])
    }
}
