import Foundation
import SymbolEncode
import SymbolGeometry
import SymbolRaster
import SymbolRender
import SymbolScene
import SymbolTimeline

// Threads: every stage loop runs on its own dedicated `Thread` (one evaluator, N render
// workers, one reorderer, one per encoder) because the loops block on `BoundedQueue` and
// `BitmapPool`; global concurrent Dispatch queues are never blocked. `run()` blocks its caller.
// With one worker there are no stage threads: `run()` does every stage itself, frame by frame.

/// The staged frame pipeline: evaluate (serial) → render (N workers, whole frames) → reorder
/// by index → encode (one serial consumer per output; render once, encode many). Frames alive
/// are bounded by the bitmap pool; one cancellation flag stops every stage.
package final class FramePipeline: Sendable {
    /// Per-worker render function; made once on each worker's thread.
    package typealias Render = (PosedFrame, inout Bitmap) throws -> Void

    package let frameCount: Int
    package let workers: Int
    /// Bitmaps in the pool: by default one per worker plus `spareBitmaps`.
    package let poolSize: Int
    /// The default pool's bitmaps beyond one per worker: the one being encoded. Every bitmap is
    /// a whole frame (4.7 MB at 1080²) and the pool grows with the workers, so it holds no more:
    /// measured at 1080² on two cores (interleaved runs of MP4, GIF, APNG and GIF + APNG
    /// outputs), one spare bitmap was as fast as two, and two spares per worker no faster.
    package static let spareBitmaps = 1
    private let stream: StreamFormat
    private let evaluate: @Sendable (FrameRequest) throws -> Pose
    private let makeRender: @Sendable () -> Render
    private let control = RunControl()
    private let peak = ConditionLock(0)

    /// The most bitmaps alive at once during the last run (bounded by `poolSize`).
    package var lastPeakBitmaps: Int { peak.withLock { $0 } }

    /// The general form: any evaluate and render functions (tests use fakes).
    package init(frameCount: Int, stream: StreamFormat, workers: Int? = nil, poolSize: Int? = nil,
                evaluate: @escaping @Sendable (FrameRequest) throws -> Pose,
                makeRender: @escaping @Sendable () -> Render) {
        self.frameCount = max(0, frameCount)
        let n = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        self.workers = n
        self.poolSize = max(n + 1, poolSize ?? n + Self.spareBitmaps)
        self.stream = stream
        self.evaluate = evaluate
        self.makeRender = makeRender
    }

    /// Symbol documents posed by a timeline and drawn by one `FrameRenderer` per worker: the
    /// `plan:` form with a plan made here.
    package convenience init(documents: [SymbolDocument], timeline: Timeline, settings: RenderSettings,
                            rate: FrameRate, frameCount: Int, background: RGBColor? = nil,
                            workers: Int? = nil, poolSize: Int? = nil) {
        self.init(plan: RenderPlan(documents: documents, settings: settings), timeline: timeline, rate: rate,
                  frameCount: frameCount, background: background, workers: workers, poolSize: poolSize)
    }

    /// A render plan posed by a timeline (over the plan's documents, built for its layer mode)
    /// and drawn by one `FrameRenderer` per worker, every worker sharing the plan. The frames are
    /// posed at `rate` and the encoders are told the same rate.
    package convenience init(plan: RenderPlan, timeline: Timeline, rate: FrameRate, frameCount: Int,
                            background: RGBColor? = nil, workers: Int? = nil, poolSize: Int? = nil) {
        let stream = StreamFormat(width: plan.settings.width, height: plan.settings.height, rate: rate, background: background)
        self.init(frameCount: frameCount, stream: stream, workers: workers, poolSize: poolSize,
                  evaluate: { timeline.pose(at: rate.time(ofFrame: $0.index)) },
                  makeRender: {
                      let renderer = FrameRenderer()
                      return { frame, bitmap in renderer.render(plan: plan, pose: frame.pose, into: &bitmap) }
                  })
    }

    /// Stops the run soon; `run()` then throws `PipelineError.cancelled` (unless a real error came first).
    package func cancel() { control.fail(PipelineError.cancelled) }

    /// Runs every frame through to `encoders` and finishes them, or cancels all of them on an
    /// error or cancellation and throws the first real error. `progress(done, total)` is called
    /// from a pipeline thread (the caller's, with one worker) after each frame reaches every
    /// output. One run per pipeline: the cancellation flag is never reset.
    package func run(encoders: [any FrameEncoder],
                    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> (summaries: [EncodeSummary], timings: PipelineTimings) {
        guard let pool = BitmapPool(width: stream.width, height: stream.height, size: poolSize) else {
            throw PipelineError.invalidSize(width: stream.width, height: stream.height)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let stats = ConditionLock(PipelineTimings())
        // One worker (as a batch gives each job) runs every stage on the calling thread, so the
        // number of workers alone decides how many cores a caller uses; with more, staged
        // encoders also compress on Dispatch's worker threads.
        let drivers = encoders.map { EncoderDriver($0, depth: workers > 1 ? EncoderDriver.defaultDepth : 0) }
        var begun: [EncoderDriver] = []
        do {
            for d in drivers { try d.encoder.begin(stream); begun.append(d) }
        } catch {
            control.fail(error)
        }
        if !control.isStopped {
            if workers == 1 {
                runSerially(pool: pool, drivers: drivers, stats: stats, progress: progress)
            } else {
                let group = DispatchGroup()
                startStages(group: group, pool: pool, drivers: drivers, stats: stats, progress: progress)
                group.wait()
            }
        }
        peak.withLock { $0 = pool.peakOutstanding }

        var summaries: [EncodeSummary] = []
        if !control.isStopped {
            for (i, d) in drivers.enumerated() {
                do { summaries.append(try d.finish()) } catch {
                    control.fail(error)
                    drivers[(i + 1)...].forEach { $0.cancel() }
                    break
                }
            }
        } else {
            begun.forEach { $0.cancel() }
        }
        if let error = control.firstError { throw error }
        var timings = stats.withLock { $0 }
        timings.wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        timings.frames = frameCount
        return (summaries, timings)
    }

    /// Every stage on the calling thread, frame by frame: no queues, one bitmap.
    private func runSerially(pool: BitmapPool, drivers: [EncoderDriver], stats: ConditionLock<PipelineTimings>,
                             progress: @escaping @Sendable (Int, Int) -> Void) {
        guard var bitmap = pool.acquire() else { return }
        defer { pool.release(bitmap) }
        let render = makeRender()
        var t = PipelineTimings()
        t.encodeSeconds = Array(repeating: 0, count: drivers.count)
        for i in 0..<frameCount {
            if control.isStopped { break }
            do {
                let pose = try measure(&t.evaluateSeconds) { try evaluate(FrameRequest(index: i)) }
                try measure(&t.renderSeconds) { try render(PosedFrame(index: i, pose: pose), &bitmap) }
                for (k, d) in drivers.enumerated() {
                    try measure(&t.encodeSeconds[k]) { try d.encode(bitmap, at: i) }
                }
            } catch { control.fail(error); break }
            progress(i + 1, frameCount)
        }
        stats.withLock { $0 = t }
    }

    private func startStages(group: DispatchGroup, pool: BitmapPool, drivers: [EncoderDriver],
                             stats: ConditionLock<PipelineTimings>, progress: @escaping @Sendable (Int, Int) -> Void) {
        let posed = BoundedQueue<PosedFrame>(capacity: workers * 2)
        let rendered = BoundedQueue<RenderedFrame>(capacity: poolSize)
        let outputs = drivers.map { _ in BoundedQueue<RenderedFrame>(capacity: 2) }
        let tracker = FrameTracker(outputs: drivers.count, total: frameCount, pool: pool, progress: progress)
        control.onFail { pool.cancel(); posed.cancel(); rendered.cancel(); outputs.forEach { $0.cancel() } }
        let control = control, evaluate = evaluate, makeRender = makeRender, frameCount = frameCount, poolSize = poolSize
        stats.withLock { $0.encodeSeconds = Array(repeating: 0, count: drivers.count) }
        spawn(group, "evaluate") {
            var busy = 0.0
            for i in 0..<frameCount where !control.isStopped {
                do {
                    let pose = try measure(&busy) { try evaluate(FrameRequest(index: i)) }
                    if !posed.push(PosedFrame(index: i, pose: pose)) { break }
                } catch { control.fail(error); break }
            }
            posed.finish()
            stats.withLock { $0.evaluateSeconds += busy }
        }
        let remaining = ConditionLock(workers)
        for w in 0..<workers {
            spawn(group, "render \(w)") {
                let render = makeRender()
                var busy = 0.0
                // Acquire before popping: the lowest unfinished frame then always holds a bitmap,
                // so the reorder buffer can never hold every bitmap while waiting for it.
                while var bitmap = pool.acquire() {
                    guard let frame = posed.pop() else { pool.release(bitmap); break }
                    do { try measure(&busy) { try render(frame, &bitmap) } } catch { control.fail(error); break }
                    if !rendered.push(RenderedFrame(index: frame.index, bitmap: consume bitmap)) { break }
                }
                stats.withLock { $0.renderSeconds += busy }
                if remaining.withLock({ $0 -= 1; return $0 == 0 }) { rendered.finish() }
            }
        }
        spawn(group, "reorder") {
            var buffer = ReorderBuffer<Bitmap>(window: poolSize)
            while let (index, bitmap) = rendered.pop().map({ ($0.index, $0.bitmap) }) {
                do { try buffer.insert(consume bitmap, at: index) } catch { control.fail(error); break }
                // One at a time (not popReady) so no array keeps bitmaps alive while a slow
                // output blocks the push. Each hop hands its reference on (`consume`): a bitmap
                // still shared when it is recycled would be copied by its next render.
                while let (index, bitmap) = buffer.popNext() {
                    guard let last = outputs.last else { tracker.done(index: index, bitmap: consume bitmap); continue }
                    for q in outputs.dropLast() { q.push(RenderedFrame(index: index, bitmap: bitmap)) }
                    last.push(RenderedFrame(index: index, bitmap: consume bitmap))
                }
            }
            outputs.forEach { $0.finish() }
        }
        for (k, driver) in drivers.enumerated() {
            spawn(group, "encode \(k)") {
                var busy = 0.0
                while let (index, bitmap) = outputs[k].pop().map({ ($0.index, $0.bitmap) }) {
                    do { try measure(&busy) { try driver.encode(bitmap, at: index) } } catch { control.fail(error); break }
                    tracker.done(index: index, bitmap: consume bitmap)
                }
                // Work still compressing on other threads: committed here, so it counts as this
                // output's busy time and outputs drain at once.
                if !control.isStopped {
                    do { try measure(&busy) { try driver.endFrames() } } catch { control.fail(error) }
                }
                stats.withLock { $0.encodeSeconds[k] += busy }
            }
        }
    }
}

private func spawn(_ group: DispatchGroup, _ name: String, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    let t = Thread { body(); group.leave() }
    t.name = "SymbolPipeline \(name)"
    t.start()
}

private func measure<R>(_ busy: inout Double, _ body: () throws -> R) rethrows -> R {
    let t0 = DispatchTime.now().uptimeNanoseconds
    defer { busy += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9 }
    return try body()
}

/// The one cancellation flag and the first error; later errors (the cancellations it caused)
/// are dropped.
final class RunControl: Sendable {
    private struct State {
        var error: (any Error)?
        var handlers: [@Sendable () -> Void] = []
    }
    private let lock = ConditionLock(State())

    var isStopped: Bool { lock.withLock { $0.error != nil } }
    var firstError: (any Error)? { lock.withLock { $0.error } }

    func onFail(_ handler: @escaping @Sendable () -> Void) {
        let stopped = lock.withLock { s in s.handlers.append(handler); return s.error != nil }
        if stopped { handler() }
    }

    func fail(_ error: any Error) {
        let handlers: [@Sendable () -> Void] = lock.withLock { s in
            guard s.error == nil else { return [] }
            s.error = error
            return s.handlers
        }
        handlers.forEach { $0() }
    }
}

/// Counts each frame's outputs; when all have encoded it, the bitmap goes back to the pool and
/// progress is reported.
final class FrameTracker: Sendable {
    private let outputs: Int
    private let total: Int
    private let pool: BitmapPool
    private let progress: @Sendable (Int, Int) -> Void
    private let lock = ConditionLock((pending: [Int: Int](), done: 0))

    init(outputs: Int, total: Int, pool: BitmapPool, progress: @escaping @Sendable (Int, Int) -> Void) {
        self.outputs = outputs
        self.total = total
        self.pool = pool
        self.progress = progress
    }

    /// Takes the caller's reference. An output that is not the last drops it before its count
    /// is seen, so the last one, which recycles the bitmap, holds the only reference.
    func done(index: Int, bitmap: consuming Bitmap) {
        let outputs = self.outputs
        var slot: Bitmap? = consume bitmap
        let finished: Int? = lock.withLock { s in
            let left = (s.pending[index] ?? max(1, outputs)) - 1
            guard left == 0 else { slot = nil; s.pending[index] = left; return nil }
            s.pending[index] = nil
            s.done += 1
            return s.done
        }
        if let finished, let last = slot.take() {
            pool.release(consume last)
            progress(finished, total)
        }
    }
}
