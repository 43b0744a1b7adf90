import Dispatch
import Foundation
import SymbolEncode
import SymbolRaster

/// Drives one encoder from one thread. A `StagedFrameEncoder` stages each frame on that thread
/// and its work (compression) runs on Dispatch's worker threads, up to `depth` items at once,
/// committed in staging order back on the driving thread; any other encoder is simply called.
/// The file is byte-identical either way. The work never blocks, so the global queues it runs
/// on are never blocked; the driving thread waits for the oldest item when `depth` are out.
package final class EncoderDriver: @unchecked Sendable {
    package let encoder: any FrameEncoder
    private let lane: (any WorkLane)?

    /// Two items in flight keep two cores compressing while the driving thread stages the next
    /// frame; more cores allow more, up to four (each item holds a frame's rectangle).
    package static var defaultDepth: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// `depth` 0 runs everything on the driving thread (plain `encode` calls).
    package init(_ encoder: any FrameEncoder, depth: Int = EncoderDriver.defaultDepth) {
        self.encoder = encoder
        if depth > 0, let staged = encoder as? any StagedFrameEncoder {
            lane = makeLane(staged, depth: depth)
        } else {
            lane = nil
        }
    }

    /// Encodes frame `index` (see `FrameEncoder.encode`); the bitmap may be reused on return.
    package func encode(_ frame: Bitmap, at index: Int) throws {
        if let lane { try lane.encode(frame, at: index) } else { try encoder.encode(frame, at: index) }
    }

    /// After the last frame: runs and commits the remaining work (`finish` does it too).
    package func endFrames() throws {
        try lane?.end()
    }

    /// After the last frame: runs and commits any remaining work, then finishes the encoder.
    package func finish() throws -> EncodeSummary {
        try lane?.end()
        return try encoder.finish()
    }

    /// Waits for work in flight (its output is dropped), then cancels the encoder.
    package func cancel() {
        lane?.abandon()
        encoder.cancel()
    }

    /// Work runs on the global queues, so waiting for the last item is enough before the
    /// driver goes away.
    deinit { lane?.abandon() }
}

private protocol WorkLane: AnyObject {
    func encode(_ frame: Bitmap, at index: Int) throws
    func end() throws
    func abandon()
}

private func makeLane<E: StagedFrameEncoder>(_ encoder: E, depth: Int) -> any WorkLane {
    StagedLane(encoder, depth: depth)
}

private final class StagedLane<E: StagedFrameEncoder>: WorkLane {
    /// One work item's output, filled on a worker thread; the semaphore orders the write
    /// before the driving thread's read.
    private final class Slot: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var output: Result<E.Work.Output, any Error>?
    }

    private let encoder: E
    private let depth: Int
    private var inFlight: [Slot] = []
    private var ended = false

    init(_ encoder: E, depth: Int) {
        self.encoder = encoder
        self.depth = depth
    }

    func encode(_ frame: Bitmap, at index: Int) throws {
        try submit(try encoder.stage(frame, at: index))
    }

    func end() throws {
        if !ended {
            ended = true
            try submit(try encoder.stageEnd())
        }
        while !inFlight.isEmpty { try commitOldest() }
    }

    func abandon() {
        for slot in inFlight { slot.done.wait() }
        inFlight = []
    }

    private func submit(_ work: [E.Work]) throws {
        for item in work {
            while inFlight.count >= depth { try commitOldest() }
            let slot = Slot()
            inFlight.append(slot)
            DispatchQueue.global().async {
                slot.output = Result { try item.run() }
                slot.done.signal()
            }
        }
    }

    private func commitOldest() throws {
        let slot = inFlight.removeFirst()
        slot.done.wait()
        try encoder.commit(slot.output!.get())
    }
}
