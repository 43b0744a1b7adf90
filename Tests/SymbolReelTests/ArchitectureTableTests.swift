import Foundation
import SymbolTestSupport
import Testing

/// docs/architecture.md's module table against Package.swift: every target the package declares
/// (`.target`, `.executableTarget`, `.systemLibrary`, `.testTarget`, `.plugin`; the libFuzzer targets
/// declared only under `SYMBOLREEL_FUZZ` are read from that block apart) is named in the first
/// column of the table, and the table names no target the package does not declare. A target
/// added, renamed or removed fails here until the table says so.
@Suite struct ArchitectureTableTests {
    static let manifest = packageRoot.appendingPathComponent("Package.swift")
    static let architecture = packageRoot.appendingPathComponent("docs/architecture.md")

    /// The target names declared in Package.swift, the ordinary ones and the fuzz ones apart.
    static func declaredTargets() throws -> (targets: Set<String>, fuzz: Set<String>) {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        // Everything from the `if` that tests SYMBOLREEL_FUZZ on is the fuzz block.
        guard let fuzzStart = text.range(of: "if Context.environment[\"SYMBOLREEL_FUZZ\"]") else {
            Issue.record("Package.swift has no SYMBOLREEL_FUZZ block")
            return ([], [])
        }
        let declaration = try Regex(#"\.(?:target|executableTarget|systemLibrary|testTarget|plugin)\(\s*name:\s*"([A-Za-z]+)""#)
        let targets = Set(text[..<fuzzStart.lowerBound].matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
        let quoted = try Regex(#""(Fuzz[A-Za-z]+)""#)
        let fuzz = Set(text[fuzzStart.lowerBound...].matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) })
        return (targets, fuzz)
    }

    /// The target names in the first column of the table under "## Modules" (capitalised
    /// names in backticks: not paths such as `bench/chart/`, nor the product `symbolreel`).
    static func tabledTargets() throws -> Set<String> {
        let text = try String(contentsOf: architecture, encoding: .utf8)
        guard let start = text.range(of: "\n## Modules\n") else {
            Issue.record("docs/architecture.md has no \"## Modules\" section")
            return []
        }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let name = try Regex(#"`([A-Z][A-Za-z]+)`"#)
        var names: Set<String> = []
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let firstCell = line.dropFirst(2).prefix { $0 != "|" }
            for match in firstCell.matches(of: name) {
                if let found = match.output[1].substring { names.insert(String(found)) }
            }
        }
        return names
    }

    @Test func everyTargetIsInTheModuleTable() throws {
        let (targets, fuzz) = try Self.declaredTargets()
        #expect(targets.count > 30, "Package.swift's targets were not read: \(targets.sorted())")
        #expect(fuzz.count > 3, "Package.swift's fuzz targets were not read: \(fuzz.sorted())")
        let tabled = try Self.tabledTargets()
        let missing = targets.union(fuzz).subtracting(tabled).sorted()
        #expect(missing.isEmpty, "declared in Package.swift but not in docs/architecture.md's module table: \(missing)")
        let unknown = tabled.subtracting(targets).subtracting(fuzz).sorted()
        #expect(unknown.isEmpty, "in docs/architecture.md's module table but not a target in Package.swift: \(unknown)")
    }
}
