import SymbolGeometry
import SymbolScene
@testable import SymbolSVG

/// Small builders for inline test SVGs.
enum TestSVG {
    /// Reads SVG text as a symbol file named `test.svg`.
    static func read(_ svg: String, weight: SymbolWeight = .regular, scale: SymbolScale = .medium) throws -> SymbolDocument {
        try SymbolReader.read(data: Array(svg.utf8), fileName: "test.svg", options: ReadOptions(weight: weight, scale: scale))
    }

    /// The error reading `svg` throws, or nil when it reads.
    static func error(_ svg: String) -> SymbolReadError? {
        error(bytes: Array(svg.utf8))
    }

    static func error(bytes: [UInt8]) -> SymbolReadError? {
        do {
            _ = try SymbolReader.read(data: bytes, fileName: "test.svg")
            return nil
        } catch {
            return error
        }
    }

    /// A variant group: id, glyph-space transform origin and paths (d, class).
    struct Variant {
        var id: String
        var x: Double
        var y: Double
        var paths: [(d: String, cls: String)]
        var margins: (Double, Double)? = (0, 40)
    }

    /// An SF Symbols-template-like file: style, guides for S/M/L rows, margins and variant groups.
    static func template(_ variants: [Variant], style: String = "", version: String = "7.0", extra: String = "") -> String {
        var guides = ""
        for (letter, base) in [("S", 696.0), ("M", 1126.0), ("L", 1556.0)] {
            guides += "<line id=\"Baseline-\(letter)\" x1=\"263\" x2=\"3036\" y1=\"\(base)\" y2=\"\(base)\" style=\"fill:none;stroke:#27AAE1\"/>\n"
            guides += "<line id=\"Capline-\(letter)\" x1=\"263\" x2=\"3036\" y1=\"\(base - 70.459)\" y2=\"\(base - 70.459)\" style=\"fill:none;stroke:#27AAE1\"/>\n"
        }
        var symbols = ""
        for v in variants {
            if let (l, r) = v.margins {
                guides += "<line id=\"left-margin-\(v.id)\" x1=\"\(v.x + l)\" x2=\"\(v.x + l)\" y1=\"\(v.y - 90)\" y2=\"\(v.y + 20)\" style=\"stroke:#00AEEF\"/>\n"
                guides += "<line id=\"right-margin-\(v.id)\" x1=\"\(v.x + r)\" x2=\"\(v.x + r)\" y1=\"\(v.y - 90)\" y2=\"\(v.y + 20)\" style=\"stroke:#00AEEF\"/>\n"
            }
            symbols += "<g id=\"\(v.id)\" transform=\"matrix(1 0 0 1 \(v.x) \(v.y))\">\n"
            for p in v.paths { symbols += "<path class=\"\(p.cls)\" d=\"\(p.d)\"/>\n" }
            symbols += "</g>\n"
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!--Generator: Apple Native CoreSVG 175.5-->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">
        <style>\(style)
        .SFSymbolsPreviewWireframe {fill:none;opacity:1.0;stroke:black;stroke-width:0.5}
        </style>
        <g id="Notes">
        <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>
        <text id="template-version" transform="matrix(1 0 0 1 3036 1933)">Template v.\(version)</text>
        </g>
        <g id="Guides">
        \(guides)</g>
        <g id="Symbols">
        \(symbols)</g>
        \(extra)
        </svg>
        """
    }

    /// A square of side `s` with its bottom-left corner on the origin, and a second square.
    static func squares(_ s: Double, _ cls0: String = "monochrome-0", _ cls1: String = "monochrome-1") -> [(d: String, cls: String)] {
        [("M0 0 L\(s) 0 L\(s) \(-s) L0 \(-s) Z", cls0), ("M\(s + 5) 0 L\(2 * s + 5) 0 L\(2 * s + 5) \(-s) Z", cls1)]
    }
}

extension Rect {
    func isClose(to o: Rect, _ tol: Double = 1e-6) -> Bool {
        abs(minX - o.minX) <= tol && abs(minY - o.minY) <= tol && abs(maxX - o.maxX) <= tol && abs(maxY - o.maxY) <= tol
    }
}
