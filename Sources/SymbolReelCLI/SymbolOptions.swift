import ArgumentParser
import SymbolReel

/// Which variant of a symbol to read (shared by every command that reads a symbol).
struct VariantOptions: ParsableArguments {
    @Option(help: "Symbol weight: ultralight, thin, light, regular, medium, semibold, bold, heavy or black.")
    var weight: SymbolWeight = .regular

    @Option(help: "Symbol scale: small, medium or large.")
    var scale: SymbolScale = .medium

    var readOptions: ReadOptions { ReadOptions(weight: weight, scale: scale) }
}

extension SymbolWeight: ExpressibleByArgument {}
extension SymbolScale: ExpressibleByArgument {}
