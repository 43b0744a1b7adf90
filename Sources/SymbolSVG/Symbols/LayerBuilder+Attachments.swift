import SymbolGeometry
import SymbolScene

extension LayerBuilder {
    /// Draw attachments carried by their own path (docs/draw.md, "An attachment on its own
    /// path"). SF Symbols 7 may put the attachment property on a layer whose one path holds both
    /// the attached shape and the path it rides: an arrowhead as one closed subpath and the ring
    /// it rides as another, with `data-clipstroke-keyframes` whose ribs all lie on the ring. The
    /// ring then draws along its ribs and the arrowhead rides its tip; taking the whole path as
    /// the attachment would draw the ring whole from the first frame.
    ///
    /// Such a shape is split in two: it keeps the subpaths the ribs name (its keyframes renumbered
    /// to match) and becomes the carrier; a copy holding the other subpaths, appended to `shapes`,
    /// is the attachment riding it, and stands beside it in every layer that holds it. A shape
    /// whose ribs name every subpath keeps them and is no attachment.
    static func selfCarriedAttachments(_ layers: [LayerMode: [SymbolLayer]], shapes: inout [SymbolShape]) -> [LayerMode: [SymbolLayer]] {
        var copies: [Int: Int] = [:]
        for i in shapes.indices {
            let shape = shapes[i]
            guard let keyframes = shape.drawKeyframes, let guides = shape.drawGuides, let anchor = guides.attachment,
                  guides.strokes.isEmpty else { continue }
            let subs = shape.path.subpaths
            // The file counts a subpath at every move; the path keeps no move that draws nothing.
            func pathIndex(_ fileIndex: Int) -> Int { fileIndex - shape.bareMoves.filter { $0 < fileIndex }.count }
            let ribbed = Set(keyframes.sets.joined().flatMap { [pathIndex($0.start.subpath), pathIndex($0.end.subpath)] })
            let kept = subs.indices.filter(ribbed.contains)
            let riding = subs.indices.filter { !ribbed.contains($0) }
            guard !kept.isEmpty else { continue }
            if riding.isEmpty {
                shapes[i].drawGuides = nil
                continue
            }
            let renumbered = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
            func remap(_ p: OutlinePosition) -> OutlinePosition {
                OutlinePosition(subpath: renumbered[pathIndex(p.subpath)] ?? 0, fraction: p.fraction)
            }
            var carrier = shape
            carrier.path = Path(subpaths: kept.map { subs[$0] })
            carrier.drawKeyframes?.sets = keyframes.sets.map { set in
                set.map { DrawRib(flags: $0.flags, t: $0.t, start: remap($0.start), end: remap($0.end)) }
            }
            carrier.drawGuides = nil
            carrier.bareMoves = []
            var attached = shape
            attached.path = Path(subpaths: riding.map { subs[$0] })
            attached.drawKeyframes = nil
            attached.bareMoves = []
            attached.drawGuides = DrawGuides(strokes: [], attachment: anchor, carrier: i, restProgress: guides.restProgress)
            shapes[i] = carrier
            copies[i] = shapes.count
            shapes.append(attached)
        }
        guard !copies.isEmpty else { return layers }
        return layers.mapValues { list in
            list.map { layer in
                var out = layer
                out.parts = layer.parts.flatMap { p in copies[p.shape].map { [p, LayerPart(shape: $0, action: p.action)] } ?? [p] }
                return out
            }
        }
    }
}
