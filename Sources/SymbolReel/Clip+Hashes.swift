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
        let pipeline = FramePipeline(plan: plan(width: width), timeline: timeline, rate: rate,
                                     frameCount: frameCount, workers: workers)
        _ = try pipeline.run(encoders: [hasher])
        return hasher.hashes.enumerated().map { i, h in (i, time(ofFrame: i).seconds, h) }
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
