import Foundation
import SymbolReel

/// How one preset of a batch went.
struct BatchResult: Sendable {
    var preset: String
    var outputs: [ExportedOutput] = []
    var frames = 0
    var seconds = 0.0
    /// The clip's own length: frames at its frame rate, and seconds (0 until it was built).
    var clipFrames = 0
    var clipSeconds = 0.0
    /// The preset as read (nil when it could not be read).
    var decoded: Preset?
    /// The clip's reader and timeline diagnostics (printed unless --quiet, and in --json).
    var diagnostics: [Diagnostic] = []
    var failure: CommandFailure?

    /// Outputs written whole but larger than their `maxBytes`.
    var overBudget: [ExportedOutput] { outputs.filter(\.isOverBudget) }

    var status: String {
        guard let failure else { return overBudget.isEmpty ? "ok" : "over budget" }
        return failure.status == ExitStatus.interrupted ? "interrupted" : "failed (\(failure.status))"
    }

    /// One line per output over its budget, starting with the preset's path.
    var overBudgetLines: [String] { overBudget.map { "\(preset): over budget: " + SizeBudget.overrun($0) } }

    /// The clip's warnings and notes and its encoders' notes, a line each starting with the
    /// preset's path, as `render` prints them for its one clip.
    var problemLines: [String] {
        diagnostics.map { "\(preset): \($0)" } + outputs.flatMap { o in o.notes.map { "\(preset): note: \(o.path): \($0)" } }
    }

    var jsonLines: [String] {
        if let failure {
            return ["{\"preset\": \(JSONLine.quote(preset)), \"status\": \"failed\", \"exit\": \(failure.status), "
                + "\"error\": \(JSONLine.quote(failure.message))}"]
        }
        return outputs.map { JSONLine.output($0, seconds: seconds, preset: preset, diagnostics: diagnostics) }
    }
}

/// What a batch writes for each preset. `batch` writes the preset's own outputs under the
/// output folder by file name; `gallery` writes its fixed formats and a contact sheet.
struct BatchLayout: Sendable {
    /// The outputs (relative to the output folder) of the preset at `index` of the sorted list,
    /// which was read from `path`.
    var outputs: @Sendable (_ preset: Preset, _ path: String, _ index: Int) throws -> [Preset.Output]
    /// Runs on the preset's batch thread after its outputs were written; an error fails the preset.
    var finish: (@Sendable (_ clip: Clip, _ index: Int) throws -> Void)?

    /// `batch`: every output the preset names, under the output folder by its file name alone.
    static let presetOutputs = BatchLayout(outputs: { preset, path, _ in
        guard !preset.outputs.isEmpty else {
            throw CommandFailure(message: "error: \(path) has no outputs; add \"outputs\" to the preset", status: ExitStatus.dataError)
        }
        return preset.outputs.map { o in
            var o = o
            o.file = BatchRunner.fileUnderOut(o.file)
            return o
        }
    }, finish: nil)

    /// `batch --template`: the template's outputs, named after the symbol set's symbol.
    static let symbolSetOutputs = BatchLayout(outputs: { preset, path, _ in
        let name = SymbolSet.name(ofFolder: path)
        return preset.outputs.map { o in
            var o = o
            o.file = BatchTemplate.file(o.file, symbol: name)
            return o
        }
    }, finish: nil)
}

/// Renders presets `jobs` at a time on dedicated threads (each export blocks its thread
/// while its own pipeline threads work). Destinations are claimed in path order before
/// anything renders, so which preset wins a clash does not depend on timing.
final class BatchRunner: @unchecked Sendable {
    private let outDirectory: String
    private let workers: Int
    private let cancellation: ExportCancellation
    private let progress: BatchProgress
    private let layout: BatchLayout
    private let template: BatchTemplate?
    /// `--max-bytes`: every output's budget, in place of the presets' own.
    private let maxBytes: Int?

