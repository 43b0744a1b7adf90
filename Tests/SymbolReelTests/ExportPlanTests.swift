import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// How an export's outputs are grouped: each distinct size and rate is rendered once and feeds
/// every encoder of its group; frame counts follow the clip's span at each rate; paths resolve
/// against the export's folder; nothing is written while planning.
@Suite struct ExportPlanTests {
    static func clip(width: Int = 320, height: Int = 200, fps: Double = 60, duration: Double = 1) throws -> Clip {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        return try Clip(documents: [bell], settings: RenderSettings(width: width, height: height), fps: fps, duration: duration)
    }

    static func output(_ file: String, fps: Double? = nil, width: Int? = nil, height: Int? = nil) -> Preset.Output {
        var o = Preset.Output(file: file)
        o.fps = fps; o.width = width; o.height = height
        return o
    }

    @Test func outputsOfOneSizeAndRateShareARender() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try ExportPlanTests.clip()
        let outputs = [
            ExportPlanTests.output("a.mp4"), ExportPlanTests.output("b.apng", fps: 60),
            ExportPlanTests.output("c.gif", fps: 30), ExportPlanTests.output("d.webp", fps: 30),
            ExportPlanTests.output("e.mp4", width: 160), ExportPlanTests.output("f.mov", fps: 23.976, width: 160, height: 90),
            ExportPlanTests.output("frames/"), ExportPlanTests.output("null"),
        ]
        let plan = try ExportPlan(clip: clip, outputs: outputs, relativeTo: folder.path)
        #expect(plan.formats == [.mp4, .apng, .gif, .webp, .mp4, .mov, .pngSequence, .null])
        #expect(plan.encoders.count == outputs.count)
        let groups = plan.groups.map { ($0.settings.width, $0.settings.height, $0.rate.description, $0.frameCount, $0.members) }
        #expect(groups.count == 4)
        #expect(groups[0] == (320, 200, "60 fps", 60, [0, 1, 6, 7]))
        #expect(groups[1] == (320, 200, "30 fps", 30, [2, 3]))
        #expect(groups[2] == (160, 100, "60 fps", 60, [4]))           // the height follows the aspect ratio
        #expect(groups[3] == (160, 90, "24000/1001 fps", 24, [5]))    // round(1 s × 23.976)
        // Planning writes nothing.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A clip of 0.51 s at 60 fps has 31 frames spanning 31/60 s; at 24 fps that span is 12.4
    /// frames, written as 12.
    @Test func frameCountsFollowTheClipsSpan() throws {
        let clip = try ExportPlanTests.clip(duration: 0.51)
        #expect(clip.frameCount == 31)
        let plan = try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("a.gif", fps: 24), ExportPlanTests.output("b.gif", fps: 120)],
                                  relativeTo: "/tmp")
        #expect(plan.groups.map(\.frameCount) == [12, 62])
    }

    @Test func badOutputsAreClipErrors() throws {
        let clip = try ExportPlanTests.clip()
        #expect(throws: ClipError("cannot tell the format of \"clip.avi\"; use .mp4, .mov, .webm, .gif, .apng, .webp, .png, .lottie or .svg, or give a format")) {
            try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("clip.avi")], relativeTo: "/tmp")
        }
        #expect(throws: ClipError("big.mp4: an output width of 9000 pixels is outside 16…8192")) {
            try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("big.mp4", width: 9000)], relativeTo: "/tmp")
        }
        #expect(throws: ClipError("low.gif: an output height of 8 pixels is outside 16…8192")) {
            try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("low.gif", height: 8)], relativeTo: "/tmp")
        }
        // A height that follows the aspect ratio is at least 16 (a 20-pixel-wide output of a 320×200 canvas).
        let narrow = try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("narrow.gif", width: 20)], relativeTo: "/tmp")
        #expect(narrow.groups.map { [$0.settings.width, $0.settings.height] } == [[20, 16]])
        #expect(throws: ClipError.self) {
            try ExportPlan(clip: clip, outputs: [ExportPlanTests.output("nan.gif", fps: .nan)], relativeTo: "/tmp")
        }
    }
}
