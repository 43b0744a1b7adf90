import Foundation
import SymbolTestSupport
import Testing

/// The repository stands on its own: no tracked file points to a folder beside it.
@Suite struct RepositoryTests {
    /// The tracked files (`git ls-files`).
    static func trackedFiles() throws -> [String] {
        let r = try Requirement.gitCheckout.run(["-C", packageRoot.path, "ls-files", "-z"], comparisons: 0)
        try #require(r.status == 0, "git ls-files: \(r.stderr)")
        return r.stdout.split(separator: "\0").map(String.init)
    }

    // A source tarball is not a git checkout: there it shows as skipped (CI runs in a clone).
    @Test(.requires(.gitCheckout))
    func noTrackedFileReachesOutsideTheRepository() throws {
        // Spelled in two pieces so this file does not match itself.
        let needle = Data((".." + "/shared").utf8)
        let files = try RepositoryTests.trackedFiles()
        #expect(files.count > 100)
        var offenders: [String] = []
        for file in files {
            let url = packageRoot.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url) else { continue }   // a deleted, unstaged file
            if data.range(of: needle) != nil { offenders.append(file) }
        }
        #expect(offenders.isEmpty, "these tracked files mention the team workspace; point them to docs/ instead: \(offenders)")
    }

    /// Tests launch programs through SymbolTestSupport (`TestProcess`, `Requirement.run`), so a
    /// missing tool is a visible skip or, under CI, a failure; a test's own `Process` could
    /// quietly do neither. Two files need a live process and keep their own: one signals a
    /// running command, the other runs the toolchain's symbol graph extractor.
    @Test func testsLaunchProgramsThroughTheSharedHelper() throws {
        let own: Set<String> = [
            "Sources/SymbolTestSupport/TestProcess.swift", "Tests/SymbolReelCLITests/RenderProgressTests.swift",
            "Tests/SymbolReelTests/PublicAPITests.swift",
        ]
        var checked = 0, offenders: [String] = []
        for folder in ["Tests", "Sources/SymbolTestSupport", "Sources/SymbolReelTesting"] {
            let root = packageRoot.appendingPathComponent(folder)
            let urls = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for url in urls where url.pathExtension == "swift" {
                let file = folder + url.path.dropFirst(root.path.count)
                checked += 1
                // Spelled in two pieces so this file does not match itself.
                if !own.contains(file), try String(contentsOf: url, encoding: .utf8).contains("Process" + "()") { offenders.append(file) }
            }
        }
        #expect(checked > 50)
        #expect(offenders.isEmpty, "launch programs with TestProcess.run or Requirement.run instead: \(offenders)")
    }
}
