import ArgumentParser
import Foundation

/// The options `batch` and `gallery` share: how many presets at a time, render threads each,
/// and quiet output.
struct BatchRunOptions: ParsableArguments {
    @Option(help: "Presets rendered at a time (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Render threads per preset; with 1, each preset renders and encodes on one thread.")
    var workers: Int = 1

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1…256") }
        if !(1...256).contains(workers) { throw ValidationError("--workers must be 1…256") }
    }

    /// `--jobs`, or the number of cores.
    var resolvedJobs: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
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
