import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel effects [--defaults] [--json]`: every effect, variant, option and curve.
struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects",
        abstract: "List every effect, variant, option and curve, and with --defaults our timing and magnitude defaults.",
        discussion: Examples.text(for: "effects", after: false))

    @Flag(help: "Also print the defaults table (durations, magnitudes, opacities).")
    var defaults = false

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    struct Listing: Encodable {
        var effects: [String: [String]]
        var options: [String]
        var curves: [String]
        var defaults: [Entry]?
        struct Entry: Encodable { var key: String; var value: Double; var unit: String; var meaning: String; var source: String }
    }

    func run() throws {
        let listing = Listing(
            effects: Dictionary(uniqueKeysWithValues: SymbolEffect.names.map { ($0, SymbolEffect.variants(of: $0)) }),
            options: SymbolEffectOptions.names, curves: Curve.names,
            defaults: defaults ? EffectDefaults.standard.entries.map { .init(key: $0.key, value: $0.value, unit: $0.unit, meaning: $0.meaning, source: $0.source) } : nil)
        if json {
            let e = JSONEncoder()
            e.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try e.encode(listing), as: UTF8.self))
            return
        }
        print("Effects (Apple's spelling; variants chain: .bounce.up.byLayer):")
        for name in SymbolEffect.names {
            let v = SymbolEffect.variants(of: name)
            print("  .\(name)" + (v.isEmpty ? "" : "  " + v.map { ".\($0)" }.joined(separator: " ")))
        }
        print("\nOptions (chain: .repeat(3).speed(1.5)):")
        print("  " + SymbolEffectOptions.names.map { ".\($0)" }.joined(separator: " ")
              + "   .repeat(n) .repeat(.periodic(n, delay: s)) .repeat(.continuous) .speed(x)")
        print("\nCurves (keyframes): " + Curve.names.joined(separator: " "))
        guard defaults else { return }
        print("\nDefaults:")
        let width = EffectDefaults.standard.entries.map(\.key.count).max() ?? 0
        for e in EffectDefaults.standard.entries {
            let value = e.value == e.value.rounded() ? String(Int(e.value)) : String(e.value)
            print("  " + e.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (value + " " + e.unit).padding(toLength: 16, withPad: " ", startingAt: 0) + e.meaning)
            // The source on its own line, under the meaning, so the table stays narrow.
            print(String(repeating: " ", count: width + 20) + "from: " + e.source)
        }
    }
}
