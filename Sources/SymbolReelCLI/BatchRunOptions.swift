import ArgumentParser
import Foundation

/// The options `batch` and `gallery` share: how many presets at a time (`--jobs`), render
/// threads each (`--threads`, as in `render`), and quiet output.
struct BatchRunOptions: ParsableArguments {
    @Option(help: "Presets rendered at a time, 1…256 (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Render threads per preset, 1…256 (default 1: each preset renders and encodes on one thread).")
    var threads: Int?

    @Option(name: .customLong("workers"), help: ArgumentHelp("Old name of --threads.", visibility: .hidden))
    var oldThreads: Int?

    @Flag(help: "Print nothing but errors (no progress, summary, warnings or notes).")
    var quiet = false

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1…256") }
        try checkThreads(threads, oldName: "--workers", old: oldThreads)
    }

    /// `--jobs`, or the number of cores.
    var resolvedJobs: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// `--threads` (or its old name), else 1.
    var resolvedThreads: Int { threads ?? oldThreads ?? 1 }
}

/// `--threads` and the hidden old name that means the same (`render --jobs`, `batch --workers`):
/// at most one of them, 1…256.
func checkThreads(_ threads: Int?, oldName: String, old: Int?) throws {
    if threads != nil && old != nil { throw ValidationError("give --threads alone (\(oldName) is its old name)") }
    if let n = threads ?? old, !(1...256).contains(n) { throw ValidationError("--threads must be 1…256") }
}

/// The folder a command writes into: `--output-dir`, or the command's old spelling of it
/// (`batch --out`, `gallery -o`), which stays hidden for one release.
func outputFolder(_ folder: String?, oldName: String, old: String?) throws -> String {
    if folder != nil && old != nil { throw ValidationError("give --output-dir alone (\(oldName) is its old name)") }
    guard let path = folder ?? old else { throw ValidationError("give the folder to write into with --output-dir DIR") }
    return path
}

/// Creates `path` and its parents, or exits 73 (cannot create) saying why.
func createOutputFolder(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        printError("error: cannot create the output folder \(path): \(error.localizedDescription)")
        throw ExitCode(ExitStatus.cannotCreate)
    }
}
