import Foundation

/// A symbol in an Xcode asset catalog: a `NAME.symbolset` folder whose `Contents.json` names the
/// SVG (`{"symbols": [{"filename": "x.svg", "idiom": "universal"}], "info": {…}}`). The SVG's
/// file name often differs from the folder's; the folder's name without `.symbolset` is the
/// symbol's name, as Xcode uses it (`Image("bell.badge")`).
package struct SymbolSet: Sendable, Equatable {
    /// The `.symbolset` folder.
    package var folder: String
    /// The folder's name without `.symbolset`: the symbol's name.
    package var name: String
    /// The SVG that `Contents.json` names, inside the folder.
    package var svg: String

    /// Reads `folder/Contents.json`. Throws `SymbolReadError`: `.notFound` when the folder or the
    /// SVG it names is missing, `.badSymbolSet` when `Contents.json` is missing, is not JSON or
    /// names no SVG.
    package init(folder: String) throws(SymbolReadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw SymbolReadError(.notFound, file: folder, "no such symbol set; check the path")
        }
        guard isDirectory.boolValue else {
            throw SymbolReadError(.badSymbolSet, file: folder, "a symbol set is a folder holding Contents.json and an SVG, not a file")
        }
        let base = URL(fileURLWithPath: folder)
        let contents = base.appendingPathComponent("Contents.json").path
        guard let data = FileManager.default.contents(atPath: contents) else {
            throw SymbolReadError(.badSymbolSet, file: folder,
                                  "the symbol set has no Contents.json (Xcode writes one naming the SVG: {\"symbols\": [{\"filename\": \"NAME.svg\", \"idiom\": \"universal\"}]})")
        }
        guard data.count <= 1 << 20 else {
            throw SymbolReadError(.badSymbolSet, file: contents, "Contents.json is larger than 1 MiB")
        }
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(data))
        } catch {
            throw SymbolReadError(.badSymbolSet, file: contents, line: error.line, column: error.column,
                                  error.message + " (Contents.json is not valid JSON)")
        }
        let filename = try SymbolSet.filename(in: value, file: contents)
        guard !filename.contains("/"), filename != "..", filename != "." else {
            throw SymbolReadError(.badSymbolSet, file: contents, "the file name \"\(filename)\" must name a file inside the symbol set, without folders")
        }
        let svg = base.appendingPathComponent(filename).path
        guard FileManager.default.fileExists(atPath: svg) else {
            throw SymbolReadError(.notFound, file: contents, "names \"\(filename)\", which is not in the symbol set")
        }
        self.folder = folder
        self.name = SymbolSet.name(ofFolder: folder)
        self.svg = svg
    }

    /// The `filename` of the `universal` entry of `symbols` (else of the first entry that has one).
    private static func filename(in value: JSONValue, file: String) throws(SymbolReadError) -> String {
        let example = "write \"symbols\": [{\"filename\": \"NAME.svg\", \"idiom\": \"universal\"}]"
        guard case .object = value.kind else {
            throw SymbolReadError(.badSymbolSet, file: file, line: value.line, column: value.column, "expected an object; \(example)")
        }
        guard let symbols = value["symbols"], case .array(let entries) = symbols.kind else {
            throw SymbolReadError(.badSymbolSet, file: file, line: value.line, column: value.column, "no \"symbols\" array; \(example)")
        }
        func name(_ e: JSONValue) -> String? {
            if case .string(let s)? = e["filename"]?.kind, !s.isEmpty { return s }
            return nil
        }
        let universal = entries.first { if case .string("universal")? = $0["idiom"]?.kind { return name($0) != nil } else { return false } }
        guard let chosen = (universal ?? entries.first { name($0) != nil }).flatMap(name) else {
            throw SymbolReadError(.badSymbolSet, file: file, line: symbols.line, column: symbols.column, "no entry of \"symbols\" names a file; \(example)")
        }
        return chosen
    }

    /// `a/b/bell & badge.symbolset/` → `bell & badge`.
    package static func name(ofFolder folder: String) -> String {
        let last = URL(fileURLWithPath: folder).lastPathComponent
        return last.lowercased().hasSuffix(".symbolset") ? String(last.dropLast(".symbolset".count)) : last
    }

    /// Whether `path` names a symbol set: a folder called `*.symbolset`, or any folder holding a
    /// `Contents.json` (so a renamed one still reads).
    package static func isSymbolSet(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if trimmed.lowercased().hasSuffix(".symbolset") { return !exists || isDirectory.boolValue }
        return exists && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("Contents.json").path)
            && !trimmed.lowercased().hasSuffix(".xcassets")
    }

    /// Every `.symbolset` folder under `catalog` (an `.xcassets` catalog and the groups in it, at
    /// any depth; a symbol set's own folder is not searched), sorted by path. `catalog` itself
    /// may be a symbol set.
    package static func all(in catalog: String) -> [String] {
        let trimmed = catalog.count > 1 && catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        if trimmed.lowercased().hasSuffix(".symbolset") { return [trimmed] }
        var found: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth < 32, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where !name.hasPrefix(".") {
                let path = folder == "." ? name : folder + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if name.lowercased().hasSuffix(".symbolset") { found.append(path) } else { walk(path, depth: depth + 1) }
            }
        }
        walk(trimmed, depth: 0)
        return found.sorted()
    }
}

/// Reading a symbol from a path that may be an SVG or a `.symbolset` folder.
package enum SymbolFile {
    /// The SVG at `path`, or the one a symbol set names. Errors name the file they are about.
    package static func read(contentsOf path: String, options: ReadOptions = ReadOptions()) throws(SymbolReadError) -> SymbolDocument {
        guard SymbolSet.isSymbolSet(path) else { return try SymbolReader.read(contentsOf: path, options: options) }
        return try SymbolReader.read(contentsOf: SymbolSet(folder: path).svg, options: options)
    }

    /// The symbol's name: a symbol set's folder name without `.symbolset`, else the file's name
    /// without its extension.
    package static func name(of path: String) -> String {
        SymbolSet.isSymbolSet(path) ? SymbolSet.name(ofFolder: path)
            : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}
