import Foundation
import Testing
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// Magic Replace's slash, measured from rendered pixels against the SF Symbols app and WWDC
/// recordings (30 fps): a 40-unit square both symbols share (it stays) and a bar with a draw guide
/// across the top of the guide box (the slash), so each is measured in its own part of the canvas.
@Suite struct AppleMagicReplaceTests {
    typealias P = MotionProbe
    static let body = #"<path class="monochrome-0" d="M30 -30 H70 V-70 H30 Z"/>"#
    static let plain = AppleMotionTests.template(body)
    static let slashed = AppleMotionTests.template(body + #"<path class="monochrome-1" d="M10 -97 H90 V-89 H10 Z" data-draw-guides="start 10 -93 end 90 -93"/>"#)
    /// Rows 92…106 hold the slash (y −97…−89 is rows 98…103); rows 108… the body (from 115).
    static let slashRows = (x: 0...255, y: 92...106), bodyRows = (x: 0...255, y: 108...255)

    static func play(_ from: SymbolDocument, _ to: SymbolDocument, until: Double) throws -> [(t: Double, v: (slash: Double, body: Double))] {
        let rest = try P.series([plain], [], times: [0]) { P.ink($0, bodyRows).size }[0].v
        return try P.series([from, to], [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 0)],
                            times: P.times(until: until, step: 1.0 / 120)) { b in (P.ink(b, slashRows).area, P.ink(b, bodyRows).size / rest) }
    }

    @Test func removingRetractsTheSlashWhileTheRestBouncesOnce() throws {
        let s = try Self.play(Self.slashed, Self.plain, until: 0.8)
        let full = s[0].v.slash
        let gone = (s.first { $0.v.slash < 0.01 * full }?.t ?? 9) - P.frame / 2
        #expect(P.within(gone, 0.2...0.2), "slash gone at \(gone) s")
        let scale = s.map { (t: $0.t, v: $0.v.body - 1) }
        // Swings over 1 % (two thirds of a pixel on the recordings' symbols) count.
        let swings = AppleMotionTests.extremes(scale, floor: 0.01)
        #expect(swings.count == 2, "\(swings)")
        if swings.count >= 2 {
            #expect(abs(swings[0].1 - 0.057) < 0.006 && abs(swings[1].1 + 0.033) < 0.006, "swings \(swings)")
        }
        let rest = (scale.last { abs($0.v) > 0.003 }?.t ?? 0) - P.frame / 2
        #expect(P.within(rest, 0.57...0.57), "bounce over \(rest) s")
    }

    @Test func addingDrawsTheSlashOnWithoutABounce() throws {
        let s = try Self.play(Self.plain, Self.slashed, until: 0.6)
        let full = s.last!.v.slash
        // Drawn from its start (the left end) in ≈0.2 s (then it stretches past its length).
        let drawn = (s.first { $0.v.slash >= 0.99 * full }?.t ?? 9) - P.frame / 2
        #expect(P.within(drawn, 0.2...0.2), "slash drawn at \(drawn) s")
        #expect(s.allSatisfy { abs($0.v.body - 1) < 0.003 }, "the rest does not bounce")
    }

    /// Where the slash's ink is along its axis (x, in pixels): the columns' coverage summed over
    /// the slash's rows, each end where a column reaches half the fullest column (interpolated).
    static func extent(_ b: Bitmap) -> (left: Double, right: Double) {
        let columns = slashRows.x.map { x in slashRows.y.reduce(0.0) { $0 + Double(b.pixel(x: x, y: $1).a) / 255 } }
        guard let top = columns.max(), top > 0 else { return (0, 0) }
        func edge(_ order: [Int]) -> Double {
            let half = top / 2
            guard let k = order.first(where: { columns[$0] >= half }), k != order[0] else { return Double(order[0]) }
            let step = order[1] - order[0], j = k - step
            let f: Double = (half - columns[j]) / (columns[k] - columns[j])
            // Column j's centre is j + 0.5; the half-level crossing lies f of the way to k's.
            return Double(j) + 0.5 + f * Double(step)
        }
        return (edge(Array(columns.indices)), edge(columns.indices.reversed()))
    }

