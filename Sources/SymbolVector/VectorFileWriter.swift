import SymbolEncode
import SymbolRender

/// The vector formats a clip can be written as.
package enum VectorFormat: String, Sendable, CaseIterable {
    /// Lottie JSON.
    case lottie
    /// dotLottie 2: a zip holding `manifest.json`, `a/<id>.json` and the themes `t/<mode>.json`.
    case dotLottie
    /// An SVG animated by CSS `@keyframes`.
    case svg
}

/// Writes a vector scene to a file in one of the `VectorFormat`s, under a temporary name
/// renamed into place when complete (`OutputFile`): nothing is left under the final name on an
/// error.
package enum VectorFileWriter {
    /// The animation's id inside a dotLottie.
    package static let animationID = "clip"

    /// The file's bytes. `trigger`: what starts an SVG's animation (ignored by the Lottie formats).
    package static func bytes(_ scene: VectorScene, format: VectorFormat, loopCount: Int, generator: String,
                              trigger: SVGTrigger = .load) -> [UInt8] {
        switch format {
        case .lottie:
            return Array(LottieWriter.json(scene, generator: generator).utf8)
        case .svg:
            return Array(AnimatedSVGWriter.svg(scene, loopCount: loopCount, generator: generator, trigger: trigger).utf8)
        case .dotLottie:
            return dotLottie(scene, generator: generator)
        }
    }

    /// A dotLottie 2 archive: `manifest.json`, the animation as `a/clip.json` and one theme per
    /// rendering mode as `t/<mode>.json` (each rule sets one slot: `Color` as 0…1 RGB, `Scalar`
    /// as Lottie's 0…100 opacity). No initial theme: the clip plays in its own colours.
    static func dotLottie(_ scene: VectorScene, generator: String) -> [UInt8] {
        let animation = Array(LottieWriter.json(scene, generator: generator).utf8)
        let themes = scene.themes.map(\.id)
        var entry: [(String, JSONText)] = [("id", .string(animationID))]
        if !themes.isEmpty { entry.append(("themes", .array(themes.map { .string($0) }))) }
        var manifest: [(String, JSONText)] = [("version", .string("2")), ("generator", .string(generator)),
                                              ("animations", .array([.object(entry)]))]
        if !themes.isEmpty {
            manifest.append(("themes", .array(themes.map { .object([("id", .string($0)), ("name", .string($0.prefix(1).uppercased() + $0.dropFirst()))]) })))
        }
        var entries: [(name: String, bytes: [UInt8])] = [("manifest.json", Array(JSONText.object(manifest).text.utf8)),
                                                         ("a/\(animationID).json", animation)]
        for theme in scene.themes {
            let rules: [JSONText] = theme.values.map { slot in
                switch slot.value {
                case .color(let c):
                    return .object([("id", .string(slot.id)), ("type", .string("Color")), ("value", .nums([c.r, c.g, c.b], 4))])
                case .opacity(let o):
                    return .object([("id", .string(slot.id)), ("type", .string("Scalar")), ("value", .num(o * 100))])
                }
            }
            entries.append(("t/\(theme.id).json", Array(JSONText.object([("rules", .array(rules))]).text.utf8)))
        }
        return ZipArchive.archive(entries)
    }

    /// Writes the file; returns its size in bytes.
    @discardableResult
    package static func write(_ scene: VectorScene, format: VectorFormat, loopCount: Int, generator: String, trigger: SVGTrigger = .load,
                              to path: String) throws -> Int {
        let bytes = bytes(scene, format: format, loopCount: loopCount, generator: generator, trigger: trigger)
        let file = try OutputFile(path: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return bytes.count
    }
}
