import Foundation
import SymbolReel

/// The JSON the page reads: the preview's state (one `state` event per change), export
/// progress and results, and poses. Field names are the page script's.
enum PreviewJSON {
    struct State: Encodable {
        var name: String
        var generation: Int
        /// Nil until the input has read and rendered once.
        var clip: ClipFacts?
        /// The input's problems since the last save (empty when it reads): each with its file,
        /// line:column and JSON path where it has them. The last good clip keeps playing.
        var problems: [Problem]
        /// The last good clip's notes and warnings.
        var diagnostics: [Problem]
        var files: [String]
        var exporting: Bool
    }

    struct ClipFacts: Encodable {
        /// The loop's frames are `loop + "&i=" + index`, for index in 0..<loopFrames.
        var loop: String
        var loopFrames: Int
        /// Every `loopStride`-th frame of the clip is in the loop.
        var loopStride: Int
        /// Why the loop plays fewer frames a second than the clip's rate allows, when it does.
        var loopNote: String?
        var width: Int
        var height: Int
        var previewWidth: Int
        var previewHeight: Int
        var fps: Double
        /// The loop's rate (the clip's, or lowered by a whole factor to at most 30 fps and 240 frames).
        var previewFPS: Double
        var frameCount: Int
        var duration: Double
        var outputs: [String]
        var renderSeconds: Double
    }

    struct Problem: Encodable {
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var path: String?
        var code: String?
        var text: String

        init(_ e: SymbolReelError) {
            severity = "error"; message = e.message; file = e.file; line = e.line; column = e.column; path = e.path
            text = e.description
        }

        /// A diagnostic's fields as `inspect --json` writes them, with its file and text.
        init(_ d: Diagnostic) {
            let p = SymbolInspection.Problem(d)
            (severity, message, line, column, code) = (p.severity, p.message, p.line, p.column, p.code)
            file = d.location?.file; text = d.description
        }
    }

    struct Written: Encodable {
        var path: String
        var format: String
        var frames: Int
        var bytes: Int
        var notes: [String]
    }

    struct Export: Encodable {
        var state: String
        var done: Int?
        var total: Int?
        var files: [Written]?
        var seconds: Double?
        var error: String?
    }

    static func state(name: String, generation: Int, good: PreviewSession.Good?, problems: [SymbolReelError], exporting: Bool) -> String {
        let facts = good.map { g in
            let clip = g.loaded.clip
            return ClipFacts(loop: "/loop.png?g=\(g.generation)", loopFrames: g.loop.frames.count, loopStride: g.loop.stride, loopNote: g.loop.note,
                             width: clip.settings.width, height: clip.settings.height, previewWidth: g.width, previewHeight: g.height,
                             fps: clip.rate.framesPerSecond, previewFPS: clip.rate.framesPerSecond / Double(g.loop.stride), frameCount: clip.frameCount, duration: clip.duration,
                             outputs: g.loaded.outputs.map(\.file), renderSeconds: g.seconds)
        }
        return encode(State(name: name, generation: generation, clip: facts, problems: problems.map(Problem.init),
                            diagnostics: good?.loaded.clip.diagnostics.map(Problem.init) ?? [],
                            files: (good?.loaded.files ?? []).map(shown), exporting: exporting))
    }

    /// A watched file as the page lists it: relative to the folder `preview` was started in when
    /// it is inside it (as the command line names files), else whole.
    static func shown(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func exportProgress(done: Int, total: Int) -> String {
        encode(Export(state: "running", done: done, total: total))
    }

    static func exportResult(_ result: Result<ExportReport, SymbolReelError>) -> String {
        switch result {
        case .success(let report):
            let files = report.outputs.map { Written(path: $0.path, format: $0.format.rawValue, frames: $0.frames, bytes: $0.bytes, notes: $0.notes) }
            return encode(Export(state: "done", files: files, seconds: report.timings.wallSeconds))
        case .failure(let e):
            return encode(Export(state: e.kind == .cancelled ? "cancelled" : "failed", error: e.description))
        }
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
