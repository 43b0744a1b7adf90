import Foundation
import SymbolEncodeGIF
import SymbolEncodeMP4
import SymbolEncodeWebP
import SymbolPipeline
import SymbolRender
import SymbolTimeline

/// What one finished output holds.
public struct ExportedOutput: Sendable, Equatable {
    public var path: String
    public var format: Preset.Output.Format
    public var frames: Int
    public var bytes: Int
    /// What the encoder had to do differently from what was asked (a GIF's 60 fps resampled to
    /// 30, an H.264 size padded to even, an APNG rate stored as a 16-bit fraction), for the user.
    public var notes: [String] = []
    /// The output's `maxBytes`: the command line reports a file over it (`isOverBudget`).
    package var maxBytes: Int?

    /// Written whole, but larger than its `maxBytes`.
    package var isOverBudget: Bool { maxBytes.map { bytes > $0 } ?? false }
}

extension Clip {
    /// Renders the clip once per distinct output size and rate through the staged pipeline
    /// (evaluate → `workers` render threads → reorder → one encoder thread per output; with one
    /// worker, every stage on the calling thread), feeding every output of that group in frame
    /// order. Each file is written beside its destination and renamed into place when complete.
    /// On an error or a cancellation every output is cancelled and the outputs that earlier
    /// groups already completed are removed, so no file of this export is left under a final
    /// name; the first real error is thrown, or `CancellationError` when `cancellation` stopped it.
    ///
    /// `workers` defaults to the number of cores; the bytes written do not depend on it.
    /// `progress` is called from a pipeline thread after each frame reached every output.
    package func exportOutputs(_ outputs: [Preset.Output], relativeTo directory: String = ".", workers: Int? = nil,
                       cancellation: ExportCancellation? = nil,
                       progress: (@Sendable (ExportProgress) -> Void)? = nil) throws -> ExportReport {
        let plan = try ExportPlan(clip: self, outputs: outputs, relativeTo: directory)
        let cancellation = cancellation ?? ExportCancellation()
        let workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        var results = [ExportedOutput?](repeating: nil, count: outputs.count)
        var timings = ExportTimings(encodeSeconds: Array(repeating: 0, count: outputs.count), workers: workers)
        let started = DispatchTime.now().uptimeNanoseconds
        let total = plan.groups.reduce(0) { $0 + $1.frameCount }
        var offset = 0
        do {
            for member in plan.vectors {
                if cancellation.isCancelled { throw PipelineError.cancelled }
                results[member.index] = try exportVector(member)
            }
            for group in plan.groups {
                // The clip's plan at its own size; one plan per other size.
                let drawing = group.settings == settings ? self.plan : RenderPlan(documents: documents, settings: group.settings)
                let pipeline = makePipeline(drawing, rate: group.rate, frameCount: group.frameCount,
                                            background: Clip.opaqueBackground(settings.background), workers: workers)
                let base = offset
                let run = try cancellation.attach(pipeline) {
                    try pipeline.run(encoders: group.members.map { plan.encoders[$0] }) { done, _ in
                        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                        progress?(ExportProgress(done: base + done, total: total, seconds: seconds))
                    }
                }
                offset += group.frameCount
                for (member, summary) in zip(group.members, run.summaries) {
                    results[member] = ExportedOutput(path: summary.path, format: plan.formats[member],
                                                     frames: summary.frameCount, bytes: summary.byteCount, notes: summary.notes)
                }
                timings.evaluateSeconds += run.timings.evaluateSeconds
                timings.renderSeconds += run.timings.renderSeconds
                for (member, seconds) in zip(group.members, run.timings.encodeSeconds) { timings.encodeSeconds[member] += seconds }
                timings.frames += run.timings.frames
            }
        } catch {
            for e in plan.encoders { e.cancel() }
            // Outputs an earlier group completed belong to this failed export too. Folders of a
            // PNG sequence are left alone: they may hold files that are not ours.
            for (k, r) in results.enumerated() where r != nil && plan.formats[k] != .pngSequence && plan.formats[k] != .null {
                try? FileManager.default.removeItem(atPath: r!.path)
            }
            if let e = error as? PipelineError, e == .cancelled { throw CancellationError() }
            throw error
        }
        timings.wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        for k in results.indices { results[k]?.maxBytes = outputs[k].maxBytes }
        return ExportReport(outputs: results.compactMap { $0 }, timings: timings)
    }

    /// Writes one file, its format from the extension (`.mp4`, `.mov`, `.webm`, `.gif`, `.apng`,
    /// `.webp`, `.png`, `.lottie`, `.svg`).
    @discardableResult
    package func exportFile(to path: String, workers: Int? = nil) throws -> ExportedOutput {
        try exportOutputs([Preset.Output(file: path)], workers: workers).outputs[0]
    }

