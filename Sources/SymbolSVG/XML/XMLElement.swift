/// An attribute as written, with the position of its value's first character.
package struct XMLAttribute: Sendable {
    /// Qualified name as written (`xlink:href`, `inkscape:label`, `d`).
    package var name: String
    /// Value with entities and character references replaced.
    package var value: String
    package var line: Int
    package var column: Int
}

/// An element of the parsed tree. Names are local when the prefix maps to the SVG namespace
/// (`svg:path` → `path`); elements of other namespaces keep their prefix (`sodipodi:namedview`)
/// so they are never mistaken for SVG.
package final class XMLElement: @unchecked Sendable {
    package let name: String
    package var attributes: [XMLAttribute]
    package var children: [XMLElement] = []
    /// Character data directly inside this element (text and CDATA), concatenated.
    package var text: String = ""
    /// Where `text` starts (for positions inside `<style>`).
    package var textLine = 0
    package var textColumn = 0
    /// Position of the element's `<`.
    package let line: Int
    package let column: Int

    init(name: String, attributes: [XMLAttribute], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    package func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }

    package subscript(_ name: String) -> String? { attribute(name)?.value }
}

/// The parsed file: the root element and the comments found anywhere (producers sign files in
/// comments: `Generator: Apple Native CoreSVG`, `Generator: Sketch`).
package struct XMLDocument: Sendable {
    package var root: XMLElement
    package var comments: [String]
    package var elementCount: Int
}

/// A well-formedness error at a position in the file.
package struct XMLError: Error, Sendable, Hashable {
    package var line: Int
    package var column: Int
    package var message: String
    /// True when the file is well-formed as far as read but nests deeper than the limit.
    package var isDepthLimit = false
}
