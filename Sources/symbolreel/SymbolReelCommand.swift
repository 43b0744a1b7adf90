import ArgumentParser
import SymbolReel

@main
struct SymbolReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbolreel",
        abstract: "Turn SF Symbols-style vector symbols into animated clips.",
        discussion: "Docs: README.md, and Presets/schema.json for the preset format.",
        version: SymbolReelVersion.string,
        subcommands: [RenderCommand.self, BatchCommand.self, FrameCommand.self, SheetCommand.self, GalleryCommand.self, InspectCommand.self, EffectsCommand.self, ValidateCommand.self])

    /// Turns transparent huge pages off for this process (see `HugePages`), then runs the command.
    static func main() {
        HugePages.decline()
        main(nil)
    }
}
