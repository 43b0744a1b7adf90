import Foundation

/// Runs the built `symbolreel` executable and captures its output.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root (two folders above this file's folder).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The executable beside the test bundle (same build), else `.build/debug`.
    static let executable: URL = {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent("symbolreel")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/symbolreel")
    }()

    /// Runs the executable; with a `timeout`, a run that takes longer is killed (and shows as
    /// killed by SIGKILL, status 9, so a hang fails the test instead of stalling the suite).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: Double? = nil) throws -> Result {
        let p = Process()
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        p.executableURL = executable
        p.arguments = arguments
        p.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        if let timeout {
            let pid = p.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [p] in
                if p.isRunning { kill(pid, SIGKILL) }
            }
        }
        // Read both pipes before waiting so a large output cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    /// A temporary file with `contents`, removed by the caller.
    static func temporaryFile(_ contents: String, name: String = "t.svg") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// A new empty folder under the system's temporary directory, `symbolreel-LABEL-UUID`.
func makeTemporaryDirectory(_ label: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
}
