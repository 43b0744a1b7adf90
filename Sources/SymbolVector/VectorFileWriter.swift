import SymbolEncode
import SymbolRender

/// The vector formats a clip can be written as.
package enum VectorFormat: String, Sendable, CaseIterable {
    /// Lottie JSON.
    case lottie
    /// dotLottie: a zip holding `manifest.json` and `animations/<id>.json`.
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

    /// The file's bytes.
    package static func bytes(_ scene: VectorScene, format: VectorFormat, loopCount: Int, generator: String) -> [UInt8] {
        switch format {
        case .lottie:
            return Array(LottieWriter.json(scene, generator: generator).utf8)
        case .svg:
            return Array(AnimatedSVGWriter.svg(scene, loopCount: loopCount, generator: generator).utf8)
        case .dotLottie:
            let animation = Array(LottieWriter.json(scene, generator: generator).utf8)
            let manifest = JSONText.object([
                ("version", .string("1")),
                ("generator", .string(generator)),
                ("author", .string(generator)),
                ("activeAnimationId", .string(animationID)),
                ("animations", .array([.object([
                    ("id", .string(animationID)), ("speed", .int(1)), ("loop", .bool(loopCount == 0)),
                    ("autoplay", .bool(true)), ("direction", .int(1)), ("playMode", .string("normal")),
                ])])),
            ]).text
            return ZipArchive.archive([("manifest.json", Array(manifest.utf8)), ("animations/\(animationID).json", animation)])
        }
    }

    /// Writes the file; returns its size in bytes.
    @discardableResult
    package static func write(_ scene: VectorScene, format: VectorFormat, loopCount: Int, generator: String, to path: String) throws -> Int {
        let bytes = bytes(scene, format: format, loopCount: loopCount, generator: generator)
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
