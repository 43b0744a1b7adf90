import Foundation
import SymbolReel

/// The preview's state, shared by every open page: the last good clip and its loop's frames,
/// the input's problems when the last save broke it, the export under way, and the pages
/// listening for changes (Server-Sent Events). An actor, so a reload, an export and many
/// requests never see half an update; the CPU work (reading, rendering, encoding) runs on
/// Dispatch's threads, never on the cooperative pool that answers requests.
actor PreviewSession {
    let input: PreviewInput
    private(set) var generation = 0
    private(set) var good: Good?
    /// The good clip before `good`: its loop is still served, for a page that was fetching it
    /// when the save came (it then loads the new one).
    private var previous: Good?
    private(set) var problems: [SymbolReelError] = []
    private var stamps: FileStamps
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var export: ExportCancellation?
    private var closed = false

    /// A clip that read and rendered, with its loop's frames.
    struct Good: Sendable {
        var loaded: PreviewClip
        /// The `generation` it was read in: names its loop frames (`/loop.png?g=&i=`).
        var generation: Int
        var loop: PreviewLoop
        var width: Int { loop.width }
        var height: Int { loop.height }
        /// Seconds from the save being seen to the loop's frames being ready.
        var seconds: Double
    }

    init(input: PreviewInput) {
        self.input = input
        stamps = FileStamps(input.files)
    }

    /// The files whose changes reload the clip: the input, and every file the last good clip read.
    private var watched: [String] { input.files + (good?.loaded.files ?? []) }

    /// Reloads when a watched file changed since the last look (or on the first call).
    func reloadIfChanged(force: Bool = false) async {
        let now = FileStamps(watched)
        guard force || now != stamps else { return }
        // Taken before reading, so a save during the render is seen by the next poll.
        stamps = now
        await reload()
    }

    /// Reads the input again; on success renders the loop's frames and makes it the current
    /// clip, otherwise keeps the last good clip and shows the problems. Either way every page
    /// hears of it.
    private func reload() async {
        let started = DispatchTime.now().uptimeNanoseconds
        let input = self.input
        let next = generation + 1
        let result: Result<Good, SymbolReelError> = await offPool {
            do {
                let loaded = try input.load()
                let loop = try PreviewLoop.render(loaded.clip)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                return .success(Good(loaded: loaded, generation: next, loop: loop, seconds: seconds))
            } catch {
                return .failure(SymbolReelError(error))
            }
        }
        generation = next
        switch result {
        case .success(let g):
            previous = good
            good = g
            problems = []
            // The new clip may read other files (a replacement symbol added).
            stamps = FileStamps(watched)
        case .failure(let e):
            problems = [e] + e.more
        }
        broadcast(event: "state", data: stateJSON())
    }

    // MARK: What the page asks

    /// The frame at `seconds`, exactly as `symbolreel frame --at SECONDS --width W` draws it, as PNG bytes.
    func framePNG(atSeconds seconds: Double) async -> [UInt8]? {
        guard let g = good else { return nil }
        let t = min(max(0, seconds), g.loaded.clip.duration)
        return await offPool { try? PNGStill.encode(g.loaded.clip.still(atSeconds: t, width: g.width)) }
    }

    /// The pose of the frame on screen at `seconds`, as `symbolreel poses --at SECONDS --json` prints it.
    func poseJSON(atSeconds seconds: Double) -> String? {
        guard let clip = good?.loaded.clip else { return nil }
        let index = clip.frameIndex(shownAt: max(0, seconds))
        return PreviewJSON.encode(clip.framePose(index: index))
    }

    /// Frame `index` of a loop as PNG bytes, if `generation` is the current clip's
    /// or the one before (older clips' frames are gone; the page loads the current one).
    func loopFrame(generation: Int, index: Int) -> [UInt8]? {
        guard let g = [good, previous].compactMap({ $0 }).first(where: { $0.generation == generation }),
              g.loop.frames.indices.contains(index) else { return nil }
        return g.loop.frames[index]
    }

    func stateJSON() -> String {
        PreviewJSON.state(name: input.name, generation: generation, good: good, problems: problems, exporting: export != nil)
    }

    // MARK: Pages listening

    /// A stream of `event: …\ndata: …\n\n` messages for one page, starting with the current state.
    func listen() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        if closed {
            continuation.finish()
        } else {
            listeners[id] = continuation
            continuation.yield(PreviewSession.message(event: "state", data: stateJSON()))
        }
        return (id, stream)
    }

    func stopListening(_ id: UUID) {
        listeners.removeValue(forKey: id)?.finish()
    }

    func broadcast(event: String, data: String) {
        let message = PreviewSession.message(event: event, data: data)
        for c in listeners.values { c.yield(message) }
    }

    static func message(event: String, data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    /// Ends every page's stream and any export (Ctrl-C): the server can then close at once.
    func close() {
        closed = true
        export?.cancel()
        for c in listeners.values { c.finish() }
        listeners.removeAll()
    }

    // MARK: Export

    /// Starts writing the preset's outputs; progress and the result reach every page as
    /// `export` events. Returns a reason when it cannot start.
    func startExport() -> String? {
        guard let g = good else { return "the input has no good clip to export" }
        guard !g.loaded.outputs.isEmpty else { return "\(input.name) has no outputs: a preset's \"outputs\" are what Export writes" }
        guard export == nil else { return "an export is already running" }
        let cancellation = ExportCancellation()
        export = cancellation
        let input = self.input
        let throttle = ProgressThrottle()
        broadcast(event: "export", data: PreviewJSON.exportProgress(done: 0, total: g.loaded.clip.frameCount))
        Task {
            let result: Result<ExportReport, SymbolReelError> = await offPool {
                do {
                    return .success(try input.export(g.loaded, cancellation) { p in
                        guard throttle.shouldSend(p) else { return }
                        Task { await self.broadcast(event: "export", data: PreviewJSON.exportProgress(done: p.done, total: p.total)) }
                    })
                } catch {
                    return .failure(SymbolReelError(error))
                }
            }
            self.finishExport(result)
        }
        return nil
    }

    private func finishExport(_ result: Result<ExportReport, SymbolReelError>) {
        export = nil
        broadcast(event: "export", data: PreviewJSON.exportResult(result))
    }
}

/// At most ten progress messages a second, and always the last.
final class ProgressThrottle: @unchecked Sendable {
    private let lock = NSLock()
    private var last = -1.0

    func shouldSend(_ p: ExportProgress) -> Bool {
        lock.withLock {
            guard p.done == p.total || p.seconds - last >= 0.1 else { return false }
            last = p.seconds
            return true
        }
    }
}

/// Runs blocking work on a Dispatch thread and waits for it without holding a cooperative
/// thread (the machine may have two; a render there would stall every request).
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
}
