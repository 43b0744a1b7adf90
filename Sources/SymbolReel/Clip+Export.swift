import Foundation
import SymbolEncodeGIF
import SymbolEncodeMP4
import SymbolRender
import SymbolTimeline

/// What one finished output holds.
public struct ExportedOutput: Sendable, Equatable {
    public var path: String
    public var format: Preset.Output.Format
    public var frames: Int
    public var bytes: Int
}

extension Clip {
    /// Renders the clip once per distinct output size and rate, feeding every output of that
    /// group, in frame order. Each file is written beside its destination and renamed into place
    /// when complete; on an error or a cancellation every output is cancelled, so no partial
    /// file appears under a final name, and the first real error is thrown.
    ///
    /// This is the serial exporter; the staged pipeline (issue 7) will take its place behind
    /// this same call.
    public func export(_ outputs: [Preset.Output], relativeTo directory: String = ".",
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil,
                       isCancelled: () -> Bool = { false }) throws -> [ExportedOutput] {
        struct Group { var width: Int; var height: Int; var fps: Double; var members: [(Int, any FrameEncoder)] }
        var groups: [Group] = []
        var formats: [Preset.Output.Format] = []
        var encoders: [any FrameEncoder] = []
        for (k, out) in outputs.enumerated() {
            guard let format = out.resolvedFormat else {
                throw ClipError("cannot tell the format of \(out.file); use .mp4, .mov, .gif, .apng or .png, or give a format")
            }
            let path = out.file.hasPrefix("/") || out.file == "null" ? out.file
                : URL(fileURLWithPath: directory).appendingPathComponent(out.file).standardizedFileURL.path + (out.file.hasSuffix("/") ? "/" : "")
            let encoder = try Clip.makeEncoder(format, path: path, output: out)
            formats.append(format)
            encoders.append(encoder)
            let width = out.width ?? settings.width
            let height = out.height ?? (out.width.map { max(16, Int((Double(settings.height) * Double($0) / Double(settings.width)).rounded())) } ?? settings.height)
            let fps = out.fps ?? rate.framesPerSecond
            if let g = groups.firstIndex(where: { $0.width == width && $0.height == height && $0.fps == fps }) {
                groups[g].members.append((k, encoder))
            } else {
                groups.append(Group(width: width, height: height, fps: fps, members: [(k, encoder)]))
            }
        }
        let seconds = Double(frameCount) * Double(rate.denominator) / Double(rate.numerator)
        var results = [ExportedOutput?](repeating: nil, count: outputs.count)
        let renderer = FrameRenderer()
        var done = 0
        let total = groups.reduce(0) { total, g in total + FrameClock(rate: FrameRate(fps: g.fps)!).frameCount(duration: seconds) }
        do {
            for group in groups {
                guard let groupRate = FrameRate(fps: group.fps), let timing = FrameTiming(numerator: groupRate.numerator, denominator: groupRate.denominator) else {
                    throw ClipError("\(group.fps) fps is not a frame rate")
                }
                var s = settings
                if group.width != settings.width { s = resizedSettings(width: group.width) }
                s.height = group.height
                let count = max(1, FrameClock(rate: groupRate).frameCount(duration: seconds))
                let stream = StreamFormat(width: group.width, height: group.height, timing: timing, background: Clip.opaqueBackground(settings.background))
                for (_, e) in group.members { try e.begin(stream) }
                guard var bitmap = Bitmap(width: group.width, height: group.height) else { throw ClipError("invalid output size \(group.width)×\(group.height)") }
                for i in 0..<count {
                    if isCancelled() { throw CancellationError() }
                    renderer.render(documents, pose: timeline.pose(at: FrameTime(index: i, rate: groupRate)), settings: s, into: &bitmap)
                    for (_, e) in group.members { try e.encode(bitmap, at: i) }
                    done += 1
                    progress?(done, total)
                }
                for (k, e) in group.members {
                    let summary = try e.finish()
                    results[k] = ExportedOutput(path: summary.path, format: formats[k], frames: summary.frameCount, bytes: summary.byteCount)
                }
            }
        } catch {
            for e in encoders { e.cancel() }
            throw error
        }
        return results.compactMap { $0 }
    }

    /// The colour formats without alpha put behind frames: the canvas colour, else white.
    static func opaqueBackground(_ b: CanvasBackground) -> RGBColor {
        if case .color(let c) = b, c.a == 1 {
            return RGBColor(r: UInt8((c.r * 255).rounded()), g: UInt8((c.g * 255).rounded()), b: UInt8((c.b * 255).rounded()))
        }
        return .white
    }

    static func makeEncoder(_ format: Preset.Output.Format, path: String, output: Preset.Output) throws -> any FrameEncoder {
        switch format {
        case .mp4: return VideoEncoder(path: path, codec: .h264(H264Options(crf: output.quality ?? 18)))
        case .mov: return VideoEncoder(path: path, codec: .prores4444)
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
