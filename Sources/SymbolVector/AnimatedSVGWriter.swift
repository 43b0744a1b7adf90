import SymbolGeometry
import SymbolScene
import SymbolRender

/// Writes a `VectorScene` as one self-contained SVG that animates itself with CSS `@keyframes`
/// (no script), so it plays in an `<img>`, as a CSS background and inline.
///
/// Each symbol layer is a `<g>` whose `transform` animates through
/// `translate() rotate() scale() rotate()` (`TransformParts`: the same function list in every
/// keyframe, so CSS interpolates each number linearly, as the keyframe tolerance assumes) and
/// whose `opacity` animates on its own. The static `transform` and `opacity` attributes hold
/// frame 0, for viewers that run no CSS animation.
///
/// A scene that carries its Reduce Motion form (`VectorScene.forms`) is written
/// once, at its first frame; the animation rules of its own frames follow, and those of the
/// Reduce Motion form override them under `@media (prefers-reduced-motion: reduce)`
/// (`animationStyle`).
package enum AnimatedSVGWriter {
    /// `loopCount` 0 plays forever, else that many times; `trigger` says what starts it.
    package static func svg(_ scene: VectorScene, loopCount: Int, generator: String, trigger: SVGTrigger = .load) -> String {
        let w = scene.width, h = scene.height
        var defs = ""
        var clipped = Set<Int>()
        var body = ""
        if let bg = background(scene, defs: &defs) { body += bg }
        let keys = scene.layers.map(LayerKeyframes.init)
        let morphs = scene.layers.map(PathKeyframes.init)
        let motion = SceneMotion(keys: keys, morphs: morphs)
        var style = "g.l{transform-box:view-box;transform-origin:0 0}"
            + animationStyle(scene, span: scene.standardFrames, motion: motion, loopCount: loopCount, trigger: trigger)
        if let reduced = scene.frames(of: .reducedMotion) {
            style += "@media (prefers-reduced-motion:reduce){"
                + animationStyle(scene, span: reduced, motion: motion, names: "rm-", loopCount: loopCount, trigger: trigger) + "}"
        }
        // A symbol whose opacity ever drops below 1 is a `<g>` with that opacity (y<symbol>),
        // composited as a group, as we draw a translucent symbol on its own buffer.
        var openGroup: Int?
        for (k, layer) in scene.layers.enumerated() {
            if openGroup != layer.group {
                if openGroup != nil { body += "</g>"; openGroup = nil }
                let opacities = scene.groups.indices.contains(layer.group) ? scene.groups[layer.group].opacities : []
                if opacities.contains(where: { $0 < 1 }) {
                    let g = layer.group
                    body += "<g class=\"y\(g)\" opacity=\"\(n(opacities[0], 4))\">"
                    openGroup = g
                }
            }
            let fill = paintReference(layer.paint, id: "p\(k)", defs: &defs)
            var group = group(keys[k], layer, morph: (k, morphs[k]), className: "a\(k)", opacity: keys[k].opacities.first ?? 1, paint: fill,
                              slotted: true)
            if !layer.erasedBy.isEmpty {
                // The clear-behind layers (and erase parts) above remove this one where they cover: a
                // luminance mask, white but for each eraser's shapes in black at its erase strength.
                defs += "<mask id=\"m\(k)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\">"
                    + "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#fff\"/>"
                // An eraser cut by erase parts of its own layer (`cutBy`) is followed by those parts
                // in white, which give back what they cut from it; such erasers come first, so the
                // white restores none of another eraser's black.
                let uncut = layer.erasedBy.reversed().filter { scene.layers[$0].cutBy.isEmpty }
                for e in layer.erasedBy.reversed().filter({ !scene.layers[$0].cutBy.isEmpty }) + uncut {
                    defs += self.group(keys[e], scene.layers[e], morph: (e, morphs[e]), className: "m\(e)", opacity: keys[e].erases.first ?? 0,
                                       paint: "#000", clippedBy: scene.layers[e].reveals.isEmpty ? nil : e)
                    for c in scene.layers[e].cutBy {
                        defs += self.group(keys[c], scene.layers[c], morph: (c, morphs[c]), className: "m\(c)", opacity: keys[c].erases.first ?? 0,
                                           paint: "#fff", clippedBy: scene.layers[c].reveals.isEmpty ? nil : c)
                        if !scene.layers[c].reveals.isEmpty, !clipped.contains(c) {
                            clipped.insert(c)
                            for (j, run) in RevealRuns(scene.layers[c]).runs.enumerated() {
                                defs += "<clipPath id=\"c\(c)_\(j)\"><path d=\"\(run.path.description)\"/></clipPath>"
                            }
                        }
                    }
                    if !scene.layers[e].reveals.isEmpty, !clipped.contains(e) {
                        clipped.insert(e)
                        for (j, run) in RevealRuns(scene.layers[e]).runs.enumerated() {
                            defs += "<clipPath id=\"c\(e)_\(j)\"><path d=\"\(run.path.description)\"/></clipPath>"
                        }
                    }
                }
                defs += "</mask>"
                group = "<g mask=\"url(#m\(k))\">" + group + "</g>"
            }
            if !layer.reveals.isEmpty {
                defs += revealMask(keys[k], layer, index: k)
                group = "<g mask=\"url(#r\(k))\">" + group + "</g>"
            }
            body += group
        }
        if openGroup != nil { body += "</g>" }
        style += slotRules(scene.slots)
        if let script = trigger.script { body += "<script><![CDATA[\(script)]]></script>" }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\"\(trigger.rootAttributes)>"
        out += "<!-- \(escape(generator))" + (scene.notes.isEmpty ? "" : ": " + escape(scene.notes.joined(separator: "; "))) + " -->"
        if !defs.isEmpty { out += "<defs>\(defs)</defs>" }
        out += "<style>\(style)</style>\(body)</svg>\n"
        return out
    }

    /// A drawn layer's luminance mask: each run of its reveals (`RevealRuns`) in white, in
    /// the layer's moving symbol space (class d<k>), shown only in the run's frames (class
    /// r<k>_<run>; `animationStyle` writes both animations).
    private static func revealMask(_ key: LayerKeyframes, _ layer: VectorLayer, index k: Int) -> String {
        let t0 = key.parts.first?.transform ?? .identity
        var s = "<mask id=\"r\(k)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\">"
            + "<g class=\"l d\(k)\" transform=\"matrix(\(n(t0.a, 6)) \(n(t0.b, 6)) \(n(t0.c, 6)) \(n(t0.d, 6)) \(n(t0.tx)) \(n(t0.ty)))\">"
        let runs = RevealRuns(layer)
        for (j, run) in runs.runs.enumerated() {
            let name = "r\(k)_\(j)"
            s += "<g class=\"\(name)\" opacity=\"\(run.from == 0 ? 1 : 0)\">"
            if run.track > 0 { s += "<path d=\"\(runs.whole.description)\" fill=\"#fff\" fill-opacity=\"\(n(run.track, 4))\"/>" }
            s += "<path d=\"\(run.path.description)\" fill=\"#fff\"/></g>"
        }
        return s + "</g></mask>"
    }

    /// A layer's `<g>` at frame 0 (the animation, through `className`, moves it; a morphing
    /// shape's own class, `morph`'s layer index and tracks, moves its path).
    ///
    /// `clippedBy`: a drawn eraser's own index, for its copy in a mask: the shapes once per run
    /// of its reveals, each clipped to the run's path (`c<e>_<run>`) and shown in the run's
    /// frames by the reveal mask's own animation (a mask used inside a mask is not redrawn by
    /// Chromium when its content animates; a clip path inside one never needs to be).
    ///
    /// `slotted`: the layer as drawn (not a copy in a mask), its paint and mode opacity styled by
    /// its slots' CSS custom properties (`slotRules`).
    private static func group(_ key: LayerKeyframes, _ layer: VectorLayer, morph: (Int, PathKeyframes), className: String,
                              opacity: Double, paint: String, clippedBy eraser: Int? = nil, slotted: Bool = false) -> String {
        let t0 = key.parts.first?.transform ?? .identity
        var s = "<g class=\"l \(className)\" transform=\"matrix(\(n(t0.a, 6)) \(n(t0.b, 6)) \(n(t0.c, 6)) \(n(t0.d, 6)) \(n(t0.tx)) \(n(t0.ty)))\""
            + " opacity=\"\(n(opacity, 4))\">"
        var shapes = ""
        let slot = slotted ? layer.colorSlot : nil
        for (j, shape) in layer.shapes.enumerated() {
            if let track = morph.1.tracks[j] {
                var first = shape
                first.path = track.paths[0]
                shapes += path(first, paint: paint, className: "s\(morph.0)_\(j)", slot: slot)
            } else {
                shapes += path(shape, paint: paint, slot: slot)
            }
        }
        if slotted, let o = layer.opacitySlot {
            shapes = "<g class=\"\(slotClass(o))\"" + (layer.modeOpacity < 1 ? " opacity=\"\(n(layer.modeOpacity, 4))\"" : "") + ">" + shapes + "</g>"
        }
        guard let e = eraser else { return s + shapes + "</g>" }
        for (j, run) in RevealRuns(layer).runs.enumerated() {
            s += "<g class=\"r\(e)_\(j)\" opacity=\"\(run.from == 0 ? 1 : 0)\"><g clip-path=\"url(#c\(e)_\(j))\">\(shapes)</g>"
            if run.track > 0 { s += "<g opacity=\"\(n(run.track, 4))\">\(shapes)</g>" }
            s += "</g>"
        }
        return s + "</g>"
    }

    /// Percent keyframes at the kept frames (frame k of N at k/N of the animation), with the
    /// last held to 100 %.
    static func keyframes(_ frames: [Int], count: Int, value: (Int) -> String) -> String {
        var s = ""
        for f in frames { s += n(Double(f) / Double(count) * 100, 5) + "%{" + value(f) + "}" }
        if let last = frames.last, last < count { s += "100%{" + value(last) + "}" }
        return s
    }

    static func css(_ p: TransformParts) -> String {
        "translate(\(n(p.x))px,\(n(p.y))px) rotate(\(n(p.rotation, 4))deg) scale(\(n(p.sx, 5)),\(n(p.sy, 5))) rotate(\(n(p.innerRotation, 4))deg)"
    }

    /// `slot`: the colour slot whose custom property paints the fill (`f-` class) and stroke (`k-`).
    private static func path(_ shape: VectorShape, paint: String, className: String? = nil, slot: String? = nil) -> String {
        // SVG path data, absolute, three decimals.
        var classes = className.map { [$0] } ?? []
        if let slot {
            if shape.fill != nil, shape.fillOpacity > 0 { classes.append("f-" + slotClass(slot)) }
            if shape.stroke != nil, shape.strokeOpacity > 0 { classes.append("k-" + slotClass(slot)) }
        }
        var s = "<path" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"") + " d=\"\(shape.path.description)\""
        if let rule = shape.fill, shape.fillOpacity > 0 {
            s += " fill=\"\(paint)\""
            if rule == .evenOdd { s += " fill-rule=\"evenodd\"" }
            if shape.fillOpacity < 1 { s += " fill-opacity=\"\(n(shape.fillOpacity, 4))\"" }
        } else {
            s += " fill=\"none\""
        }
        if let st = shape.stroke, shape.strokeOpacity > 0 {
            s += " stroke=\"\(paint)\" stroke-width=\"\(n(st.width))\" stroke-linecap=\"\(st.cap.rawValue)\" stroke-linejoin=\"\(st.join.rawValue)\""
            s += " stroke-miterlimit=\"\(n(st.miterLimit))\""
            if shape.strokeOpacity < 1 { s += " stroke-opacity=\"\(n(shape.strokeOpacity, 4))\"" }
        }
        return s + "/>"
    }

    /// A colour, or `url(#id)` with the gradient added to `defs` (in the user space of the
    /// element that uses it: symbol space for a layer, the canvas for the background).
    private static func paintReference(_ paint: VectorPaint, id: String, defs: inout String) -> String {
        switch paint {
        case .solid(let c): return hex(c) + (c.a < 1 ? "\" fill-opacity=\"\(n(c.a, 4))" : "")
        case .linear(let start, let end, let stops):
            defs += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(start.x))\" y1=\"\(n(start.y))\" x2=\"\(n(end.x))\" y2=\"\(n(end.y))\">"
            for s in stops {
                defs += "<stop offset=\"\(n(s.offset, 4))\" stop-color=\"\(hex(s.color))\"" + (s.color.a < 1 ? " stop-opacity=\"\(n(s.color.a, 4))\"" : "") + "/>"
            }
            defs += "</linearGradient>"
            return "url(#\(id))"
        }
    }

    private static func background(_ scene: VectorScene, defs: inout String) -> String? {
        VectorBackground.paint(scene).map {
            "<rect width=\"\(scene.width)\" height=\"\(scene.height)\" fill=\"\(paintReference($0, id: "bg", defs: &defs))\"/>"
        }
    }

    static func hex(_ c: Color) -> String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [c.r, c.g, c.b] {
            let b = Int((v * 255).rounded())
            s.append(digits[b >> 4]); s.append(digits[b & 15])
        }
        return s
    }

    static func n(_ v: Double, _ decimals: Int = 3) -> String { formatNumber(v, decimals: decimals) }

    /// A slot's class stem (`sym-primary`): slot ids are lowercase words and hyphens.
    static func slotClass(_ id: String) -> String { "sym-" + id }

    /// Each slot as a CSS custom property, `--symbol-<slot>`, falling back to the clip's own
    /// value: a page sets `--symbol-primary` (or `--symbol-secondary-opacity`) on an inline SVG
    /// or any parent of it. An SVG in an `<img>` sees no page CSS and keeps the fallbacks.
    static func slotRules(_ slots: [VectorSlot]) -> String {
        var s = ""
        for slot in slots {
            let name = "--symbol-" + slot.id
            switch slot.value {
            case .color(let c):
                s += ".f-\(slotClass(slot.id)){fill:var(\(name),\(hex(c)))}.k-\(slotClass(slot.id)){stroke:var(\(name),\(hex(c)))}"
            case .opacity(let o):
                s += ".\(slotClass(slot.id)){opacity:var(\(name),\(n(o, 4)))}"
            }
        }
        return s
    }

    /// Text safe inside an XML comment (no "--").
    private static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch == "-", out.hasSuffix("-") { out += " " }
            out.append(ch)
        }
        return out
    }
}
