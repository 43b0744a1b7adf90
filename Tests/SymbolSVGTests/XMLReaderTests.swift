import Testing
@testable import SymbolSVG

@Suite struct XMLReaderTests {
    private func parse(_ s: String) throws(XMLError) -> XMLDocument { try XMLReader.parse(Array(s.utf8)) }

    @Test func elementsAttributesAndPositions() throws {
        let doc = try parse("<svg a=\"1\">\n  <g id='x' b=\"two words\"/>\n</svg>")
        #expect(doc.root.name == "svg")
        #expect(doc.root["a"] == "1")
        let g = try #require(doc.root.children.first)
        #expect(g.name == "g")
        #expect((g.line, g.column) == (2, 3))
        let b = try #require(g.attribute("b"))
        #expect(b.value == "two words")
        #expect((b.line, b.column) == (2, 16))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let doc = try parse("<svg><text>é</text><g/></svg>")
        #expect(doc.root.children[1].column == 20)
    }

    @Test func entitiesAndCharacterReferences() throws {
        let doc = try parse("<svg t=\"&lt;&amp;&#65;&#x42;&quot;\">a&gt;b</svg>")
        #expect(doc.root["t"] == "<&AB\"")
        #expect(doc.root.text == "a>b")
    }

    @Test func doctypeEntitiesExpand() throws {
        let s = """
        <?xml version="1.0"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [
          <!ENTITY ns_svg "http://www.w3.org/2000/svg">
          <!ENTITY both "&ns_svg;#">
        ]>
        <svg xmlns="&ns_svg;" u="&both;"/>
        """
        let doc = try parse(s)
        #expect(doc.root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(doc.root["u"] == "http://www.w3.org/2000/svg#")
    }

    @Test func entityExpansionIsBounded() {
        var s = "<!DOCTYPE svg [<!ENTITY a0 \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\">"
        for k in 1...9 { s += "<!ENTITY a\(k) \"" + String(repeating: "&a\(k - 1);", count: 10) + "\">" }
        s += "]><svg t=\"&a9;\"/>"
        #expect(throws: XMLError.self) { try parse(s) }
    }

    @Test func cdataAndCommentsInStyle() throws {
        let doc = try parse("<svg><!-- Generator: Sketch 99 --><style><![CDATA[.a{fill:red}]]></style></svg>")
        #expect(doc.root.children[0].text == ".a{fill:red}")
        #expect(doc.comments.first?.contains("Sketch") == true)
    }

    @Test func svgPrefixIsStrippedOtherPrefixesKept() throws {
        let doc = try parse("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\" xmlns:s=\"http://sodipodi\"><svg:path d=\"M0 0\"/><s:namedview/></svg:svg>")
        #expect(doc.root.name == "svg")
        #expect(doc.root.children.map(\.name) == ["path", "s:namedview"])
    }

    @Test func utf16WithBOMAndLatin1() throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "<svg t=\"é\"/>".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(try XMLReader.parse(utf16).root["t"] == "é")
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><svg t=\"".utf8) + [0xE9] + Array("\"/>".utf8)
        #expect(try XMLReader.parse(latin1).root["t"] == "é")
    }

    @Test(arguments: [
        ("", "empty"),
        ("hello", "not an XML file"),
        ("<svg><g></svg>", "expected </g>"),
        ("<svg><g>", "file ends before <g>"),
        ("<svg width=10/>", "must be in quotes"),
        ("<svg a=\"1\" a=\"2\"/>", "appears twice"),
        ("<svg t=\"&nope;\"/>", "unknown entity"),
        ("<svg t=\"a<b\"/>", "'<' is not allowed"),
        ("<svg/><g/>", "content after the end"),
        ("<svg/>junk", "text after the end"),
        ("<svg><!-- never closed", "comment is never closed"),
        ("<svg><![CDATA[ x", "CDATA section is never closed"),
        ("<svg t=\"&#0;\"/>", "invalid character reference"),
        ("<svg a='1'b='2'/>", "expected a space"),
        ("<svg t=\"a & b\"/>", "'&' must start a reference"),
    ])
    func malformed(_ input: String, _ expected: String) {
        do {
            _ = try parse(input)
            Issue.record("expected an error containing '\(expected)'")
        } catch {
            #expect(error.message.contains(expected), "got: \(error.message)")
        }
    }

    @Test func depthLimit() {
        let deep = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        do {
            _ = try parse("<svg>" + deep + "</svg>")
            Issue.record("expected a depth error")
        } catch {
            #expect(error.message.contains("nested deeper than 256"))
        }
    }

    @Test func invalidUTF8ReportsPosition() {
        let bytes: [UInt8] = Array("<svg>\n  <g t=\"".utf8) + [0xFF] + Array("\"/></svg>".utf8)
        do {
            _ = try XMLReader.parse(bytes)
            Issue.record("expected an encoding error")
        } catch {
            #expect(error.message.contains("not valid UTF-8"))
            #expect(error.line == 2)
        }
    }
}
