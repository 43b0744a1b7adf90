import Foundation
import Testing
import SymbolEncode
import SymbolGeometry
import SymbolRaster
import SymbolTimeline
@testable import SymbolPipeline

/// Records what it receives instead of writing a file; optionally slow or failing.
final class RecordingEncoder: FrameEncoder, @unchecked Sendable {
    private let lock = NSLock()
    private var _indices: [Int] = []
    private var _firstBytes: [UInt8] = []
    private var _threads: Set<pthread_t> = []
    private(set) var finished = false
    private(set) var cancelled = false
    let delay: Double
    let failAt: Int?

    init(delay: Double = 0, failAt: Int? = nil) { self.delay = delay; self.failAt = failAt }

    var indices: [Int] { lock.withLock { _indices } }
    var firstBytes: [UInt8] { lock.withLock { _firstBytes } }
    /// The threads `encode` was called on.
    var threads: Set<pthread_t> { lock.withLock { _threads } }
    func begin(_ stream: StreamFormat) throws {}
    func encode(_ frame: Bitmap, at index: Int) throws {
        if index == failAt { throw EncodeError.invalidUse(path: "test", reason: "boom at \(index)") }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        lock.withLock { _indices.append(index); _firstBytes.append(frame.pixels[0]); _threads.insert(pthread_self()) }
    }
    func finish() throws -> EncodeSummary { finished = true; return EncodeSummary(path: "test", frameCount: indices.count, byteCount: 0) }
    func cancel() { cancelled = true }
}

struct StageError: Error, Equatable { let stage: String }

let testStream = StreamFormat(width: 32, height: 32, rate: FrameRate(30))

/// A pipeline whose render stage paints frame i's index into every pixel, after a random delay.
func fakePipeline(frames: Int, workers: Int, pool: Int? = nil, maxDelay: Double = 0.004,
                  failEvaluateAt: Int? = nil, failRenderAt: Int? = nil) -> FramePipeline {
    FramePipeline(frameCount: frames, stream: testStream, workers: workers, poolSize: pool,
                  evaluate: { req in
                      if req.index == failEvaluateAt { throw StageError(stage: "evaluate") }
                      return Pose(seconds: Double(req.index), symbols: [])
                  },
                  makeRender: {
                      var gen = SystemRandomNumberGenerator()
                      return { frame, bitmap in
                          if frame.index == failRenderAt { throw StageError(stage: "render") }
                          if maxDelay > 0 { Thread.sleep(forTimeInterval: Double.random(in: 0...maxDelay, using: &gen)) }
                          let v = UInt8(truncatingIfNeeded: frame.index)
                          bitmap.fill(r: v, g: v, b: v, a: 255)
                      }
                  })
}

@Suite struct FramePipelineTests {
    @Test(arguments: [1, 2, 4])
    func framesArriveInOrderDespiteRandomDelays(workers: Int) throws {
        let a = RecordingEncoder(), b = RecordingEncoder()
        let progress = Box<[Int]>([])
        let (summaries, timings) = try fakePipeline(frames: 120, workers: workers)
            .run(encoders: [a, b]) { done, total in progress.mutate { $0.append(done) }; #expect(total == 120) }
        #expect(a.indices == Array(0..<120))
        #expect(b.indices == Array(0..<120))
        #expect(a.firstBytes == (0..<120).map { UInt8($0) })
        #expect(a.finished && b.finished && !a.cancelled)
        #expect(summaries.count == 2)
        #expect(progress.value == Array(1...120))
        #expect(timings.frames == 120 && timings.framesPerSecond > 0 && timings.renderSeconds > 0)
        #expect(timings.encodeSeconds.count == 2)
    }

    @Test func oneWorkerRunsEveryStageOnTheCallingThread() throws {
        let a = RecordingEncoder(), b = RecordingEncoder()
        let caller = pthread_self()
        let pipeline = fakePipeline(frames: 40, workers: 1, maxDelay: 0)
        _ = try pipeline.run(encoders: [a, b])
        #expect(a.indices == Array(0..<40) && b.indices == Array(0..<40))
        #expect(a.threads == [caller] && b.threads == [caller])
        #expect(pipeline.lastPeakBitmaps == 1)
        // Two workers: each output has its own encoder thread.
        let c = RecordingEncoder(), d = RecordingEncoder()
        _ = try fakePipeline(frames: 40, workers: 2, maxDelay: 0).run(encoders: [c, d])
        #expect(c.threads.count == 1 && d.threads.count == 1 && c.threads != d.threads && !c.threads.contains(caller))
    }

    @Test(arguments: [1, 2])
    func encoderErrorIsReportedAndEveryEncoderCancelled(workers: Int) throws {
        let good = RecordingEncoder(), bad = RecordingEncoder(failAt: 10)
        #expect(throws: EncodeError.invalidUse(path: "test", reason: "boom at 10")) {
            _ = try fakePipeline(frames: 200, workers: workers).run(encoders: [good, bad])
        }
        #expect(good.cancelled && bad.cancelled)
        #expect(!good.finished && !bad.finished)
    }