    /// An opaque canvas colour, which encoders may rely on (GIF needs no transparent index, MP4
    /// composites onto it); nil for a transparent or translucent canvas: GIF then keeps a
    /// transparent index and MP4 composites onto white.
    static func opaqueBackground(_ b: CanvasBackground) -> RGBColor? {
        if case .color(let c) = b, c.a == 1 {
            return RGBColor(r: UInt8((c.r * 255).rounded()), g: UInt8((c.g * 255).rounded()), b: UInt8((c.b * 255).rounded()))
        }
        return nil
    }

    static func makeEncoder(_ format: Preset.Output.Format, path: String, output: Preset.Output,
                            flatColoured: Bool, transparent: Bool) throws -> any FrameEncoder {
        if let codec = output.codec, let why = Preset.Output.codecProblem(codec, format: format) {
            throw ClipError("cannot write \(output.file): \(why)")
        }
        if output.codec == .av1, format == .webm, transparent {
            throw ClipError("cannot write \(output.file): AV1 keeps no alpha (SVT-AV1 codes none) and the canvas is transparent; use \"vp9\" for a .webm with alpha, or give the canvas a background")
        }
        let range = Preset.Output.qualityRange(format: format)
        if let q = output.quality, !range.contains(q) {
            throw ClipError("cannot write \(output.file): quality \(q) is out of range; use \(range.lowerBound)…\(range.upperBound)")
        }
        switch format {
        case .mp4 where output.codec == .hevc:
            return VideoEncoder(path: path, codec: .hevc(HEVCOptions(crf: output.quality ?? HEVCOptions.defaultCRF)))
        case .mp4 where output.codec == .av1:
            return VideoEncoder(path: path, codec: .av1(AV1Options(crf: output.quality ?? AV1Options.defaultCRF)))
        case .webm where output.codec == .av1:
            return VideoEncoder(path: path, codec: .av1(AV1Options(crf: output.quality ?? AV1Options.defaultCRF, webm: true)))
        case .mp4: return VideoEncoder(path: path, codec: .h264(H264Options(crf: output.quality ?? 18)))
        case .mov: return VideoEncoder(path: path, codec: .prores4444)
        case .webm: return VideoEncoder(path: path, codec: .vp9(VP9Options(crf: output.quality ?? VP9Options.defaultCRF)))
        case .webp:
            let compression: WebPOptions.Compression =
                switch output.quality {
                case 100?: .lossless
                case let q?: .lossy(quality: q)
                case nil: flatColoured ? .lossless : .lossy
                }
            let max = output.effort == .max
            return WebPEncoder(path: path, options: WebPOptions(compression: max ? compression.atMaxEffort : compression,
                                                                loopCount: output.loop ?? 0, minimizeSize: max))
        case .gif:
            let dither: GIFOptions.Dither? = output.dither.map { GIFOptions.Dither(rawValue: $0.rawValue)! }
            return GIFEncoder(path: path, options: GIFOptions(maxColors: output.maxColors ?? 256, dither: dither, loopCount: output.loop ?? 0))
        case .apng, .png: return APNGEncoder(path: path, options: APNGOptions(loopCount: output.loop ?? 0))
        case .pngSequence:
            let url = URL(fileURLWithPath: path)
            if path.hasSuffix("/") { return PNGSequenceEncoder(directory: path, prefix: "frame") }
            let prefix = url.lastPathComponent.components(separatedBy: "_%").first?.components(separatedBy: "%").first ?? "frame"
            return PNGSequenceEncoder(directory: url.deletingLastPathComponent().path, prefix: prefix.isEmpty ? "frame" : prefix)
        case .null: return NullEncoder()
        case .lottie, .dotLottie, .svg: throw ClipError("cannot write \(output.file): a vector clip is written from its scene, not from frames")
        }
    }
}

/// Discards frames (`-o null`): a dry run of everything but the encoding.
final class NullEncoder: FrameEncoder, @unchecked Sendable {
    private var frames = 0
    func begin(_ stream: StreamFormat) throws {}
    func encode(_ frame: Bitmap, at index: Int) throws { frames += 1 }
    func finish() throws -> EncodeSummary { EncodeSummary(path: "null", frameCount: frames, byteCount: 0) }
    func cancel() {}
}

extension Clip {
    /// Flat colours (no gradient colour rendering) on a transparent or one-colour canvas: what
    /// lossless WebP stores smaller than lossy (docs/presets.md, "WebP").
    var isFlatColoured: Bool {
        guard !settings.gradient else { return false }
        if case .linear = settings.background { return false }
        return true
    }
}
