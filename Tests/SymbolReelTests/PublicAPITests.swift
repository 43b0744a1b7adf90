import Foundation
import SymbolTestSupport
import Testing

/// The public API baseline: every public declaration `import SymbolReel`, `import
/// SymbolReelTesting` and `import SymbolReelSnapshotTesting` bring in, read from the compiled modules by the toolchain's
/// `swift-symbolgraph-extract`, must be in docs/api.md's list, and every line of that list must
/// still be public; together they stay under 200 (the front door fits on a screen). A new public
/// declaration fails here until it is written into the list on purpose (`SYMBOLREEL_UPDATE_API=1
/// swift test --filter PublicAPITests` rewrites the list; review the diff).
@Suite struct PublicAPITests {
    /// The library products a user imports.
    static let frontDoors = ["SymbolReel", "SymbolReelTesting", "SymbolReelSnapshotTesting"]
    /// The most public declarations they may reach together.
    static let limit = 200
    /// What `import SymbolReel` may bring in besides SymbolReel itself.
    static let reexports = [
        "SymbolGeometry", "SymbolScene", "SymbolSVG", "SymbolTimeline", "SymbolRaster", "SymbolRender",
        "SymbolEncode", "SymbolEncodePNG", "SymbolEncodeMP4", "SymbolEncodeGIF", "SymbolEncodeWebP",
    ]
    /// Modules that a product carries but whose declarations are `package`: the shared test
    /// helpers (decoders, golden images, process launching) that SymbolReelTesting uses inside
    /// and our own test targets import; a user of SymbolReelTesting sees none of them.
    static let packageOnly = ["SymbolTestSupport"]
    static let listFile = packageRoot.appendingPathComponent("docs/api.md")
    static let begin = "<!-- api list: written by PublicAPITests (SYMBOLREEL_UPDATE_API=1); do not edit by hand -->"
    static let end = "<!-- end of api list -->"

