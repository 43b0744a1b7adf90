import Foundation
import Testing
import SymbolGeometry
import SymbolRaster
import SymbolScene
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender

/// `apple-v7-draw-ring-attachment.svg` copies the structure of the one real export whose
/// arrowhead rides its ring (our own drawing): the arrowhead and the ring's outline are two
/// subpaths of ONE path whose keyframes' ribs all lie on the ring, and the attachment property
/// sits on that layer's class rule. Frame by frame at 30 fps in multicolor, Draw On and Draw Off:
/// the ring draws progressively (a tenth of the draw shows under a quarter of its pixels; its
/// pixel count only grows while drawing on and only shrinks while drawing off) and the
/// arrowhead is on screen at the drawn end of the ring (within 3 px of the ring pixel farthest
/// round from the ring's start) in every frame that shows the ring.
///
/// Provenance: evident design (an arrowhead belongs at the head of its arrow); pixels found by
/// colour (the ring in the accent blue), the arrowhead by rendering once without it.
@Suite struct DrawRingAttachmentTests {
    static let size = 256
    static let file = "apple-v7-draw-ring-attachment.svg"

    private func ink(_ b: Bitmap) -> [Bool] { stride(from: 3, to: b.pixels.count, by: 4).map { b.pixels[$0] > 127 } }
    private func isBlue(_ b: Bitmap, _ i: Int) -> Bool { b.pixels[4 * i + 2] > 200 && b.pixels[4 * i] < 80 && b.pixels[4 * i + 3] > 127 }

    @Test func theRingIsTheCarrierAndTheArrowheadRidesIt() throws {
        let doc = try RealStructureTests.fixture(Self.file)
        let head = try #require(doc.shapes.firstIndex { $0.isAttachment }, "the arrowhead subpath is an attachment")
        let ring = try #require(doc.shapes[head].drawGuides?.carrier)
        #expect(doc.shapes[ring].drawKeyframes?.sets.first?.count == 5)
        #expect(doc.shapes[ring].path.subpaths.count == 1, "the carrier keeps only the ring")
        #expect(doc.shapes[head].path.subpaths.count == 1, "the attachment is the arrowhead alone")
        for mode in LayerMode.allCases {
            let layer = try #require(doc.layers(for: mode).first)
            #expect(layer.parts.map(\.shape) == [ring, head], "\(mode): layer 0 holds the ring and its arrowhead")
        }
    }

    @Test(arguments: [SymbolEffect(.drawOn), SymbolEffect(.drawOff(reversed: false))])
    func theRingDrawsWithTheArrowheadAtItsEnd(_ effect: SymbolEffect) throws {
        let doc = try RealStructureTests.fixture(Self.file)
        let head = try #require(doc.shapes.firstIndex { $0.isAttachment })
        var headless = doc
        headless.shapes[head].path = Path()
        let settings = RenderSettings(width: Self.size, height: Self.size, size: .fraction(0.6), mode: .multicolor, colors: [.black])
        let still = try #require(FrameRenderer().render(headless, settings: settings))
        let stillRing = (0..<(still.width * still.height)).filter { isBlue(still, $0) }
        #expect(stillRing.count > 500)
        // The ring's centre: the middle of its pixels at rest (an arc of 300°, so a little off, which
        // only shifts the angles measured from it).
        let centre = Point(Double(stillRing.reduce(0) { $0 + $1 % still.width }) / Double(stillRing.count),
                           Double(stillRing.reduce(0) { $0 + $1 / still.width }) / Double(stillRing.count))
        let startAngle = -50.0 * .pi / 180   // the arc's start in the design (clockwise on screen)
        let drawingOn = effect == SymbolEffect(.drawOn)
        let timeline = try Timeline(documents: [doc], mode: .multicolor, events: [.discrete(effect, at: 0)])
        var previous: Int?
        var checked = 0
        for frame in 0...Int(timeline.naturalDuration * 30) {
            let pose = timeline.pose(atSeconds: Double(frame) / 30)
            guard let range = pose.symbols[0].layers[0].drawRange else { continue }
            let progress = range.upperBound - range.lowerBound   // the share of the ring shown
            guard progress > 0.02, progress < 0.98 else { continue }
            let withHead = try #require(FrameRenderer().render([doc], pose: pose, settings: settings))
            let without = try #require(FrameRenderer().render([headless], pose: pose, settings: settings))
            let ringPixels = (0..<(without.width * without.height)).filter { isBlue(without, $0) }
            if drawingOn && progress <= 0.1 {
                #expect(ringPixels.count * 4 < stillRing.count,
                        "frame \(frame) (progress \(progress)): \(ringPixels.count) of the ring's \(stillRing.count) pixels show" as Comment)
            }
            if let previous {
                let grows = drawingOn ? ringPixels.count >= previous - 2 : ringPixels.count <= previous + 2
                #expect(grows, "frame \(frame): the ring went from \(previous) to \(ringPixels.count) pixels" as Comment)
            }
            previous = ringPixels.count
            // The drawn end: the ring pixel farthest round from the start (the start cap reaches a
            // little behind the start, which reads as almost a full turn).
            var tip: Point?, farthest = -1.0
            for i in ringPixels {
                let p = Point(Double(i % without.width), Double(i / without.width))
                let turn = 2 * Double.pi
                var angle: Double = atan2(p.y - centre.y, p.x - centre.x) - startAngle
                angle -= turn * (angle / turn).rounded(.down)
                if angle < 2 * .pi - 0.3, angle > farthest { farthest = angle; tip = p }
            }
            let a = ink(withHead), b = ink(without)
            let headPixels = (0..<a.count).filter { a[$0] && !b[$0] }.map { Point(Double($0 % without.width), Double($0 / without.width)) }
            #expect(!headPixels.isEmpty, "frame \(frame) (progress \(progress)): the arrowhead is not drawn" as Comment)
            if let tip, let nearest = headPixels.map({ $0.distance(to: tip) }).min() {
                #expect(nearest <= 3, "frame \(frame) (progress \(progress)): the arrowhead is \(nearest) px from the ring's end" as Comment)
            }
            checked += 1
        }
        #expect(checked >= 10)
    }
}

