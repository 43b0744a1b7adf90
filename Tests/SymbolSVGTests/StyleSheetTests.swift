import Testing
import SymbolSVG

@Suite struct CSSDeclarationTests {
    private func pairs(_ s: String) -> [String] {
        CSSParser.parseDeclarations(Substring(s)).declarations.map { "\($0.name)=\($0.value)\($0.important ? "!" : "")" }
    }

    @Test(arguments: [
        ("fill:red; stroke : blue ;", ["fill=red", "stroke=blue"]),
        ("FILL:Red", ["fill=Red"]),
        ("fill: red !important; opacity:.5", ["fill=red!", "opacity=.5"]),
        ("fill: red ! IMPORTANT", ["fill=red!"]),
        ("font-family: \"a;b\", 'c;d'; fill:red", ["font-family=\"a;b\", 'c;d'", "fill=red"]),
        ("fill: url(\"#a;b\") none", ["fill=url(\"#a;b\") none"]),
        ("x: f(a;b); y:1", ["x=f(a;b)", "y=1"]),
        ("fill:/* c */red/* d */;stroke:none", ["fill=red", "stroke=none"]),
        ("-sfsymbols-layer-tags:\"bell body\" slash", ["-sfsymbols-layer-tags=\"bell body\" slash"]),
        (";;fill:red;;", ["fill=red"]),
        ("", []),
        ("content: \"a /* not a comment */ b\"", ["content=\"a /* not a comment */ b\""]),
        ("fill:red\n;\tstroke-width:\n2", ["fill=red", "stroke-width=2"]),
        ("a:important", ["a=important"]),
    ])
    func parsesDeclarations(text: String, expected: [String]) {
        #expect(pairs(text) == expected)
    }

    @Test func offsetsPointAtNames() {
        let (declarations, errors) = CSSParser.parseDeclarations("fill:red;  stroke:blue")
        #expect(errors.isEmpty)
        #expect(declarations.map(\.offset) == [0, 11])
        let unicode = CSSParser.parseDeclarations("content:'é🙂'; fill:red").declarations
        #expect(unicode.last?.offset == 14)
    }

    @Test(arguments: [
        ("fill red; stroke:blue", 0, "expected ':' after 'fill', found 'r'", ["stroke=blue"]),
        (": red; fill:blue", 0, "expected a property name, found ':'", ["fill=blue"]),
        ("fill:; stroke:blue", 0, "expected a value after 'fill:'", ["stroke=blue"]),
        ("fill:red; 12: x; a:b", 10, "expected a property name, found '1'", ["fill=red", "a=b"]),
        ("fill:red; {x:y}; a:b", 10, "expected a property name, found '{'", ["fill=red", "a=b"]),
        ("fill", 0, "expected ':' after 'fill', found the end", []),
        ("%:1; a:b", 0, "expected a property name, found '%'", ["a=b"]),
        ("fill:red; @x; a:b", 10, "expected a property name, found '@'", ["fill=red", "a=b"]),
    ])
    func skipsMalformedDeclarations(text: String, offset: Int, message: String, kept: [String]) throws {
        let (_, errors) = CSSParser.parseDeclarations(Substring(text))
        let error = try #require(errors.first)
        #expect(error.offset == offset)
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect(pairs(text) == kept)
    }

    @Test func unterminatedStringAndCommentDoNotHang() {
        #expect(pairs("content:\"abc; fill:red") == ["content=\"abc; fill:red"])
        #expect(pairs("fill:red; /* never closed") == ["fill=red"])
        #expect(pairs("x: (((; y:1") == ["x=(((; y:1"])
    }

    @Test(arguments: [
        ("\"bell body\" slash", ["bell body", "slash"]), ("a  b\tc", ["a", "b", "c"]), ("'one two'", ["one two"]),
        ("", []), ("   ", []), ("\"a \\\" b\" c", ["a \" b", "c"]), ("\"open", ["open"]), ("x\"y z\"", ["xy z"]),
        ("\"\" a", ["a"]),
    ])
    func splitsTags(text: String, expected: [String]) {
        #expect(CSSParser.splitTags(Substring(text)) == expected)
    }
}

@Suite struct CSSSelectorTests {
    private func selectors(_ css: String) -> [CSSSelector] {
        StyleSheet.parse(Substring(css + " {a:b}")).sheet.rules.first?.selectors ?? []
    }