    /// The front door re-exports exactly these modules, and no library module re-exports
    /// anything else (no Glibc, no Foundation).
    @Test func theFrontDoorReexportsOnlyTheLibrarysModules() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        var found: [String: [String]] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where line.hasPrefix("@_exported import ") {
                found[file.lastPathComponent, default: []].append(String(line.dropFirst("@_exported import ".count)))
            }
        }
        #expect(Set(found.keys) == ["SymbolReel.swift"], "\(found)")
        #expect(found["SymbolReel.swift"]?.sorted() == PublicAPITests.reexports.sorted())
    }

    /// No deprecated shims before 1.0: a rename moves every caller instead, and the changelog says
    /// what changed.
    @Test func nothingIsDeprecated() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.count > 50, "Sources was not read")
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("@available(*, deprecated"), "\(file.path) keeps a deprecated declaration")
        }
    }

    @Test func everyPublicDeclarationIsInTheList() throws {
        guard let modules = PublicAPITests.modulesFolder() else {
            Issue.record("no Modules folder next to the test binary (\(CommandLine.arguments[0]))")
            return
        }
        let current = try PublicAPITests.publicDeclarations(modules: modules)
        let total = current.values.map(\.count).reduce(0, +)
        #expect(total > 100, "the symbol graphs were not read")
        #expect(Set(current.keys).isSuperset(of: PublicAPITests.frontDoors), "no symbol graph for \(PublicAPITests.frontDoors)")
        #expect(total < PublicAPITests.limit, "\(total) public declarations; the front door's limit is \(PublicAPITests.limit)")
        for module in PublicAPITests.packageOnly {
            #expect(current[module] == nil, "\(module) is package-only, yet declares public: \(current[module] ?? [])")
        }
        if ProcessInfo.processInfo.environment["SYMBOLREEL_UPDATE_API"] == "1" {
            try PublicAPITests.writeList(current)
            return
        }
        let text = try String(contentsOf: PublicAPITests.listFile, encoding: .utf8)
        #expect(text.contains(PublicAPITests.totalLine(total)), "docs/api.md does not say \"\(PublicAPITests.totalLine(total))\"")
        let listed = try PublicAPITests.readList()
        for module in Set(current.keys).union(listed.keys).sorted() {
            let now = Set(current[module] ?? []), doc = Set(listed[module] ?? [])
            let added = now.subtracting(doc).sorted(), gone = doc.subtracting(now).sorted()
            #expect(added.isEmpty, "\(module): public but not in docs/api.md:\n\(added.joined(separator: "\n"))")
            #expect(gone.isEmpty, "\(module): in docs/api.md but no longer public:\n\(gone.joined(separator: "\n"))")
        }
    }

    /// `.build/<triple>/debug/Modules`, beside the test binary.
    static func modulesFolder() -> URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let m = dir.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: m.appendingPathComponent("SymbolReel.swiftmodule").path) { return m }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// Module → one line per public declaration: `Container: declaration` (or the declaration
    /// alone at the top level), as the symbol graph spells it. Synthesized members are left out.
    static func publicDeclarations(modules: URL) throws -> [String: [String]] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // The triple is the build folder's name (.build/x86_64-unknown-linux-gnu/debug/Modules).
        let triple = modules.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        let names = frontDoors + reexports + packageOnly
        // HarfBuzz's headers live in their own folder (pkg-config names it, as SwiftPM asks it).
        let pkgConfig = try? TestProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["pkg-config", "--cflags-only-I", "harfbuzz", "fontconfig"])
        let includes = (pkgConfig?.stdout ?? "").split(separator: " ").compactMap { $0.hasPrefix("-I") ? String($0.dropFirst(2)).trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: names.count) { k in
            var args = ["swift-symbolgraph-extract", "-module-name", names[k], "-I", modules.path, "-minimum-access-level", "public",
                        "-output-dir", out.path]
            if triple.contains("-") { args += ["-target", triple] }
            for c in ["CAVCodec", "CGIF", "CPNG", "CWebP", "CLibz", "CHarfBuzz", "CFontconfig"] { args += ["-I", packageRoot.appendingPathComponent("Sources/\(c)").path] }
            for path in includes { args += ["-I", path] }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = args
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            do {
                try p.run()
                let message = err.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                if p.terminationStatus != 0 { failures.append("\(names[k]): \(String(decoding: message, as: UTF8.self))") }
            } catch {
                failures.append("\(names[k]): \(error)")
            }
        }
        #expect(failures.items.isEmpty, "swift-symbolgraph-extract failed: \(failures.items)")
        var result: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: out.appendingPathComponent(file))
            guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let module = (graph["module"] as? [String: Any])?["name"] as? String,
                  let symbols = graph["symbols"] as? [[String: Any]] else { continue }
            for s in symbols where s["accessLevel"] as? String == "public" {
                let precise = (s["identifier"] as? [String: Any])?["precise"] as? String ?? ""
                if precise.contains("::SYNTHESIZED::") { continue }
                let path = s["pathComponents"] as? [String] ?? []
                let heading = ((s["names"] as? [String: Any])?["subHeading"] as? [[String: Any]] ?? [])
                    .compactMap { $0["spelling"] as? String }.joined()
                let line = (path.count > 1 ? path.dropLast().joined(separator: ".") + ": " : "") + heading
                result[module, default: []].append(line)
            }
        }
        return result.mapValues { $0.sorted() }
    }

    /// The sentence at the top of the list that states the count.
    static func totalLine(_ total: Int) -> String {
        "\(total) public declarations in all (the limit is \(limit))."
    }

    static func readList() throws -> [String: [String]] {
        let text = try String(contentsOf: listFile, encoding: .utf8)
        guard let a = text.range(of: begin), let b = text.range(of: end) else { return [:] }
        var result: [String: [String]] = [:]
        var module: String?
        var inBlock = false
        for line in text[a.upperBound..<b.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") { module = String(line.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }
            else if line.hasPrefix("```") { inBlock.toggle() }
            else if inBlock, let module, !line.isEmpty { result[module, default: []].append(String(line)) }
        }
        return result
    }

    static func writeList(_ list: [String: [String]]) throws {
        var text = try String(contentsOf: listFile, encoding: .utf8)
        guard let a = text.range(of: begin), let b = text.range(of: end) else {
            Issue.record("docs/api.md has no api list markers")
            return
        }
        var body = "\n\n" + totalLine(list.values.map(\.count).reduce(0, +)) + "\n"
        for module in (frontDoors + reexports) where list[module] != nil {
            body += "\n### `\(module)`\n\n```text\n" + list[module]!.joined(separator: "\n") + "\n```\n"
        }
        text.replaceSubrange(a.upperBound..<b.lowerBound, with: body + "\n")
        try text.write(to: listFile, atomically: true, encoding: .utf8)
    }
}

/// Lines collected from several threads.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var items: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