    /// Measured on those recordings: "adding: the slash draws on from its start with a ≈7 %
    /// overshoot of its length that settles over ≈0.33 s". Per 30 fps frame (the first visible
    /// change half a frame after the start), the slash's length along its axis: a peak of 1.05–1.09
    /// × its length at rest once drawn, back within 1 % by 0.33 s (± one frame), and its start (the
    /// left end) fixed.
    @Test func addedSlashOvershootsItsLengthAndSettles() throws {
        func frames(_ events: [TimelineEvent]) throws -> [(t: Double, v: (left: Double, right: Double))] {
            try P.series([Self.plain, Self.slashed], events, times: P.times(until: 0.6, step: P.frame), Self.extent)
        }
        let magic = SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp)))))
        let s = try frames([.replace(with: 1, effect: magic, at: 0)])
        let rest = s.last!.v, length = rest.right - rest.left
        #expect(abs(length - 80 * 0.64) < 1, "slash \(length) px at rest")
        let ratio = s.map { (t: $0.t - P.frame / 2, v: ($0.v.right - $0.v.left) / length) }
        let peak = ratio.max { $0.v < $1.v }!
        #expect(peak.v >= 1.05 && peak.v <= 1.09, "peak ×\(peak.v) at \(peak.t) s")
        #expect(P.within(peak.t, 0.2...0.33), "peak at \(peak.t) s")
        let settled = (ratio.last { abs($0.v - 1) > 0.01 }?.t ?? 9) + P.frame
        #expect(P.within(settled, 0.33...0.33), "settled within 1 % at \(settled) s")
        // Drawn on from its start, which stays put while the other end overshoots.
        #expect(s.dropFirst().allSatisfy { $0.v.right == 0 || abs($0.v.left - rest.left) < 0.25 }, "\(s.map(\.v.left))")
        // `.speed(2)` plays it twice as fast; Reduce Motion draws it without the overshoot.
        let fast = try frames([.replace(with: 1, effect: magic, options: .speed(2), at: 0)])
        let fastPeak = fast.max { $0.v.right - $0.v.left < $1.v.right - $1.v.left }!
        #expect(abs((fastPeak.v.right - fastPeak.v.left) / length - 1.07) < 0.02 && fastPeak.t <= peak.t / 2 + P.frame, "\(fastPeak)")
        let tl = try Timeline(documents: [Self.plain, Self.slashed], events: [.replace(with: 1, effect: magic, at: 0)],
                              style: TimelineStyle(reduceMotion: true))
        let calm = P.times(until: 0.6, step: P.frame).map { t in
            Self.extent(FrameRenderer().render([Self.plain, Self.slashed], pose: tl.pose(atSeconds: t), settings: P.settings)!)
        }
        #expect(calm.allSatisfy { $0.right - $0.left <= length + 0.25 }, "Reduce Motion: \(calm.map { $0.right - $0.left })")
    }

    /// The overshoot measured is a straight slash's. A bent draw path (a checkmark: its corner
    /// 13 units off its chord of 80) draws on without it: stretching it along its chord would
    /// skew it. A path within 5 % of its chord still stretches (the bar above).
    @Test func bentDrawPathDrawsOnWithoutTheStretch() throws {
        let check = AppleMotionTests.template(Self.body + #"<path class="monochrome-1" d="M10 -97 L30 -84 L90 -97 L90 -89 L30 -76 L10 -89 Z" data-draw-guides="start 10 -93 corner 30 -80 end 90 -93"/>"#)
        let nearlyStraight = AppleMotionTests.template(Self.body + #"<path class="monochrome-1" d="M10 -97 L50 -95 L90 -97 L90 -89 L50 -87 L10 -89 Z" data-draw-guides="start 10 -93 corner 50 -91 end 90 -93"/>"#)
        let magic = SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp)))))
        func transforms(_ doc: SymbolDocument) throws -> [Transform] {
            let tl = try Timeline(documents: [Self.plain, doc], events: [.replace(with: 1, effect: magic, at: 0)])
            return P.times(until: 0.5, step: 1.0 / 240).map { tl.pose(atSeconds: $0).symbols.last!.layers[1].transform }
        }
        #expect(try transforms(check).allSatisfy { $0 == .identity })
        #expect(try transforms(nearlyStraight).contains { abs($0.determinant - 1.07) < 0.005 })
    }

    /// Measured on those recordings: "removing: the slash retracts toward its start point": its
    /// start (left) end stays put while the other end comes back to it.
    @Test func removedSlashRetractsTowardItsStart() throws {
        let magic = SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp)))))
        let s: [(t: Double, v: (left: Double, right: Double))] = try P.series([Self.slashed, Self.plain], [.replace(with: 1, effect: magic, at: 0)],
                                                                             times: P.times(until: 0.25, step: P.frame), Self.extent)
        let left = s[0].v.left
        let shown = s.filter { $0.v.right - $0.v.left > 2 }
        #expect(shown.count >= 4 && shown.allSatisfy { abs($0.v.left - left) < 0.25 }, "\(s)")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $1.v.right <= $0.v.right + 0.01 } && shown.last!.v.right < shown[0].v.right - 30,
                "the far end comes back: \(s)")
    }

    /// The sample bell.slash (draw data from `data-clipstroke-keyframes` ribs, drawn from the upper
    /// left): at the overshoot the slash's pose stretches it about its upper-left end, along its
    /// own length. The ends are the two outline points farthest apart (not the ribs).
    @Test func sampleSlashStretchesAboutItsStart() throws {
        let root = packageRoot.appendingPathComponent("Samples").path
        let bell = try SymbolReader.read(contentsOf: root + "/bell.svg"), slashed = try SymbolReader.read(contentsOf: root + "/bell.slash.svg")
        let layers = slashed.layers(for: .monochrome)
        let k = try #require(layers.firstIndex { $0.annotations.layerTags == ["slash"] })
        let points = layers[k].parts.flatMap { slashed.shapes[$0.shape].path.flattened(tolerance: 0.01).points }
        var (a, b) = (points[0], points[0])
        for p in points { for q in points where p.distance(to: q) > a.distance(to: b) { (a, b) = (p, q) } }
        if b.x < a.x { (a, b) = (b, a) }
        let tl = try Timeline(documents: [bell, slashed], events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 0)])
        let poses = P.times(until: 0.5, step: 1.0 / 240).map { tl.pose(atSeconds: $0).symbols.last!.layers[k].transform }
        let ratios = poses.map { $0.apply(a).distance(to: $0.apply(b)) / a.distance(to: b) }
        let top = ratios.indices.max { ratios[$0] < ratios[$1] }!
        #expect(abs(ratios[top] - 1.07) < 0.005, "peak ×\(ratios[top])")
        // The point that stays is at its start: within a few slash widths of the upper-left tip
        // (its draw path starts just inside its round end), on every frame.
        let u = (b - a) * (1 / a.distance(to: b))
        let width = points.map { p in abs((p - a).x * u.y - (p - a).y * u.x) }.max()!
        for (t, r) in zip(poses, ratios) where r > 1.01 {
            let back = t.apply(a) - a, fixed = -(back.x * u.x + back.y * u.y) / (r - 1)
            #expect(fixed >= 0 && fixed <= 1.5 * width && abs(back.x * u.y - back.y * u.x) < 0.01, "stays \(fixed) from the tip, width \(width)")
        }
        let moved = poses[top].apply(b) - b
        let along = moved.x * u.x + moved.y * u.y, across = moved.x * u.y - moved.y * u.x
        #expect(along > 0.065 * a.distance(to: b) && abs(across) < 0.02 * along, "along \(along), across \(across)")  // within 1.2°
        #expect(poses.last!.isIdentity)
    }
}
