import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolRaster
import SymbolTimeline
import SymbolTestSupport
@testable import SymbolRender

/// The picture (`RenderPlan.picture(of:)`) is the one place the layer rules are applied; the
/// raster renderer and the vector scene only express it. These tests hold what the model
/// promises: identity per node and layer (two posings of one symbol stay two, a node keeps its
/// name through a Replace), and back-ends that draw what the picture says, not a rule of their
/// own.
///
/// Provenance: the model's own contract (docs/architecture.md, "The picture"); the pixel checks
/// count ink, which needs no reading of the format.
@Suite struct PictureTests {
    private func alphaSum(_ b: Bitmap) -> Int { stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) } }

    @Test func twoPosingsOfOneSymbolStayTwo() throws {
        let doc = try SymbolReader.read(contentsOf: SymbolGoldenTests.samples.appendingPathComponent("bell.svg").path)
        let settings = RenderSettings(width: 256, height: 256, size: .fraction(0.3), mode: .hierarchical, colors: [.black])
        let plan = RenderPlan(documents: [doc], settings: settings)
        let layers = doc.layers(for: .hierarchical).map { _ in LayerPose.rest }
        let left = SymbolPose(document: 0, transform: .translation(-70, 0), layers: layers)
        let right = SymbolPose(document: 0, transform: .translation(70, 0), layers: layers)
        let both = Pose(seconds: 0, symbols: [left, right])

        let picture = plan.picture(of: both)
        #expect(picture.nodes.map(\.id.name) == ["s0", "s0r1"])
        for node in picture.nodes {
            #expect(node.layers.allSatisfy { $0.id.symbol == node.id }, "each layer names its own node")
            #expect(node.layers.map(\.id.layer) == Array(node.layers.indices))
        }
        // Both are drawn: twice the ink of one (they do not overlap at this size).
        let one = try #require(FrameRenderer().render(plan: plan, pose: Pose(seconds: 0, symbols: [left])))
        let two = try #require(FrameRenderer().render(plan: plan, pose: both))
        #expect(alphaSum(one) > 10_000)
        #expect(abs(alphaSum(two) - 2 * alphaSum(one)) <= alphaSum(one) / 100)
        // And the vector scene keeps them apart: a group and a set of layers each.
        let scene = plan.vectorScene(poses: [both, both], rate: FrameRate(fps: 30)!)
        #expect(scene.groups.map(\.name) == ["s0", "s0r1"])
        #expect(scene.layers.count == 2 * doc.layers(for: .hierarchical).count)
        #expect(Set(scene.layers.map(\.name)).count == scene.layers.count)
    }

    /// Through a Magic Replace, every frame's nodes are the outgoing symbol `s0` and the incoming
    /// `s1`, and every vector layer is made once and found again in later frames by its identity.
    @Test func nodesKeepTheirIdentityThroughAReplace() throws {
        let (docs, timeline, settings) = try RenderPlanTests.magicReplace()
        let plan = RenderPlan(documents: docs, settings: settings)
        var seen = Set<String>()
        var poses: [Pose] = []
        for frame in 0...36 {
            let pose = timeline.pose(atSeconds: Double(frame) / 30)
            poses.append(pose)
            for node in plan.picture(of: pose).nodes {
                seen.insert(node.id.name)
                #expect(node.layers.count == plan.symbols[node.id.document].layers.count)
            }
        }
        #expect(seen == ["s0", "s1"])
        let scene = plan.vectorScene(poses: poses, rate: FrameRate(fps: 30)!)
        #expect(Set(scene.layers.map(\.name)).count == scene.layers.count, "no layer made twice")
        #expect(Set(scene.groups.map(\.name)) == ["s0", "s1"])
    }

    /// The raster back-end decides no rule: take the clear-behind away in the picture and the
    /// bar the ring clears (apple-v3-clear-behind-class.svg) is drawn under the ring again.
    @Test func theRasterDrawsWhatThePictureSays() throws {
        let doc = try RealStructureTests.fixture("apple-v3-clear-behind-class.svg")
        let settings = RenderSettings(width: 256, height: 256, size: .fraction(0.5), mode: .hierarchical, colors: [.black])
        let plan = RenderPlan(documents: [doc], settings: settings)
        let pose = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: [])])
        let picture = plan.picture(of: pose)
        let clearing = picture.nodes[0].layers.indices.filter { picture.nodes[0].layers[$0].clearsBehind > 0 }
        #expect(clearing.count == 1, "the ring clears behind")
        #expect(picture.nodes[0].isolated, "a node whose layer clears is drawn on its own buffer")

        var asMade = try #require(Bitmap(width: 256, height: 256))
        FrameRenderer().draw(picture, into: &asMade)
        let viaPose = try #require(FrameRenderer().render(plan: plan, pose: pose))
        #expect(asMade.pixels == viaPose.pixels)

        var noClear = picture
        noClear.nodes[0].layers[clearing[0]].clearsBehind = 0
        var drawn = try #require(Bitmap(width: 256, height: 256))
        FrameRenderer().draw(noClear, into: &drawn)
        #expect(alphaSum(drawn) > alphaSum(asMade) + 255 * 50, "without the clear, the bar shows under the ring")
    }
}
