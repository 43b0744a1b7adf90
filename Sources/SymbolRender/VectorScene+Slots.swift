import SymbolScene

/// A colour or opacity that a rendering mode gives layers, named for what it is (`primary`,
/// `secondary`, `tertiary`, `accent`, a multicolor layer's colour name; `<name>-opacity` for
/// its opacity), so a player can restyle the clip: Lottie slots, dotLottie themes, CSS custom
/// properties in the animated SVG (docs/vector.md).
package struct VectorSlot: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        case color(Color)
        /// 0…1.
        case opacity(Double)
    }

    package var id: String
    /// The clip's own value.
    package var value: Value
}

/// The slot values that give a clip one rendering mode's colours.
package struct VectorTheme: Sendable, Equatable {
    /// The mode's name: `monochrome`, `hierarchical`, `palette`, `multicolor`.
    package var id: String
    /// In the order of the scene's slots.
    package var values: [VectorSlot]
}

extension RenderPlan {
    /// Gives each layer its colour and opacity slots and returns the slots with the clip's
    /// values. Layers of one role share a slot when their values agree (the hierarchical layers
    /// of two symbols in a Replace); a role with another value gets a numbered slot of its own
    /// (`custom-2`), so every layer still plays with its own colour.
    func assignSlots(_ layers: inout [VectorLayer]) -> [VectorSlot] {
        var slots: [VectorSlot] = []
        func slot(_ base: String, _ value: VectorSlot.Value) -> String {
            var n = 1
            while true {
                let id = n == 1 ? base : "\(base)-\(n)"
                guard let existing = slots.first(where: { $0.id == id }) else {
                    slots.append(VectorSlot(id: id, value: value))
                    return id
                }
                if existing.value == value { return id }
                n += 1
            }
        }
        for k in layers.indices {
            let role = layers[k].role
            if case .solid(let c) = layers[k].paint {
                layers[k].colorSlot = slot(role, .color(Color(r: c.r, g: c.g, b: c.b)))
            }
            let colorID = layers[k].colorSlot ?? role
            layers[k].opacitySlot = slot(colorID + "-opacity", .opacity(layers[k].modeOpacity))
        }
        return slots
    }

    /// Per rendering mode, the value of every slot in that mode: the paint the mode gives the
    /// shapes of the slot's first layer (the layer list of one mode may group shapes otherwise
    /// than another's, so where a slot's shapes take several colours in a mode, its first
    /// shape's wins). None for gradient colour rendering, whose colours are not slots.
    func themes(of layers: [VectorLayer], slots: [VectorSlot]) -> [VectorTheme] {
        guard !settings.gradient, !slots.isEmpty else { return [] }
        return RenderingMode.allCases.map { mode in
            var s = settings
            s.mode = mode
            let paints: [[Int: LayerPaint]] = documents.map { doc in
                let hasMulticolor = doc.layers[.multicolor] != nil
                var byShape: [Int: LayerPaint] = [:]
                for layer in doc.layers(for: mode.layerMode) {
                    let paint = LayerPaint.resolve(layer, settings: s, documentHasMulticolor: hasMulticolor)
                    for part in layer.parts where part.action == .draw && byShape[part.shape] == nil { byShape[part.shape] = paint }
                }
                return byShape
            }
            var values: [String: VectorSlot.Value] = [:]
            for layer in layers {
                guard paints.indices.contains(layer.document),
                      let paint = layer.shapeIndices.lazy.compactMap({ paints[layer.document][$0] }).first else { continue }
                if let c = layer.colorSlot, values[c] == nil { values[c] = .color(Color(r: paint.color.r, g: paint.color.g, b: paint.color.b)) }
                if let o = layer.opacitySlot, values[o] == nil { values[o] = .opacity(paint.opacity) }
            }
            return VectorTheme(id: mode.rawValue, values: slots.map { VectorSlot(id: $0.id, value: values[$0.id] ?? $0.value) })
        }
    }
}
