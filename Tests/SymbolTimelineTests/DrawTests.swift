import SymbolGeometry
import SymbolScene
import Testing
@testable import SymbolTimeline

/// Draw On / Draw Off and Variable Draw timing: the draw range each layer gets, per scope.
/// Defaults: 0.6 s a layer, ease-in-out; byLayer stagger 0.08 s; individually 0.6 s apart.
@Suite struct DrawTimelineTests {
    let doc = TestDocuments.three()

    private func ranges(_ effect: SymbolEffect, at t: Double, style: TimelineStyle = TimelineStyle()) throws -> [ClosedRange<Double>?] {
        let tl = try Timeline(documents: [doc], events: [.discrete(effect, at: 1)], style: style)
        return tl.pose(atSeconds: t).main.layers.map(\.drawRange)
    }

    /// The progress each layer has reached (upper end of its range; nil = fully shown).
    private func progress(_ effect: SymbolEffect, at t: Double) throws -> [Double?] {
        try ranges(effect, at: t).map { $0?.upperBound }
    }

    @Test func drawOnHidesBeforeAndShowsAllAfter() throws {
        #expect(try progress(.init(.drawOn), at: 0.5) == [0, 0, 0])
        #expect(try progress(.init(.drawOn), at: 1) == [0, 0, 0])
        for r in try ranges(.init(.drawOn), at: 3) { #expect(r == 0...1) }
        let tl = try Timeline(documents: [doc], events: [.discrete(SymbolEffect(.drawOn), at: 1)])
        #expect(tl.pose(atSeconds: 3).main.layers.allSatisfy { $0.isFullyDrawn })
        #expect(abs(tl.naturalDuration - (1 + 0.067 * 2 + 0.6)) < 1e-9)
    }

    @Test func byLayerStartsGroupsOneStaggerApart() throws {
        // Midway through layer 0's draw (0.3 s in): ease-in-out at exactly half is 0.5.
        let p = try progress(.init(.drawOn), at: 1.3)
        #expect(abs(p[0]! - 0.5) < 1e-6)
        let later = try progress(.init(.drawOn), at: 1.367)
        #expect(abs(later[1]! - 0.5) < 1e-6)
        let last = try progress(.init(.drawOn), at: 1.434)
        #expect(abs(last[2]! - 0.5) < 1e-6)
        #expect(p[0]! > p[1]! && p[1]! > p[2]! && p[2]! > 0)
    }

    @Test func individuallyStartsAGroupWhenThePreviousEnds() throws {
        let e = SymbolEffect(.drawOn, scope: .individually)
        let p = try progress(e, at: 1.3)
        #expect(abs(p[0]! - 0.5) < 1e-6 && p[1] == 0 && p[2] == 0)
        let q = try progress(e, at: 1.9)
        #expect(q[0] == 1 && abs(q[1]! - 0.5) < 1e-6 && q[2] == 0)
        let r = try progress(e, at: 2.5)
        #expect(r[0] == 1 && r[1] == 1 && abs(r[2]! - 0.5) < 1e-6)
        let tl = try Timeline(documents: [doc], events: [.discrete(e, at: 1)])
        #expect(abs(tl.naturalDuration - (1 + 3 * 0.6)) < 1e-9)
    }

    @Test func wholeSymbolDrawsEveryLayerTogether() throws {
        let p = try progress(SymbolEffect(.drawOn, scope: .wholeSymbol), at: 1.3)
        #expect(p.allSatisfy { abs($0! - 0.5) < 1e-6 })
    }

    @Test func drawOffErasesForwardOrBackward() throws {
        let forward = try ranges(SymbolEffect(.drawOff(reversed: false), scope: .wholeSymbol), at: 1.3)
        #expect(forward.allSatisfy { abs($0!.lowerBound - 0.5) < 1e-6 && $0!.upperBound == 1 })
        let backward = try ranges(SymbolEffect(.drawOff(reversed: true), scope: .wholeSymbol), at: 1.3)
        #expect(backward.allSatisfy { $0!.lowerBound == 0 && abs($0!.upperBound - 0.5) < 1e-6 })
        // Before the event everything shows; after, nothing.
        #expect(try ranges(.init(.drawOff(reversed: false)), at: 0.5).allSatisfy { $0 == nil })
        #expect(try ranges(.init(.drawOff(reversed: false)), at: 3).allSatisfy { $0 != nil && $0!.upperBound <= $0!.lowerBound })
    }

    @Test func drawReversesMotionGroupsRunsDrawOffLastGroupFirst() throws {
        var d = TestDocuments.three()
        d.drawReversesMotionGroups = true  // what the reader makes of the .defaults rule
        let tl = try Timeline(documents: [d], events: [.discrete(SymbolEffect(.drawOff(reversed: false)), at: 1)])
        let r = tl.pose(atSeconds: 1.3).main.layers.map { $0.drawRange?.lowerBound ?? 0 }
        #expect(abs(r[2] - 0.5) < 1e-6 && r[2] > r[1] && r[1] > r[0])
        // Draw On keeps its order.
        let on = try Timeline(documents: [d], events: [.discrete(SymbolEffect(.drawOn), at: 1)])
        let p = on.pose(atSeconds: 1.3).main.layers.map { $0.drawRange!.upperBound }
        #expect(p[0] > p[1] && p[1] > p[2])
    }

    @Test func anIntervalDrawsOnThenOffBackward() throws {
        let tl = try Timeline(documents: [doc], events: [.indefinite(SymbolEffect(.drawOn, scope: .wholeSymbol), from: 1, until: 3)])
        #expect(tl.pose(atSeconds: 2).main.layers.allSatisfy { $0.isFullyDrawn })
        let leaving = tl.pose(atSeconds: 3.3).main.layers.map(\.drawRange!)
        #expect(leaving.allSatisfy { $0.lowerBound == 0 && abs($0.upperBound - 0.5) < 1e-6 })
    }

    @Test func variableDrawDrawsLayersInOrderOverATrack() throws {
        let d = TestDocuments.three { i, a in a.variableDraw = VariableDrawRange(start: Double(i) / 3, span: 1.0 / 3) }
        let style = TimelineStyle(variableValue: 0.5, variableValueMode: .draw)
        let tl = try Timeline(documents: [d], style: style)
        let layers = tl.pose(atSeconds: 0).main.layers
        #expect(layers.map { $0.drawRange!.upperBound }.enumerated().allSatisfy { abs($1 - [1, 0.5, 0][$0]) < 1e-9 })
        #expect(layers.allSatisfy { $0.drawTrackOpacity == 0.3 && $0.opacity == 1 })
        // Animated: a keyframe track from 0 to 1 over 2 s.
        let track = KeyframeTrack(.variableValue, points: [(0, 0), (2, 1)])
        let animated = try Timeline(documents: [d], events: [.keyframes(track)], style: TimelineStyle(variableValueMode: .draw))
        var previous = [Double](repeating: 0, count: 3)
        for k in 0...20 {
            let now = animated.pose(atSeconds: Double(k) / 10).main.layers.map { $0.drawRange!.upperBound }
            #expect(zip(now, previous).allSatisfy { $0 >= $1 })
            previous = now
        }
        #expect(previous == [1, 1, 1])
    }

    @Test func variableDrawWithoutDrawLayersWarns() throws {
        let tl = try Timeline(documents: [doc], style: TimelineStyle(variableValue: 0.5, variableValueMode: .draw))
        #expect(tl.diagnostics.map(\.code) == ["no-variable-draw"])
    }

    @Test func drawComposesWithOtherEffects() throws {
        let tl = try Timeline(documents: [doc], events: [.discrete(SymbolEffect(.drawOn, scope: .wholeSymbol), at: 1),
                                                         .discrete(SymbolEffect(.bounce(.up)), at: 1)])
        let layer = tl.pose(atSeconds: 1.3).main.layers[0]
        #expect(abs(layer.drawRange!.upperBound - 0.5) < 1e-6)
        #expect(layer.transform.scaleFactor > 1.01, "the bounce still scales the drawing layer")
    }
}
