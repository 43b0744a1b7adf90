import Foundation
import SymbolReel

/// `batch CATALOG --template PRESET.json`: one preset whose symbol each symbol set replaces.
struct BatchTemplate: Sendable {
    var preset: Preset
    var path: String

    /// Reads the template. Its `symbol.source` is replaced, so it need not exist; every other
    /// problem is reported as for any preset. A template without outputs is refused.
    static func read(_ path: String) throws -> BatchTemplate {
        let data = FileManager.default.contents(atPath: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // The symbol named in the template need not exist: parse once to learn it, then check
        // every other file the template names.
        let source = data.flatMap { try? PresetReader.read(data: Array($0), file: path) }?.symbol?.source
        let preset: Preset
        if let data, source != nil {
            preset = try PresetReader.read(data: Array(data), file: path) { name in
                name == source || FileManager.default.fileExists(atPath: name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path)
            }
        } else {
            preset = try PresetReader.read(contentsOf: path)   // reports what is wrong with it
        }
        guard !preset.isScene else {
            throw CommandFailure(message: "error: the template \(path) is a scene preset; a batch template is a symbol preset whose symbol each input replaces (render a scene with symbolreel render)",
                                 status: ExitStatus.dataError)
        }
        guard !preset.outputs.isEmpty else {
            throw CommandFailure(message: "error: the template \(path) has no outputs; add \"outputs\" (each symbol's files are named after it)",
                                 status: ExitStatus.dataError)
        }
        return BatchTemplate(preset: preset, path: path)
    }

    /// The template with its symbol replaced by the symbol set at `folder`.
    func preset(for folder: String) -> Preset {
        var p = preset
        p.symbol?.source = URL(fileURLWithPath: folder).standardizedFileURL.path
        return p
    }

    /// A template output's file for the symbol `name`: `{name}` replaced when the file name has
    /// it, else the name with the file's extension (`out/clip.gif` → `NAME.gif`; a PNG sequence
    /// folder `frames/` → `NAME/`, `f_%05d.png` → `NAME_%05d.png`). Folders are dropped, as for
    /// every batch output.
    static func file(_ file: String, symbol name: String) -> String {
        if file == "null" { return file }
        if file.contains("{name}") { return BatchRunner.fileUnderOut(file.replacingOccurrences(of: "{name}", with: name)) }
        let last = BatchRunner.fileUnderOut(file)
        if last.hasSuffix("/") { return name + "/" }
        if let r = last.range(of: "%0") { return name + "_" + last[r.lowerBound...] }
        let ext = URL(fileURLWithPath: last).pathExtension
        return ext.isEmpty ? name : name + "." + ext
    }
}
