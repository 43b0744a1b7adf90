import Foundation

/// The package's root folder (Samples/, Presets/, Tests/), from this file's place in
/// Sources/SymbolTestSupport, so a test finds it from any working directory.
package let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A new empty folder under the system's temporary directory, `symbolreel-LABEL-UUID`; the
/// caller removes it.
package func makeTemporaryDirectory(_ label: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
}

/// Runs a program to the end and keeps what it wrote: the one way the tests launch a process
/// (the `symbolreel` binary, ffprobe, Python references, make, git).
package enum TestProcess {
    /// How a run ended and what it printed.
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// Both streams, standard output first (for messages and for tools that print to either).
        package var output: String { stdout + stderr }
    }

    /// A program that could not be started.
    package struct LaunchError: Error, CustomStringConvertible {
        package var description: String
    }

    /// How long a run may take when the caller names no `timeout` (seconds): long enough for
    /// any check the suite makes on a loaded two-core machine, short enough that a hang shows
    /// as a failure well inside CI's limit.
    package static let defaultTimeout: Double = 900

    /// Runs `executable` with `arguments`; `input` is written to its standard input.
    ///
    /// No run can stall the suite. Past `timeout` seconds (`defaultTimeout` when nil) the
    /// child's whole process group is sent SIGTERM, then SIGKILL 5 s later; the result then has
    /// status 9 and a line naming the limit at the end of `stderr`. The child gets only its
    /// three standard descriptors (nothing another test has open leaks into it), and once it
    /// has exited, reading its output stops after 2 s without data, so a grandchild that
    /// outlives it holding the pipes (a browser in its own session) cannot hold the run. A run
    /// still going prints a line naming it to this process's standard error every 2 minutes,
    /// so a CI log shows what was slow. `environment` adds to this process's.
    ///
    /// It spawns and reaps the child itself rather than through Foundation's `Process`, which
    /// on Linux learns of the exit only when every descendant has closed a socket it hands
    /// down, so a lingering grandchild would keep it "running".
    package static func run(_ executable: URL, _ arguments: [String], input: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:], timeout: Double? = nil) throws -> Result {
        var child = try Spawned(executable.path, arguments, directory: directory?.path, environment: environment)
        defer { child.closeAll() }
        if let input {
            _ = ignoreBrokenPipes  // a child that exits without reading all of it gives EPIPE, not a signal
            let fd = child.input
            child.input = -1  // the writer closes it
            DispatchQueue.global().async {
                input.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
                    }
                }
                close(fd)
            }
        } else {
            close(child.input)
            child.input = -1
        }

        let limit = timeout ?? defaultTimeout
        let name = ([executable.lastPathComponent] + arguments.prefix(3)).joined(separator: " ")
        var watch = Watch(pid: child.pid, limit: limit, name: name)
        var collected = [Data(), Data()]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var lastData = watch.elapsed
        var exitStatus: Int32?
        while (child.output >= 0 || child.error >= 0 || exitStatus == nil) && !watch.abandoned {
            var polled = [child.output, child.error].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 100)
            for (k, entry) in polled.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let n = read(entry.fd, &buffer, buffer.count)
                if n > 0 {
                    collected[k].append(contentsOf: buffer[0..<n])
                    lastData = watch.elapsed
                } else if n == 0 || errno != EINTR {
                    close(entry.fd)
                    if k == 0 { child.output = -1 } else { child.error = -1 }
                }
            }
            if exitStatus == nil { exitStatus = child.reap() }
            if exitStatus != nil && watch.elapsed - lastData > 2 { break }
            watch.tick()
        }
        if exitStatus == nil {  // abandoned: killed and still not gone; reap it if it goes later
            let pid = child.pid
            DispatchQueue.global().async { var s: Int32 = 0; _ = waitpid(pid, &s, 0) }
        }
        var stderr = String(decoding: collected[1], as: UTF8.self)
        if watch.killed { stderr += "\n[TestProcess] \(name): killed after its \(Int(limit)) s time limit" }
        return Result(status: watch.killed ? 9 : exitStatus ?? 9, stdout: String(decoding: collected[0], as: UTF8.self),
                      stderr: stderr)
    }

    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// A child started with `posix_spawn`: its own process group, the three pipes, nothing else.
    private struct Spawned {
        let pid: pid_t
        var input: Int32, output: Int32, error: Int32

        init(_ path: String, _ arguments: [String], directory: String?, environment: [String: String]) throws {
            guard access(path, X_OK) == 0 else { throw LaunchError(description: "cannot run \(path): not an executable file") }
            var pipes = [[Int32]]()
            for _ in 0..<3 {
                var fds: [Int32] = [-1, -1]
                guard pipe(&fds) == 0 else {
                    pipes.joined().forEach { close($0) }
                    throw LaunchError(description: "cannot run \(path): pipe: \(String(cString: strerror(errno)))")
                }
                fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                pipes.append(fds)
            }
            defer { [pipes[0][0], pipes[1][1], pipes[2][1]].forEach { close($0) } }  // the child's ends
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
            posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
            _ = Spawned.closeFrom?(&actions, 3)
            if let directory {
                guard let chdir = Spawned.addChdir else { throw LaunchError(description: "cannot run \(path) in \(directory): no posix_spawn_file_actions_addchdir_np") }
                _ = directory.withCString { chdir(&actions, $0) }
            }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            posix_spawnattr_setpgroup(&attributes, 0)
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
            var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
            var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
            guard status == 0 else {
                [pipes[0][1], pipes[1][0], pipes[2][0]].forEach { close($0) }
                throw LaunchError(description: "cannot run \(path): \(String(cString: strerror(status)))")
            }
            self.pid = pid
            input = pipes[0][1]
            output = pipes[1][0]
            error = pipes[2][0]
        }

        /// The exit status (the signal's number when a signal ended it), or nil while it runs.
        func reap() -> Int32? {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            guard r == pid else { return r < 0 && errno == ECHILD ? 9 : nil }
            let signal = status & 0x7f
            return signal == 0 ? (status >> 8) & 0xff : signal
        }

        mutating func closeAll() {
            for fd in [input, output, error] where fd >= 0 { close(fd) }
            input = -1; output = -1; error = -1
        }

        private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // glibc 2.29 and 2.34 extensions, not in Swift's Glibc module: looked up by name.
        private static let addChdir: AddChdir? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            .map { unsafeBitCast($0, to: AddChdir.self) }
        private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: CloseFrom.self) }
    }

    /// The clock of one run: progress lines, then SIGTERM, SIGKILL and giving up, to the group.
    private struct Watch {
        let pid: Int32, limit: Double, name: String
        let start = DispatchTime.now()
        var killedAt: Double?
        var lastNote = 0.0
        var sentKill = false
        var abandoned = false
        var killed: Bool { killedAt != nil }

        init(pid: Int32, limit: Double, name: String) {
            self.pid = pid
            self.limit = limit
            self.name = name
        }

        var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

        mutating func tick() {
            let elapsed = self.elapsed
            if elapsed - lastNote >= 120 {
                lastNote = elapsed
                FileHandle.standardError.write(Data("[TestProcess] still running after \(Int(elapsed)) s (limit \(Int(limit)) s): \(name)\n".utf8))
            }
            if killedAt == nil, elapsed > limit {
                killedAt = elapsed
                FileHandle.standardError.write(Data("[TestProcess] \(name): past its \(Int(limit)) s limit, terminating its process group\n".utf8))
                signalGroup(SIGTERM)
            } else if let k = killedAt, !sentKill, elapsed > k + 5 {
                sentKill = true
                signalGroup(SIGKILL)
            } else if let k = killedAt, elapsed > k + 20 {
                abandoned = true
            }
        }

        /// Foundation starts every child as the leader of its own process group.
        private func signalGroup(_ signal: Int32) {
            kill(-pid, signal)
            kill(pid, signal)
        }
    }

    /// The first executable named `name` in the folders of `$PATH`, or nil.
    package static func which(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        return nil
    }
}
