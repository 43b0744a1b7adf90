import Foundation
import SymbolTestSupport
import Testing

/// `render --threads/--timings/--quiet/--json`, progress lines, and SIGINT/SIGTERM mid-way.
@Suite(.startsSymbolreel) struct RenderProgressTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("progress") }

    private let quick = ["Samples/bell.svg", "--effect", ".wiggle", "--duration", "0.5", "--fps", "20", "--size", "48"]

    @Test func threadsGiveTheSameBytes() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        var files: [Data] = []
        for threads in ["1", "3"] {
            let out = d.appendingPathComponent("t\(threads).gif").path
            let r = try CLI.run(["render"] + quick + ["--threads", threads, "--quiet", "-o", out])
            #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r.stderr)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(files[0] == files[1] && files[0].count > 100)
        let bad = try CLI.run(["render"] + quick + ["--threads", "0", "-o", "null"])
        #expect(bad.status == 64 && bad.stderr.contains("--threads must be"))
    }

    @Test func timingsNameEveryStageAndOutput() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let r = try CLI.run(["render"] + quick + ["--timings", "--quiet", "--threads", "2",
                                                  "-o", d.appendingPathComponent("t.gif").path, "-o", "null"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("timings: 10 frames in ") == true, "\(r.stderr)")
        #expect(lines.first?.hasSuffix("2 render workers") == true)
        for stage in ["evaluate", "render (2 summed)", "encode t.gif", "encode null"] {
            #expect(lines.contains { $0.hasPrefix("  " + stage) && $0.contains(" s busy ") && $0.contains(" fps") }, "\(stage)")
        }
    }

    /// Not a terminal: plain progress lines on standard error, ending at every frame.
    @Test func plainProgressLinesWhenNotATerminal() throws {
        let r = try CLI.run(["render"] + quick + ["-o", "null"])
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count >= 2 && lines.allSatisfy { $0.hasPrefix("bell.svg: ") && $0.contains(" frames ") && $0.contains("fps") })
        #expect(lines.last?.hasPrefix("bell.svg: 10/10 frames") == true, "\(r.stderr)")
        #expect(r.stdout == "wrote null: 10 frames, 0 bytes\n")
    }

    @Test func jsonIsOneObjectPerOutput() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let r = try CLI.run(["render"] + quick + ["--json", "--quiet", "-o", d.appendingPathComponent("a.png").path, "-o", "null"])
        #expect(r.status == 0)
        let objects = try r.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(objects.count == 2)
        #expect(objects.map { $0["format"] as? String } == ["apng", "null"])
        #expect(objects.allSatisfy { ($0["frames"] as? Int) == 10 && $0["bytes"] != nil && $0["seconds"] != nil })
    }

    /// A signal once the temporary file exists: exit 130, a sentence, nothing left in the folder.
    @Test(arguments: [SIGINT, SIGTERM])
    func signalCancelsCleanly(_ signal: Int32) throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let p = Process()
        p.executableURL = CLI.executable
        p.currentDirectoryURL = CLI.packageRoot
        p.arguments = ["render", "Samples/cloud.sun.svg", "--effect", ".wiggle", "--options", ".repeating", "--mode", "multicolor",
                       "--duration", "60", "--size", "256", "--quiet",
                       "-o", d.appendingPathComponent("long.mp4").path, "-o", d.appendingPathComponent("long.gif").path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Wait (up to 60 s) until both temporary files exist, then interrupt.
        var partials: [String] = []
        for _ in 0..<600 where partials.count < 2 {
            Thread.sleep(forTimeInterval: 0.1)
            partials = (try? FileManager.default.contentsOfDirectory(atPath: d.path))?.filter { $0.hasSuffix(".partial") } ?? []
        }
        #expect(partials.count == 2, "\(partials)")
        kill(p.processIdentifier, signal)
        let message = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 130)
        #expect(String(decoding: message, as: UTF8.self).contains("interrupted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    /// The command turns transparent huge pages off for itself (see `HugePages`): its
    /// /proc status says so while an MP4 export runs.
    @Test func commandDeclinesTransparentHugePages() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let p = Process()
        p.executableURL = CLI.executable
        p.currentDirectoryURL = CLI.packageRoot
        p.arguments = ["render", "Samples/cloud.sun.svg", "--effect", ".wiggle", "--options", ".repeating",
                       "--duration", "60", "--size", "256", "--quiet", "-o", d.appendingPathComponent("long.mp4").path]
        p.standardError = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) }; p.waitUntilExit() }
        var exporting = false
        for _ in 0..<600 where !exporting {
            Thread.sleep(forTimeInterval: 0.1)
            exporting = (try? FileManager.default.contentsOfDirectory(atPath: d.path))?.contains { $0.hasSuffix(".partial") } ?? false
        }
        try #require(exporting)
        let status = try String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
        #expect(line.map { $0.split(separator: "\t").last == "0" } ?? false, "\(line ?? "no THP_enabled line")")
        kill(p.processIdentifier, SIGTERM)
    }
}
