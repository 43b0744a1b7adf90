import ArgumentParser
import Foundation

/// The options `batch` and `gallery` share: how many presets at a time (`--jobs`), render
/// threads each (`--threads`, as in `render`), and quiet output.
struct BatchRunOptions: ParsableArguments {
    @Option(help: "Presets rendered at a time, 1…256 (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Render threads per preset, 1…256 (default 1: each preset renders and encodes on one thread).")
    var threads: Int?

    @Flag(help: "Print nothing but errors (no progress, summary, warnings or notes).")
    var quiet = false

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1…256") }
        try checkThreads(threads)
    }

    /// `--jobs`, or the number of cores.
    var resolvedJobs: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// `--threads`, else 1.
    var resolvedThreads: Int { threads ?? 1 }
}

/// `--threads` (`render`, `batch`, `gallery`): 1…256 when given.
func checkThreads(_ threads: Int?) throws {
    if let n = threads, !(1...256).contains(n) { throw ValidationError("--threads must be 1…256") }
}

/// The folder a command writes into: `--output-dir`, which is required.
func outputFolder(_ folder: String?) throws -> String {
    guard let folder else { throw ValidationError("give the folder to write into with --output-dir DIR") }
    return folder
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
