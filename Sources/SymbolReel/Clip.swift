import Foundation
import SymbolCompose
import SymbolGeometry
import SymbolRender
import SymbolTimeline

/// A clip ready to render: the symbol documents, the timeline, the render settings, the frame
/// rate and the duration. Every frame is a pure function of the clip and its index.
///
/// ```swift
/// let clip = try Clip(presetAt: "Presets/bounce.json")
/// let frame12 = clip.frame(index: 12)
/// ```
public struct Clip: Sendable {
    package let documents: [SymbolDocument]
    package let timeline: Timeline
    package private(set) var settings: RenderSettings
    public let rate: FrameRate
    /// The clip's length in seconds: the duration asked for, else the timeline's natural
    /// duration (at least 1 s).
    public let duration: Double
    /// `round(duration × rate)` frames, at least 1; they span `rate.time(ofFrame: frameCount)`.
    public let frameCount: Int
    /// Reader and timeline diagnostics (dropped elements, clamped options, …).
    public let diagnostics: [Diagnostic]
    /// What every frame at the clip's own size draws with (placements, layers, paints for
    /// `settings`); a frame is this plan plus the timeline's pose.
    let plan: RenderPlan
    /// A scene clip's scenes (docs/scenes.md): then a frame is the program's picture at its
    /// time, and `documents` holds one blank document whose timeline poses nothing.
    package let scene: SceneProgram?

    /// Builds a clip from parts at a decimal rate (`FrameRate(fps:)`: 29.97 is 30000/1001).
    /// `duration` nil = the timeline's natural duration (at least 1 s).
    package init(documents: [SymbolDocument], events: [TimelineEvent] = [], settings: RenderSettings,
                style: TimelineStyle = TimelineStyle(), fps: Double = 60, duration: Double? = nil) throws(ClipError) {
        guard !documents.isEmpty else { throw ClipError("a clip needs a symbol") }
        guard Limits.fps.contains(fps), let rate = FrameRate(fps: fps) else {
            throw ClipError("\(fps) is not a frame rate; use \(Limits.text(Limits.fps))")
        }
        try self.init(documents: documents, events: events, settings: settings, style: style, rate: rate, duration: duration)
    }

    /// Builds a clip from parts. `duration` nil = the timeline's natural duration (at least 1 s).
    package init(documents: [SymbolDocument], events: [TimelineEvent] = [], settings: RenderSettings,
                style: TimelineStyle = TimelineStyle(), rate: FrameRate, duration: Double? = nil) throws(ClipError) {
        guard !documents.isEmpty else { throw ClipError("a clip needs a symbol") }
        guard Limits.fps.contains(rate.framesPerSecond) else {
            throw ClipError("a clip's frame rate must be \(Limits.text(Limits.fps)) fps, not \(rate)")
        }
        // Checked here, once: every frame, still and hash of the clip makes a bitmap this size.
        guard (1...Bitmap.maxSide).contains(settings.width), (1...Bitmap.maxSide).contains(settings.height),
              settings.width * settings.height <= Bitmap.maxPixels else {
            throw ClipError("the canvas must be 1…\(Bitmap.maxSide) pixels on each side, not \(settings.width)×\(settings.height)")
        }
        do {
            timeline = try Timeline(documents: documents, mode: settings.mode.layerMode, events: events, style: style)
        } catch let error as TimelineError {
            throw ClipError(timeline: error)
        } catch {
            throw ClipError("\(error)")
        }
        self.documents = documents
        self.settings = settings
        plan = RenderPlan(documents: documents, settings: settings)
        self.rate = rate
        scene = nil
        let seconds = duration ?? max(1, timeline.naturalDuration)
        // Checked before any work: a few repeats too many would otherwise render for hours.
        let frames = seconds * rate.framesPerSecond
        guard frames.isFinite, frames <= Double(Limits.frames) else {
            let fps = rate.framesPerSecond == rate.framesPerSecond.rounded() ? "\(Int(rate.framesPerSecond))" : "\(rate.framesPerSecond)"
            let asked = frames.isFinite ? "\(Int(frames.rounded())) frames (\(Int(seconds.rounded())) s at \(fps) fps)" : "no end"
            throw ClipError("the clip would have \(asked); the limit is \(Limits.frames) frames: "
                            + (duration == nil ? "give it a duration or fewer repeats" : "shorten it or lower the frame rate"))
        }
        self.duration = seconds
        frameCount = max(1, rate.frameCount(duration: seconds))
        diagnostics = documents.flatMap(\.diagnostics) + timeline.diagnostics + Clip.placementDiagnostics(documents, settings)
    }

