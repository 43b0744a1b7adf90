import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rotation marks (as SF Symbols 6 and 7 export them), checked on rendered pixels:
/// `.rotate.byLayer` turns exactly the layers marked `-sfsymbols-always-rotates`, the way
/// `-sfsymbols-rotates-clockwise` says, about the variant's `<variant>-rotate-anchor`; a Wiggle
/// without a direction follows `-sfsymbols-wiggle-style`. Angles come from the second moments of
/// the bar's ink.
@Suite struct RotationMarksTests {
    typealias P = MotionProbe

    /// A 40 × 12 bar (layer 1, centre (50, −50)) over a static strip along the baseline (layer
    /// 0); `anchor` adds a rotate-anchor circle at (40, −50), 10 units left of the bar's centre.
    static func symbol(marks: String, anchor: Bool = true) -> SymbolDocument {
        let rule = marks.isEmpty ? "" : "<style>.monochrome-1 {\(marks)}</style>"
        let node = anchor ? #"<circle id="Regular-M-rotate-anchor" cx="40" cy="-50" r="1.5"/>"# : ""
        return try! SymbolReader.read(data: Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">\(rule)
        <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
        <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
        <g id="Regular-M" transform="translate(100 200)">
        <path class="monochrome-0" d="M0 -8 H100 V0 H0 Z"/><path class="monochrome-1" d="M30 -56 H70 V-44 H30 Z"/>\(node)</g></svg>
        """.utf8), fileName: "marks.svg")
    }

    /// Pixel rows of the strip (y −8…0 → 155…160) and of everything above it.
    static let stripRows = 150...165, barRows = 0...145

    static func frame(_ doc: SymbolDocument, _ effect: SymbolEffect, at t: Double) throws -> (bar: P.Ink, strip: [UInt8]) {
        let tl = try Timeline(documents: [doc], events: [.discrete(effect, options: .default, at: 0)])
        let b = FrameRenderer().render([doc], pose: tl.pose(atSeconds: t), settings: P.settings)!
        let strip = stripRows.flatMap { y in (0...255).map { b.pixel(x: $0, y: y).a } }
        return (P.ink(b, (x: 0...255, y: barRows)), strip)
    }

    @Test func byLayerTurnsOnlyTheMarkedLayerItsMarkedWayAboutTheAnchor() throws {
        let doc = Self.symbol(marks: "-sfsymbols-always-rotates:true; -sfsymbols-rotates-clockwise:false")
        #expect(doc.layers[.monochrome]?[1].annotations.rotationAnchor == Point(40, -50))
        #expect(doc.shapes.count == 2, "the anchor circle is no shape of the symbol")
        let rest = try Self.frame(doc, SymbolEffect(.rotate(nil), scope: .byLayer), at: 0)
        let (ax, ay) = P.pixel(40, -50)
        for t in [0.1, 0.15, 0.2] {
            let f = try Self.frame(doc, SymbolEffect(.rotate(nil), scope: .byLayer), at: t)
            #expect(f.strip == rest.strip, "the unmarked strip moved at \(t) s")
            // Counter-clockwise on screen: the angle (clockwise positive) goes negative.
            #expect(f.bar.angle < -3, "angle \(f.bar.angle)° at \(t) s")
            // The bar's centre turns about the anchor: it stays 10 units (6.4 px) from it, at
            // the bar's angle.
            let theta = f.bar.angle * .pi / 180
            let (px, py) = (ax + 6.4 * cos(theta), ay + 6.4 * sin(theta))
            #expect(abs(f.bar.cx - px) < 0.3 && abs(f.bar.cy - py) < 0.3,
                    "centre (\(f.bar.cx), \(f.bar.cy)), expected (\(px), \(py)) at \(t) s")
        }
    }

    @Test func aGivenDirectionTurnsTheFirstMarkedLayerThatWay() throws {
        let doc = Self.symbol(marks: "-sfsymbols-always-rotates:true; -sfsymbols-rotates-clockwise:false")
        let cw = try Self.frame(doc, SymbolEffect(.rotate(.clockwise), scope: .byLayer), at: 0.17)
        let ccw = try Self.frame(doc, SymbolEffect(.rotate(.counterClockwise), scope: .byLayer), at: 0.17)
        #expect(cw.bar.angle > 3 && ccw.bar.angle < -3, "\(cw.bar.angle)°, \(ccw.bar.angle)°")
        #expect(abs(cw.bar.angle + ccw.bar.angle) < 0.5)
    }

    @Test func withoutAnAnchorNodeTheLayerTurnsAboutItsOwnCentre() throws {
        let doc = Self.symbol(marks: "-sfsymbols-always-rotates:true", anchor: false)
        let f = try Self.frame(doc, SymbolEffect(.rotate(nil), scope: .byLayer), at: 0.17)
        let (cx, cy) = P.pixel(50, -50)
        #expect(f.bar.angle > 3)
        #expect(abs(f.bar.cx - cx) < 0.3 && abs(f.bar.cy - cy) < 0.3)
    }

    @Test func wholeSymbolAndUnmarkedSymbolsTurnEverything() throws {
        let marked = Self.symbol(marks: "-sfsymbols-always-rotates:true")
        let unmarked = Self.symbol(marks: "")
        let rest = try Self.frame(marked, SymbolEffect(.rotate(nil), scope: .wholeSymbol), at: 0)
        let whole = try Self.frame(marked, SymbolEffect(.rotate(nil), scope: .wholeSymbol), at: 0.17)
        let plain = try Self.frame(unmarked, SymbolEffect(.rotate(nil), scope: .byLayer), at: 0.17)
        // The strip turns too (the bar sits on the turning centre, so its own angle is blurred
        // by the strip's ink rising into its rows and is not measured here).
        #expect(whole.strip != rest.strip && plain.strip != rest.strip)
        #expect(whole.strip == plain.strip, "an unmarked symbol's byLayer turn is the whole symbol's")
    }

    @Test func wiggleFollowsTheMarkedStyle() throws {
        for (style, sign) in [("clockwise", 1.0), ("counterclockwise", -1.0)] {
            let doc = Self.symbol(marks: "-sfsymbols-wiggle-style:\(style)")
            #expect(doc.layers[.monochrome]?[1].annotations.rotationAnchor == Point(40, -50), "a turning wiggle's pivot")
            var first = 0.0
            for t in stride(from: 0.01, through: 0.25, by: 0.01) {
                let f = try Self.frame(doc, SymbolEffect(.wiggle(nil), scope: .byLayer), at: t)
                if abs(f.bar.angle) > abs(first) { first = f.bar.angle }
            }
            // The first swing: Apple's measured 9.6°, in the marked direction.
            #expect(abs(first - sign * 9.6) <= 1.2, "\(style): first swing \(first)°")
            // An explicit direction wins over the style: a sideways wiggle does not turn.
            let left = try Self.frame(doc, SymbolEffect(.wiggle(.left), scope: .byLayer), at: 0.15)
            let rest = try Self.frame(doc, SymbolEffect(.wiggle(.left), scope: .byLayer), at: 0)
            #expect(abs(left.bar.angle) < 0.2 && left.bar.cx < rest.bar.cx - 2, "\(left.bar.angle)°, x \(left.bar.cx)")
        }
    }
}