    init(outDirectory: String, workers: Int, cancellation: ExportCancellation, progress: BatchProgress,
         layout: BatchLayout = .presetOutputs, template: BatchTemplate? = nil, maxBytes: Int? = nil) {
        self.template = template
        self.maxBytes = maxBytes
        self.outDirectory = outDirectory
        self.workers = workers
        self.cancellation = cancellation
        self.progress = progress
        self.layout = layout
    }

    func run(_ entries: [BatchSelection.Entry], jobs: Int) -> [BatchResult] {
        let prepared = prepare(entries)
        let state = SharedState(results: prepared.map(\.result))
        progress.start(total: prepared.count)
        for (k, job) in prepared.enumerated() where job.result.failure != nil { progress.finished(job.result, index: k) }
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, prepared.count)) {
            group.enter()
            let thread = Thread { [self] in
                while true {
                    let k: Int? = state.lock.withLock {
                        while state.next < prepared.count && prepared[state.next].result.failure != nil { state.next += 1 }
                        guard state.next < prepared.count else { return nil }
                        state.next += 1
                        return state.next - 1
                    }
                    guard let k else { break }
                    let result = render(prepared[k], index: k)
                    state.lock.withLock { state.results[k] = result }
                    progress.finished(result, index: k)
                }
                group.leave()
            }
            thread.name = "symbolreel batch"
            thread.start()
        }
        group.wait()
        progress.end()
        return state.lock.withLock { state.results }
    }

    /// The next preset to take and the results so far, shared by the batch threads.
    private final class SharedState: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
        var results: [BatchResult]
        init(results: [BatchResult]) { self.results = results }
    }

    private struct Job {
        var result: BatchResult
        var preset: Preset?
        var outputs: [Preset.Output] = []
    }

    /// Reads every preset and maps its outputs under the output folder, in path order.
    private func prepare(_ entries: [BatchSelection.Entry]) -> [Job] {
        var claimed: [String: String] = [:]
        return entries.enumerated().map { index, entry in
            var job = Job(result: BatchResult(preset: entry.path))
            if let problem = entry.problem {
                job.result.failure = CommandFailure(message: problem, status: ExitStatus.noInput)
                return job
            }
            do {
                let preset = try template?.preset(for: entry.path) ?? PresetReader.read(contentsOf: entry.path)
                job.result.decoded = preset
                job.outputs = try layout.outputs(preset, entry.path, index)
                if let maxBytes {
                    for k in job.outputs.indices where job.outputs[k].resolvedFormat != .null { job.outputs[k].maxBytes = maxBytes }
                }
                for o in job.outputs where o.file != "null" {
                    let key = URL(fileURLWithPath: outDirectory).appendingPathComponent(o.file).standardizedFileURL.path
                    if let other = claimed[key] {
                        throw CommandFailure(message: "error: \(entry.path) writes \(key), which \(other) already writes in this batch; give the outputs different file names",
                                             status: ExitStatus.cannotCreate)
                    }
                }
                for o in job.outputs where o.file != "null" {
                    claimed[URL(fileURLWithPath: outDirectory).appendingPathComponent(o.file).standardizedFileURL.path] = entry.path
                }
                job.preset = preset
            } catch {
                job.result.failure = CommandFailure(error)
            }
            return job
        }
    }

    /// A preset's output file name without its folders (`../out/a.gif` → `a.gif`); PNG
    /// sequence folders keep their trailing slash.
    static func fileUnderOut(_ file: String) -> String {
        if file == "null" { return file }
        let trimmed = file.hasSuffix("/") ? String(file.dropLast()) : file
        let name = URL(fileURLWithPath: trimmed).lastPathComponent
        return file.hasSuffix("/") ? name + "/" : name
    }

    private func render(_ job: Job, index: Int) -> BatchResult {
        var result = job.result
        let started = Date()
        do {
            let directory = URL(fileURLWithPath: template?.path ?? job.result.preset).deletingLastPathComponent().path
            let name = template == nil ? URL(fileURLWithPath: job.result.preset).deletingPathExtension().lastPathComponent
                : SymbolSet.name(ofFolder: job.result.preset)
            let clip = try Clip(preset: job.preset!, relativeTo: directory)
            result.diagnostics = clip.diagnostics
            result.clipFrames = clip.frameCount
            result.clipSeconds = Double(clip.frameCount) / clip.rate.framesPerSecond
            let report = try clip.export(job.outputs, relativeTo: outDirectory, workers: workers, cancellation: cancellation) { [progress] p in
                progress.update(p, index: index, name: name)
            }
            result.outputs = report.outputs
            result.frames = report.timings.frames
            try layout.finish?(clip, index)
        } catch {
            result.failure = CommandFailure(error)
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }
}

