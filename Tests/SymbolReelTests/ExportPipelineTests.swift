import Foundation
import SymbolReel
import SymbolTestSupport
import Testing

/// `Clip.export` on the staged pipeline: identical frames and bytes with any worker count,
/// progress, cancellation, and nothing left behind on failure.
@Suite struct ExportPipelineTests {
    private static let presetNames: [String] = {
        let dir = packageRoot.appendingPathComponent("Presets")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
    }()

    private func preset(_ name: String) throws -> Clip {
        try Clip(presetAt: packageRoot.appendingPathComponent("Presets/\(name)").path)
    }

    private func tmp() throws -> URL { try makeTemporaryDirectory("export") }

    /// Every preset, drawn 24 pixels wide: the frame hashes through the pipeline with 2 and 4
    /// workers equal those with 1 worker, which equal the serial `frameHashes()` at that size.
    @Test func everyPresetHashesTheSameWithOneTwoAndFourWorkers() throws {
        #expect(Self.presetNames.count >= 20)
        for name in Self.presetNames {
            let clip = try preset(name)
            let one = try clip.frameHashes(workers: 1, width: 24).map(\.sha256)
            #expect(one.count == clip.frameCount, "\(name)")
            #expect(Set(one).count > 1, "\(name): the frames change")
            for workers in [2, 4] {
                let other = try clip.frameHashes(workers: workers, width: 24).map(\.sha256)
                #expect(other == one, "\(name) with \(workers) workers")
            }
        }
    }

    @Test func pipelineHashesEqualTheSerialOnes() throws {
        let clip = try Clip(documents: [try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)],
                            events: [.discrete(try EffectCall(parsing: ".wiggle").effect, options: .default, at: 0)],
                            settings: RenderSettings(width: 48, height: 48), fps: 30, duration: 0.5)
        #expect(try clip.frameHashes(workers: 3).map(\.sha256) == clip.frameHashes().map(\.sha256))
    }

    /// Outputs are grouped by frame rate, not by the decimal that names it: the canvas rate,
    /// 29.97 and 29.9700299 are all 30000/1001 fps, so the clip is rendered once for the three.
    @Test func outputsAtOneRateAreRenderedOnce() throws {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        let clip = try Clip(documents: [bell], settings: RenderSettings(width: 32, height: 32), fps: 29.97, duration: 0.5)
        #expect(clip.rate == FrameRate(numerator: 30000, denominator: 1001) && clip.duration == 0.5 && clip.frameCount == 15)
        #expect(throws: ClipError.self) { try Clip(documents: [bell], settings: RenderSettings(width: 32, height: 32), rate: FrameRate(500)) }
        var outputs = [Preset.Output(file: "null"), Preset.Output(file: "null"), Preset.Output(file: "null")]
        outputs[1].fps = 29.97
        outputs[2].fps = 29.9700299
        let report = try clip.export(outputs, workers: 1)
        #expect(report.outputs.map(\.frames) == [15, 15, 15])
        #expect(report.timings.frames == 15)
    }

    /// GIF, APNG and a PNG sequence are byte for byte the same with 1, 2 and 4 workers.
    @Test(arguments: ["download-button.json", "wifi-searching.json"])
    func fileBytesDoNotDependOnWorkers(_ name: String) throws {
        let clip = try preset(name)
        var reference: [String: Data]?
        for workers in [1, 2, 4] {
            let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
            let outputs = [output("a.gif", width: 64), output("a.png", width: 64),
                           output("seq/", fps: 10, width: 32)]
            let report = try clip.export(outputs, relativeTo: d.path, workers: workers)
            #expect(report.outputs.count == 3)
            var files: [String: Data] = [:]
            for f in ["a.gif", "a.png"] { files[f] = try Data(contentsOf: d.appendingPathComponent(f)) }
            for f in try FileManager.default.contentsOfDirectory(atPath: d.appendingPathComponent("seq").path) {
                files["seq/" + f] = try Data(contentsOf: d.appendingPathComponent("seq/" + f))
            }
            if let reference { #expect(files == reference, "\(name) with \(workers) workers") } else { reference = files }
        }
        #expect((reference?.count ?? 0) > 3)
    }

    @Test func progressCountsEveryFrameOfEveryGroup() throws {
        let clip = try preset("bounce-up.json")
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let seen = Seen()
        let report = try clip.export([output("a.gif", fps: 20, width: 32), output("b.png", width: 32)],
                                     relativeTo: d.path, workers: 2) { seen.add($0) }
        let all = seen.values
        let expected = report.timings.frames
        #expect(report.outputs.map(\.frames).reduce(0, +) == expected)   // one group each
        #expect(expected > clip.frameCount)
        #expect(all.allSatisfy { $0.total == expected })
        #expect(all.map(\.done).sorted() == Array(1...expected))
    }

    @Test func cancellingLeavesNoFileAndThrowsCancellation() throws {
        let clip = try preset("download-button.json")
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let cancellation = ExportCancellation()
        // Two groups (60 and 30 fps): cancelled during the second, the first group's finished
        // outputs are removed as well.
        let outputs = [output("a.png", width: 32), output("b.gif", fps: 30, width: 32)]
        #expect {
            try clip.export(outputs, relativeTo: d.path, workers: 2, cancellation: cancellation) { p in
                if p.done == clip.frameCount + 5 { cancellation.cancel() }
            }
        } throws: { ($0 as? SymbolReelError)?.kind == .cancelled }
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    @Test func cancelledBeforeStartWritesNothing() throws {
        let clip = try preset("pulse.json")
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let cancellation = ExportCancellation()
        cancellation.cancel()
        #expect {
            try clip.export([output("a.gif", width: 32)], relativeTo: d.path, cancellation: cancellation)
        } throws: { ($0 as? SymbolReelError)?.kind == .cancelled }
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    /// The real error (a folder that does not exist), not the cancellation it causes in the
    /// other outputs; the other outputs leave nothing.
    @Test func firstRealErrorIsReported() throws {
        let clip = try preset("pulse.json")
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let missing = d.appendingPathComponent("missing/x.mp4").path
        #expect {
            try clip.export([output("ok.gif", width: 32), output(missing, width: 32)], relativeTo: d.path)
        } throws: { error in
            guard let e = error as? SymbolReelError, e.kind == .cannotCreate,
                  case EncodeError.cannotCreate(let path, _)? = e.underlying else { return false }
            return path == missing && e.file == missing
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }
}

private func output(_ file: String, fps: Double? = nil, width: Int) -> Preset.Output {
    var o = Preset.Output(file: file)
    o.fps = fps
    o.width = width
    return o
}

private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ExportProgress] = []
    func add(_ p: ExportProgress) { lock.withLock { list.append(p) } }
    var values: [ExportProgress] { lock.withLock { list } }
}
