import Foundation
import Testing
import SymbolEncode
import SymbolGeometry
import SymbolRaster
import SymbolRender
import SymbolScene
import SymbolTimeline
@testable import SymbolPipeline

/// Keeps a copy of every frame's pixels.
final class PixelRecorder: FrameEncoder, @unchecked Sendable {
    private let lock = NSLock()
    private var _frames: [[UInt8]] = []
    var frames: [[UInt8]] { lock.withLock { _frames } }
    func begin(_ stream: StreamFormat) throws {}
    func encode(_ frame: Bitmap, at index: Int) throws { lock.withLock { _frames.append(frame.pixels) } }
    func finish() throws -> EncodeSummary { EncodeSummary(path: "memory", frameCount: frames.count, byteCount: 0) }
    func cancel() {}
}

/// Three black squares in a 100 × 100 symbol (as in the timeline tests).
func threeSquares() -> SymbolDocument {
    var shapes: [SymbolShape] = []
    var layers: [SymbolLayer] = []
    for i in 0..<3 {
        var b = PathBuilder()
        b.rect(Rect(x: 10 + 30 * Double(i), y: 40, width: 20, height: 20))
        shapes.append(SymbolShape(path: b.path, fill: Fill(paint: .solid(.black))))
        layers.append(SymbolLayer(index: i, name: "monochrome-\(i)", role: .monochrome, parts: [LayerPart(shape: i)],
                                  annotations: LayerAnnotations()))
    }
    let metrics = SymbolMetrics(baseline: 80, capline: 20, leftMargin: 10, rightMargin: 90,
                                verticalOrigin: .guides, marginOrigin: .guides)
    return SymbolDocument(
        fileName: "squares.svg", kind: .symbol, producer: .unknown, availableVariants: [.regularMedium],
        requestedVariant: .regularMedium, variantSource: .single, metrics: metrics, shapes: shapes,
        layers: [.monochrome: layers], defaults: [:],
        page: SVGPage(width: 100, height: 100, viewBox: Rect(x: 0, y: 0, width: 100, height: 100), root: SceneGroup()),
        diagnostics: [])
}

@Suite struct FramePipelineDeterminismTests {
    @Test func oneTwoAndFourWorkersGiveIdenticalFrames() throws {
        let docs = [threeSquares()]
        let timeline = try Timeline(documents: docs, events: [.discrete(.bounce, at: 0), .discrete(.wiggle, at: 0.5)])
        let settings = RenderSettings(width: 48, height: 48)
        let rate = FrameRate(30)
        var runs: [[[UInt8]]] = []
        for workers in [1, 2, 4] {
            let recorder = PixelRecorder()
            let pipeline = FramePipeline(documents: docs, timeline: timeline, settings: settings, rate: rate,
                                         frameCount: 30, workers: workers)
            _ = try pipeline.run(encoders: [recorder])
            runs.append(recorder.frames)
        }
        #expect(runs[0].count == 30)
        #expect(runs[1] == runs[0])
        #expect(runs[2] == runs[0])
        // The clip moves, so equal runs are not equal by accident of identical frames.
        #expect(Set(runs[0]).count > 5)
        // And the pipeline matches a plain serial render.
        let renderer = FrameRenderer()
        let frame7 = renderer.render(docs, pose: timeline.pose(at: FrameTime(index: 7, rate: rate)), settings: settings)
        #expect(runs[0][7] == frame7?.pixels)
    }
}