/// Batch progress on standard error: on a terminal one line redrawn in place with every
/// running preset's share; otherwise a plain line as each preset finishes, followed by its
/// warnings and notes. Failures are always printed; the rest not with --quiet.
final class BatchProgress: @unchecked Sendable {
    private let style: ProgressReporter.Style
    private let lock = NSLock()
    private var total = 0
    private var done = 0
    private var running: [Int: (name: String, progress: ExportProgress)] = [:]
    private var lastDraw = Date.distantPast

    init(quiet: Bool, json: Bool) {
        style = quiet ? .silent : (isatty(STDERR_FILENO) == 1 ? .bar : .lines)
    }

    func start(total: Int) { lock.withLock { self.total = total } }

    func update(_ p: ExportProgress, index: Int, name: String) {
        lock.withLock {
            running[index] = (name, p)
            guard style == .bar, Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = Date()
            drawBar()
        }
    }

    func finished(_ r: BatchResult, index: Int) {
        lock.withLock {
            running[index] = nil
            done += 1
            let name = r.preset
            var line: String?
            if let failure = r.failure {
                line = "\(name): \(failure.message)"
            } else if style != .silent {
                line = String(format: "%@: %d output%@, %d frames, %.2f s", name, r.outputs.count, r.outputs.count == 1 ? "" : "s", r.frames, r.seconds)
            }
            if style == .bar { write("\r\u{1B}[2K") }
            if let line { write("[\(done)/\(total)] " + line + "\n") }
            // Like failures, shown even with --quiet: the batch will not exit 0 because of them.
            for overrun in r.overBudgetLines { write(overrun + "\n") }
            if style != .silent { for problem in r.problemLines { write(problem + "\n") } }
            if style == .bar { drawBar() }
        }
    }

    func end() {
        lock.withLock { if style == .bar { write("\r\u{1B}[2K") } }
    }

    private func drawBar() {
        let parts = running.keys.sorted().map { k -> String in
            let (name, p) = running[k]!
            return "\(name) \(p.total > 0 ? p.done * 100 / p.total : 100)% " + String(format: "%.0f fps", p.framesPerSecond)
        }
        write("\r\u{1B}[2K[\(done)/\(total) presets] " + parts.joined(separator: "  "))
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// The table printed when a batch ends.
enum BatchSummary {
    static func table(_ results: [BatchResult]) -> String {
        let width = max(6, results.map(\.preset.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func left(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        var lines = [pad("preset", width) + "  outputs  frames     time  status"]
        for r in results {
            lines.append(pad(r.preset, width) + "  " + left("\(r.outputs.count)", 7) + "  " + left("\(r.frames)", 6) + "  "
                + left(String(format: "%.2f s", r.seconds), 7) + "  " + r.status)
        }
        let failed = results.filter { $0.failure != nil }.count
        let over = results.filter { $0.failure == nil && !$0.overBudget.isEmpty }.count
        lines.append("\(results.count - failed) of \(results.count) presets rendered" + (failed > 0 ? ", \(failed) failed" : "")
                     + (over > 0 ? ", \(over) with outputs over budget" : ""))
        return lines.joined(separator: "\n")
    }

    /// Every output over its budget, for standard error once the batch ended (nil when none).
    static func overBudget(_ results: [BatchResult]) -> String? {
        let lines = results.flatMap(\.overBudgetLines)
        guard !lines.isEmpty else { return nil }
        return "\(lines.count) output\(lines.count == 1 ? " is" : "s are") over budget (written whole):\n"
            + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
