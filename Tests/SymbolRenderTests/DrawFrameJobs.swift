import Foundation
import SymbolScene
import SymbolSVG
import SymbolTestSupport
import SymbolTimeline
@testable import SymbolRender

/// Draw frames of the dialect fixtures that carry Draw keyframes, drawn by us and by a Python
/// reading (the reference `sf_reference.py` or the second reading `draw_reading.py`), for
/// DrawReferenceTests and DrawSecondReadingTests. A case is named `file|mode|on|f` (Draw On,
/// progress 0…f) or `file|mode|off|f` (Draw Off, f…1); every layer shows that range. The root →
/// canvas matrix is the still's, the same for every progress, so a frame whose placement moved
/// would not match.
enum DrawFrameJobs {
    typealias Outcome = (ours: PNGFile.Image, reference: PNGFile.Image?)
    static let size = 512

    /// Fixtures whose file carries Draw keyframes, less those the references do not model.
    static let files: [DialectReferenceTests.Entry] = DialectReferenceTests.entries.filter { e in
        let text = (try? String(contentsOf: DialectReferenceTests.fixtures.appendingPathComponent(e.file), encoding: .utf8)) ?? ""
        return text.contains("data-clipstroke-keyframes") && !unmodelled.contains(e.file)
    }

    /// Forms neither Python reference models, judged by their evident design instead: an
    /// attachment carried by its own keyframed path (the references do not split the arrowhead
    /// from the ring it rides; `DrawRingAttachmentTests`), and a stroke drawn from the middle out
    /// (they read its ribs as one line; `DrawMiddleOutTests`). docs/draw.md.
    static let unmodelled: Set<String> = ["apple-v7-draw-ring-attachment.svg", "apple-v7-draw-middle-out.svg"]

    /// The cases of every file and mode: Draw On at `on`, Draw Off at `off`. `make test` samples
    /// them: monochrome at every progress (where a draw range's geometry is compared), the other
    /// modes at half way only (what they add is which layers show and their colours and
    /// opacities, the same at every progress); `make test-exhaustive` runs them all.
    static func cases(on: [Double], off: [Double]) -> [String] {
        let all = files.flatMap { e in
            DialectReferenceTests.modes.flatMap { m in
                on.map { "\(e.file)|\(m.rawValue)|on|\($0)" } + off.map { "\(e.file)|\(m.rawValue)|off|\($0)" }
            }
        }
        return sampled(all) { $0.contains("|monochrome|") || $0.hasSuffix("|0.5") }
    }

    static func range(_ direction: Substring, _ f: Double) -> ClosedRange<Double> { direction == "on" ? 0...f : f...1 }

    /// Every case drawn by us, then all of them by `script` (in Tests/Reference) in one Python
    /// run; empty when the reference's requirements are missing.
    static func outcomes(_ cases: [String], script: String) -> [String: Outcome] {
        guard Requirement.resvgReference.problem == nil else { return [:] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-\(script)-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var jobs: [[String: Any]] = []
        var out: [String: Outcome] = [:]
        let renderer = FrameRenderer()
        for entry in files {
            let key = entry.variant.flatMap(VariantKey.init(id:)) ?? .regularMedium
            let path = DialectReferenceTests.fixtures.appendingPathComponent(entry.file).path
            guard let doc = try? SymbolReader.read(contentsOf: path, options: ReadOptions(weight: key.weight, scale: key.scale)),
                  let rootToSymbol = doc.rootToSymbol else { continue }
            for mode in DialectReferenceTests.modes {
                let settings = RenderSettings(width: size, height: size, size: .fraction(0.5), mode: mode, colors: [.black])
                // One matrix per fixture and mode: the still's placement (fixed for the whole clip:
                // nothing moves or rescales as a part appears).
                let m = rootToSymbol.concatenating(SymbolPlacement.transform(for: doc, width: size, height: size, size: settings.size))
                for name in cases where name.hasPrefix("\(entry.file)|\(mode.rawValue)|") {
                    let parts = name.split(separator: "|")
                    let r = range(parts[2], Double(parts[3])!)
                    let layers = doc.layers(for: mode.layerMode).map { _ in LayerPose(drawRange: r) }
                    let pose = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: layers)], layerMode: mode.layerMode)
                    let bitmap = renderer.render([doc], pose: pose, settings: settings)!
                    let png = dir.appendingPathComponent("\(jobs.count).png").path
                    jobs.append(["svg": path, "mode": mode.rawValue, "variant": entry.variant as Any, "width": size, "height": size,
                                 "matrix": [m.a, m.b, m.c, m.d, m.tx, m.ty], "out": png, "primary": "#000000",
                                 "accent": "#007AFF", "draw": [r.lowerBound, r.upperBound], "name": name])
                    out[name] = (PNGFile.image(from: bitmap), nil)
                }
            }
        }
        for (name, image) in run(jobs, script: script, in: dir) { out[name]?.reference = image }
        return out
    }

    /// Runs `script` (in Tests/Reference) on `jobs` (each with a "name" and an "out" PNG in
    /// `dir`) in one Python run and returns the images it wrote by name; removes `dir`.
    static func run(_ jobs: [[String: Any]], script: String, in dir: URL) -> [String: PNGFile.Image] {
        let jobsFile = dir.appendingPathComponent("jobs.json")
        try? JSONSerialization.data(withJSONObject: jobs).write(to: jobsFile)
        _ = try? Requirement.resvgReference.run([packageRoot.appendingPathComponent("Tests/Reference/\(script)").path,
                                                 "--jobs", jobsFile.path], comparisons: 0)
        var images: [String: PNGFile.Image] = [:]
        for job in jobs {
            if let image = try? PNGFile.read(job["out"] as! String) { images[job["name"] as! String] = image }
        }
        try? FileManager.default.removeItem(at: dir)
        return images
    }
}
