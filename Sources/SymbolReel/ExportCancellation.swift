import Foundation
import SymbolPipeline

/// The one cancellation flag of an export: `cancel()` from any thread (a signal handler's
/// queue, a button) stops every stage of the running pipeline soon; the export then throws
/// `CancellationError` and leaves no file under a final name.
public final class ExportCancellation: @unchecked Sendable {
    // NSLock rather than Synchronization.Mutex: the package still builds for macOS 14.
    private let lock = NSLock()
    private var cancelled = false
    private var running: [FramePipeline] = []

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    public func cancel() {
        let pipelines: [FramePipeline] = lock.withLock {
            cancelled = true
            return running
        }
        pipelines.forEach { $0.cancel() }
    }

    /// Registers a pipeline for the length of `body`; cancels it at once if the flag is set.
    func attach<R>(_ pipeline: FramePipeline, _ body: () throws -> R) rethrows -> R {
        let already: Bool = lock.withLock {
            running.append(pipeline)
            return cancelled
        }
        if already { pipeline.cancel() }
        defer { lock.withLock { running.removeAll { $0 === pipeline } } }
        return try body()
    }
}

/// Where an export stands, reported after each frame reaches every output of its group.
public struct ExportProgress: Sendable, Equatable {
    /// Frames rendered and encoded so far, over every size-and-rate group.
    public var done: Int
    public var total: Int
    /// Seconds since the export started.
    public var seconds: Double
    public var framesPerSecond: Double { seconds > 0 ? Double(done) / seconds : 0 }
    /// Seconds left at the rate so far (nil before the first frame).
    public var secondsLeft: Double? { done > 0 ? seconds * Double(total - done) / Double(done) : nil }
}

/// Busy seconds per stage of an export, summed over its size-and-rate groups.
package struct ExportTimings: Sendable, Equatable {
    package var evaluateSeconds = 0.0
    /// Summed over the render workers.
    package var renderSeconds = 0.0
    /// One entry per output, in the order the outputs were given.
    package var encodeSeconds: [Double] = []
    package var wallSeconds = 0.0
    /// Frames rendered (each group renders its own).
    package var frames = 0
    package var workers = 0
    package var framesPerSecond: Double { wallSeconds > 0 ? Double(frames) / wallSeconds : 0 }
}

/// What an export wrote and how long each stage took.
public struct ExportReport: Sendable, Equatable {
    public var outputs: [ExportedOutput]
    package var timings: ExportTimings
}
