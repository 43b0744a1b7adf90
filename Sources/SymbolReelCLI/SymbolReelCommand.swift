import ArgumentParser
import SymbolReel

@main
struct SymbolReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbolreel",
        abstract: "Turn SF Symbols-style vector symbols into animated clips.",
        discussion: """
            Docs: README.md and docs/ (docs/presets.md has every command, flag and exit code); \
            Presets/schema.json is the preset format. Shell completion: \
            symbolreel --generate-completion-script bash|zsh|fish.
            """ + Examples.text(for: "symbolreel"),
        // "0.1.0 (abc1234)": the release and the commit built (BuildCommit, Plugins/BuildCommit).
        version: "\(SymbolReelVersion.string) (\(BuildCommit.id))",
        subcommands: [RenderCommand.self, BatchCommand.self, FrameCommand.self, HashesCommand.self, PosesCommand.self, PageCommand.self, SheetCommand.self, GalleryCommand.self, PreviewCommand.self, InspectCommand.self, EffectsCommand.self, ValidateCommand.self])

    /// Turns transparent huge pages off for this process (see `HugePages`), keeps large freed
    /// blocks in malloc's heap (see `MallocTuning`), then runs the command. Help ends with the command's examples (see `Examples`).
    /// A spelling removed before 1.0 is a usage error naming its replacement (see `RemovedSpellings`).
    static func main() {
        HugePages.decline()
        MallocTuning.keepLargeBlocks()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let removed = RemovedSpellings.find(in: arguments) {
            printError("Error: \(removed.message)\nSee 'symbolreel \(removed.command) --help'.")
            exit(withError: ExitCode(ExitStatus.usage))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .success else { exit(withError: error) }
            let message = Examples.movedToEnd(fullMessage(for: error))
            if !message.isEmpty { print(message) }
            exit(withError: nil)
        }
    }
}
