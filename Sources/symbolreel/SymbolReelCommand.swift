import ArgumentParser
import SymbolReel

@main
struct SymbolReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbolreel",
        abstract: "Turn SF Symbols-style vector symbols into animated clips.",
        version: SymbolReelVersion.string,
        subcommands: [])
}
