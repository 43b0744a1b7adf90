import SymbolReel
import SymbolRender
import SymbolSVG

// `FuzzLayerTree`: any bytes as the content of `<g id="LayerTree">` in a template of our own
// design whose one master is a single path of eleven subpaths (a disc, and a van with its
// wheels, windows and lamp, outlines and insets). The bytes are spliced in as they are, so the
// fuzzer writes the layer nodes themselves: classes, `-sfsymbols-indices`, `shapeGroupLayer-N`
// pieces, fill actions, stroke widths, nesting. The style sheet makes layer 2's tokens
// clear-behind and gives monochrome-1 a motion group. Whatever is read is drawn at rest at 32²
// in every rendering mode.

extension FuzzBodies {
    public static func layerTree(_ bytes: [UInt8]) {
        var svg = Array(LayerTreeTemplate.head.utf8)
        svg += bytes
        svg += Array(LayerTreeTemplate.tail.utf8)
        guard let doc = try? SymbolReader.read(data: svg, fileName: "fuzz-layertree.svg") else { return }
        let renderer = FrameRenderer()
        for mode in RenderingMode.allCases {
            _ = renderer.render(doc, settings: smallSettings(mode))
        }
    }
}

enum LayerTreeTemplate {
    static let head = """
        <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <style>.monochrome-2 {opacity:0.0;-sfsymbols-clear-behind:true}
        .hierarchical-2\\:primary {opacity:0.0;-sfsymbols-clear-behind:true}
        .multicolor-2\\:white {opacity:0.0;-sfsymbols-clear-behind:true}
        .monochrome-1 {-sfsymbols-motion-group:1}
        </style>
        <g id="Notes"><text id="template-version">Template v.7.0</text></g>
        <g id="Guides">
        <line id="Baseline-M" x1="0" x2="200" y1="100" y2="100"/>
        <line id="Capline-M" x1="0" x2="200" y1="29.541" y2="29.541"/>
        </g>
        <g id="Symbols">
        <g id="Regular-M" transform="matrix(1 0 0 1 4 100)">
        <path d="M48 -81.23C73.41 -81.23 94 -60.63 94 -35.23C94 -9.82 73.41 10.77 48 10.77C22.59 10.77 2 -9.82 2 -35.23C2 -60.63 22.59 -81.23 48 -81.23Z\
        M15 -48C15 -52.97 19.03 -57 24 -57L72 -57C76.97 -57 81 -52.97 81 -48L81 -23C81 -18.03 76.97 -14 72 -14L24 -14C19.03 -14 15 -18.03 15 -23Z\
        M30 -24C35.52 -24 40 -19.52 40 -14C40 -8.48 35.52 -4 30 -4C24.48 -4 20 -8.48 20 -14C20 -19.52 24.48 -24 30 -24Z\
        M66 -24C71.52 -24 76 -19.52 76 -14C76 -8.48 71.52 -4 66 -4C60.48 -4 56 -8.48 56 -14C56 -19.52 60.48 -24 66 -24Z\
        M18 -47C18 -50.87 21.13 -54 25 -54L71 -54C74.87 -54 78 -50.87 78 -47L78 -24C78 -20.13 74.87 -17 71 -17L25 -17C21.13 -17 18 -20.13 18 -24Z\
        M30 -21C33.87 -21 37 -17.87 37 -14C37 -10.13 33.87 -7 30 -7C26.13 -7 23 -10.13 23 -14C23 -17.87 26.13 -21 30 -21Z\
        M66 -21C69.87 -21 73 -17.87 73 -14C73 -10.13 69.87 -7 66 -7C62.13 -7 59 -10.13 59 -14C59 -17.87 62.13 -21 66 -21Z\
        M23 -47C23 -48.66 24.34 -50 26 -50L40 -50C41.66 -50 43 -48.66 43 -47L43 -41C43 -39.34 41.66 -38 40 -38L26 -38C24.34 -38 23 -39.34 23 -41Z\
        M47 -47C47 -48.66 48.34 -50 50 -50L70 -50C71.66 -50 73 -48.66 73 -47L73 -41C73 -39.34 71.66 -38 70 -38L50 -38C48.34 -38 47 -39.34 47 -41Z\
        M73 -32C75.21 -32 77 -30.21 77 -28C77 -25.79 75.21 -24 73 -24C70.79 -24 69 -25.79 69 -28C69 -30.21 70.79 -32 73 -32Z\
        M73 -30C74.1 -30 75 -29.1 75 -28C75 -26.9 74.1 -26 73 -26C71.9 -26 71 -26.9 71 -28C71 -29.1 71.9 -30 73 -30Z"/>
        </g>
        </g>
        <g id="LayerTree">
        """
    static let tail = "\n</g>\n</svg>\n"
}
