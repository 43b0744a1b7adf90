import SymbolGeometry
import SymbolScene
import SymbolRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a `VectorScene` as Lottie JSON (Bodymovin 5.7 schema, the subset every common player
/// draws: shape layers with `sh` paths, `fl`/`gf` fills, `st`/`gs` strokes, group transforms and
/// linearly interpolated layer transform and opacity keyframes).
///
/// Each symbol layer is one shape layer. Its transform is `TransformParts`: the layer's `ks`
/// holds position, rotation and scale (anchor 0, symbol space's origin), and one group inside
/// it the inner rotation, so every frame's affine transform is played exactly. Keyframes are
/// the frames `LayerKeyframes` keeps, one unit of Lottie time per frame of the clip.
package enum LottieWriter {
    /// The Lottie document. `generator` names the program in `meta.g`; the scene's notes go in
    /// `meta.d`, so what was dropped travels with the file.
    package static func json(_ scene: VectorScene, generator: String) -> String {
        var layers: [JSONText] = []
        var assets: [(id: String, json: JSONText)] = []
        // Top symbol first. A symbol whose opacity ever drops below 1 is a precomposition
        // with that opacity, which players composite as a group (as we draw a translucent
        // symbol on its own buffer); the others' layers are placed directly.
        for (g, group) in scene.groups.enumerated().reversed() {
            let members = scene.layers.indices.filter { scene.layers[$0].group == g }
            guard group.opacities.contains(where: { $0 < 1 }) else {
                layers += stack(scene, members, firstIndex: layers.count + 1, assets: &assets)
                continue
            }
            let id = "symbol \(group.name)"
            let inner = stack(scene, members, firstIndex: 1, assets: &assets)
            assets.append((id, .object([("id", .string(id)), ("layers", .array(inner))])))
            let keys = LayerKeyframes.simplify(group.opacities)
            layers.append(precompLayer(id, index: layers.count + 1, scene: scene, span: group.span,
                                       opacity: track(keys, decimals: 3) { [group.opacities[$0] * 100] }))
        }
        if let bg = background(scene, index: layers.count + 1) { layers.append(bg) }
        let meta: [(String, JSONText)] = [("g", .string(generator))] + (scene.notes.isEmpty ? [] : [("d", .string(scene.notes.joined(separator: "; ")))])
        let doc = JSONText.object([
            ("v", .string("5.7.0")),
            ("fr", .num(scene.rate.framesPerSecond, 6)),
            ("ip", .int(0)),
            ("op", .int(scene.frameCount)),
            ("w", .int(scene.width)),
            ("h", .int(scene.height)),
            ("nm", .string("SymbolReel clip")),
            ("ddd", .int(0)),
            ("meta", .object(meta)),
            ("assets", .array(assets.map(\.json))),
            ("layers", .array(layers)),
        ] + (scene.slots.isEmpty ? [] : [("slots", slots(scene.slots))]) + markers(scene))
        return doc.text
    }

    /// The names of the two forms of a scene that carries its Reduce Motion form. lottie-ios and
    /// lottie-android look for a marker named "reduced motion" (also spelt reducedMotion,
    /// reduced_motion, reduced-motion, in any case) when the system asks for less motion:
    /// lottie-ios plays its range instead of what the app asked for, lottie-android shows its
    /// first frame. The clip's own frames get a marker too, for an app to play by name.
    package static let standardMotionMarker = "standard motion"
    package static let reducedMotionMarker = "reduced motion"

    /// `markers` for a scene that carries its Reduce Motion form (none otherwise): the clip's
    /// frames `0..<N` as "standard motion", the Reduce Motion form's `N..<2N` as "reduced motion".
    private static func markers(_ scene: VectorScene) -> [(String, JSONText)] {
        guard let reduced = scene.frames(of: .reducedMotion) else { return [] }
        func marker(_ name: String, _ frames: Range<Int>) -> JSONText {
            .object([("cm", .string(name)), ("tm", .int(frames.lowerBound)), ("dr", .int(frames.count))])
        }
        return [("markers", .array([marker(standardMotionMarker, scene.standardFrames), marker(reducedMotionMarker, reduced)]))]
    }

    /// What a shape layer draws of a scene layer.
    enum Content {
        /// The layer in its paint.
        case painted
        /// Its shapes in opaque black at its erase strength: what it erases, as a matte.
        case eraser
        /// Its draw reveals (`RevealRuns`) in white: what its draw shows, as a matte.
        case reveal
    }

    /// How a layer uses the layer before it as its track matte (`tt`).
    enum Matte: Int {
        case alpha = 1
        case invertedAlpha = 2
    }

    /// A shape layer drawing `content` of a scene layer; `isTrackMatte`: the track matte of the
    /// layer after it (`td`); `mattedBy`: matted by the layer before it.
    /// `span`: the frames it is drawn in (`ip`/`op`; default the whole clip).
    private static func shapeLayer(_ layer: VectorLayer, index: Int, frameCount: Int, name: String, content: Content = .painted,
                                   isTrackMatte: Bool = false, mattedBy: Matte? = nil, span: Range<Int>? = nil) -> JSONText {
        let span = span ?? 0..<frameCount
        let matte = content == .eraser, revealMatte = content == .reveal
        let keys = LayerKeyframes(layer)
        let p = track(keys.transformKeys, decimals: 3) { [keys.parts[$0].x, keys.parts[$0].y] }
        let r = track(keys.transformKeys, decimals: 4) { [keys.parts[$0].rotation] }
        let s = track(keys.transformKeys, decimals: 4) { [keys.parts[$0].sx * 100, keys.parts[$0].sy * 100] }
        let o = revealMatte ? .object([("a", .int(0)), ("k", .int(100))]) : matte ? track(keys.eraseKeys, decimals: 3) { [keys.erases[$0] * 100] }
            : track(keys.opacityKeys, decimals: 3) { [keys.opacities[$0] * 100] }
        let inner = keys.innerRotationIsConstant
            ? .object([("a", .int(0)), ("k", .num(keys.parts.first?.innerRotation ?? 0, 4))])
            : track(keys.transformKeys, decimals: 4) { [keys.parts[$0].innerRotation] }
        let painted = !matte && !revealMatte
        var items = revealMatte ? { let r = RevealRuns(layer); return r.runs.map { revealGroup($0, whole: r.whole, frameCount: frameCount) } }()
            : { let m = PathKeyframes(layer)
                return layer.shapes.indices.map {
                    shapeGroup(layer.shapes[$0], paint: matte ? .solid(Color(r: 0, g: 0, b: 0)) : layer.paint, track: m.tracks[$0],
                               slot: painted ? layer.colorSlot : nil)
                } }()
        // The mode's opacity for the layer (a slot a player may restyle) on the group of its
        // shapes, under the layer's own animated opacity.
        let modeOpacity: JSONText = .object([("a", .int(0)), ("k", .num(painted ? layer.modeOpacity * 100 : 100))]
                                             + (painted ? layer.opacitySlot.map { [("sid", JSONText.string($0))] } ?? [] : []))
        items.append(transformItem(rotation: inner, opacity: modeOpacity))
        return .object([
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string(name)), ("sr", .int(1)),
            ("ks", .object([
                ("o", o), ("r", r), ("p", p),
                ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                ("s", s),
            ])),
            ("ao", .int(0)),
            ("shapes", .array([.object([("ty", .string("gr")), ("nm", .string("symbol space")), ("it", .array(items))])])),
            ("ip", .int(span.lowerBound)), ("op", .int(span.upperBound)), ("st", .int(0)), ("bm", .int(0)),
        ] + (isTrackMatte ? [("td", .int(1))] : []) + (mattedBy.map { [("tt", .int($0.rawValue))] } ?? []))
    }

    /// One run of equal reveals: its path filled white, shown (hold keyframes on the group's
    /// opacity) only in the run's frames.
    private static func revealGroup(_ run: RevealRuns.Run, whole: Path, frameCount: Int) -> JSONText {
        func white(_ path: Path, _ opacity: Double) -> JSONText {
            var it = BezierContour.contours(of: path).map(pathItem)
            it.append(paintItem(.solid(Color(r: 1, g: 1, b: 1)), opacity: opacity, stroke: nil, rule: .nonZero))
            it.append(transformItem(rotation: .object([("a", .int(0)), ("k", .int(0))])))
            return .object([("ty", .string("gr")), ("it", .array(it))])
        }
        var items = [white(run.path, 1)]
        if run.track > 0 { items.append(white(whole, run.track)) }
        let o = runOpacity(run, frameCount: frameCount, level: 100)
        items.append(.object([
            ("ty", .string("tr")),
            ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
            ("r", .object([("a", .int(0)), ("k", .int(0))])),
            ("o", o),
        ]))
        return .object([("ty", .string("gr")), ("it", .array(items))])
    }

    /// The Lottie layers of `members` (scene layer indices, bottom to top), top first, indexed
    /// from `firstIndex`, each with the mattes it needs right above it.
    private static func stack(_ scene: VectorScene, _ members: [Int], firstIndex: Int, assets: inout [(id: String, json: JSONText)]) -> [JSONText] {
        var layers: [JSONText] = []
        func next() -> Int { firstIndex + layers.count }
        for layer in members.reversed().map({ scene.layers[$0] }) {
            // A layer a clear-behind layer (or erase part) erases is matted by a copy of that
            // layer's shapes right above it, alpha inverted. Several erasers, or a drawn one: a
            // precomposition holding each copy (a drawn one matted by its reveal, so it erases
            // only what its draw shows); their union, each at its strength, is the matte.
            if layer.erasedBy.count == 1, let e = layer.erasedBy.first, scene.layers[e].reveals.isEmpty, scene.layers[e].cutBy.isEmpty {
                layers.append(shapeLayer(scene.layers[e], index: next(), frameCount: scene.frameCount,
                                         name: "\(layer.name) matte", content: .eraser, isTrackMatte: true, span: layer.span))
            } else if !layer.erasedBy.isEmpty {
                let id = layer.erasedBy.count == 1 ? "\(scene.layers[layer.erasedBy[0]].name) erasing" : "\(layer.name) erasers"
                if !assets.contains(where: { $0.id == id }) {
                    var copies: [JSONText] = []
                    for e in layer.erasedBy {
                        copies += eraserCopy(scene, e, name: "\(id) \(scene.layers[e].name)", firstIndex: copies.count + 1, assets: &assets)
                    }
                    assets.append((id, .object([("id", .string(id)), ("layers", .array(copies))])))
                }
                layers.append(precompLayer(id, index: next(), scene: scene, span: layer.span, isTrackMatte: true))
            }
            let drawn = !layer.reveals.isEmpty
            if drawn && !layer.erasedBy.isEmpty {
                // Drawn and erased: the layer matted by its reveal, in a precomposition of its own,
                // which the erasers' matte above mattes (a Lottie layer has one track matte).
                let id = "\(layer.name) drawn"
                assets.append((id, .object([("id", .string(id)), ("layers", .array([
                    shapeLayer(layer, index: 1, frameCount: scene.frameCount, name: "\(layer.name) draw", content: .reveal,
                               isTrackMatte: true),
                    shapeLayer(layer, index: 2, frameCount: scene.frameCount, name: layer.name, mattedBy: .alpha),
                ]))])))
                layers.append(precompLayer(id, index: next(), scene: scene, span: layer.span, mattedBy: .invertedAlpha))
                continue
            }
            if drawn {
                layers.append(shapeLayer(layer, index: next(), frameCount: scene.frameCount,
                                         name: "\(layer.name) draw", content: .reveal, isTrackMatte: true, span: layer.span))
            }
            // Erased or drawn, never both here (that is the precomposition above).
            layers.append(shapeLayer(layer, index: next(), frameCount: scene.frameCount, name: layer.name,
                                     mattedBy: !layer.erasedBy.isEmpty ? .invertedAlpha : drawn ? .alpha : nil, span: layer.span))
        }
        return layers
    }

    /// The layers that draw eraser `e`'s copy inside a matte precomposition, at its erase
    /// strength, not themselves track mattes of what follows: a drawn eraser's copy matted by its
    /// reveal (so it erases only what its draw shows), and an eraser cut by erase parts of its own
    /// layer (`cutBy`) matted by those parts, alpha inverted.
    private static func eraserCopy(_ scene: VectorScene, _ e: Int, name: String, firstIndex: Int, uncut: Bool = false,
                                   assets: inout [(id: String, json: JSONText)]) -> [JSONText] {
        let eraser = scene.layers[e]
        if !eraser.cutBy.isEmpty, !uncut {
            // The cuts' matte, then the copy matted by it, alpha inverted, side by side in the
            // caller's precomposition (one level of nesting less: rlottie loses alpha on each).
            let id = "\(eraser.name) cut"
            var pair: [JSONText] = []
            if eraser.cutBy.count == 1, scene.layers[eraser.cutBy[0]].reveals.isEmpty {
                pair.append(shapeLayer(scene.layers[eraser.cutBy[0]], index: firstIndex, frameCount: scene.frameCount,
                                       name: "\(id) by \(scene.layers[eraser.cutBy[0]].name)", content: .eraser, isTrackMatte: true))
            } else {
                let cutsID = "\(id) by"
                if !assets.contains(where: { $0.id == cutsID }) {
                    var cuts: [JSONText] = []
                    for c in eraser.cutBy {
                        cuts += eraserCopy(scene, c, name: "\(cutsID) \(scene.layers[c].name)", firstIndex: cuts.count + 1, assets: &assets)
                    }
                    assets.append((cutsID, .object([("id", .string(cutsID)), ("layers", .array(cuts))])))
                }
                pair.append(precompLayer(cutsID, index: firstIndex, scene: scene, isTrackMatte: true))
            }
            if eraser.reveals.isEmpty {
                pair.append(shapeLayer(eraser, index: firstIndex + 1, frameCount: scene.frameCount, name: name, content: .eraser,
                                       mattedBy: .invertedAlpha))
            } else {
                // A layer has one track matte: the reveal-matted copy goes in a precomposition.
                let drawnID = "\(id) drawn"
                if !assets.contains(where: { $0.id == drawnID }) {
                    let copy = eraserCopy(scene, e, name: name, firstIndex: 1, uncut: true, assets: &assets)
                    assets.append((drawnID, .object([("id", .string(drawnID)), ("layers", .array(copy))])))
                }
                pair.append(precompLayer(drawnID, index: firstIndex + 1, scene: scene, mattedBy: .invertedAlpha))
            }
            return pair
        }
        if eraser.reveals.isEmpty {
            return [shapeLayer(eraser, index: firstIndex, frameCount: scene.frameCount, name: name, content: .eraser)]
        }
        return [shapeLayer(eraser, index: firstIndex, frameCount: scene.frameCount, name: "\(name) draw", content: .reveal,
                           isTrackMatte: true),
                shapeLayer(eraser, index: firstIndex + 1, frameCount: scene.frameCount, name: name, content: .eraser, mattedBy: .alpha)]
    }

    /// A precomposition of the canvas's size placed as is, at `opacity`, drawn in the frames of
    /// `span` (default the whole clip); `isTrackMatte`: the track matte of the layer after it;
    /// `mattedBy`: matted by the layer before it.
    private static func precompLayer(_ id: String, index: Int, scene: VectorScene, span: Range<Int>? = nil,
                                     opacity: JSONText = .object([("a", .int(0)), ("k", .int(100))]), isTrackMatte: Bool = false,
                                     mattedBy: Matte? = nil) -> JSONText {
        let span = span ?? 0..<scene.frameCount
        return .object([
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(0)), ("nm", .string(id)), ("refId", .string(id)), ("sr", .int(1)),
            ("ks", .object([
                ("o", opacity), ("r", .object([("a", .int(0)), ("k", .int(0))])),
                ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])), ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
            ])),
            ("ao", .int(0)), ("w", .int(scene.width)), ("h", .int(scene.height)),
            ("ip", .int(span.lowerBound)), ("op", .int(span.upperBound)), ("st", .int(0)), ("bm", .int(0)),
        ] + (isTrackMatte ? [("td", .int(1))] : []) + (mattedBy.map { [("tt", .int($0.rawValue))] } ?? []))
    }

    /// `level` in the run's frames, 0 in the others: hold keyframes.
    static func runOpacity(_ run: RevealRuns.Run, frameCount: Int, level: Double) -> JSONText {
        var keys: [JSONText] = []
        func key(_ t: Int, _ v: Double) { keys.append(.object([("t", .int(t)), ("s", .nums([v], 2)), ("h", .int(1))])) }
        if run.from > 0 { key(0, 0) }
        key(run.from, level)
        if run.to < frameCount { key(run.to, 0) }
        return keys.count == 1 ? .object([("a", .int(0)), ("k", .num(level, 2))]) : .object([("a", .int(1)), ("k", .array(keys))])
    }

    /// An animated property: a value per kept frame, linear between them; a constant one when
    /// every key holds the same value.
    static func track(_ frames: [Int], decimals: Int, value: (Int) -> [Double]) -> JSONText {
        let values = frames.map { value($0).map { Double(formatNumber($0, decimals: decimals))! } }
        func v(_ x: [Double]) -> JSONText { x.count == 1 ? .num(x[0], decimals) : .nums(x, decimals) }
        if values.allSatisfy({ $0 == values[0] }) { return .object([("a", .int(0)), ("k", v(values[0]))]) }
        var keys: [JSONText] = []
        let n = values[0].count
        for (k, frame) in frames.enumerated() {
            var key: [(String, JSONText)] = [("t", .int(frame)), ("s", .nums(values[k], decimals))]
            if k + 1 < frames.count {
                key.append(("i", .object([("x", .nums(Array(repeating: 1, count: n))), ("y", .nums(Array(repeating: 1, count: n)))])))
                key.append(("o", .object([("x", .nums(Array(repeating: 0, count: n))), ("y", .nums(Array(repeating: 0, count: n)))])))
            }
            keys.append(.object(key))
        }
        return .object([("a", .int(1)), ("k", .array(keys))])
    }

    private static func transformItem(rotation: JSONText, opacity: JSONText = .object([("a", .int(0)), ("k", .int(100))])) -> JSONText {
        .object([
            ("ty", .string("tr")),
            ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
            ("r", rotation),
            ("o", opacity),
        ])
    }

    /// The top-level `slots`: each slot's id and the clip's own value, as the property it
    /// replaces (`{"p": {"a": 0, "k": …}}`).
    private static func slots(_ slots: [VectorSlot]) -> JSONText {
        .object(slots.map { slot in
            let k: JSONText = switch slot.value {
                case .color(let c): .nums([c.r, c.g, c.b, 1], 4)
                case .opacity(let o): .num(o * 100)
            }
            return (slot.id, .object([("p", .object([("a", .int(0)), ("k", k)]))]))
        })
    }

    /// A shape's paths, fill and stroke; with a track, its paths keyframed (a morph).
    private static func shapeGroup(_ shape: VectorShape, paint: VectorPaint, track: PathKeyframes.Track? = nil, slot: String? = nil) -> JSONText {
        var items = track.map(morphItems) ?? BezierContour.contours(of: shape.path).map(pathItem)
        if let rule = shape.fill, shape.fillOpacity > 0 {
            items.append(paintItem(paint, opacity: shape.fillOpacity, stroke: nil, rule: rule, slot: slot))
        }
        if let style = shape.stroke, shape.strokeOpacity > 0 {
            items.append(paintItem(paint, opacity: shape.strokeOpacity, stroke: style, rule: .nonZero, slot: slot))
        }
        items.append(transformItem(rotation: .object([("a", .int(0)), ("k", .int(0))])))
        return .object([("ty", .string("gr")), ("it", .array(items))])
    }

    private static func pathItem(_ c: BezierContour) -> JSONText {
        .object([("ty", .string("sh")), ("ks", .object([("a", .int(0)), ("k", shapeValue(c))]))])
    }

    static func shapeValue(_ c: BezierContour) -> JSONText {
        func pts(_ p: [Point]) -> JSONText { .array(p.map { .nums([$0.x, $0.y], 3) }) }
        return .object([("i", pts(c.inTangents)), ("o", pts(c.outTangents)), ("v", pts(c.vertices)), ("c", .bool(c.closed))])
    }

    /// A morphing path: one `sh` per subpath with a keyframe per kept frame, linear (or held).
    private static func morphItems(_ track: PathKeyframes.Track) -> [JSONText] {
        let keyed = track.paths.map { BezierContour.contours(of: $0, sharing: track.sharedClosings) }
        return (0..<(keyed.map(\.count).max() ?? 0)).map { j in
            var keys: [JSONText] = []
            for (k, frame) in track.keys.enumerated() {
                let value: JSONText = keyed[k].indices.contains(j) ? shapeValue(keyed[k][j]) : shapeValue(BezierContour())
                var key: [(String, JSONText)] = [("t", .int(frame)), ("s", .array([value]))]
                if track.hold {
                    key.append(("h", .int(1)))
                } else if k + 1 < track.keys.count {
                    key.append(("i", .object([("x", .nums([1])), ("y", .nums([1]))])))
                    key.append(("o", .object([("x", .nums([0])), ("y", .nums([0]))])))
                }
                keys.append(.object(key))
            }
            return .object([("ty", .string("sh")), ("ks", .object([("a", .int(1)), ("k", .array(keys))]))])
        }
    }

    /// A fill (`fl`/`gf`) or, with a style, a stroke (`st`/`gs`) of the layer's paint.
    /// `slot`: the id of the slot holding a solid paint's colour (`sid` on its `c`).
    static func paintItem(_ paint: VectorPaint, opacity: Double, stroke: StrokeStyle?, rule: FillRule, slot: String? = nil) -> JSONText {
        var members: [(String, JSONText)]
        let kind = stroke == nil ? "fl" : "st"
        switch paint {
        case .solid(let c):
            let sid: [(String, JSONText)] = slot.map { [("sid", .string($0))] } ?? []
            members = [("ty", .string(kind)), ("c", .object([("a", .int(0)), ("k", .nums([c.r, c.g, c.b, 1], 4))] + sid)),
                       ("o", .object([("a", .int(0)), ("k", .num(opacity * c.a * 100))]))]
        case .linear(let start, let end, let stops):
            var g: [Double] = []
            for s in stops { g += [s.offset, s.color.r, s.color.g, s.color.b] }
            if stops.contains(where: { $0.color.a < 1 }) { for s in stops { g += [s.offset, s.color.a] } }
            members = [("ty", .string(stroke == nil ? "gf" : "gs")),
                       ("o", .object([("a", .int(0)), ("k", .num(opacity * 100))])),
                       ("s", .object([("a", .int(0)), ("k", .nums([start.x, start.y]))])),
                       ("e", .object([("a", .int(0)), ("k", .nums([end.x, end.y]))])),
                       ("t", .int(1)),
                       ("g", .object([("p", .int(stops.count)), ("k", .object([("a", .int(0)), ("k", .nums(g, 4))]))]))]
        }
        if let s = stroke {
            let cap = switch s.cap { case .butt: 1; case .round: 2; case .square: 3 }
            let join = switch s.join { case .miter: 1; case .round: 2; case .bevel: 3 }
            members += [("w", .object([("a", .int(0)), ("k", .num(s.width))])), ("lc", .int(cap)), ("lj", .int(join)),
                        ("ml", .num(s.miterLimit))]
        } else {
            members.append(("r", .int(rule == .evenOdd ? 2 : 1)))
        }
        return .object(members)
    }

    /// The canvas background as the bottom layer (none when transparent).
    private static func background(_ scene: VectorScene, index: Int) -> JSONText? {
        guard let paint = VectorBackground.paint(scene) else { return nil }
        let w = Double(scene.width), h = Double(scene.height)
        var rect = PathBuilder()
        rect.rect(Rect(x: 0, y: 0, width: w, height: h))
        let shape = VectorShape(path: rect.path, fill: .nonZero, fillOpacity: 1, stroke: nil, strokeOpacity: 0)
        return .object([
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string("background")), ("sr", .int(1)),
            ("ks", .object([
                ("o", .object([("a", .int(0)), ("k", .int(100))])), ("r", .object([("a", .int(0)), ("k", .int(0))])),
                ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])), ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
            ])),
            ("ao", .int(0)), ("shapes", .array([shapeGroup(shape, paint: paint)])),
            ("ip", .int(0)), ("op", .int(scene.frameCount)), ("st", .int(0)), ("bm", .int(0)),
        ])
    }
}

/// The canvas background as a vector paint (`CanvasBackground.gradient`, the line the raster
/// frames paint too).
enum VectorBackground {
    /// The canvas background's paint in canvas pixels; nil when transparent.
    static func paint(_ scene: VectorScene) -> VectorPaint? {
        switch scene.background {
        case .transparent: return nil
        case .color(let c): return .solid(c)
        case .linear:
            return scene.background.gradient(width: scene.width, height: scene.height).map {
                .linear(start: $0.start, end: $0.end, stops: $0.stops)
            }
        }
    }
}