    /// A scene clip: the program plays for its whole duration at `fps` on a canvas of
    /// `settings`' size and background.
    package init(scene program: SceneProgram, settings: RenderSettings, fps: Double, diagnostics: [Diagnostic]) throws(ClipError) {
        guard Limits.fps.contains(fps), let rate = FrameRate(fps: fps) else {
            throw ClipError("\(fps) is not a frame rate; use \(Limits.text(Limits.fps))")
        }
        guard (1...Bitmap.maxSide).contains(settings.width), (1...Bitmap.maxSide).contains(settings.height),
              settings.width * settings.height <= Bitmap.maxPixels else {
            throw ClipError("the canvas must be 1…\(Bitmap.maxSide) pixels on each side, not \(settings.width)×\(settings.height)")
        }
        let blank = [SymbolDocument.blank(named: "scene")]
        do { timeline = try Timeline(documents: blank) } catch { throw ClipError("\(error)") }
        documents = blank
        self.settings = settings
        plan = RenderPlan(documents: blank, settings: settings)
        self.rate = rate
        scene = program
        let frames = program.duration * rate.framesPerSecond
        guard frames.isFinite, frames <= Double(Limits.frames) else {
            throw ClipError("the clip would have \(Int(frames.rounded())) frames; the limit is \(Limits.frames) frames: shorten its scenes or lower the frame rate")
        }
        duration = program.duration
        frameCount = max(1, rate.frameCount(duration: program.duration))
        self.diagnostics = diagnostics
    }

    /// Says when a symbol had to be drawn smaller than asked so that none of its ink leaves the canvas.
    static func placementDiagnostics(_ documents: [SymbolDocument], _ settings: RenderSettings) -> [Diagnostic] {
        documents.compactMap { doc in
            let fit = SymbolPlacement.fit(for: doc, width: settings.width, height: settings.height, size: settings.size)
            guard fit.shrink < 0.999 else { return nil }
            return Diagnostic(.warning, code: "ink-off-canvas",
                              "\(doc.fileName): at the requested size the symbol's ink would leave the \(settings.width)×\(settings.height) canvas; it is drawn at \(Int((fit.shrink * 100).rounded(.down))) % of that size (give a smaller size or a larger canvas)")
        }
    }

    /// The time of frame `index`.
    package func time(ofFrame index: Int) -> FrameTime { rate.time(ofFrame: index) }

    /// The pose of frame `index`.
    package func pose(index: Int) -> Pose { timeline.pose(at: time(ofFrame: index)) }

    /// Frame `index` (0-based) as a premultiplied RGBA bitmap, optionally at another width
    /// (the height follows the canvas's aspect ratio, the symbol scales with it).
    public func frame(index: Int, width: Int? = nil) -> Bitmap {
        let plan = plan(width: width)
        var bitmap = Bitmap(width: plan.settings.width, height: plan.settings.height)!
        FrameRenderer().draw(picture(atSeconds: time(ofFrame: index).seconds, plan: plan), into: &bitmap)
        return bitmap
    }

    /// What the clip shows at `seconds`, drawn by `plan` (the clip's, or one for another size):
    /// the symbol's pose, or the scene's picture scaled to the plan's canvas.
    package func picture(atSeconds seconds: Double, plan: RenderPlan) -> Picture {
        guard let scene else { return plan.picture(of: timeline.pose(atSeconds: seconds)) }
        var picture = scene.picture(atSeconds: seconds)
        if plan.settings.width != scene.width || plan.settings.height != scene.height {
            let s = Transform.scale(Double(plan.settings.width) / Double(scene.width), Double(plan.settings.height) / Double(scene.height))
            picture.elements = picture.elements.map { $0.placed(by: s) }
            picture.width = plan.settings.width
            picture.height = plan.settings.height
        }
        return picture
    }

