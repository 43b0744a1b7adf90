import SymbolCompose
import SymbolRender
import SymbolTimeline
import SymbolVector

extension Clip {
    /// The clip as a vector scene (docs/vector.md): its layers' paths as the renderer places
    /// them and one pose per frame, at `settings` (the clip's own by default) and `rate`.
    ///
    /// `reducedMotion`: the scene also carries the clip's Reduce Motion form, the same events
    /// posed with `reduceMotion` on, as as many frames again after the clip's own
    /// (`VectorScene.forms`). Both forms are posed through one plan, so their layers
    /// and shapes are the same and only the frames differ; a layer one form never draws is
    /// transparent in that form's frames. A clip whose style already asks for Reduce Motion is
    /// that form alone.
    package func vectorScene(settings: RenderSettings? = nil, rate: FrameRate? = nil, frameCount: Int? = nil,
                             reducedMotion: Bool = false) -> VectorScene {
        let settings = settings ?? self.settings
        let rate = rate ?? self.rate
        let count = frameCount ?? self.frameCount
        let drawing = settings == self.settings ? plan : RenderPlan(documents: documents, settings: settings)
        var poses = (0..<count).map { timeline.pose(at: rate.time(ofFrame: $0)) }
        let reduced = reducedMotion ? reducedMotionTimeline : nil
        if let reduced { poses += (0..<count).map { reduced.pose(at: rate.time(ofFrame: $0)) } }
        var scene = drawing.vectorScene(poses: poses, rate: rate)
        if reduced != nil {
            scene.forms = [VectorForm(kind: .standard, frames: 0..<count), VectorForm(kind: .reducedMotion, frames: count..<2 * count)]
        }
        return scene
    }

    /// The clip's timeline with Reduce Motion on; nil when it is already on.
    var reducedMotionTimeline: Timeline? {
        guard !timeline.style.reduceMotion else { return nil }
        var style = timeline.style
        style.reduceMotion = true
        // The same documents and events passed validation once; they pass again.
        return try? Timeline(documents: timeline.documents, mode: timeline.mode, events: timeline.events, style: style)
    }

    /// What names the program inside a vector file.
    static var vectorGenerator: String { "SymbolReel \(SymbolReelVersion.string)" }

    /// Writes one vector output of an export plan.
    func exportVector(_ member: ExportPlan.VectorMember) throws -> ExportedOutput {
        var scene: VectorScene
        if let program = self.scene {
            // A scene has no Reduce Motion form yet (docs/scenes.md): its file plays as it is.
            scene = program.vectorScene(rate: member.rate, frameCount: member.frameCount, width: member.settings.width,
                                        height: member.settings.height)
            if member.reducedMotion { scene.notes.append("a scene carries no Reduce Motion form yet; the file plays the scene as it is") }
        } else {
            scene = vectorScene(settings: member.settings, rate: member.rate, frameCount: member.frameCount,
                                reducedMotion: member.reducedMotion)
        }
        let bytes = try VectorFileWriter.write(scene, format: member.format, loopCount: member.loopCount,
                                               generator: Clip.vectorGenerator, trigger: member.trigger, to: member.path)
        return ExportedOutput(path: member.path, format: member.outputFormat, frames: member.frameCount, bytes: bytes, notes: scene.notes)
    }
}
