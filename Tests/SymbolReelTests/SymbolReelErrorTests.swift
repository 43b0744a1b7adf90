import Foundation
import SymbolReel
import SymbolTestSupport
import Testing

/// The one error the front door throws: each module's error arrives with its kind, its position
/// and the lines the command line prints (`file:line:column: error: path: message`).
@Suite struct SymbolReelErrorTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-error-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aMissingPresetIsNotFound() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("none.json").path
        let error = #expect(throws: SymbolReelError.self) { try Clip(presetAt: path) }
        #expect(error?.kind == .notFound)
        #expect(error?.file == path)
        #expect(error?.description == "\(path):1:1: error: no such file; check the path")
    }

    /// Every problem of a preset is kept: the first in the error's own fields, the others in `more`,
    /// each with its line, column and JSON path.
    @Test func aPresetsProblemsKeepTheirPositions() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let bell = packageRoot.appendingPathComponent("Samples/bell.svg").path
        let path = try file("two.json", "{\"canvas\": {\"fps\": 0,\n  \"width\": 3},\n \"symbol\": {\"source\": \"\(bell)\"}}")
        let error = #expect(throws: SymbolReelError.self) { try PresetReader.read(contentsOf: path) }
        guard let error else { return }
        #expect(error.kind == .badPreset)
        #expect(error.more.count == 1)
        let all = [error] + error.more
        #expect(Set(all.compactMap(\.path)) == ["$.canvas.fps", "$.canvas.width"])
        #expect(all.allSatisfy { $0.file == path && $0.line != nil && $0.column != nil && $0.kind == .badPreset })
        // One line a problem: the error's own description holds them all, each of `more` its own.
        let lines = error.description.split(separator: "\n").map(String.init)
        let expected = all.map { "\(path):\($0.line!):\($0.column!): error: \($0.path!): \($0.message)" }
        #expect(lines == expected)
        #expect(error.more.map(\.description) == Array(expected.dropFirst()))
        // The same preset through Clip: the same error.
        let viaClip = #expect(throws: SymbolReelError.self) { try Clip(presetAt: path) }
        #expect(viaClip?.description == error.description)
    }

    @Test func aBrokenSymbolIsBadSymbolWithItsLine() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try file("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0 L 1 1\"\n")
        let path = try file("p.json", "{\"symbol\": {\"source\": \"broken.svg\"}}")
        let error = #expect(throws: SymbolReelError.self) { try Clip(presetAt: path) }
        #expect(error?.kind == .badSymbol)
        #expect(error?.file == svg)
        #expect(error?.line != nil)
        #expect(error?.description.hasPrefix("\(svg):\(error?.line ?? 0)") == true)
    }

    /// The kinds of the other modules' errors, and the lines the command line prints for them.
    @Test func eachModulesErrorHasItsKind() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let expression = SymbolReelError(ExpressionError("unknown effect 'x' at 1", offset: 1))
        #expect(expression.kind == .badExpression && expression.description == "error: unknown effect 'x' at 1")
        let timeline = SymbolReelError(TimelineError("overlaps", event: 2))
        #expect(timeline.kind == .badClip && timeline.message == "overlaps" && timeline.description == "error: event 2: overlaps")
        let create = SymbolReelError(EncodeError.cannotCreate(path: "/x/a.gif", reason: "no folder"))
        #expect(create.kind == .cannotCreate && create.file == "/x/a.gif")
        #expect(create.description == "error: Cannot create /x/a.gif: no folder. Check that the folder exists and is writable.")
        #expect(SymbolReelError(EncodeError.ioFailure(path: "/x/a.gif", reason: "full")).kind == .writeFailed)
        let svg = SymbolReelError(SymbolReadError(.notXML, file: "a.svg", line: 3, column: 7, "no closing tag"))
        #expect(svg.kind == .badSymbol && svg.line == 3 && svg.column == 7 && svg.description == "a.svg:3:7: error: no closing tag")
        #expect(SymbolReelError(SymbolReadError(.notFound, file: "b.svg", "no such file")).kind == .notFound)
        #expect(SymbolReelError(CancellationError()).kind == .cancelled)
        let clip = SymbolReelError(ClipError("a clip needs a symbol"))
        #expect(clip.kind == .badClip && clip.file == nil && clip.description == "error: a clip needs a symbol")
    }

    @Test func anUnknownErrorIsABadClipNamingIt() {
        defer { try? FileManager.default.removeItem(at: folder) }
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        let error = SymbolReelError(Odd())
        #expect(error.kind == .badClip)
        #expect(error.description == "error: odd")
    }
}
