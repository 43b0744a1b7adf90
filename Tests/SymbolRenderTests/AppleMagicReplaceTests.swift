import Testing
import SymbolGeometry
import SymbolScene
import SymbolTimeline
@testable import SymbolRender

/// Magic Replace's slash, measured from rendered pixels against issue 27's recordings: a 40-unit
/// square both symbols share (it stays) and a bar with a draw guide across the top of the
/// guide box (the slash), so each is measured in its own part of the canvas.
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
        // Drawn from its start (the left end) in ≈0.2 s; the 7 % overshoot cannot pass the path's end.
        let drawn = (s.first { $0.v.slash >= 0.99 * full }?.t ?? 9) - P.frame / 2
        #expect(P.within(drawn, 0.2...0.2), "slash drawn at \(drawn) s")
        #expect(s.allSatisfy { abs($0.v.body - 1) < 0.003 }, "the rest does not bounce")
    }
}
