import Foundation
import SymbolEncode
import SymbolPipeline
import SymbolRender
import SymbolTimeline

extension Clip {
    /// `frameHashes()` computed through the staged pipeline with `workers` render threads,
    /// optionally at another width: the same hashes whatever the worker count (the
    /// determinism the pipeline promises, and a quicker way to hash a long clip).
    package func pipelineHashes(workers: Int, width: Int? = nil) throws -> [(index: Int, seconds: Double, sha256: String)] {
        let hasher = FrameHasher()
        let pipeline = makePipeline(plan(width: width), rate: rate, frameCount: frameCount, background: nil, workers: workers)
        _ = try pipeline.run(encoders: [hasher])
        return hasher.hashes.enumerated().map { i, h in (i, time(ofFrame: i).seconds, h) }
    }
}

extension Clip {
    /// The staged pipeline for this clip's frames drawn by `plan` at `rate`: a symbol clip's
    /// timeline posed and drawn, or a scene's pictures (made on the render threads, each a pure
    /// function of the frame's time, so the frames do not depend on the number of workers).
    func makePipeline(_ plan: RenderPlan, rate: FrameRate, frameCount: Int, background: RGBColor?, workers: Int) -> FramePipeline {
        guard scene != nil else {
            return FramePipeline(plan: plan, timeline: timeline, rate: rate, frameCount: frameCount, background: background, workers: workers)
        }
        let stream = StreamFormat(width: plan.settings.width, height: plan.settings.height, rate: rate, background: background)
        let clip = self
        return FramePipeline(frameCount: frameCount, stream: stream, workers: workers,
                             evaluate: { Pose(seconds: rate.time(ofFrame: $0.index).seconds, symbols: []) },
                             makeRender: {
                                 let renderer = FrameRenderer()
                                 return { frame, bitmap in renderer.draw(clip.picture(atSeconds: frame.pose.seconds, plan: plan), into: &bitmap) }
                             })
    }
}

/// An encoder that keeps the SHA-256 of each frame's premultiplied RGBA pixels.
final class FrameHasher: FrameEncoder, @unchecked Sendable {
    private(set) var hashes: [String] = []
    func begin(_ stream: StreamFormat) throws {}
    func encode(_ frame: Bitmap, at index: Int) throws { hashes.append(SHA256.hex(frame.pixels)) }
    func finish() throws -> EncodeSummary { EncodeSummary(path: "hashes", frameCount: hashes.count, byteCount: 0) }
    func cancel() {}
}
