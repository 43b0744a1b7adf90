import Foundation
import Testing
@testable import SymbolReel

/// The quick options and a preset file are one way in: each quick command below is paired with
/// the preset a user would write for it (written here by hand from docs/presets.md, not by the
/// code under test), and both must give the same frame hashes.
@Suite(.startsSymbolreel) struct OneWayInTests {
    static let bell = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
    static let slash = CLI.packageRoot.appendingPathComponent("Samples/bell.slash.svg").path

    static let cases: [(quick: [String], preset: String)] = [
        (["--effect", ".bounce.up", "--from", "0.25", "--size", "64", "--fps", "30"],
         ##"{"canvas": {"width": 64, "height": 64, "fps": 30}, "symbol": {"source": "\##(bell)"}, "timeline": [{"at": 0.25, "effect": ".bounce.up"}]}"##),
        // An effect that holds while active runs to the end of the clip, 2 s past --from.
        (["--effect", ".scale.up", "--from", "0.5", "--size", "64x48", "--fps", "24"],
         ##"{"canvas": {"width": 64, "height": 48, "fps": 24, "duration": 2.5}, "symbol": {"source": "\##(bell)"}, "timeline": [{"from": 0.5, "until": 2.5, "effect": ".scale.up"}]}"##),
        (["--effect", ".pulse", "--options", ".repeat(2).speed(1.5)", "--until", "1.5", "--size", "48", "--fps", "20",
          "--background", "#FFFFFF", "--color", "#FF0000"],
         ##"{"canvas": {"width": 48, "height": 48, "fps": 20, "background": "#FFFFFF"}, "symbol": {"source": "\##(bell)"}, "style": {"colors": ["#FF0000"]}, "timeline": [{"from": 0, "until": 1.5, "effect": ".pulse", "options": ".repeat(2).speed(1.5)"}]}"##),
        (["--replace-with", slash, "--from", "0.2", "--size", "48", "--fps", "20", "--weight", "bold", "--scale", "large",
          "--color", "#112233", "--color", "#445566", "--gradient", "--accent", "#778899"],
         ##"{"canvas": {"width": 48, "height": 48, "fps": 20}, "symbol": {"source": "\##(bell)", "weight": "bold", "scale": "large"}, "style": {"renderingMode": "palette", "colors": ["#112233", "#445566"], "colorRendering": "gradient", "accentColor": "#778899"}, "timeline": [{"at": 0.2, "replaceWith": "\##(slash)", "effect": ".replace"}]}"##),
    ]

    @Test(arguments: 0..<cases.count)
    func quickOptionsAndTheirPresetGiveTheSameFrames(_ k: Int) throws {
        let (quick, json) = OneWayInTests.cases[k]
        let file = try CLI.temporaryFile(json, name: "same.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let a = try CLI.run(["hashes", OneWayInTests.bell] + quick)
        let b = try CLI.run(["hashes", file.path])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stdout.split(separator: "\n").count > 10)
        #expect(a.stdout == b.stdout)
    }

    /// A timeline the preset reader accepts but the timeline refuses keeps its type, and the
    /// error names the preset entry by its JSON path.
    @Test func aRefusedEventKeepsItsTypeAndItsPath() throws {
        let json = ##"{"symbol": {"source": "\##(OneWayInTests.bell)"}, "timeline": [{"at": 0, "effect": ".bounce"}, {"from": 0, "until": 1, "effect": ".replace"}]}"##
        let file = try CLI.temporaryFile(json, name: "refused.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        do {
            _ = try Clip(presetAt: file.path)
            Issue.record("the clip was built")
        } catch {
            let clipError = error.underlying as? ClipError
            #expect(error.kind == .badClip)
            #expect(clipError?.timeline?.eventIndex == 1)
            #expect(clipError?.timeline?.reason == .invalid)
            #expect(error.file == file.path)
            #expect(error.path == "$.timeline[1]")
            #expect(error.message == "'.replace.downUp' is a content transition: use a replace event at a time")
            #expect(error.description == "\(file.path): error: $.timeline[1]: '.replace.downUp' is a content transition: use a replace event at a time")
        }
    }
}
