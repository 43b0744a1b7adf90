import SymbolGeometry
import SymbolScene

/// Basic shapes and `<path>` to `Path`, in the element's own user space.
extension ReadContext {
    enum Axis { case x, y, other }

    static let shapeElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// A length attribute in user units; `fallback` when absent. Invalid values are reported and
    /// give `nil` (the caller then drops the shape, as SVG says for an invalid required length).
    func length(_ el: XMLElement, _ name: String, axis: Axis, fallback: Double? = 0) -> Double? {
        guard let a = el.attribute(name) else { return fallback }
        guard let l = Length.parse(Substring(a.value)) else {
            warn("bad-attribute", "\(name)='\(a.value)' is not a length; the element was not drawn", at: location(a))
            return nil
        }
        let reference: Double
        switch axis {
        case .x: reference = viewport.width
        case .y: reference = viewport.height
        case .other:
            reference = viewportDiagonal
        }
        let v = l.userUnits(reference: reference)
        guard v.isFinite, abs(v) < 1e9 else {
            warn("bad-attribute", "\(name)='\(a.value)' is out of range; the element was not drawn", at: location(a))
            return nil
        }
        return v
    }

    /// The element's geometry, or nil when it draws nothing (reported where that is a mistake).
    func path(of el: XMLElement) -> Path? {
        var b = PathBuilder()
        switch el.name {
        case "path":
            // A path drawn many times through <use> is parsed once (its segments count each time).
            if let (path, count) = parsedPaths[ObjectIdentifier(el)] {
                segments += count
                return path
            }
            guard let d = el.attribute("d") else { return nil }
            let result = PathDataParser.parse(Substring(d.value), segmentLimit: max(0, ReadContext.maxSegments - segments) + 1)
            if let e = result.error {
                warn("bad-path-data", "path data: \(e.message); drawn up to that point", at: location(d, offset: e.offset))
            }
            segments += result.segmentCount
            let path = result.path.isEmpty ? nil : result.path
            parsedPaths[ObjectIdentifier(el)] = (path, result.segmentCount)
            return path
        case "rect":
            guard let x = length(el, "x", axis: .x), let y = length(el, "y", axis: .y),
                  let w = length(el, "width", axis: .x), let h = length(el, "height", axis: .y) else { return nil }
            guard w > 0, h > 0 else {
                if w < 0 || h < 0 { warn("bad-attribute", "rect has a negative width or height; not drawn", at: location(el)) }
                return nil
            }
            var rx = length(el, "rx", axis: .x, fallback: nil)
            var ry = length(el, "ry", axis: .y, fallback: nil)
            if let v = rx, v < 0 { rx = nil }
            if let v = ry, v < 0 { ry = nil }
            let rxv = rx ?? ry ?? 0, ryv = ry ?? rx ?? 0
            b.rect(Rect(x: x, y: y, width: w, height: h), rx: rxv, ry: ryv)
        case "circle":
            guard let cx = length(el, "cx", axis: .x), let cy = length(el, "cy", axis: .y),
                  let r = length(el, "r", axis: .other) else { return nil }
            guard r > 0 else {
                if r < 0 { warn("bad-attribute", "circle has a negative radius; not drawn", at: location(el)) }
                return nil
            }
            b.ellipse(center: Point(cx, cy), rx: r, ry: r)
        case "ellipse":
            guard let cx = length(el, "cx", axis: .x), let cy = length(el, "cy", axis: .y) else { return nil }
            let rxo = length(el, "rx", axis: .x, fallback: nil)
            let ryo = length(el, "ry", axis: .y, fallback: nil)
            guard let rx = rxo ?? ryo, let ry = ryo ?? rxo, rx > 0, ry > 0 else { return nil }
            b.ellipse(center: Point(cx, cy), rx: rx, ry: ry)
        case "line":
            guard let x1 = length(el, "x1", axis: .x), let y1 = length(el, "y1", axis: .y),
                  let x2 = length(el, "x2", axis: .x), let y2 = length(el, "y2", axis: .y) else { return nil }
            b.move(to: Point(x1, y1))
            b.line(to: Point(x2, y2))
        case "polyline", "polygon":
            guard let a = el.attribute("points") else { return nil }
            let (points, error) = PointsParser.parse(Substring(a.value))
            if let e = error {
                warn("bad-points", "points: \(e.message); drawn up to that point", at: location(a, offset: e.offset))
            }
            guard points.count >= 2 || (points.count == 1 && el.name == "polygon") else { return nil }
            b.move(to: points[0])
            for p in points.dropFirst() { b.line(to: p) }
            if el.name == "polygon" { b.close() }
        default:
            return nil
        }
        segments += b.path.segmentCount
        return b.path
    }

    /// The `transform` attribute (identity when absent; invalid → identity and a diagnostic,
    /// SVG's rule for an unparsable transform is to ignore it).
    func transform(of el: XMLElement, attribute name: String = "transform") -> Transform {
        guard let a = el.attribute(name) else { return .identity }
        switch TransformParser.parse(Substring(a.value)) {
        case .success(let t):
            guard t.isFinite else {
                warn("bad-transform", "\(name) is not finite; ignored", at: location(a))
                return .identity
            }
            return t
        case .failure(let e):
            warn("bad-transform", "\(name): \(e.message); the transform was ignored", at: location(a, offset: e.offset))
            return .identity
        }
    }
}
