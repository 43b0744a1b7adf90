import Foundation
import SymbolTestSupport
import Testing

/// The README's picture, docs/demo.gif: small, and what `make demo` makes of docs/demo.json now
/// (decoded frames compared, so a change to the effects or the encoder shows up here).
@Suite(.startsSymbolreel) struct DemoPictureTests {
    @Test func demoPictureIsSmallAndCurrent() throws {
        let committed = CLI.packageRoot.appendingPathComponent("docs/demo.gif")
        let bytes = try #require(FileManager.default.attributesOfItem(atPath: committed.path)[.size] as? NSNumber).intValue
        #expect(bytes < 400 * 1024, "docs/demo.gif is \(bytes) bytes; keep it under 400 KB")

        // Render the preset as it is, beside a link to the samples so its relative paths hold.
        let scratch = try makeTemporaryDirectory("demo"); defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Samples"),
                                                   withDestinationURL: CLI.packageRoot.appendingPathComponent("Samples"))
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("docs"), withIntermediateDirectories: true)
        let preset = scratch.appendingPathComponent("docs/demo.json")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("docs/demo.json"), to: preset)
        let r = try CLI.run(["render", preset.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let fresh = try GIFDecoder.decode(path: scratch.appendingPathComponent("docs/demo.gif").path)
        let old = try GIFDecoder.decode(path: committed.path)
        #expect(fresh.frames.count == old.frames.count && fresh.frames.count >= 100)
        let same = zip(fresh.frames, old.frames).allSatisfy { $0.rgba == $1.rgba && $0.delay == $1.delay }
        #expect(same, "docs/demo.gif is stale: run make demo (or symbolreel render docs/demo.json) and commit it")
    }
}