/// Apple's named UI element colours in multicolor (docs/rendering.md, rule 13): the bubble of
/// `apple-v7-draw-ring-attachment.svg` is `multicolor-1:labelColor` and its words
/// `multicolor-2:secondaryLabelColor`, whose class rules hold the SF Symbols app's preview grey
/// `#212121`. The label colour is black; secondary label is #3C3C43 at 60 %; no pixel is the
/// preview grey.
///
/// Provenance: the colours' values as UIKit reports them in the light appearance (published
/// tables, docs/rendering.md), not our reader.
@Suite struct ElementColorTests {
    @Test func labelColoursAreApplesNotThePreviewGrey() throws {
        let doc = try RealStructureTests.fixture(DrawRingAttachmentTests.file)
        let settings = RenderSettings(width: 256, height: 256, size: .fraction(0.6), mode: .multicolor, colors: [.black])
        let still = try #require(FrameRenderer().render(doc, settings: settings))
        var label = 0, secondary = 0, preview = 0
        for i in 0..<(still.width * still.height) {
            let a = Int(still.pixels[4 * i + 3])
            guard a > 0 else { continue }
            func straight(_ k: Int) -> Int { Int((Double(still.pixels[4 * i + k]) * 255 / Double(a)).rounded()) }
            let (r, g, b) = (straight(0), straight(1), straight(2))
            if a == 255 && r <= 2 && g <= 2 && b <= 2 { label += 1 }
            if abs(a - 153) <= 2 && abs(r - 0x3C) <= 2 && abs(g - 0x3C) <= 2 && abs(b - 0x43) <= 2 { secondary += 1 }
            if abs(r - 0x21) <= 3 && abs(g - 0x21) <= 3 && abs(b - 0x21) <= 3 { preview += 1 }
        }
        #expect(label > 300, "the bubble's label-colour pixels: \(label)" as Comment)
        #expect(secondary > 50, "the words' secondary-label pixels: \(secondary)" as Comment)
        #expect(preview == 0, "\(preview) pixels are the preview grey #212121" as Comment)
    }

    @Test func namesAreReadAsAppKitAndUIKitSpellThem() {
        #expect(ElementColor(name: "labelColor") == .label)
        #expect(ElementColor(name: "label") == .label)
        #expect(ElementColor(name: "SecondaryLabelColor") == .secondaryLabel)
        #expect(ElementColor(name: "systemFillColor") == .systemFill)
        #expect(ElementColor(name: "systemGray2Color") == .systemGray2)
        #expect(ElementColor(name: "gray4") == .systemGray4)
        #expect(ElementColor(name: "systemRedColor") == nil)
        #expect(ElementColor(name: "labelish") == nil)
        #expect(ElementColor.label.color.color == .black && ElementColor.label.color.alpha == 1)
    }
}
