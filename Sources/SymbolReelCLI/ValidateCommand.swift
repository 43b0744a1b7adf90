import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel validate PRESET.json …`: check presets without rendering.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check presets without rendering: every problem with its JSON path and line:column, symbols and timeline included.",
        discussion: Examples.text(for: "validate", after: false))

    @Argument(help: "Presets (.json) or folders of presets (their *.json files but schema.json).")
    var presets: [String]

    @Flag(help: "Print nothing for presets that are fine.")
    var quiet = false

    func validate() throws {
        guard !presets.isEmpty else { throw ValidationError("name at least one preset") }
    }

    func run() throws {
        var worst: Int32 = 0
        // Folders expand as for `batch`; files are taken as given, in order.
        let paths = presets.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            return folder ? BatchSelection.expand([path]).map(\.path) : [path]
        }
        for path in paths {
            do {
                let clip = try Clip(presetAt: path)
                for d in clip.diagnostics { printError(d.description) }
                if !quiet { print("ok: \(path) (\(clip.frameCount) frames at \(clip.rate), " + (clip.scene.map { "\($0.scenes.count) scene\($0.scenes.count == 1 ? "" : "s"), \($0.scenes.reduce(0) { $0 + $1.leaves.count }) items drawn)" } ?? "\(clip.timeline.events.count) events)")) }
            } catch {
                let code = exitStatus(for: error).rawValue
                worst = worst == 0 || worst == ExitStatus.noInput ? code : worst
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
