import ArgumentParser
import Foundation
import Testing
import SymbolReel
import SymbolTestSupport
@testable import SymbolReelCLI

/// The command line parsed and run in this process, as `symbolreel`'s `main` does (no binary
/// started, so the fast tier runs these): which command a line becomes, the usage errors and
/// their exit code, the removed spellings, and render, hashes and validate run for real with
/// what they wrote decoded. The binary itself (its output, exit codes as a process, signals) is
/// the other suites' of this target.
@Suite struct InProcessCommandTests {
    static let bell = packageRoot.appendingPathComponent("Samples/bell.svg").path
    static let preset = packageRoot.appendingPathComponent("Presets/bounce-up.json").path

    @Test func eachLineBecomesItsCommand() throws {
        let lines: [([String], any ParsableCommand.Type)] = [
            (["render", Self.bell, "--effect", ".bounce", "-o", "x.gif"], RenderCommand.self),
            (["render", Self.preset], RenderCommand.self),
            (["hashes", Self.bell, "--effect", ".pulse"], HashesCommand.self),
            (["poses", Self.bell, "--effect", ".pulse"], PosesCommand.self),
            (["validate", Self.preset], ValidateCommand.self),
            (["inspect", Self.bell], InspectCommand.self),
            (["effects"], EffectsCommand.self),
        ]
        for (line, expected) in lines {
            let command = try SymbolReelCommand.parseAsRoot(line)
            #expect(type(of: command) == expected, "\(line.joined(separator: " ")) became \(type(of: command))")
        }
    }

    /// What argument-parser refuses, with our validation: exit code 64 (usage) and a message
    /// that names what to give.
    @Test(arguments: [
        (["render", InProcessCommandTests.bell], "name at least one output with -o FILE"),
        (["render", InProcessCommandTests.bell, "-o", "x.gif", "--threads", "0"], "--threads"),
        (["render", InProcessCommandTests.bell, "-o", "x.gif", "--codec", "hevc"], "--codec hevc needs an -o file ending in .mp4 or .webm"),
        (["render", InProcessCommandTests.bell, "-o", "x.gif", "--fps", "soon"], "--fps"),
        (["render", InProcessCommandTests.bell, "-o", "x.gif", "--no-such-flag"], "--no-such-flag"),
        (["nonsense"], "nonsense"),
    ])
    func usageErrorsNameWhatToGive(_ line: [String], _ said: String) {
        do {
            _ = try SymbolReelCommand.parseAsRoot(line)
            Issue.record("\(line.joined(separator: " ")) parsed")
        } catch {
            #expect(SymbolReelCommand.exitCode(for: error).rawValue == ExitStatus.usage, "\(line): \(SymbolReelCommand.exitCode(for: error))")
            let message = SymbolReelCommand.fullMessage(for: error)
            #expect(message.contains(said), "\(line.joined(separator: " ")): \(message)")
        }
    }

    /// A spelling renamed before 1.0 is found before parsing, with the name that replaced it;
    /// the same word elsewhere (another command's option, a value, after `--`) is not.
    @Test func removedSpellingsNameTheirReplacement() {
        #expect(RemovedSpellings.find(in: ["render", "a.svg", "--jobs", "2"])?.message.contains("--threads") == true)
        #expect(RemovedSpellings.find(in: ["batch", "--out=x", "Presets"])?.message.contains("--output-dir") == true)
        #expect(RemovedSpellings.find(in: ["frame", "a.svg", "--hashes"])?.message.contains("symbolreel hashes") == true)
        #expect(RemovedSpellings.find(in: ["batch", "--jobs", "2", "Presets"]) == nil, "--jobs is batch's own option")
        #expect(RemovedSpellings.find(in: ["render", "a.svg", "--", "--jobs"]) == nil, "after -- it is an argument")
        #expect(RemovedSpellings.find(in: []) == nil)
    }

    /// `render` run here writes a GIF whose frames are the clip's: as many, at the clip's size.
    @Test func renderWritesTheClip() throws {
        let work = try makeTemporaryDirectory("in-process-render"); defer { try? FileManager.default.removeItem(at: work) }
        let gif = work.appendingPathComponent("bell.gif").path
        var command = try SymbolReelCommand.parseAsRoot(["render", Self.bell, "--effect", ".bounce", "--size", "64", "--fps", "20",
                                                         "--duration", "0.5", "-o", gif, "--quiet", "--threads", "2"])
        try command.run()
        let decoded = try GIFDecoder.decode(path: gif)
        #expect(decoded.frames.count == 10, "\(decoded.frames.count) frames")
        #expect(decoded.width == 64 && decoded.height == 64)
        #expect(decoded.duration == 50, "GIF delays are centiseconds: 0.5 s is 50, not \(decoded.duration)")
    }

    /// A bad effect is a usage error at run time (64), and nothing is written.
    @Test func aBadEffectWritesNothing() throws {
        let work = try makeTemporaryDirectory("in-process-render"); defer { try? FileManager.default.removeItem(at: work) }
        let gif = work.appendingPathComponent("bell.gif").path
        do {
            var command = try SymbolReelCommand.parseAsRoot(["render", Self.bell, "--effect", ".bounce.sideways", "-o", gif, "--quiet"])
            try command.run()
            Issue.record("a bad effect rendered")
        } catch {
            #expect(SymbolReelCommand.exitCode(for: error).rawValue == ExitStatus.usage, "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    /// `validate` on a folder with one broken preset: the exit code is a data error (65).
    @Test func validateFailsOnABrokenPreset() throws {
        let work = try makeTemporaryDirectory("in-process-validate"); defer { try? FileManager.default.removeItem(at: work) }
        let good = #"{"symbol": {"source": "\#(Self.bell)"}, "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [{"file": "b.gif"}]}"#
        try good.write(to: work.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try #"{"canvas": {"width": -4}}"#.write(to: work.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        var one = try SymbolReelCommand.parseAsRoot(["validate", "--quiet", work.appendingPathComponent("good.json").path])
        try one.run()
        var both = try SymbolReelCommand.parseAsRoot(["validate", "--quiet", work.path])
        do {
            try both.run()
            Issue.record("a broken preset validated")
        } catch {
            #expect(SymbolReelCommand.exitCode(for: error).rawValue == ExitStatus.dataError, "\(error)")
        }
    }
}
