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
package enum AnimatedSVGWriter {
    /// `loopCount` 0 plays forever, else that many times.
    package static func svg(_ scene: VectorScene, loopCount: Int, generator: String) -> String {
        let w = scene.width, h = scene.height
        let seconds = Double(scene.frameCount) / scene.rate.framesPerSecond
        let iterations = loopCount == 0 ? "infinite" : String(loopCount)
        var defs = ""
        var style = "g.l{transform-box:view-box;transform-origin:0 0}"
        var body = ""
        if let bg = background(scene, defs: &defs) { body += bg }
        for (k, layer) in scene.layers.enumerated() {
            let keys = LayerKeyframes(layer)
            let id = "l\(k)"
            var animations: [String] = []
            if keys.transformKeys.count > 1, !keys.parts.allSatisfy({ $0 == keys.parts[0] }) {
                style += "@keyframes t\(k){" + keyframes(keys.transformKeys, count: scene.frameCount) { "transform:" + css(keys.parts[$0]) } + "}"
                animations.append("t\(k)")
            }
            if !keys.opacities.allSatisfy({ $0 == keys.opacities[0] }) {
                style += "@keyframes o\(k){" + keyframes(keys.opacityKeys, count: scene.frameCount) { "opacity:" + n(keys.opacities[$0], 4) } + "}"
                animations.append("o\(k)")
            }
            if !animations.isEmpty {
                style += "#\(id){animation:" + animations.map { "\($0) \(n(seconds, 6))s linear \(iterations)" }.joined(separator: ",") + "}"
            }
            let fill = paintReference(layer.paint, id: "p\(k)", defs: &defs)
            let t0 = keys.parts.first?.transform ?? .identity
            body += "<g id=\"\(id)\" class=\"l\" transform=\"matrix(\(n(t0.a, 6)) \(n(t0.b, 6)) \(n(t0.c, 6)) \(n(t0.d, 6)) \(n(t0.tx)) \(n(t0.ty)))\""
                + " opacity=\"\(n(keys.opacities.first ?? 1, 4))\">"
            for shape in layer.shapes { body += path(shape, paint: fill) }
            body += "</g>"
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
        out += "<!-- \(escape(generator))" + (scene.notes.isEmpty ? "" : ": " + escape(scene.notes.joined(separator: "; "))) + " -->"
        if !defs.isEmpty { out += "<defs>\(defs)</defs>" }
        out += "<style>\(style)</style>\(body)</svg>\n"
        return out
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

    private static func path(_ shape: VectorShape, paint: String) -> String {
        // SVG path data, absolute, three decimals.
        var s = "<path d=\"\(shape.path.description)\""
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
