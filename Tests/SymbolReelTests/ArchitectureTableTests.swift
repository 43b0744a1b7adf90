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
        let declaration = try Regex(#"\.(?:target|executableTarget|systemLibrary|testTarget|plugin)\(\s*name:\s*"([A-Za-z0-9]+)""#)
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
        let name = try Regex(#"`([A-Z][A-Za-z0-9]+)`"#)
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

    /// Each target's dependency list in Package.swift (target names and products, and the
    /// build-tool plugins it uses), read from its declaration up to the next declaration.
    static func declaredDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let body = text[..<(text.range(of: "if Context.environment[\"SYMBOLREEL_FUZZ\"]")?.lowerBound ?? text.endIndex)]
        let declaration = try Regex(#"\.(?:target|executableTarget|systemLibrary|testTarget|plugin)\(\s*name:\s*"([A-Za-z0-9]+)""#)
        let matches = body.matches(of: declaration)
        let quoted = try Regex(#""([A-Z][A-Za-z0-9]+)""#)
        var result: [String: Set<String>] = [:]
        for (k, m) in matches.enumerated() {
            guard let name = m.output[1].substring.map(String.init) else { continue }
            let end = k + 1 < matches.count ? matches[k + 1].range.lowerBound : body.endIndex
            let rest = body[m.range.upperBound..<end]
            // Only what follows `dependencies:` or `plugins:` names dependencies (not the path,
            // nor a package name after `package:`, which is lower case).
            guard let deps = rest.range(of: "dependencies:") ?? rest.range(of: "plugins:") else { result[name] = []; continue }
            // `exclude: [...]` lists folders, not dependencies.
            let listed = String(rest[deps.lowerBound...]).replacing(try Regex(#"exclude:\s*\[[^\]]*\]"#), with: "")
            let names = listed.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) }
            result[name] = Set(names)
        }
        return result
    }

    /// For every row that names one target, the target names and products in backticks in its
    /// "depends on" column.
    static func tabledDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: architecture, encoding: .utf8)
        guard let start = text.range(of: "\n## Modules\n") else { return [:] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let name = try Regex(#"`([A-Z][A-Za-z0-9]+)`"#)
        var result: [String: Set<String>] = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let targets = cells[1].matches(of: name).compactMap { $0.output[1].substring.map(String.init) }
            guard targets.count == 1 else { continue }
            result[targets[0]] = Set(cells[cells.count - 2].matches(of: name).compactMap { $0.output[1].substring.map(String.init) })
        }
        return result
    }

    /// The table's "depends on" column is the manifest's, target by target: a newcomer reading
    /// only the table knows what a target may import and which test target reaches it.
    @Test func everyRowsDependenciesAreTheManifests() throws {
        let declared = try Self.declaredDependencies()
        let tabled = try Self.tabledDependencies()
        #expect(tabled.count > 30, "the table's rows were not read: \(tabled.keys.sorted())")
        for (target, deps) in tabled.sorted(by: { $0.key < $1.key }) {
            guard let manifest = declared[target] else { continue }
            #expect(deps == manifest, "\(target): the table says \(deps.sorted()), Package.swift says \(manifest.sorted())")
        }
    }

    /// Every library module under Sources/ is a dependency of some test target, so its tests
    /// are in a row of the table's test targets.
    @Test func everyModuleHasATestTarget() throws {
        let declared = try Self.declaredDependencies()
        let tested = declared.filter { $0.key.hasSuffix("Tests") }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let sources = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)
        let modules = sources.filter { !$0.hasPrefix("C") && declared[$0] != nil }
        #expect(modules.count > 15, "\(modules)")
        let untested = modules.filter { !tested.contains($0) }.sorted()
        #expect(untested.isEmpty, "no test target depends on \(untested)")
    }
}
