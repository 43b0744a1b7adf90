import Testing
import SymbolScene
@testable import SymbolSVG

/// Malformed or unusual inputs: each gives its own error (with position) or diagnostic, and none
/// crashes or hangs.
@Suite struct MalformedInputTests {
    private static let ns = "xmlns=\"http://www.w3.org/2000/svg\""

    /// Files that cannot be used: kind, message fragment, and position when there is one.
    static let fatal: [(String, String, SymbolReadError.Kind, String, (Int, Int)?)] = [
        ("empty", "", .notXML, "the file is empty", (1, 1)),
        ("whitespace only", "  \n ", .notXML, "no root element", nil),
        ("plain text", "hello world", .notXML, "not an XML file", (1, 1)),
        ("html", "<html><body/></html>", .notSVG, "root element is <html>", (1, 1)),
        ("truncated", "<svg \(ns)>\n  <g>\n    <path d=\"M0 0", .notXML, "attribute value is never closed", nil),
        ("truncated after tag", "<svg \(ns)>\n  <g>", .notXML, "before <g> is closed", (2, 3)),
        ("mismatched", "<svg \(ns)><g></svg>", .notXML, "expected </g>", nil),
        ("unquoted", "<svg width=10/>", .notXML, "must be in quotes", (1, 12)),
        ("duplicate attribute", "<svg \(ns) a=\"1\" a=\"2\"/>", .notXML, "appears twice", nil),
        ("unknown entity", "<svg \(ns)>&bogus;</svg>", .notXML, "unknown entity", nil),
        ("lt in attribute", "<svg \(ns) a=\"<\"/>", .notXML, "'<' is not allowed", nil),
        ("text after root", "<svg \(ns)/>trailing", .notXML, "text after the end", nil),
        ("comment unclosed", "<svg \(ns)><!-- x", .notXML, "comment is never closed", nil),
        ("nothing drawable", "<svg \(ns)/>", .nothingDrawable, "nothing to draw", (1, 1)),
        ("all hidden", "<svg \(ns)><rect width=\"1\" height=\"1\" display=\"none\"/></svg>", .nothingDrawable, "nothing to draw", nil),
        ("only text", "<svg \(ns)><text>Hi</text></svg>", .nothingDrawable, "nothing to draw", nil),
        ("only defs", "<svg \(ns)><defs><rect width=\"1\" height=\"1\"/></defs></svg>", .nothingDrawable, "nothing to draw", nil),
        ("unsupported encoding", "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><svg/>", .notXML, "not supported; save it as UTF-8", nil),
        ("deep nesting", "<svg \(ns)>" + String(repeating: "<g>", count: 400) + String(repeating: "</g>", count: 400) + "</svg>",
         .tooDeep, "nested deeper than 256", nil),
        ("billion laughs", {
            var s = "<!DOCTYPE svg [<!ENTITY a0 \"" + String(repeating: "x", count: 100) + "\">"
            for k in 1...9 { s += "<!ENTITY a\(k) \"" + String(repeating: "&a\(k - 1);", count: 10) + "\">" }
            return s + "]><svg \(ns)>&a9;</svg>"
        }(), .notXML, "entity expansion is too large", nil),
    ]

    @Test(arguments: fatal.indices)
    func fatalInputs(_ i: Int) throws {
        let (name, svg, kind, message, position) = MalformedInputTests.fatal[i]
        let error = try #require(TestSVG.error(svg), "\(name): expected an error")
        #expect(error.kind == kind, "\(name): \(error)")
        #expect(error.message.contains(message), "\(name): \(error.message)")
        #expect(error.file == "test.svg")
        if let (line, column) = position {
            #expect(error.line == line && error.column == column, "\(name): at \(error.line ?? 0):\(error.column ?? 0)")
        }
    }