    /// The clip's plan, or at another width a plan for the settings scaled to it.
    func plan(width: Int?) -> RenderPlan {
        guard let width, case let s = resizedSettings(width: width), s != settings else { return plan }
        return RenderPlan(documents: documents, settings: s)
    }

    /// The settings for the canvas scaled to `width` pixels wide, the height following the
    /// canvas's aspect ratio; made smaller if needed so the bitmap stays a drawable size
    /// (Bitmap.maxSide a side, Bitmap.maxPixels in all).
    ///
    /// The one place a clip's settings are scaled: frames and stills at a width (any height of
    /// at least 1), export outputs and contact-sheet cells (`minimumHeight` 16, the least an
    /// output may be; an output may also give its own `height`).
    func resizedSettings(width requested: Int, height: Int? = nil, minimumHeight: Int = 1) -> RenderSettings {
        var s = settings
        let w0 = Double(settings.width), h0 = Double(settings.height)
        let limit = min(Double(Bitmap.maxSide) / w0, Double(Bitmap.maxSide) / h0, (Double(Bitmap.maxPixels) / (w0 * h0)).squareRoot())
        s.width = Double(requested) / w0 <= limit ? max(requested, 1) : max(1, Int((w0 * limit).rounded(.down)))
        let factor = Double(s.width) / w0
        s.height = height ?? min(Bitmap.maxSide, max(minimumHeight, Int((h0 * factor).rounded())))
        if case .pointSize(let p) = s.size { s.size = .pointSize(p * factor) }
        return s
    }

    /// Frame index, time and SHA-256 of the premultiplied RGBA pixels of every frame: what a
    /// test of an animation compares. The same clip gives the same hashes on every machine run.
    public func frameHashes() -> [(index: Int, seconds: Double, sha256: String)] {
        let renderer = FrameRenderer()
        guard var bitmap = Bitmap(width: settings.width, height: settings.height) else { return [] }
        return (0..<frameCount).map { i in
            renderer.draw(picture(atSeconds: time(ofFrame: i).seconds, plan: plan), into: &bitmap)
            return (i, time(ofFrame: i).seconds, SHA256.hex(bitmap.pixels))
        }
    }

    /// The index of the frame on screen at `seconds`: the last frame that starts at or before
    /// it, within the clip.
    public func frameIndex(shownAt seconds: Double) -> Int {
        min(max(0, rate.frame(atSeconds: seconds).index), frameCount - 1)
    }

    /// The frame on screen at `seconds` (one of the clip's frames, as a video shows it):
    /// `frame(index: frameIndex(shownAt: seconds))`. For the symbol at exactly that time, between
    /// frames, use `still(atSeconds:)`.
    public func frame(shownAt seconds: Double) -> Bitmap {
        frame(index: frameIndex(shownAt: seconds))
    }

    /// The clip's pose and pixels at an exact time that need not fall on a frame (stills): the
    /// timeline evaluated at `seconds` itself, not the frame on screen then.
    public func still(atSeconds seconds: Double, width: Int? = nil) -> Bitmap {
        let plan = plan(width: width)
        var bitmap = Bitmap(width: plan.settings.width, height: plan.settings.height)!
        FrameRenderer().draw(picture(atSeconds: seconds, plan: plan), into: &bitmap)
        return bitmap
    }
}

/// A clip that cannot be built: a sentence saying what to fix.
package struct ClipError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    /// The preset the clip came from, when there is one.
    package var file: String?
    /// The timeline's own error, kept whole, when the timeline refused an event.
    package var timeline: TimelineError?
    package init(_ message: String, file: String? = nil) { self.message = message; self.file = file }

    /// The timeline's error as the clip's.
    package init(timeline error: TimelineError, file: String? = nil) {
        self.init(error.description, file: file)
        timeline = error
    }
    package var description: String { file.map { "\($0): error: \(message)" } ?? message }
}
