import Foundation
import SymbolTestSupport
import Testing

/// Package.swift pins every package at an exact version (no Package.resolved is committed), so
/// that every machine resolves one graph: each `.package` line says `exact:`, every package the
/// build resolved is one of them at that version (a package a new dependency brings fails here
/// until it is pinned too), and docs/architecture.md names the versions Package.swift pins.
@Suite struct DependencyPinTests {
    /// Package identity (the URL's last part, lower case, without `.git`) → pinned version.
    static func pins() throws -> [String: String] {
        let text = try String(contentsOf: ArchitectureTableTests.manifest, encoding: .utf8)
        let line = try Regex(#"\.package\(url:\s*"[^"]*/([^/"]+?)(?:\.git)?",\s*exact:\s*"([0-9.]+)"\)"#)
        var pins: [String: String] = [:]
        for m in text.matches(of: line) {
            if let name = m.output[1].substring, let version = m.output[2].substring { pins[name.lowercased()] = String(version) }
        }
        return pins
    }

    @Test func everyPackageIsPinnedExactly() throws {
        let text = try String(contentsOf: ArchitectureTableTests.manifest, encoding: .utf8)
        let declared = text.components(separatedBy: ".package(").count - 1
        let pins = try Self.pins()
        #expect(declared > 5, "Package.swift's packages were not read")
        #expect(pins.count == declared, "\(declared) packages declared, \(pins.count) with exact: (\(pins.keys.sorted()))")
    }

    /// The build's Package.resolved (written by every `swift build`, never committed) against
    /// the pins: a package resolved but not pinned, or at another version, fails.
    @Test func theResolvedGraphIsThePinnedOne() throws {
        let resolved = packageRoot.appendingPathComponent("Package.resolved")
        let data = try #require(try? Data(contentsOf: resolved), "no Package.resolved: build the package first")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let found = try #require(json["pins"] as? [[String: Any]])
        let pins = try Self.pins()
        #expect(found.count == pins.count, "\(found.count) packages resolved, \(pins.count) pinned")
        for pin in found {
            let identity = (pin["identity"] as? String) ?? "?"
            let version = (pin["state"] as? [String: Any])?["version"] as? String
            #expect(pins[identity] != nil, "\(identity) is in the resolved graph but not pinned in Package.swift")
            if let pinned = pins[identity] { #expect(version == pinned, "\(identity) resolved at \(version ?? "no version"), pinned at \(pinned)") }
        }
    }

    /// Every "(package VERSION)" in docs/architecture.md's module table is the pinned version.
    @Test func theModuleTableNamesThePinnedVersions() throws {
        let text = try String(contentsOf: ArchitectureTableTests.architecture, encoding: .utf8)
        let pins = try Self.pins()
        let named = try Regex(#"\(([A-Za-z][A-Za-z-]+) ([0-9]+\.[0-9]+\.[0-9]+)[,)]"#)
        let mentions = text.matches(of: named).compactMap { m in m.output[1].substring.map { (String($0).lowercased(), String(m.output[2].substring ?? "")) } }
        #expect(mentions.count >= 5, "the table's versions were not read: \(mentions)")
        for (name, version) in mentions {
            #expect(pins[name] == version, "docs/architecture.md says \(name) \(version); Package.swift pins \(pins[name] ?? "nothing")")
        }
    }
}
