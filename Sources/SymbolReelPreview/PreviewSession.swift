import Foundation
import SymbolReel

/// The preview's state, shared by every open page: the last good clip and its looping media,
/// the input's problems when the last save broke it, the export under way, and the pages
/// listening for changes (Server-Sent Events). An actor, so a reload, an export and many
/// requests never see half an update; the CPU work (reading, rendering, encoding) runs on
/// Dispatch's threads, never on the cooperative pool that answers requests.
actor PreviewSession {
    /// The largest side of the looping media and of scrubbed frames: a preview, not the output.
    static let previewSide = 512

    let input: PreviewInput
    /// Where the looping media is written; removed when the server stops.
    let mediaFolder: URL
    private(set) var generation = 0
    private(set) var good: Good?
    private(set) var problems: [SymbolReelError] = []
    private var stamps: FileStamps
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var export: ExportCancellation?
    private var closed = false

    /// A clip that read and rendered, with its media file.
    struct Good: Sendable {
        var loaded: PreviewClip
        var media: String
        var width: Int
        var height: Int
        /// Seconds from the save being seen to the media being ready.
        var seconds: Double
    }

    init(input: PreviewInput, mediaFolder: URL) {
        self.input = input
        self.mediaFolder = mediaFolder
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

    /// Reads the input again; on success renders the preview media and makes it the current
    /// clip, otherwise keeps the last good clip and shows the problems. Either way every page
    /// hears of it.
    private func reload() async {
        let started = DispatchTime.now().uptimeNanoseconds
        let input = self.input
        let next = generation + 1
        let folder = mediaFolder
        let result: Result<Good, SymbolReelError> = await offPool {
            do {
                let loaded = try input.load()
                let (w, h) = PreviewSession.previewSize(loaded.clip)
                let media = folder.appendingPathComponent("clip-\(next).webp").path
                var output = Preset.Output(file: media)
                output.width = w
                output.height = h
                output.fps = PreviewSession.previewRate(loaded.clip)
                output.loop = 0
                _ = try loaded.clip.export([output], relativeTo: folder.path)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                return .success(Good(loaded: loaded, media: media, width: w, height: h, seconds: seconds))
            } catch {
                return .failure(SymbolReelError(error))
            }
        }
        generation = next
        switch result {
        case .success(let g):
            if let old = good?.media { try? FileManager.default.removeItem(atPath: old) }
            good = g
            problems = []
            // The new clip may read other files (a replacement symbol added).
            stamps = FileStamps(watched)
        case .failure(let e):
            problems = [e] + e.more
        }
        broadcast(event: "state", data: stateJSON())
    }

    /// The preview size of a clip: its own, or scaled so the larger side is `previewSide`.
    static func previewSize(_ clip: Clip) -> (Int, Int) {
        let w = clip.settings.width, h = clip.settings.height
        let scale = min(1, Double(previewSide) / Double(max(w, h)))
        return (max(16, Int((Double(w) * scale).rounded())), max(16, Int((Double(h) * scale).rounded())))
    }

    /// The loop's frame rate: the clip's, lowered by a whole factor to at most `previewFPS`.
    /// WebP encoding is most of a save's wait (0.9 s of 1.0 s for a 3 s 512² clip at 60 fps,
    /// release build), and it scales with the frame count; paused and scrubbed frames are the
    /// clip's own at any rate.
    static func previewRate(_ clip: Clip) -> Double {
        let fps = clip.rate.framesPerSecond
        return fps / (fps / previewFPS).rounded(.up)
    }

    /// The most frames a second the loop plays.
    static let previewFPS = 30.0

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

    /// The media file of the current clip, if `name` is its name.
    func media(named name: String) -> String? {
        guard let g = good, URL(fileURLWithPath: g.media).lastPathComponent == name else { return nil }
        return g.media
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
