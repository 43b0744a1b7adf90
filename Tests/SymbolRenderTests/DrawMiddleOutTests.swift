import Foundation
import Testing
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender

/// Waves drawn from the middle out (`apple-v7-draw-middle-out.svg`, written as SF Symbols 7
/// writes a speaker's waves: first rib flagged 8 at progress 0 in the middle, then one end, then
/// the other with its points listed the other way round; a real export of Apple's own
/// speaker.wave.3.fill has exactly this form). Judged by the evident design, frame by frame at
/// 30 fps in monochrome: each wave grows both ways from its middle on Draw On (its middle shows
/// before its ends, and as much of it lies above the centre line as below) and shrinks toward
/// both ends on Draw Off, leaving nothing of its middle, not even a hairline along the outline.
///
/// Provenance: evident design; points in the fixture's own symbol units, alpha read at 400 px.
@Suite struct DrawMiddleOutTests {
    static let size = 400
    static let cy = -70.459 / 2
    static let radii = [22.0, 34.0, 46.0]

    struct Frame {
        let bitmap: Bitmap
        let place: Transform
        /// The design's x = 0 in symbol units (the generator moves the glyph to its left margin).
        let dx: Double
        func alpha(_ x: Double, _ y: Double) -> Int {
            let p = place.apply(Point(x + dx, y))
            return Int(bitmap.pixel(x: Int(p.x), y: Int(p.y)).a)
        }
        /// Ink of the waves (right of the body) above and below the centre line.
        func halves() -> (above: Int, below: Int) {
            let centre = place.apply(Point(0, DrawMiddleOutTests.cy)).y, left = place.apply(Point(30 + dx, 0)).x
            var above = 0, below = 0
            for y in 0..<bitmap.height { for x in Int(left)..<bitmap.width where bitmap.pixel(x: x, y: y).a > 127 {
                if Double(y) < centre { above += 1 } else { below += 1 }
            } }
            return (above, below)
        }
    }

    func frames(_ effect: SymbolEffect) throws -> [(shown: Double, frame: Frame)] {
        let doc = try RealStructureTests.fixture("apple-v7-draw-middle-out.svg")
        #expect(doc.shapes.filter { $0.drawKeyframes != nil }.count == 3)
        let settings = RenderSettings(width: Self.size, height: Self.size, size: .fraction(0.5), mode: .monochrome, colors: [.black])
        let place = SymbolPlacement.transform(for: doc, width: Self.size, height: Self.size, size: settings.size)
        let timeline = try Timeline(documents: [doc], mode: .monochrome, events: [.discrete(effect, at: 0)])
        // The body's rounded rectangle starts at x = 2 in the design.
        let dx = try #require(doc.shapes.first { $0.drawKeyframes == nil }).path.bounds.minX - 2
        let waves = try #require(doc.layers(for: .monochrome).firstIndex { $0.parts.contains { doc.shapes[$0.shape].drawKeyframes != nil } })
        var out: [(Double, Frame)] = []
        for k in 0...Int(timeline.naturalDuration * 30) {
            let pose = timeline.pose(atSeconds: Double(k) / 30)
            guard let range = pose.symbols[0].layers[waves].drawRange else { continue }
            let shown = range.upperBound - range.lowerBound
            guard shown > 0.05, shown < 0.95 else { continue }
            out.append((shown, Frame(bitmap: try #require(FrameRenderer().render([doc], pose: pose, settings: settings)), place: place, dx: dx)))
        }
        #expect(out.count >= 5)
        return out
    }

    @Test func drawOnGrowsBothWaysFromTheMiddle() throws {
        for (shown, f) in try frames(SymbolEffect(.drawOn)) {
            for r in Self.radii {
                #expect(f.alpha(14 + r, Self.cy) > 250, "shown \(shown): the middle of the wave of radius \(r) is not drawn" as Comment)
                if shown < 0.5 {
                    let end = 41.0 * .pi / 180
                    for sign in [-1.0, 1.0] {
                        let a = f.alpha(14 + r * cos(end), Self.cy + sign * r * sin(end))
                        #expect(a < 5, "shown \(shown): an end of the wave of radius \(r) is drawn (alpha \(a))" as Comment)
                    }
                }
            }
            // Both halves alike once they are more than stubs (each cut's round cap leans by its
            // sides' lengths, which differ between the two ways by a few pixels).
            let (above, below) = f.halves()
            if shown >= 0.25 {
                #expect(abs(above - below) * 10 <= max(above, below), "shown \(shown): \(above) px above, \(below) below" as Comment)
            }
        }
    }

    @Test func drawOffLeavesNothingOfTheMiddle() throws {
        // Once less than 60 % shows, the caps closing each way's cut (as wide as the wave) no
        // longer reach the middle of even the smallest wave.
        for (shown, f) in try frames(SymbolEffect(.drawOff(reversed: false))) where shown < 0.6 {
            for r in Self.radii {
                // The centre line and both edges of the outline (half width 3.5), a pixel inside.
                for dr in [-3.0, 0, 3.0] {
                    let a = f.alpha(14 + r + dr, Self.cy)
                    #expect(a <= 2, "shown \(shown): the middle of the wave of radius \(r) shows alpha \(a) at \(dr)" as Comment)
                }
            }
            let (above, below) = f.halves()
            #expect(above > 0 && abs(above - below) * 10 <= max(above, below),
                    "shown \(shown): \(above) px above, \(below) below" as Comment)
        }
    }
}
