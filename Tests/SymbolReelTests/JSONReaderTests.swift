import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// The preset JSON reader against Python's `json` module (an independent RFC 8259 reader): the
/// same texts are accepted, they mean the same values, and the texts Python takes that a preset
/// must not (NaN, duplicate keys) are the documented exceptions. Positions are checked by hand.
@Suite struct JSONReaderTests {
    static let corpus: [String] = [
        "{}", "[]", "0", "-0", "1.5e3", "-1E-7", "1e400", "123456789012345678901234567890", "true", "false", "null",
        #""a\u00e9\ud83d\ude00\n\t\"\\\/""#, #"{"a": [1, 2, {"b": null}], "c": "d"}"#, " \t\r\n[1]\n",
        // Not JSON, for either reader.
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "0x10", "'a'", "[1 2]", "{\"a\" 1}", "{a: 1}",
        "\"\u{01}\"", #""\x41""#, #""\ud800""#, #""\ud800\u0041""#, #""\udc00""#, #""\ud83d\ude00x""#, "tru", "nul", "[1]]", "1 2", "\"abc", "[\"a\"\n", "//c\n1", "/*c*/1",
        // Python takes these; a preset must not.
        "NaN", "Infinity", "-Infinity", "[NaN]", #"{"a": 1, "a": 2}"#,
    ]
    static let pythonOnly: Set<String> = ["NaN", "Infinity", "-Infinity", "[NaN]", #"{"a": 1, "a": 2}"#, #""\ud800""#, "1e400",
                                          #""\ud800\u0041""#, #""\udc00""#]

    /// Whether our value is Python's: `theirs` is Python's value tagged by type (["num", repr],
    /// ["str", s], ["arr", [...]], ["obj", [[key, value], …]] in key order, ["bool", b], ["null"]),
    /// so numbers compare as the exact doubles both readers made.
    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        guard let t = theirs as? [Any], let tag = t.first as? String else { return false }
        switch (ours.kind, tag) {
        case (.null, "null"): return true
        case (.bool(let b), "bool"): return (t[1] as? NSNumber)?.boolValue == b
        case (.number(let n), "num"): return (t[1] as? String).flatMap(Double.init) == n
        case (.string(let s), "str"): return t[1] as? String == s
        case (.array(let a), "arr"):
            guard let items = t[1] as? [Any], items.count == a.count else { return false }
            return zip(a, items).allSatisfy { same($0, $1) }
        case (.object(let o), "obj"):
            guard let members = t[1] as? [[Any]], members.count == o.count else { return false }
            return zip(o.sorted { $0.key < $1.key }, members).allSatisfy { $0.key == $1[0] as? String && same($0.value, $1[1]) }
        default: return false
        }
    }

    @Test(.requires(.python3)) func acceptsAndReadsWhatPythonDoes() throws {
        let script = """
        import json, sys, base64
        def tag(v):
            if v is None: return ["null"]
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, float): return ["num", repr(v)]
            if isinstance(v, str): return ["str", v]
            if isinstance(v, list): return ["arr", [tag(x) for x in v]]
            return ["obj", [[k, tag(v[k])] for k in sorted(v)]]
        out = []
        for text in json.load(sys.stdin):
            try:
                v = json.loads(base64.b64decode(text).decode("utf-8"), parse_int=float)
                try:
                    json.dumps(v, allow_nan=False, ensure_ascii=False).encode("utf-8")
                    out.append({"ok": True, "value": tag(v)})
                except ValueError:
                    out.append({"ok": True, "value": "(not finite, or not UTF-8)"})
            except Exception as e:
                out.append({"ok": False})
        print(json.dumps(out))
        """
        let input = try JSONSerialization.data(withJSONObject: JSONReaderTests.corpus.map { Data($0.utf8).base64EncodedString() })
        let r = try Requirement.python3.run(["-c", script], input: input, comparisons: 0)
        ReferenceLog.record("JSON text against Python's json module", JSONReaderTests.corpus.count)
        try #require(r.status == 0, "python3 could not run the reference: \(r.stderr)")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8), options: [.allowFragments]) as? [[String: Any]])
        #expect(answers.count == JSONReaderTests.corpus.count)
        for (text, answer) in zip(JSONReaderTests.corpus, answers) {
            let ours = try? JSONReader.parse(Array(text.utf8))
            let theirs = answer["ok"] as? Bool == true
            if JSONReaderTests.pythonOnly.contains(text) {
                #expect(ours == nil, "\(text.debugDescription): a preset must refuse it")
                continue
            }
            #expect((ours != nil) == theirs, "\(text.debugDescription): ours \(ours != nil), Python \(theirs)")
            if let ours, theirs {
                #expect(JSONReaderTests.same(ours, answer["value"] ?? NSNull()), "\(text.debugDescription): \(ours) against \(answer["value"] ?? "nothing")")
            }
        }
    }

    @Test func valuesAndErrorsKnowTheirLineAndColumn() throws {
        let v = try JSONReader.parse(Array("{\n  \"canvas\": {\"fps\": 30},\n  \"list\": [1,\n     true]\n}".utf8))
        #expect((v.line, v.column) == (1, 1))
        #expect(v["canvas"].map { ($0.line, $0.column) } ?? (0, 0) == (2, 13))
        #expect(v["canvas"]?["fps"].map { ($0.line, $0.column) } ?? (0, 0) == (2, 21))
        guard case .array(let items)? = v["list"]?.kind else { Issue.record("no list"); return }
        #expect((items[1].line, items[1].column) == (4, 6))
        // A column counts characters, not bytes: "é" is one.
        let e = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("{\"a\": 1,\n \"é\": x}".utf8)) }
        #expect(e?.line == 2 && e?.column == 7)
        let dup = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("{\"a\": 1, \"a\": 2}".utf8)) }
        #expect(dup?.message.contains("a") == true)
    }

    @Test func depthIsLimitedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? JSONReader.parse(Array(ok.utf8))) != nil)
    }
}