    @Test(arguments: [
        (".monochrome-0", CSSSelector.compound(element: nil, id: nil, classes: ["monochrome-0"])),
        (".multicolor-0:tintColor", .compound(element: nil, id: nil, classes: ["multicolor-0:tintColor"])),
        (".hierarchical-1:secondary", .compound(element: nil, id: nil, classes: ["hierarchical-1:secondary"])),
        (".a\\:b", .compound(element: nil, id: nil, classes: ["a:b"])),
        (".a\\3A b", .compound(element: nil, id: nil, classes: ["a:b"])),
        ("path.a.b", .compound(element: "path", id: nil, classes: ["a", "b"])),
        ("#x", .compound(element: nil, id: "x", classes: [])),
        ("g#x.y", .compound(element: "g", id: "x", classes: ["y"])),
        ("*", .universal), ("*.a", .compound(element: nil, id: nil, classes: ["a"])),
        (".SFSymbolsPreviewWireframe", .compound(element: nil, id: nil, classes: ["SFSymbolsPreviewWireframe"])),
        (".défaut", .compound(element: nil, id: nil, classes: ["défaut"])),
        ("g .a", .unsupported("g .a")), ("g > .a", .unsupported("g > .a")), (".a:hover", .unsupported(".a:hover")),
        ("path:first-child", .unsupported("path:first-child")), ("[fill]", .unsupported("[fill]")),
        (".a::before", .unsupported(".a::before")), (".a + .b", .unsupported(".a + .b")), (":root", .unsupported(":root")),
        ("#a#b", .unsupported("#a#b")), (".a:nth-child(2)", .unsupported(".a:nth-child(2)")),
    ])
    func parsesSelectors(text: String, expected: CSSSelector) {
        #expect(selectors(text) == [expected])
    }

    @Test func specificity() {
        #expect(CSSSelector.universal.specificity == (0, 0, 0))
        #expect(CSSSelector.compound(element: "path", id: "x", classes: ["a", "b"]).specificity == (1, 2, 1))
        #expect(CSSSelector.compound(element: nil, id: nil, classes: ["a"]).specificity == (0, 1, 0))
        #expect(CSSSelector.unsupported("g .a").specificity == (0, 0, 0))
    }

    @Test func matching() {
        let s = CSSSelector.compound(element: "path", id: nil, classes: ["multicolor-0:tintColor", "b"])
        #expect(s.matches(element: "path", id: nil, classes: ["b", "multicolor-0:tintColor", "c"]))
        #expect(!s.matches(element: "path", id: nil, classes: ["multicolor-0"]))
        #expect(!s.matches(element: "circle", id: nil, classes: ["b", "multicolor-0:tintColor"]))
        #expect(CSSSelector.compound(element: nil, id: "x", classes: []).matches(element: "g", id: "x", classes: []))
        #expect(!CSSSelector.compound(element: nil, id: "x", classes: []).matches(element: "g", id: "X", classes: []))
        #expect(!CSSSelector.compound(element: nil, id: "x", classes: []).matches(element: "g", id: nil, classes: []))
        #expect(CSSSelector.universal.matches(element: "g", id: nil, classes: []))
        #expect(!CSSSelector.unsupported("g .a").matches(element: "g", id: nil, classes: ["a"]))
    }
}

@Suite struct StyleSheetTests {
    static let template = """
    <!--
    .monochrome-0 {-sfsymbols-motion-group:0}
    .hierarchical-1:secondary {-sfsymbols-variable-threshold:0.33;-sfsymbols-clear-behind:true}
    .multicolor-0:tintColor {fill:#007AFF}
    .multicolor-2:custom, .multicolor-3:custom {fill:#8E44AD;opacity:1.0}
    /* preview */
    .SFSymbolsPreviewWireframe {fill:none;opacity:1.0;stroke:black;stroke-width:0.5}
    .defaults {-sfsymbols-variable-draw-mode:...}
    .monochrome-4 {-sfsymbols-layer-tags:"bell body" slash}
    -->
    """