    @Test(arguments: [1, 2])
    func evaluateErrorStopsTheRun(workers: Int) {
        let e = RecordingEncoder()
        #expect(throws: StageError(stage: "evaluate")) {
            _ = try fakePipeline(frames: 200, workers: workers, failEvaluateAt: 5).run(encoders: [e])
        }
        #expect(e.cancelled && !e.finished)
        #expect(e.indices.count <= 5)
    }

    @Test(arguments: [1, 3])
    func renderErrorStopsTheRun(workers: Int) {
        let e = RecordingEncoder()
        #expect(throws: StageError(stage: "render")) {
            _ = try fakePipeline(frames: 200, workers: workers, failRenderAt: 50).run(encoders: [e])
        }
        #expect(e.cancelled && !e.finished)
        #expect(e.indices.count <= 50)
    }

    @Test(arguments: [1, 2])
    func cancelFromProgressGivesCancelled(workers: Int) {
        let e = RecordingEncoder()
        let pipeline = fakePipeline(frames: 500, workers: workers)
        #expect(throws: PipelineError.cancelled) {
            _ = try pipeline.run(encoders: [e]) { done, _ in if done == 20 { pipeline.cancel() } }
        }
        #expect(e.cancelled && !e.finished)
        #expect(e.indices.count < 500)
    }

    @Test func slowEncoderKeepsBitmapsWithinThePool() throws {
        let slow = RecordingEncoder(delay: 0.003)
        let pipeline = fakePipeline(frames: 60, workers: 4, pool: 6, maxDelay: 0)
        _ = try pipeline.run(encoders: [slow, RecordingEncoder()])
        #expect(slow.indices == Array(0..<60))
        #expect(pipeline.lastPeakBitmaps <= 6)
        #expect(pipeline.lastPeakBitmaps >= 5)  // the fast producer did run ahead up to the bound
    }

    @Test func defaultPoolIsOneBitmapPerWorkerAndOneSpare() throws {
        let pipeline = fakePipeline(frames: 60, workers: 3, maxDelay: 0)
        #expect(pipeline.poolSize == 3 + FramePipeline.spareBitmaps && FramePipeline.spareBitmaps == 1)
        _ = try pipeline.run(encoders: [RecordingEncoder(delay: 0.002)])
        #expect(pipeline.lastPeakBitmaps == 4)  // the fast workers filled the pool, and no more
    }

    /// A recycled bitmap must come back from the pool with no other stage still holding it:
    /// otherwise the render worker's first write copies the whole buffer (copy-on-write), a
    /// full-frame allocation and copy per frame, and the heap grows with the copies. The render
    /// stage here notes where the pixels live before and after its write; they move only on a
    /// copy. Workers waiting on a full pool with a slow output make the race likely (before the
    /// ownership fix, about a quarter of the frames of a 1080² MP4 export were copied).
    @Test(arguments: [0, 1, 2])
    func recycledBitmapsAreNeverCopied(outputs: Int) throws {
        let copies = Box(0), rendered = Box(0)
        let pipeline = FramePipeline(
            frameCount: 300, stream: testStream, workers: 3, poolSize: 4,
            evaluate: { Pose(seconds: Double($0.index), symbols: []) },
            makeRender: {
                { frame, bitmap in
                    let before = bitmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                    let v = UInt8(truncatingIfNeeded: frame.index)
                    bitmap.fill(r: v, g: v, b: v, a: 255)
                    let after = bitmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                    rendered.mutate { $0 += 1 }
                    if before != after { copies.mutate { $0 += 1 } }
                }
            })
        let encoders = (0..<outputs).map { RecordingEncoder(delay: $0 == 0 ? 0.0005 : 0) }
        _ = try pipeline.run(encoders: encoders)
        #expect(rendered.value == 300)
        #expect(copies.value == 0, "\(copies.value) of 300 frames copied a recycled bitmap")
        for e in encoders { #expect(e.indices == Array(0..<300)) }
    }
}

/// An encoder that cancels the run from its own thread at a given frame.
final class CancellingEncoder: FrameEncoder, @unchecked Sendable {
    var pipeline: FramePipeline?
    let at: Int
    init(at: Int) { self.at = at }
    func begin(_ stream: StreamFormat) throws {}
    func encode(_ frame: Bitmap, at index: Int) throws { if index == at { pipeline?.cancel() } }
    func finish() throws -> EncodeSummary { EncodeSummary(path: "x", frameCount: 0, byteCount: 0) }
    func cancel() {}
}

@Suite struct RunControlTests {
    @Test func firstErrorWinsOverLaterCancellations() {
        let c = RunControl()
        let woken = Box(0)
        c.onFail { woken.mutate { $0 += 1 } }
        #expect(!c.isStopped)
        c.fail(StageError(stage: "render"))
        c.fail(PipelineError.cancelled)
        c.fail(StageError(stage: "encode"))
        #expect(c.firstError as? StageError == StageError(stage: "render"))
        #expect(woken.value == 1)
        // A handler added after the failure runs at once.
        c.onFail { woken.mutate { $0 += 1 } }
        #expect(woken.value == 2)
    }

    @Test func cancelFromAnEncoderThread() {
        let canceller = CancellingEncoder(at: 15)
        let other = RecordingEncoder()
        let pipeline = fakePipeline(frames: 300, workers: 2, maxDelay: 0)
        canceller.pipeline = pipeline
        #expect(throws: PipelineError.cancelled) { _ = try pipeline.run(encoders: [canceller, other]) }
        #expect(other.cancelled && !other.finished)
    }

    @Test func cancelBeforeRunStopsAtOnce() {
        let e = RecordingEncoder()
        let pipeline = fakePipeline(frames: 50, workers: 2)
        pipeline.cancel()
        #expect(throws: PipelineError.cancelled) { _ = try pipeline.run(encoders: [e]) }
        #expect(e.indices.isEmpty && e.cancelled)
    }
}
