import SymbolReel
import SymbolRender
import SymbolSVG
import SymbolTimeline

// `FuzzDrawMarkup`: Draw data as SF Symbols 7 exports write it. The input is up to four fields
// separated by `|`:
//
//   keyframes | attachments | attachment data | draw guides
//
// the `data-clipstroke-keyframes` list, the `-sfsymbols-clipstroke-attachments` value, the
// `data-d` of `Regular-M-draw-attachment-data` and a `data-draw-guides` value (SymbolReel's own
// attribute). A missing or empty field takes the template's own value (no guides for the
// fourth), so mutating one field keeps the others valid. Fields are escaped into attribute values:
// the XML around them is not what is being fuzzed here (FuzzSVGReader does that).
//
// The keyframe and guide readers are methods of the reader's internal context, reached only
// through `SymbolReader`; so the first stage is the smallest document that reaches them (one plain
// path carrying the attributes). The second splices the fields into a template of our own design
// (a ring of two subpaths and an arc, both with the keyframes, and an arrowhead attached to the
// arc), reads it and draws it at 32² mid-draw: a Draw On timeline at two times in multicolor, and
// in monochrome with every layer shown between two progress values (a Draw On and a Draw Off
// part way).

extension FuzzBodies {
    public static func drawMarkup(_ bytes: [UInt8]) {
        let fields = bytes.split(separator: UInt8(ascii: "|"), maxSplits: 3, omittingEmptySubsequences: false)
        func field(_ i: Int) -> String? { i < fields.count && !fields[i].isEmpty ? attributeText(fields[i]) : nil }
        let keyframes = field(0) ?? DrawTemplate.keyframes
        let attachments = field(1) ?? DrawTemplate.attachments
        let data = field(2) ?? DrawTemplate.attachmentData
        let guides = field(3).map { " data-draw-guides=\"\($0)\"" } ?? ""

        let plain = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M10 10L90 10L90 20L10 20Z" \
            data-clipstroke-keyframes="\(keyframes)"\(guides)/></svg>
            """
        _ = try? SymbolReader.read(data: Array(plain.utf8), fileName: "fuzz-draw-plain.svg")

        let svg = DrawTemplate.document(keyframes: keyframes, attachments: attachments, data: data, guides: guides)
        guard let doc = try? SymbolReader.read(data: Array(svg.utf8), fileName: "fuzz-draw.svg") else { return }
        let renderer = FrameRenderer()
        if let timeline = try? Timeline(documents: [doc], mode: .multicolor, events: [.discrete(SymbolEffect(.drawOn), at: 0)]) {
            let settings = smallSettings(.multicolor)
            let duration = timeline.naturalDuration.isFinite ? min(max(timeline.naturalDuration, 0), 10) : 1
            for f in [0.3, 0.7] {
                _ = renderer.render([doc], pose: timeline.pose(atSeconds: duration * f), settings: settings)
            }
        }
        // One more mode only: draw lines are worked out once per mode (a plan), and an outline
        // whose ribs are unusable gets an automatic centre line, the costliest step here.
        for range in [0.2...0.6, 0.5...1] {
            let layers = doc.layers(for: .monochrome).map { _ in LayerPose(drawRange: range, drawTrackOpacity: 0.3) }
            let pose = Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: layers)], layerMode: .monochrome)
            _ = renderer.render([doc], pose: pose, settings: smallSettings(.monochrome))
        }
    }

    /// Settings for a 32² frame in `mode`.
    static func smallSettings(_ mode: RenderingMode) -> RenderSettings {
        RenderSettings(width: 32, height: 32, background: .transparent, size: .fraction(0.6), mode: mode,
                       colors: [.black, .init(red: 51, green: 102, blue: 255)], accentColor: .black, gradient: false)
    }

    /// Bytes as the text of a double-quoted XML attribute: markup characters escaped, characters
    /// XML does not allow (controls other than tab, newline and return; U+FFFE, U+FFFF) made spaces.
    static func attributeText(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        for s in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(s)
            default:
                out.unicodeScalars.append(s.value < 0x20 || s.value == 0xFFFE || s.value == 0xFFFF ? " " : s)
            }
        }
        return out
    }
}

/// The Draw template: one master, Regular-M (the variant read by default), placed at (10, 100)
/// in a 200² root. Our own design (`apple-v7-draw-arrow-bubble.svg`'s S master, rounded): a ring
/// of two subpaths, an arc outline round it and an arrowhead at the arc's tip, in two motion
/// groups. The attachment anchor is in root space, at the arrowhead.
enum DrawTemplate {
    static let keyframes = "0 0 0.0 0.0000 0.9641 0 0.25 0.1310 0.8630 0 0.5 0.2620 0.7620 0 0.75 0.3930 0.6609 0 1.0 0.5239 0.5599"
    static let attachments = "1 1 0 1 0 0"
    static let attachmentData = "0 0.9397 -0.342 41.10 35.64"

    static func document(keyframes: String, attachments: String, data: String, guides: String) -> String {
        """
        <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <style>.monochrome-0 {-sfsymbols-motion-group:0}
        .monochrome-1 {-sfsymbols-motion-group:1}
        .hierarchical-1\\:primary {-sfsymbols-motion-group:1}
        </style>
        <g id="Notes"><text id="template-version">Template v.7.0</text></g>
        <g id="Guides">
        <line id="Baseline-M" x1="0" x2="200" y1="100" y2="100"/>
        <line id="Capline-M" x1="0" x2="200" y1="29.541" y2="29.541"/>
        <line id="left-margin-Regular-M" x1="10" x2="10" y1="20" y2="110"/>
        <line id="right-margin-Regular-M" x1="93.4" x2="93.4" y1="20" y2="110"/>
        </g>
        <g id="Symbols">
        <g id="Regular-M" transform="matrix(1 0 0 1 10 100)">
        <path class="monochrome-0 multicolor-0:systemBlueColor hierarchical-0:secondary" \
        d="M41.7 -53.23C51.64 -53.23 59.7 -45.17 59.7 -35.23C59.7 -25.29 51.64 -17.23 41.7 -17.23C31.76 -17.23 23.7 -25.29 23.7 -35.23C23.7 -45.17 31.76 -53.23 41.7 -53.23ZM41.7 -47.23C35.07 -47.23 29.7 -41.86 29.7 -35.23C29.7 -28.6 35.07 -23.23 41.7 -23.23C48.33 -23.23 53.7 -28.6 53.7 -35.23C53.7 -41.86 48.33 -47.23 41.7 -47.23Z" \
        data-clipstroke-keyframes="\(keyframes)"\(guides)/>
        <path class="monochrome-1 multicolor-1:systemOrangeColor hierarchical-1:primary" \
        d="M64.2 -62.04C76.33 -51.86 80.12 -34.79 73.42 -20.44C66.73 -6.08 51.22 1.99 35.62 -0.76C20.02 -3.51 8.21 -16.4 6.83 -32.18C5.45 -47.96 14.84 -62.7 29.73 -68.12C31.81 -68.87 34.1 -67.8 34.86 -65.73C35.61 -63.65 34.54 -61.36 32.47 -60.6C20.98 -56.42 13.74 -45.05 14.8 -32.88C15.87 -20.7 24.98 -10.76 37.01 -8.64C49.05 -6.52 61.01 -12.74 66.17 -23.82C71.34 -34.89 68.42 -48.06 59.06 -55.91C57.36 -57.33 57.14 -59.86 58.56 -61.55C59.98 -63.24 62.51 -63.46 64.2 -62.04Z" \
        data-clipstroke-keyframes="\(keyframes)"/>
        <path class="monochrome-1 multicolor-1:systemOrangeColor hierarchical-1:primary" d="M26.67 -73.6L42.94 -68.67L33.65 -54.43Z" \
        style="-sfsymbols-clipstroke-attachments:\(attachments)"/>
        </g>
        </g>
        <g id="Data"><g id="Regular-M-draw-attachment-data" data-d="\(data)"/></g>
        </svg>
        """
    }
}
