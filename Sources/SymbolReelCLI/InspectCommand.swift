import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel inspect FILE [--json]`: what the reader made of a symbol file.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print what was read from a symbol file: variants, metrics, layers, annotations and diagnostics.",
        discussion: Examples.text(for: "inspect", after: false))

    @Argument(help: "An SF Symbols SVG (template or export), a plain SVG icon, or an Xcode .symbolset folder.")
    var file: String

    @Flag(help: "Print one JSON object with stable keys instead of text.")
    var json = false

    @Flag(help: "Treat warnings as errors (exit 65 if there are any); notes are listed too.")
    var strict = false

    @Flag(help: "List notes as well as warnings (expected quirks of real files, such as Apple's repeated H-reference id).")
    var verbose = false

    @OptionGroup var variant: VariantOptions

    func run() throws {
        let doc: SymbolDocument
        do {
            doc = try SymbolFile.read(contentsOf: file, options: variant.readOptions)
        } catch {
            throw fail(error)
        }
        var report = SymbolInspection(doc)
        if SymbolSet.isSymbolSet(file) { report.symbolSet = SymbolSet.name(ofFolder: file) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(report)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(InspectCommand.text(report, notes: verbose || strict), terminator: "")
        }
        if strict && doc.diagnostics.contains(where: { $0.severity == .warning }) {
            for d in doc.diagnostics { printError(d.description) }
            throw ExitCode(ExitStatus.dataError)
        }
    }

    static func text(_ r: SymbolInspection, notes: Bool = true) -> String {
        var s = "\(r.file)\n"
        if let name = r.symbolSet { s += "  symbol:    \(name) (an Xcode symbol set)\n" }
        s += "  kind:      \(r.kind)\n"
        s += "  producer:  \(r.producer)" + (r.templateVersion.map { " (template \($0))" } ?? "") + "\n"
        s += "  variants:  \(r.variants.available.isEmpty ? "none (single drawing)" : r.variants.available.joined(separator: " "))\n"
        s += "  chosen:    \(r.variants.requested): \(r.variants.detail)\n"
        let m = r.metrics
        s += "  metrics:   baseline \(fmt(m.baseline)), capline \(fmt(m.capline)) (cap height \(fmt(m.capHeight)), from \(m.verticalOrigin)); "
        s += "margins \(fmt(m.leftMargin))…\(fmt(m.rightMargin)) (from \(m.marginOrigin))\n"
        s += "  bounds:    \(r.bounds.map(fmt).joined(separator: " "))   page: \(r.page.map(fmt).joined(separator: " "))\n"
        s += "  ink:       \(r.inkBounds.map(fmt).joined(separator: " "))   guide box: \(r.guideBox.map(fmt).joined(separator: " "))"
        s += (r.inkBeyondGuides.isEmpty ? " (ink within the guides)" : " (ink reaches past the guides: \(r.inkBeyondGuides.joined(separator: ", ")))") + "\n"
        s += "  shapes:    \(r.shapes.count)\n"
        for shape in r.shapes {
            var line = "    [\(shape.index)] \(shape.segments) segments in \(shape.subpaths) subpath\(shape.subpaths == 1 ? "" : "s")"
            if let f = shape.fill { line += ", fill \(f) \(shape.fillRule ?? "")" }
            if let st = shape.stroke { line += ", stroke \(st) \(fmt(shape.strokeWidth ?? 0))" }
            if shape.drawRibs > 0 { line += ", \(shape.drawRibs) draw ribs" }
            if let b = shape.bandOf { line += ", the clear-behind band of [\(b)]" }
            if let id = shape.id { line += ", id \(id)" }
            s += line + "\n"
        }
        for mode in ["monochrome", "hierarchical", "multicolor"] {
            guard let layers = r.modes[mode] else { continue }
            s += "  \(mode): \(layers.count) layer\(layers.count == 1 ? "" : "s")\n"
            for l in layers {
                var line = "    \(l.name): \(l.role)"
                if let c = l.color { line += " \(c)" }
                line += ", \(l.action)" + (l.opacity < 1 ? " at opacity \(fmt(l.opacity))" : "")
                line += ", shapes \(l.shapes.map(String.init).joined(separator: ","))"
                if !l.erases.isEmpty { line += ", erases \(l.erases.map(String.init).joined(separator: ","))" }
                var flags: [String] = []
                if l.clearBehind { flags.append("clear-behind" + (l.clearBehindStroke.map { " stroked \(fmt($0)): a band round its outline" } ?? "")) }
                if let t = l.variableThreshold { flags.append("variable \(fmt(t))") }
                if let d = l.variableDraw { flags.append("variable-draw \(d.map(fmt).joined(separator: " "))") }
                if let g = l.motionGroup { flags.append("motion-group \(g)") }
                if l.alwaysPulses { flags.append("pulses") }
                if l.alwaysRotates { flags.append("rotates") }
                if l.alwaysBreathes { flags.append("breathes") }
                if !l.layerTags.isEmpty { flags.append("tags \(l.layerTags.joined(separator: "|"))") }
                if !flags.isEmpty { line += " [\(flags.joined(separator: ", "))]" }
                s += line + "\n"
                s += rotationLine(l)
                s += drawLines(l)
            }
        }
        if !r.defaults.isEmpty {
            s += "  defaults:  " + r.defaults.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ") + "\n"
        }
        let shown = notes ? r.diagnostics : r.diagnostics.filter { $0.severity != "note" }
        let hidden = r.diagnostics.count - shown.count
        s += "  diagnostics: \(shown.count)" + (hidden > 0 ? " (and \(hidden) note\(hidden == 1 ? "" : "s"): --verbose lists them)" : "") + "\n"
        for d in shown {
            let pos = d.line.map { ":\($0)" + (d.column.map { ":\($0)" } ?? "") } ?? ""
            s += "    \(pos.isEmpty ? "" : "line\(pos) ")\(d.severity): \(d.message) [\(d.code)]\n"
        }
        return s
    }

    /// A layer's rotation marks on a line of their own (empty when it has none).
    private static func rotationLine(_ l: SymbolInspection.Layer) -> String {
        guard let m = l.rotation else { return "" }
        var parts: [String] = []
        if m.alwaysRotates { parts.append("always rotates") }
        if let d = m.direction { parts.append(d) }
        if let w = m.wiggleStyle { parts.append("wiggle \(w)") }
        if let a = m.anchor { parts.append("anchor \(a.map(fmt).joined(separator: " "))") }
        return "      rotation: \(parts.joined(separator: ", "))\n"
    }

    /// A layer's draw keyframes (count, flags, progress and outline positions of each set) and
    /// its attachments (carrier, anchor).
    private static func drawLines(_ l: SymbolInspection.Layer) -> String {
        var s = ""
        for (k, set) in l.drawRibs.enumerated() {
            let ribs = set.map { "t\(fmt($0.t)):\(fmt($0.start))→\(fmt($0.end))" }.joined(separator: " ")
            s += "      draw set \(k): \(set.count) keyframes, flags \(set.map { String($0.flags) }.joined(separator: ",")): \(ribs)\n"
        }
        for a in l.drawAttachments {
            s += "      attachment: shape \(a.shape) rides \(a.carrier.map { "shape \($0)" } ?? "the layer's first part")"
            s += " from anchor \(a.anchor.map(fmt).joined(separator: " ")) (at rest on progress \(fmt(a.restProgress)))\n"
        }
        return s
    }

    private static func fmt(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
