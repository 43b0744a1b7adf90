import SymbolGeometry
import SymbolRender

/// What moves in a whole scene, decided once: the elements and classes of the SVG follow it, so
/// every span of frames animates the same properties (a property still in one span but moving
/// in another gets two equal keys there, so the other span's rules never leak into it).
struct SceneMotion {
    var keys: [LayerKeyframes]
    var morphs: [PathKeyframes]
}

extension AnimatedSVGWriter {
    /// The `@keyframes` and animation rules that play the frames `span` of `scene` on the
    /// elements written from the whole scene: morphing shapes (`s<layer>_<shape>`), layers
    /// (`a<k>`, and `m<k>` for a copy in a mask), translucent symbols (`y<group>`) and reveal
    /// runs (`d<k>`, `r<k>_<run>`). `names` prefixes the keyframe names, so a second span's
    /// rules (the Reduce Motion form, under a media query) do not redefine the first's.
    static func animationStyle(_ scene: VectorScene, span: Range<Int>, motion: SceneMotion, names prefix: String = "",
                               loopCount: Int, trigger: SVGTrigger) -> String {
        let whole = span == 0..<scene.frameCount
        let part = whole ? scene : scene.frames(span)
        let count = span.count
        let iterations = loopCount == 0 || trigger == .loop ? "infinite" : String(loopCount)
        let seconds = "\(n(Double(count) / scene.rate.framesPerSecond, 6))s"
        let timing = "\(seconds) linear \(iterations)", stepped = "\(seconds) steps(1,end) \(iterations)"
        let keys = whole ? motion.keys : part.layers.map(LayerKeyframes.init)
        let morphs = whole ? motion.morphs : part.layers.map(PathKeyframes.init)
        var style = ""
        // A morphing shape animates its path data with CSS `d`.
        for (k, morph) in motion.morphs.enumerated() {
            for j in morph.tracks.indices where morph.tracks[j] != nil {
                let track = morphs[k].tracks[j] ?? Self.still(part.layers[k], shape: j)
                let name = prefix + "s\(k)_\(j)"
                style += "@keyframes \(name){" + keyframes(track.keys, count: count) {
                    "d:path(\"" + track.paths[track.keys.firstIndex(of: $0)!].description + "\")"
                } + "}" + trigger.rule("s\(k)_\(j)", "\(name) \(track.hold ? stepped : timing)")
            }
        }
        // Per layer: its transform (t), opacity (o) and, for a clear-behind layer, its erase
        // strength (e) as keyframes; class a<k> plays the layer, m<k> its copy in a mask.
        for (k, moving) in motion.keys.enumerated() {
            let key = keys[k]
            var animations: [String] = [], maskAnimations: [String] = []
            if !moving.parts.allSatisfy({ $0 == moving.parts[0] }) {
                style += "@keyframes \(prefix)t\(k){" + keyframes(key.transformKeys, count: count) { "transform:" + css(key.parts[$0]) } + "}"
                animations.append("\(prefix)t\(k)")
                maskAnimations.append("\(prefix)t\(k)")
            }
            if !moving.opacities.allSatisfy({ $0 == moving.opacities[0] }) {
                style += "@keyframes \(prefix)o\(k){" + keyframes(key.opacityKeys, count: count) { "opacity:" + n(key.opacities[$0], 4) } + "}"
                animations.append("\(prefix)o\(k)")
            }
            let isEraser = scene.layers.contains { $0.erasedBy.contains(k) }
            if isEraser, !moving.erases.allSatisfy({ $0 == moving.erases[0] }) {
                style += "@keyframes \(prefix)e\(k){" + keyframes(key.eraseKeys, count: count) { "opacity:" + n(key.erases[$0], 4) } + "}"
                maskAnimations.append("\(prefix)e\(k)")
            }
            if !animations.isEmpty { style += trigger.rule("a\(k)", animations.map { "\($0) \(timing)" }.joined(separator: ",")) }
            if isEraser, !maskAnimations.isEmpty {
                style += trigger.rule("m\(k)", maskAnimations.map { "\($0) \(timing)" }.joined(separator: ","))
            }
        }
        // A translucent symbol's group opacity.
        for (g, group) in scene.groups.enumerated() where group.opacities.contains(where: { $0 < 1 })
            && group.opacities.contains(where: { $0 != group.opacities[0] }) {
            let opacities = part.groups[g].opacities
            style += "@keyframes \(prefix)y\(g){" + keyframes(LayerKeyframes.simplify(opacities), count: count) {
                "opacity:" + n(opacities[$0], 4)
            } + "}" + trigger.rule("y\(g)", "\(prefix)y\(g) \(timing)")
        }
        // A drawn layer's reveal mask moves with the layer (d<k>); each run of equal reveals
        // shows only in its frames, by step keyframes on its opacity (edges half a frame early,
        // so a seek to a frame's time lands inside its run). A run shown in every frame of the
        // whole scene is drawn so already.
        for (k, layer) in scene.layers.enumerated() where !layer.reveals.isEmpty {
            let moving = motion.keys[k]
            if !moving.parts.allSatisfy({ $0 == moving.parts[0] }) { style += trigger.rule("d\(k)", "\(prefix)t\(k) \(timing)") }
            for (j, run) in RevealRuns(layer).runs.enumerated() where !(run.from == 0 && run.to >= scene.frameCount) {
                let from = max(run.from, span.lowerBound) - span.lowerBound, to = min(run.to, span.upperBound) - span.lowerBound
                var frames = ""
                if from >= to {
                    frames = "0%{opacity:0}100%{opacity:0}"
                } else {
                    frames += from > 0 ? "0%{opacity:0}" + n((Double(from) - 0.5) / Double(count) * 100, 5) + "%{opacity:1}" : "0%{opacity:1}"
                    frames += to < count ? n((Double(to) - 0.5) / Double(count) * 100, 5) + "%{opacity:0}100%{opacity:0}" : "100%{opacity:1}"
                }
                let name = prefix + "r\(k)_\(j)"
                style += "@keyframes \(name){\(frames)}" + trigger.rule("r\(k)_\(j)", "\(name) \(stepped)")
            }
        }
        return style
    }

    /// A shape's path held through a span in which it does not morph.
    private static func still(_ layer: VectorLayer, shape j: Int) -> PathKeyframes.Track {
        let path = layer.morphs.first.flatMap { $0 }.map { $0[j] } ?? layer.shapes[j].path
        return PathKeyframes.Track(keys: [0], paths: [path], hold: false, sharedClosings: nil)
    }
}

extension VectorScene {
    /// The frames `span` of the scene, as a scene of their own (every per-frame track cut to
    /// them; the layers, shapes and paints as they are).
    func frames(_ span: Range<Int>) -> VectorScene {
        var part = self
        part.frameCount = span.count
        part.forms = []
        for k in part.layers.indices {
            part.layers[k].frames = Array(layers[k].frames[span])
            part.layers[k].reveals = Self.cut(layers[k].reveals, span)
            part.layers[k].tracks = Self.cut(layers[k].tracks, span)
            part.layers[k].morphs = Self.cut(layers[k].morphs, span)
        }
        for g in part.groups.indices { part.groups[g].opacities = Array(groups[g].opacities[span]) }
        return part
    }

    /// The values of `span` in a per-frame track that may be empty (no frame uses it) or end early.
    private static func cut<T>(_ values: [T], _ span: Range<Int>) -> [T] {
        Array(values[min(span.lowerBound, values.count)..<min(span.upperBound, values.count)])
    }
}
