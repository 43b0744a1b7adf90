import Foundation
import SymbolTestSupport

/// Runs the built `symbolreel` executable and captures its output.
enum CLI {
    typealias Result = TestProcess.Result

    /// The package root (SymbolTestSupport's), where commands run unless told otherwise.
    static var packageRoot: URL { SymbolTestSupport.packageRoot }

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
        try TestProcess.run(executable, arguments, in: directory ?? packageRoot, environment: environment, timeout: timeout)
    }

    /// A temporary file with `contents`, in a folder of its own the caller removes.
    static func temporaryFile(_ contents: String, name: String = "t.svg") throws -> URL {
        let url = try makeTemporaryDirectory("tests").appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
