import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
import Testing
@testable import SymbolRender

/// Draw clips in pixels: nothing at progress 0, exactly the static layer at 1, and coverage that
/// never falls as progress rises (per pixel, ±1 level for 8-bit rounding), for every kind of
/// draw line: ribs (checkmark, wave, ring, progress ring, thermometer), the automatic centre line
/// (star, fan, bell) and open strokes that draw along themselves (plain icons). (bell.slash is
/// left out: its clear-behind gap rightly removes coverage as it draws.)
@Suite struct DrawRenderTests {
    static let samples = SymbolGoldenTests.samples

    static let cases = ["checkmark.svg", "wave.svg", "ring.svg", "progress.ring.svg", "bell.svg", "star.svg", "fan.svg",
                        "thermometer.svg", "icons/leaf.svg", "icons/timer.svg"]

    /// One renderer for all frames of a test, as in a clip (it keeps the draw lines).
    private let renderer = FrameRenderer()

    private func render(_ doc: SymbolDocument, _ range: ClosedRange<Double>?, track: Double = 0) -> Bitmap {
        let layers = doc.layers(for: .monochrome).map { _ in LayerPose(drawRange: range, drawTrackOpacity: track) }
        let pose = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: layers)])
        let s = RenderSettings(width: 160, height: 160, background: .transparent, size: .fraction(0.6), mode: .monochrome,
                               colors: [.black], accentColor: .black, gradient: false)
        return renderer.render([doc], pose: pose, settings: s)!
    }

    private func alphas(_ b: Bitmap) -> [UInt8] { stride(from: 3, to: b.pixels.count, by: 4).map { b.pixels[$0] } }

    @Test(arguments: cases)
    func coverageIsMonotonicAndExactAtTheEnds(_ name: String) throws {
        let doc = try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent(name).path)
        #expect(alphas(render(doc, 0...0)).allSatisfy { $0 == 0 }, "progress 0 shows nothing")
        let full = render(doc, 0...1)
        let rest = FrameRenderer().render([doc], pose: Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: [])]),
                                          settings: RenderSettings(width: 160, height: 160, background: .transparent, size: .fraction(0.6),
                                                                   mode: .monochrome, colors: [.black], accentColor: .black, gradient: false))!
        #expect(full.pixels == rest.pixels, "progress 1 is the static symbol, pixel for pixel")
        var previous = [UInt8](repeating: 0, count: 160 * 160)
        var grew = 0
        for k in 1...20 {
            let a = alphas(render(doc, 0...(Double(k) / 20 * 0.999)))
            let shrunk = zip(a, previous).filter { Int($0) < Int($1) - 1 }.count
            // Known, and Apple's own: thermometer.svg's mercury narrows from its bulb into the stem
            // between its first two ribs, so there its two sides bend towards each other. A cut
            // there is capped as Apple's renderer caps it (docs/draw.md, "The cut at a corner"):
            // squared across one side's tangent, then a half disc. One frame's squared cap reaches
            // over the shoulder of the other side. The next frame's cut, further up, is squared
            // across a tangent that has turned, and its straight edge (the moved point to the cut,
            // along the tangent) leaves that part of the shoulder out. Up to 100 pixels at 160 px
            // flicker off for a frame or two. The second reading (Tests/Reference/draw_reading.py,
            // written from our reading of Apple's renderer, not from our code) loses pixels in the
            // same place: up to 158 at 320 px between 0.30 and 0.40 of the draw. Every other case,
            // the black checkmark included, never loses a pixel.
            let lost = "\(name): \(shrunk) pixels lost coverage at progress \(Double(k) / 20)"
            if name == "thermometer.svg" {
                KnownDeviation("thermometer.svg: the squared cap on the mercury's shoulder (≤ 110 at 160 px)")
                    .expect(strict: shrunk == 0, tolerated: shrunk <= 110, lost)
            } else {
                #expect(shrunk == 0, "\(lost)")
            }
            if a != previous { grew += 1 }
            previous = a
        }
        #expect(grew >= 15, "the reveal should grow through the draw")
        // Just short of the end, the clip already covers the outline: what is left is the
        // last sliver of the draw line, so only few pixels may differ.
        let nearlyFull = alphas(full)
        let missing = zip(previous, nearlyFull).filter { Int($1) - Int($0) > 8 }.count
        #expect(Double(missing) / Double(nearlyFull.filter { $0 > 0 }.count) < 0.02, "\(name): \(missing) pixels still missing at 0.999")
    }

    /// Weight-interpolated variants keep their draw data (ribs are positions on the outline).
    @Test(arguments: [SymbolWeight.ultralight, .semibold, .black])
    func interpolatedWeightsDrawToo(_ weight: SymbolWeight) throws {
        let doc = try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent("checkmark.circle.svg").path,
                                        options: ReadOptions(weight: weight))
        #expect(doc.shapes.contains { $0.drawKeyframes != nil })
        let full = alphas(render(doc, 0...1))
        var previous = [UInt8](repeating: 0, count: full.count)
        for k in 1...10 {
            let a = alphas(render(doc, 0...(Double(k) / 10 * 0.999)))
            let lost = zip(a, previous).filter { Int($0) < Int($1) - 1 }.count
            #expect(lost == 0, "\(weight) at \(Double(k) / 10): \(lost) pixels lost coverage")
            previous = a
        }
        #expect(zip(previous, full).filter { Int($1) - Int($0) > 8 }.count * 50 < full.filter { $0 > 0 }.count)
    }

    @Test func drawOffRangesShrinkFromTheStartOrTheEnd() throws {
        let doc = try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent("checkmark.svg").path)
        let full = alphas(render(doc, 0...1))
        let front = alphas(render(doc, 0.5...1)), back = alphas(render(doc, 0...0.5))
        // The two halves cover the whole checkmark between them, each shows part of it.
        let covered = zip(front, back).map { max($0, $1) }
        #expect(zip(covered, full).filter { Int($1) - Int($0) > 8 }.count < 20)
        #expect(front.filter { $0 > 128 }.count > 200 && back.filter { $0 > 128 }.count > 200)
        // The first half is the short arm (left), the second the long one (right).
        func meanX(_ a: [UInt8]) -> Double {
            let xs = a.indices.filter { a[$0] > 128 }.map { Double($0 % 160) }
            return xs.reduce(0, +) / Double(xs.count)
        }
        #expect(meanX(back) < meanX(front))
    }

    @Test func variableDrawShowsTheUndrawnPartAsATrack() throws {
        let doc = try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent("ring.svg").path)
        let full = alphas(render(doc, 0...1))
        let tracked = alphas(render(doc, 0...0, track: 0.3))
        // Where the ring is solid, the track is 30 % of it (±2 levels).
        for (t, f) in zip(tracked, full) where f == 255 { #expect(abs(Int(t) - 77) <= 2) }
    }

    /// A hand-made band: a 100 × 10 rectangle (perimeter 220) walked clockwise from (0, 0), with
    /// ribs across it at x = 5 (t = 0), 50 (t = 0.5) and 95 (t = 1): the centre line is y = 5.
    @Test func ribsGiveTheCentreLineThroughTheirMidpoints() throws {
        var b = PathBuilder()
        b.move(to: Point(0, 0)); b.line(to: Point(100, 0)); b.line(to: Point(100, 10)); b.line(to: Point(0, 10)); b.close()
        func rib(_ x: Double, _ t: Double) -> DrawRib {
            DrawRib(flags: 0, t: t, start: OutlinePosition(subpath: 0, fraction: x / 220), end: OutlinePosition(subpath: 0, fraction: (210 - x) / 220))
        }
        let line = try #require(DrawGeometry.fromRibs(b.path, [rib(5, 0), rib(50, 0.5), rib(95, 1)]))
        #expect(line.points.allSatisfy { abs($0.y - 5) < 1e-6 })
        #expect(abs(line.points.first!.x - 5) < 1e-6 && abs(line.points.last!.x - 95) < 1e-6)
        #expect(zip(line.points, line.progress).allSatisfy { abs($1 - ($0.x - 5) / 90) < 1e-6 })
        let shape = SymbolShape(path: b.path, fill: Fill(paint: .solid(.black)),
                                drawKeyframes: DrawKeyframes(version: 0, sets: [[rib(5, 0), rib(50, 0.5), rib(95, 1)]]))
        let covered = DrawGeometry.lines(for: shape)
        // Radii reach the outline: half the height in the middle, more at the ends (the corners).
        #expect(covered.count == 1 && covered[0].radii.allSatisfy { $0 >= 5 })
    }

    @Test func automaticCentreLinesFollowRingsAndBands() {
        var ring = PathBuilder()
        ring.ellipse(center: Point(50, 50), rx: 40, ry: 40)
        ring.ellipse(center: Point(50, 50), rx: 30, ry: 30)
        let rings = DrawGeometry.automatic(ring.path)
        #expect(rings.count == 1)
        #expect(rings[0].points.allSatisfy { abs($0.distance(to: Point(50, 50)) - 35) < 0.5 })
        // Starts at the top and turns clockwise on screen (towards +x first).
        #expect(abs(rings[0].points[0].x - 50) < 3 && rings[0].points[0].y < 20 && rings[0].points[3].x > rings[0].points[0].x)

        var band = PathBuilder()
        band.rect(Rect(x: 10, y: 40, width: 80, height: 8))
        let bands = DrawGeometry.automatic(band.path)
        #expect(bands.count == 1)
        let pts = bands[0].points
        #expect(pts.allSatisfy { abs($0.y - 44) < 1.5 }, "the centre line runs along the band: \(pts.map { ($0.x, $0.y) })")
        #expect(pts.first!.x < 20 && pts.last!.x > 80, "from the left end to the right end")
    }

    @Test func attachmentsRideOnTheTipAndTurnWithIt() throws {
        // An L: right 10, then down 10; progress by arc length.
        let line = DrawLine(points: [Point(0, 0), Point(10, 0), Point(10, 10)], progress: [0, 0.5, 1], radii: [1, 1, 1])
        // At rest (progress 1) the attachment stays where it is.
        let rest = try #require(DrawGeometry.attachmentTransform(line, anchor: Point(10, 10), upTo: 1))
        #expect(rest.apply(Point(10, 10)).distance(to: Point(10, 10)) < 1e-9 && rest.apply(Point(10, 12)).distance(to: Point(10, 12)) < 1e-9)
        // A quarter in, the tip is at (5, 0) heading +x: the anchor moves there and the part turns
        // a quarter turn back (what pointed down, +y, now points along +x).
        let quarter = try #require(DrawGeometry.attachmentTransform(line, anchor: Point(10, 10), upTo: 0.25))
        #expect(quarter.apply(Point(10, 10)).distance(to: Point(5, 0)) < 1e-9)
        #expect(quarter.apply(Point(10, 12)).distance(to: Point(7, 0)) < 1e-9)
    }

    @Test func theArrowSampleDrawsItsShaftAndCarriesItsHead() throws {
        let doc = try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent("icons/arrow.curve.svg").path)
        #expect(doc.shapes.count == 2 && doc.shapes[1].drawGuides?.attachment == Point(16, 7))
        #expect(doc.shapes[0].drawGuides?.strokes.first?.points.map(\.kind) == [.start, .point, .end])
        let full = alphas(render(doc, 0...1))
        let early = alphas(render(doc, 0...0.2))
        // Early on, something is drawn (the head rides at the tip near the shaft's foot, lower left)…
        let drawn = early.indices.filter { early[$0] > 128 }
        #expect(drawn.count > 50)
        let meanY = drawn.reduce(0.0) { $0 + Double($1 / 160) } / Double(drawn.count)
        let fullDrawn = full.indices.filter { full[$0] > 128 }
        let fullY = fullDrawn.reduce(0.0) { $0 + Double($1 / 160) } / Double(fullDrawn.count)
        #expect(meanY > fullY + 10, "early pixels sit low, near the foot of the shaft")
    }

    @Test func drawGuidesAreReadAndFollowed() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <path transform="translate(10 0)" d="M0 45 H80 V55 H0 Z" data-draw-guides="start 0 50 corner 80 50"/>
        <path d="M0 0 H1 V1 Z" data-draw-guides="start 0 0 wobble 1 1"/>
        </svg>
        """
        let doc = try SymbolReader.read(data: Array(svg.utf8), fileName: "g.svg")
        let guides = try #require(doc.shapes[0].drawGuides)
        #expect(guides.strokes.count == 1 && guides.strokes[0].points.map(\.point) == [Point(10, 50), Point(90, 50)])
        #expect(doc.shapes[1].drawGuides == nil)
        #expect(doc.diagnostics.contains { $0.code == "bad-draw-guides" && $0.message.contains("'wobble' is not a guide kind") })
        let line = try #require(DrawGeometry.lines(for: doc.shapes[0]).first)
        #expect(line.points.allSatisfy { abs($0.y - 50) < 1e-9 } && line.points.first!.x == 10 && line.points.last!.x == 90)
    }
}

/// Magic Replace in pixels: a layer both symbols share (the ring of circle → checkmark.circle,
/// monochrome, so the same geometry and role) keeps every pixel through the transition, while
/// the check draws on inside it.
@Suite struct MagicReplaceRenderTests {
    @Test func aSharedLayerKeepsItsPixels() throws {
        let docs = try ["circle.svg", "checkmark.circle.svg"].map {
            try SymbolReader.read(contentsOf: DrawRenderTests.samples.appendingPathComponent($0).path)
        }
        let tl = try Timeline(documents: docs, mode: .monochrome,
                              events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 0.5)])
        #expect(tl.diagnostics.isEmpty)
        let s = RenderSettings(width: 120, height: 120, background: .transparent, size: .fraction(0.6), mode: .monochrome,
                               colors: [.black], accentColor: .black, gradient: false)
        let renderer = FrameRenderer()
        let before = renderer.render(docs, pose: tl.pose(atSeconds: 0.4), settings: s)!
        // The ring is everything drawn before the replace; the check sits inside the ring's hole.
        let ring = (0..<(120 * 120)).filter { before.pixels[$0 * 4 + 3] > 0 }
        #expect(ring.count > 500)
        var checkGrew = false
        for t in stride(from: 0.5, through: 1.6, by: 0.05) {
            let frame = renderer.render(docs, pose: tl.pose(atSeconds: t), settings: s)!
            let changed = ring.filter { i in (0..<4).contains { frame.pixels[i * 4 + $0] != before.pixels[i * 4 + $0] } }
            #expect(changed.isEmpty, "at \(t) s, \(changed.count) ring pixels changed")
            if frame.pixels.count(where: { $0 != 0 }) > before.pixels.count(where: { $0 != 0 }) { checkGrew = true }
        }
        #expect(checkGrew, "the check draws on")
    }

    /// Two icons whose only shapes are rectangles of different widths (same path structure):
    /// halfway through the morph the drawn rectangle is halfway between them.
    @Test func sameStructureMorphs() throws {
        func icon(_ w: Int) throws -> SymbolDocument {
            try SymbolReader.read(data: Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><path d='M10 40 H\(10 + w) V60 H10 Z'/></svg>".utf8),
                                  fileName: "r\(w).svg")
        }
        let docs = [try icon(20), try icon(80)]
        let tl = try Timeline(documents: docs, mode: .monochrome,
                              events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 0)])
        let s = RenderSettings(width: 100, height: 100, background: .transparent, size: .fraction(1), mode: .monochrome,
                               colors: [.black], accentColor: .black, gradient: false)
        func width(at t: Double) -> Int {
            let b = FrameRenderer().render(docs, pose: tl.pose(atSeconds: t), settings: s)!
            return (0..<100).filter { x in b.pixels[(50 * 100 + x) * 4 + 3] > 127 }.count
        }
        #expect(abs(width(at: 0) - 20) <= 1)
        // Ease-in-out at half the magic duration (0.45 s) is exactly halfway.
        #expect(abs(width(at: 0.225) - 50) <= 1)
        #expect(abs(width(at: 1) - 80) <= 1)
    }
}
