import ArgumentParser
import SymbolReel

/// `symbolreel validate PRESET.json …`: check presets without rendering.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check presets without rendering: every problem with its JSON path and line:column, symbols and timeline included.")

    @Argument(help: "Preset files.")
    var presets: [String]

    @Flag(help: "Print nothing for presets that are fine.")
    var quiet = false

    func validate() throws {
        guard !presets.isEmpty else { throw ValidationError("name at least one preset") }
    }

    func run() throws {
        var worst: Int32 = 0
        for path in presets {
            do {
                let clip = try Clip(presetAt: path)
                for d in clip.diagnostics { printError(d.description) }
                if !quiet { print("ok: \(path) (\(clip.frameCount) frames at \(clip.rate) fps, \(clip.timeline.events.count) events)") }
            } catch {
                let code = exitStatus(for: error).rawValue
                worst = worst == 0 || worst == ExitStatus.noInput ? code : worst
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
