import Foundation
import Testing

/// The repository stands on its own: no tracked file points to a folder beside it.
@Suite struct RepositoryTests {
    /// The tracked files (`git ls-files`), or nil when this is not a git checkout (a source
    /// tarball, say) or git is missing.
    static func trackedFiles() -> [String]? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", CLI.packageRoot.path, "ls-files", "-z"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }

    @Test(.enabled(if: trackedFiles() != nil, "not a git checkout"))
    func noTrackedFileReachesOutsideTheRepository() throws {
        // Spelled in two pieces so this file does not match itself.
        let needle = Data((".." + "/shared").utf8)
        let files = try #require(RepositoryTests.trackedFiles())
        #expect(files.count > 100)
        var offenders: [String] = []
        for file in files {
            let url = CLI.packageRoot.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url) else { continue }   // a deleted, unstaged file
            if data.range(of: needle) != nil { offenders.append(file) }
        }
        #expect(offenders.isEmpty, "these tracked files mention the team workspace; point them to docs/ instead: \(offenders)")
    }
}