    @Test func binaryJunk() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let error = try #require(TestSVG.error(bytes: png))
        #expect(error.kind == .notXML)
    }

    @Test func nulByte() throws {
        let error = try #require(TestSVG.error(bytes: Array("<svg>".utf8) + [0] + Array("</svg>".utf8)))
        #expect(error.message.contains("NUL byte"))
    }

    @Test func tooManySegments() throws {
        var d = "M0 0"
        d.reserveCapacity(7_000_100)
        for _ in 0..<1_000_001 { d += "L1 1" }
        let error = try #require(TestSVG.error("<svg \(MalformedInputTests.ns)><path d=\"\(d)\"/></svg>"))
        #expect(error.kind == .tooComplex)
        #expect(error.message.contains("1000000 path segments"))
    }

    @Test func tooLarge() throws {
        let big = [UInt8](repeating: 0x20, count: SymbolReader.maxFileSize + 1)
        let error = try #require(TestSVG.error(bytes: big))
        #expect(error.kind == .tooLarge)
    }

    @Test func missingFileAndFolder() throws {
        do {
            _ = try SymbolReader.read(contentsOf: "/nonexistent/dir/x.svg")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.description == "/nonexistent/dir/x.svg: error: no such file; check the path")
        }
        do {
            _ = try SymbolReader.read(contentsOf: "/tmp")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadable)
        }
    }

    /// Usable files with one bad part: the part is dropped (or drawn up to the error) and a
    /// diagnostic names it.
    static let recoverable: [(String, String, String, (Int, Int)?)] = [
        ("bad path data", "<path d=\"M0 0 L10 10 L20\"/><rect width=\"1\" height=\"1\"/>", "bad-path-data", (2, 25)),
        ("bad transform", "<rect transform=\"rotate(\" width=\"1\" height=\"1\"/>", "bad-transform", nil),
        ("bad fill", "<rect fill=\"#12345\" width=\"1\" height=\"1\"/>", "bad-attribute", (2, 13)),
        ("bad style value", "<rect style=\"fill: notacolour\" width=\"1\" height=\"1\"/>", "bad-style", nil),
        ("duplicate id", "<rect id=\"a\" width=\"1\" height=\"1\"/><rect id=\"a\" width=\"2\" height=\"2\"/>", "duplicate-id", nil),
        ("use cycle", "<g id=\"a\"><use href=\"#a\"/></g><rect width=\"1\" height=\"1\"/>", "use-cycle", nil),
        ("use missing", "<use href=\"#nope\"/><rect width=\"1\" height=\"1\"/>", "missing-reference", nil),
        ("paint missing", "<rect fill=\"url(#nope)\" width=\"1\" height=\"1\"/><rect width=\"1\" height=\"1\"/>", "missing-reference", nil),
        ("negative width", "<rect width=\"-1\" height=\"1\"/><rect width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("negative radius", "<circle r=\"-3\"/><rect width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("bad length", "<rect width=\"abc\" height=\"1\"/><rect width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("odd points", "<polyline points=\"0 0 10 10 5\" stroke=\"black\"/>", "bad-points", nil),
        ("bad keyframes count", "<path d=\"M0 0 L1 1\" stroke=\"black\" data-clipstroke-keyframes=\"0 8 0 0.1\"/>", "bad-draw-keyframes", nil),
        ("bad keyframes version", "<path d=\"M0 0 L1 1\" stroke=\"black\" data-clipstroke-keyframes=\"7 8 0 0.1 0.2\"/>", "bad-draw-keyframes", nil),
        ("bad keyframes text", "<path d=\"M0 0 L1 1\" stroke=\"black\" data-clipstroke-keyframes=\"zero\"/>", "bad-draw-keyframes", nil),
        ("text not drawn", "<text>hi</text><rect width=\"1\" height=\"1\"/>", "not-drawn", nil),
        ("bad css", "<style>.a { fill: red; } }}} garbage {</style><rect class=\"a\" width=\"1\" height=\"1\"/>", "bad-css", nil),
        ("unsupported selector", "<style>g > rect { fill: red }</style><rect width=\"1\" height=\"1\"/>", "unsupported-selector", nil),
        ("bad opacity", "<rect opacity=\"half\" width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("bad fill-rule", "<rect fill-rule=\"odd\" width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("bad dasharray", "<path d=\"M0 0 L1 1\" stroke=\"black\" stroke-dasharray=\"-1 2\"/>", "bad-attribute", nil),
        ("bad miterlimit", "<rect stroke-miterlimit=\"0.5\" width=\"1\" height=\"1\"/>", "bad-attribute", nil),
        ("pattern paint", "<pattern id=\"p\"/><rect fill=\"url(#p)\" width=\"1\" height=\"1\"/><rect width=\"1\" height=\"1\"/>", "unsupported-paint", nil),
    ]

    @Test(arguments: recoverable.indices)
    func recoverableInputs(_ i: Int) throws {
        let (name, body, code, position) = MalformedInputTests.recoverable[i]
        let doc = try TestSVG.read("<svg \(MalformedInputTests.ns) viewBox=\"0 0 100 100\">\n" + body + "\n</svg>")
        let d = doc.diagnostics.first { $0.code == code }
        #expect(d != nil, "\(name): expected \(code), got \(doc.diagnostics)")
        if let (line, column) = position, let loc = d?.location {
            #expect(loc.line == line && loc.column == column, "\(name): at \(loc)")
        }
        #expect(!doc.shapes.isEmpty)
    }

    @Test func badPathDataDrawsUpToTheError() throws {
        let doc = try TestSVG.read("<svg \(MalformedInputTests.ns) viewBox=\"0 0 100 100\"><path d=\"M0 0 L10 0 L10 10 L5 x\"/></svg>")
        #expect(doc.shapes[0].path.segmentCount == 2)
    }

    @Test func symbolAnnotationProblems() throws {
        let style = ".monochrome-0 {-sfsymbols-variable-threshold:2}\n.monochrome-1 {-sfsymbols-motion-group:x}"
        let doc = try TestSVG.read(TestSVG.template(
            [TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: [
                ("M0 0 L1 0 L1 -1 Z", "monochrome-0 hierarchical-0:quaternary"),
                ("M2 0 L3 0 L3 -1 Z", "monochrome-1"),
                ("M4 0 L5 0 L5 -1 Z", "hierarchical-1:secondary"),
            ])], style: style))
        let codes = Set(doc.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: ["bad-annotation", "bad-layer-class", "not-in-mode"]))
        #expect(doc.layers[.monochrome]?[0].annotations.variableThreshold == nil)
        #expect(doc.layers[.monochrome]?.count == 2)   // the hierarchical-only path is not monochrome ink
    }

    @Test func layerTreeIndicesOutOfRange() throws {
        let extra = "<g id=\"LayerTree\"><g class=\"monochrome-0\" style=\"-sfsymbols-indices:0 9\"/></g>"
        let doc = try TestSVG.read(TestSVG.template(
            [TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: [("M0 0 L1 0 L1 -1 Z", "")])], extra: extra))
        #expect(doc.diagnostics.contains { $0.code == "bad-annotation" && $0.message.contains("9") })
        #expect(doc.layers[.monochrome]?[0].parts.count == 1)
    }

    @Test func coincidentGuidesFallBackToBounds() throws {
        let svg = """
        <svg \(MalformedInputTests.ns) viewBox="0 0 100 100">
          <line id="Baseline-M" x1="0" x2="100" y1="50" y2="50"/><line id="Capline-M" x1="0" x2="100" y1="50" y2="50"/>
          <g id="Regular-M" transform="translate(0 50)"><path d="M0 0 L10 0 L10 -20 Z"/></g>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.diagnostics.contains { $0.code == "bad-guides" })
        #expect(abs(doc.metrics.capHeight - 20) < 1e-9)
    }

    @Test func hostileNumbersDoNotCrash() throws {
        let bodies = [
            "<rect width=\"1e308\" height=\"1e308\"/><rect width=\"1\" height=\"1\"/>",
            "<path d=\"M1e308 1e308 L-1e308 -1e308 Z\"/><rect width=\"1\" height=\"1\"/>",
            "<rect transform=\"scale(1e308)\" width=\"1\" height=\"1\"/><rect width=\"1\" height=\"1\"/>",
            "<path d=\"M0 0 A1e-320 1e-320 0 0 1 10 10\" stroke=\"black\"/>",
            "<circle r=\"NaN\"/><rect width=\"1\" height=\"1\"/>",
            "<path d=\"M0 0 L1e99999 0\"/><rect width=\"1\" height=\"1\"/>",
        ]
        for b in bodies {
            let doc = try TestSVG.read("<svg \(MalformedInputTests.ns) viewBox=\"0 0 10 10\">\(b)</svg>")
            #expect(doc.shapes.allSatisfy { $0.path.isFinite }, "\(b)")
        }
    }
}
