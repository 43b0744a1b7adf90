import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline

/// Validation, the defaults table, canvas tracks, natural duration and thread safety.
@Suite struct TimelineTests {
    let doc = TestDocuments.three()

    static let invalid: [([TimelineEvent], TimelineStyle, String)] = [
        ([.discrete(.bounce, at: -1)], TimelineStyle(), "event 0: the time must be a number of seconds ≥ 0, not -1"),
        ([.discrete(.bounce, at: .nan)], TimelineStyle(), "event 0: the time must be a number of seconds ≥ 0, not nan"),
        ([.indefinite(.pulse, from: 2, until: 1)], TimelineStyle(), "event 0: the end 1 s comes before the start 2 s"),
        ([.discrete(.scale, at: 0)], TimelineStyle(), "event 0: '.scale' holds while active: give it from/until (an indefinite event)"),
        ([.discrete(.replace, at: 0)], TimelineStyle(), "event 0: '.replace.downUp' needs a symbol to replace with: use a replace event"),
        ([.indefinite(.replace, from: 0, until: 1)], TimelineStyle(), "event 0: '.replace.downUp' is a content transition: use a replace event at a time"),
        ([.discrete(.pulse, at: 0), .replace(with: 3, at: 1)], TimelineStyle(), "event 1: there is no document 3 to replace with (documents 0…0)"),
        ([.replace(with: 0, effect: .bounce, at: 1)], TimelineStyle(), "event 0: a replace event needs a .replace effect, not '.bounce'"),
        ([.discrete(.bounce, options: .speed(0), at: 0)], TimelineStyle(), "event 0: the speed must be greater than 0, not 0"),
        ([.discrete(.bounce, options: .repeat(0), at: 0)], TimelineStyle(), "event 0: the repeat count must be at least 1, not 0"),
        ([.discrete(.bounce, options: .repeat(.periodic(count: 2, delay: -1)), at: 0)], TimelineStyle(),
         "event 0: the repeat delay must be 0 or more seconds, not -1"),
        ([.keyframes(KeyframeTrack(.scale, keyframes: [Keyframe(2, duration: -1)]))], TimelineStyle(),
         "event 0: keyframe 0 of 'scale' needs a duration ≥ 0, not -1"),
        ([.keyframes(KeyframeTrack(.scale, keyframes: [])), .keyframes(KeyframeTrack(.scale, keyframes: []))], TimelineStyle(),
         "event 1: a second 'scale' track; give one track per property"),
        ([.keyframes(KeyframeTrack(.opacity, keyframes: [Keyframe(.infinity, duration: 1)]))], TimelineStyle(),
         "event 0: keyframe 0 of 'opacity' has no finite value"),
        ([], TimelineStyle(variableValue: 1.5), "the variable value must be between 0 and 1, not 1.5"),
    ]

    @Test(arguments: invalid)
    func invalidTimelinesAreRejected(events: [TimelineEvent], style: TimelineStyle, message: String) {
        #expect(throws: TimelineError.self) { try Timeline(documents: [doc], events: events, style: style) }
        do {
            _ = try Timeline(documents: [doc], events: events, style: style)
        } catch let e as TimelineError {
            #expect(e.description == message && e.reason == .invalid)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func timelineNeedsADocument() {
        #expect(throws: TimelineError("a timeline needs at least one document")) { try Timeline(documents: []) }
        #expect(throws: TimelineError("'.individually' applies to Draw On and Draw Off only, not '.bounce.individually'", event: 0)) {
            try Timeline(documents: [doc], events: [.discrete(SymbolEffect(.bounce(nil), scope: .individually), at: 0)])
        }
    }

    @Test func ignoredOptionsAreReported() throws {
        let tl = try timeline(.discrete(.appear, options: .repeat(3), at: 0))
        #expect(tl.diagnostics.map(\.message) == ["event 0: repeat options do not apply to '.appear'; it plays once"])
    }

    @Test func defaultsTableIsOneListWithOverrides() throws {
        let entries = EffectDefaults.standard.entries
        #expect(entries.count == 79 && Set(entries.map(\.key)).count == entries.count)
        #expect(entries.allSatisfy { $0.source == "ours" || $0.source.hasPrefix("ours") || $0.source.hasPrefix("measured") || $0.source.hasPrefix("Apple") })
        let byKey = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        #expect(byKey["bounce.duration"] == 0.70 && byKey["bounce.upScale"] == 1.248 && byKey["dim"] == 0.30)
        #expect(byKey["stagger.max"] == 0.067 && byKey["variableColor.sweep"] == 0.75 && byKey["breathe.duration"] == 2.6)
        var d = EffectDefaults()
        try d.set("bounce.upScale", to: 1.5)
        #expect(d.bounceUpScale == 1.5 && d["bounce.upScale"] == 1.5 && d["nothing"] == nil)
        #expect(throws: ExpressionError("unknown default 'bounce.duraton'; did you mean 'bounce.duration'?", offset: nil, keyPath: "bounce.duraton")) {
            try d.set("bounce.duraton", to: 1)
        }
        #expect(throws: ExpressionError.self) { try d.set("pulse.duration", to: 0) }
        // Overrides change what plays.
        let big = try timeline(.discrete(.bounce, at: 0), style: TimelineStyle(defaults: d))
        #expect(approx(big.pose(atSeconds: EffectTests.bouncePeak).main.layers[0].transform.scaleFactor, 1.5, 1e-9))
    }

    @Test func canvasTracksAndNaturalDuration() throws {
        let tl = try Timeline(documents: [doc], events: [
            .keyframes(KeyframeTrack(.offsetX, keyframes: [Keyframe(0.1, duration: 1)])),
            .keyframes(KeyframeTrack(.rotation, start: 1, keyframes: [Keyframe(90, duration: 2, .curve(.easeInOut))])),
            .keyframes(KeyframeTrack(.opacity, keyframes: [Keyframe(0.5, duration: 0.5)])),
        ])
        let c = tl.pose(atSeconds: 0.5).canvas
        #expect(approx(c.offset.x, 0.05) && c.offset.y == 0 && c.scale == 1 && c.rotation == 0 && approx(c.opacity, 0.5))
        #expect(approx(tl.pose(atSeconds: 2).canvas.rotation, 45, 1e-9))
        #expect(tl.naturalDuration == 3)
        #expect(try Timeline(documents: [doc]).naturalDuration == 1)
        #expect(try Timeline(documents: [doc]).pose(atSeconds: 0.5).main.isAtRest())
    }

    @Test func posingIsPureAndThreadSafe() async throws {
        let tl = try Timeline(documents: [doc, TestDocuments.one()], events: [
            .discrete(.bounce, options: .repeat(2), at: 0), .indefinite(.breathe, from: 0.3, until: 2), .replace(with: 1, at: 1.5),
        ])
        let rate = FrameRate.fps60
        let n = rate.frameCount(duration: tl.naturalDuration)
        let serial = (0..<n).map { tl.pose(at: rate.time(ofFrame: $0)) }
        let parallel = await withTaskGroup(of: (Int, Pose).self) { group in
            for i in 0..<n { group.addTask { (i, tl.pose(at: rate.time(ofFrame: i))) } }
            var out = [Pose?](repeating: nil, count: n)
            for await (i, p) in group { out[i] = p }
            return out
        }
        #expect(parallel == serial.map { Optional($0) })
        #expect(tl.pose(at: rate.time(ofFrame: 30)) == tl.pose(atSeconds: 0.5))
    }
}
