import SymbolRender
import SymbolVector

extension Clip {
    /// The clip as a vector scene (docs/vector.md): its layers' paths as the renderer places
    /// them and one pose per frame, at `settings` (the clip's own by default) and `rate`.
    package func vectorScene(settings: RenderSettings? = nil, rate: FrameRate? = nil, frameCount: Int? = nil) -> VectorScene {
        let settings = settings ?? self.settings
        let rate = rate ?? self.rate
        let count = frameCount ?? self.frameCount
        let drawing = settings == self.settings ? plan : RenderPlan(documents: documents, settings: settings)
        let poses = (0..<count).map { timeline.pose(at: rate.time(ofFrame: $0)) }
        return drawing.vectorScene(poses: poses, rate: rate)
    }

    /// What names the program inside a vector file.
    static var vectorGenerator: String { "SymbolReel \(SymbolReelVersion.string)" }

    /// Writes one vector output of an export plan.
    func exportVector(_ member: ExportPlan.VectorMember) throws -> ExportedOutput {
        let scene = vectorScene(settings: member.settings, rate: member.rate, frameCount: member.frameCount)
        let bytes = try VectorFileWriter.write(scene, format: member.format, loopCount: member.loopCount,
                                               generator: Clip.vectorGenerator, trigger: member.trigger, to: member.path)
        return ExportedOutput(path: member.path, format: member.outputFormat, frames: member.frameCount, bytes: bytes, notes: scene.notes)
    }
}
