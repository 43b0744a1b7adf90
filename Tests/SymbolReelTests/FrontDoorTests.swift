import Foundation
import SymbolReel
import SymbolTestSupport
import Testing

/// The examples of docs/api.md and docs/testing.md, run as written (paths from the package root):
/// a clip from a preset changed in code, from preset JSON, and the error a caller switches over.
@Suite struct FrontDoorTests {
    @Test func aPresetChangedInCodeMakesAClip() throws {
        var preset = try PresetReader.read(contentsOf: packageRoot.appendingPathComponent("Presets/bounce-up.json").path)
        preset.canvas.width = 64; preset.canvas.height = 64; preset.canvas.duration = 1
        let small = try Clip(preset: preset, relativeTo: packageRoot.appendingPathComponent("Presets").path)
        let frame = small.frame(index: 12)
        #expect(frame.width == 64 && frame.height == 64)
        #expect(small.frameCount == 60)
        #expect(small.framePose(index: 12).seconds == 0.2)
    }

    @Test func presetJSONMakesAClip() throws {
        let bell = packageRoot.appendingPathComponent("Samples/bell.svg").path
        let json = ##"{"canvas": {"width": 64, "height": 64, "fps": 30, "duration": 1, "background": "#FFFFFF"},"##
            + ##" "symbol": {"source": "\##(bell)"}, "timeline": [{"at": 0, "effect": ".wiggle"}]}"##
        let wiggle = try Clip(preset: JSONDecoder().decode(Preset.self, from: Data(json.utf8)), relativeTo: nil)
        #expect(wiggle.frameCount == 30)
        #expect(wiggle.rate.numerator == 30 && wiggle.rate.denominator == 1)
        // The wiggle moves the symbol: some frame differs from the first.
        let first = wiggle.frame(index: 0)
        #expect((1..<wiggle.frameCount).contains { wiggle.frame(index: $0) != first })
        #expect(wiggle.frame(index: 0).pixel(x: 0, y: 0) == (255, 255, 255, 255))
    }

    /// The switch of docs/api.md: a missing preset is `.notFound`, named by its file.
    @Test func theErrorIsSwitchedOverByKind() {
        let path = packageRoot.appendingPathComponent("Presets/no-such-preset.json").path
        var said = ""
        do {
            let clip = try Clip(presetAt: path)
            _ = try clip.export([Preset.Output(file: "null")])
        } catch {
            switch error.kind {
            case .notFound, .unreadable: said = "no such preset or symbol: \(error.file ?? "")"
            default: said = error.description
            }
        }
        #expect(said == "no such preset or symbol: \(path)")
    }
}
