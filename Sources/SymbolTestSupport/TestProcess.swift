import Foundation

/// The package's root folder (Samples/, Presets/, Tests/), from this file's place in
/// Sources/SymbolTestSupport, so a test finds it from any working directory.
public let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A new empty folder under the system's temporary directory, `symbolreel-LABEL-UUID`; the
/// caller removes it.
public func makeTemporaryDirectory(_ label: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
}

/// Runs a program to the end and keeps what it wrote: the one way the tests launch a process
/// (the `symbolreel` binary, ffprobe, Python references, make, git).
public enum TestProcess {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Both streams, standard output first (for messages and for tools that print to either).
        public var output: String { stdout + stderr }
    }

    /// A program that could not be started.
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `executable` with `arguments`; `input` is written to its standard input. With a
    /// `timeout` (seconds), a run that takes longer is killed with SIGKILL (status 9), so a
    /// hang fails the test instead of stalling the suite. `environment` adds to this process's.
    public static func run(_ executable: URL, _ arguments: [String], input: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:], timeout: Double? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        do { try p.run() } catch { throw LaunchError(description: "cannot run \(executable.path): \(error)") }
        if let timeout {
            let pid = p.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [p] in
                if p.isRunning { kill(pid, SIGKILL) }
            }
        }
        if let input {
            DispatchQueue.global().async {
                inPipe.fileHandleForWriting.write(input)
                try? inPipe.fileHandleForWriting.close()
            }
        }
        // Standard error is read on another thread while standard output is read here, so a
        // child that fills one pipe while we wait on the other cannot block.
        let errorData = LockedData()
        let readingError = DispatchGroup()
        DispatchQueue.global().async(group: readingError) { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        readingError.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: errorData.value, as: UTF8.self))
    }

    /// The first executable named `name` in the folders of `$PATH`, or nil.
    public static func which(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        return nil
    }
}

/// Bytes handed from a reading thread to the waiting one.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.withLock { data = d } }
    var value: Data { lock.withLock { data } }
}
