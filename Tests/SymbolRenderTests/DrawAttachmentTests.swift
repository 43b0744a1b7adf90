import Foundation
import Testing
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// A Draw On of `apple-v7-draw-arrow-bubble.svg` (Apple's attachment encoding) and of
/// `apple-v7-draw-caption-wrap.svg` (the structure of the one real export with attachments: the
/// arc is the fifth path, and its ribs' second points run backwards through the outline's start),
/// frame by frame at
/// 30 fps in multicolor: the arrowhead is on screen from the first frame that draws anything to
/// the last, always within a few pixels of the tip of the arc's revealed pixels (found from the
/// pixels, as the revealed point farthest round the ring from the arc's start); and every frame
/// without the arrowhead is inside the still's ink (the symbol never moves or rescales); and the
/// arc draws progressively from its first frame (while a tenth of it is drawn, it shows under a
/// quarter of its pixels), never whole at once.
@Suite struct DrawAttachmentTests {
    static let size = 256

    private func ink(_ b: Bitmap) -> [Bool] { stride(from: 3, to: b.pixels.count, by: 4).map { b.pixels[$0] > 127 } }

    @Test(arguments: ["apple-v7-draw-arrow-bubble.svg", "apple-v7-draw-caption-wrap.svg"])
    func theArrowheadRidesTheTipAndNothingMoves(_ name: String) throws {
        let file = DialectReferenceTests.fixtures.appendingPathComponent(name).path
        let doc = try SymbolReader.read(contentsOf: file, options: ReadOptions(weight: .regular, scale: .small))
        let head = try #require(doc.shapes.firstIndex { $0.isAttachment }, "the arrowhead is read as an attachment")
        let carrier = try #require(doc.shapes[head].drawGuides?.carrier)
        #expect(doc.shapes[carrier].drawKeyframes != nil, "the named carrier is the arc")
        var headless = doc
        headless.shapes[head].path = Path()
        let settings = RenderSettings(width: DrawAttachmentTests.size, height: DrawAttachmentTests.size, size: .fraction(0.6),
                                      mode: .multicolor, colors: [.black])
        let still = try #require(FrameRenderer().render(headless, settings: settings))
        let stillInk = ink(still)
        // The ring's centre: the middle of the bubble's (blue) pixels in the still.
        var sx = 0.0, sy = 0.0, n = 0.0
        for i in 0..<(still.width * still.height) where still.pixels[4 * i + 2] > 200 && still.pixels[4 * i] < 80 && still.pixels[4 * i + 3] > 200 {
            sx += Double(i % still.width); sy += Double(i / still.width); n += 1
        }
        let centre = Point(sx / n, sy / n)
        let startAngle = -50.0 * .pi / 180   // the arc's start in the design (clockwise on screen)

        func orange(_ b: Bitmap) -> Int {
            (0..<(b.width * b.height)).filter { b.pixels[4 * $0] > 200 && b.pixels[4 * $0 + 2] < 80 && b.pixels[4 * $0 + 3] > 127 }.count
        }
        let stillArc = orange(still)
        let timeline = try Timeline(documents: [doc], mode: .multicolor, events: [.discrete(SymbolEffect(.drawOn), at: 0)])
        let full = FrameRenderer(), bare = FrameRenderer()
        var checked = 0
        for frame in 0...Int(timeline.naturalDuration * 30) {
            let pose = timeline.pose(atSeconds: Double(frame) / 30)
            let carrierLayer = doc.layers(for: .multicolor).firstIndex { $0.parts.contains { $0.shape == carrier } }!
            guard let range = pose.symbols[0].layers[carrierLayer].drawRange, range.upperBound > 0.02, range.upperBound < 0.98 else { continue }
            let withHead = try #require(full.render([doc], pose: pose, settings: settings))
            let without = try #require(bare.render([headless], pose: pose, settings: settings))
            let a = ink(withHead), b = ink(without)
            if range.upperBound <= 0.1 {
                let shown = orange(without)
                #expect(shown * 4 < stillArc, "frame \(frame) (progress \(range.upperBound)): \(shown) of the arc's \(stillArc) pixels show" as Comment)
            }
            let outside = zip(b, stillInk).filter { $0 && !$1 }.count
            #expect(outside == 0, "frame \(frame): \(outside) pixels of the drawn symbol lie outside the still's ink" as Comment)
            // Arc pixels are orange (red high, blue low); the tip is the one farthest round from the start
            // (the start cap reaches a little behind the start, which reads as almost a full turn).
            var tip: Point?, farthest = -1.0
            for i in 0..<(without.width * without.height) where b[i] && without.pixels[4 * i] > 200 && without.pixels[4 * i + 2] < 80 {
                let p = Point(Double(i % without.width), Double(i / without.width))
                var angle = atan2(p.y - centre.y, p.x - centre.x) - startAngle
                angle -= 2 * .pi * (angle / (2 * .pi)).rounded(.down)
                if angle < 2 * .pi - 0.3, angle > farthest { farthest = angle; tip = p }
            }
            let headPixels = (0..<a.count).filter { a[$0] && !b[$0] }.map { Point(Double($0 % without.width), Double($0 / without.width)) }
            let progress = range.upperBound
            #expect(!headPixels.isEmpty, "frame \(frame) (progress \(progress)): the arrowhead is not drawn" as Comment)
            if let tip, let nearest = headPixels.map({ $0.distance(to: tip) }).min() {
                #expect(nearest <= 3, "frame \(frame) (progress \(progress)): the arrowhead is \(nearest) px from the tip" as Comment)
            }
            checked += 1
        }
        #expect(checked >= 10)
    }
}