    @Test func parsesAnSFSymbolsTemplateStyle() {
        let (sheet, errors) = StyleSheet.parse(Substring(Self.template))
        #expect(errors.isEmpty)
        #expect(sheet.rules.count == 7)
        let group = sheet.rules[3]
        #expect(group.selectors == [.compound(element: nil, id: nil, classes: ["multicolor-2:custom"]),
                                    .compound(element: nil, id: nil, classes: ["multicolor-3:custom"])])
        #expect(group.declarations.map(\.name) == ["fill", "opacity"])
        let threshold = sheet.rules[1].declarations[0]
        #expect(threshold.name == "-sfsymbols-variable-threshold" && threshold.value == "0.33")
        #expect(sheet.rules[6].declarations[0].value == "\"bell body\" slash")
        #expect(CSSParser.splitTags(Substring(sheet.rules[6].declarations[0].value)) == ["bell body", "slash"])
        #expect(sheet.rules[5].declarations[0].value == "...")
    }

    @Test func offsetsAreScalarOffsetsIntoTheWholeText() throws {
        let text = "/* é */ .a {fill:red}\n.b{ stroke : blue }"
        let (sheet, errors) = StyleSheet.parse(Substring(text))
        #expect(errors.isEmpty)
        #expect(sheet.rules.map(\.offset) == [8, 22])
        #expect(sheet.rules[0].declarations[0].offset == 12)
        #expect(sheet.rules[1].declarations[0].offset == 26)
    }

    @Test func cascadeOrdersByImportanceSpecificityAndRuleOrder() {
        let css = """
        .a { fill: red; stroke: red }
        path.a { fill: green }
        #x { opacity: 0.5 !important }
        .a.b { fill: blue }
        .a { stroke: black !important }
        .a { stroke: white }
        * { fill: gray }
        .z, path { stroke-width: 2 }
        """
        let sheet = StyleSheet.parse(Substring(css)).sheet
        let applied = sheet.declarations(element: "path", id: "x", classes: ["a", "b"]).map { "\($0.name)=\($0.value)" }
        #expect(applied == [
            "fill=gray",                                    // (0,0,0)
            "stroke-width=2",                               // (0,0,1): the group matches through `path`
            "fill=red", "stroke=red", "stroke=white",       // (0,1,0), in rule order
            "fill=green",                                   // (0,1,1)
            "fill=blue",                                    // (0,2,0)
            "stroke=black", "opacity=0.5",                  // important: (0,1,0), then (1,0,0)
        ])
        let other = sheet.declarations(element: "circle", id: nil, classes: ["z"]).map(\.value)
        #expect(other == ["gray", "2"])
    }

    @Test func atRulesAreSkippedWithTheirBlocksAndKept() {
        let css = "@import url(x.css); @media screen { .a { fill: red } } .b { fill: blue } @font-face { x: y }"
        let (sheet, errors) = StyleSheet.parse(Substring(css))
        #expect(errors.isEmpty)
        #expect(sheet.rules.count == 4)
        #expect(sheet.rules[0].selectors == [.unsupported("@import url(x.css)")])
        #expect(sheet.rules[1].selectors == [.unsupported("@media screen")])
        #expect(sheet.rules[2].selectors == [.compound(element: nil, id: nil, classes: ["b"])])
        #expect(sheet.rules[1].declarations.isEmpty)
        #expect(sheet.declarations(element: "path", id: nil, classes: ["a"]).isEmpty)
    }

    @Test(arguments: [
        ("fill:red; .a {fill:blue} .b {fill:green}", 0, 1),
        ("junk } .b {fill:green}", 0, 1),
        ("} .b {fill:green}", 0, 1),
        (".a, {fill:red} .b {fill:green}", 0, 1),
        ("{fill:red} .b {fill:green}", 0, 1),
        (".b {fill:green} .c", 16, 1),
        (".b {fill:green} .c { fill: red", 19, 2),
        (".b {fill:green; 5} .c {fill:red}", 16, 2),
        (".a;b {fill:red} .b {fill:green}", 0, 1),
    ])
    func junkIsSkippedWithAnError(css: String, errorOffset: Int, rules: Int) throws {
        let (sheet, errors) = StyleSheet.parse(Substring(css))
        #expect(try #require(errors.first).offset == errorOffset, "\(errors)")
        #expect(sheet.rules.count == rules)
        #expect(sheet.rules.contains { $0.selectors == [.compound(element: nil, id: nil, classes: ["b"])] })
    }

    @Test func hostileInputTerminates() {
        let deep = String(repeating: "{", count: 20_000) + String(repeating: "}", count: 5)
        _ = StyleSheet.parse(Substring(deep))
        _ = StyleSheet.parse(Substring(String(repeating: "\"", count: 10_001)))
        _ = StyleSheet.parse(Substring(String(repeating: ".a,", count: 10_000) + "{a:b}"))
        _ = StyleSheet.parse("\\")
        _ = StyleSheet.parse(".a\\")
        _ = StyleSheet.parse("/*")
        _ = CSSParser.parseDeclarations("\\")
        _ = CSSParser.parseDeclarations(Substring(String(repeating: "a:(", count: 10_000)))
        #expect(StyleSheet.parse("").sheet.rules.isEmpty)
    }
}
