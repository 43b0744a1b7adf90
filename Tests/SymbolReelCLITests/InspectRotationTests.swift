import Foundation
import Testing

/// `inspect` shows each layer's rotation marks and anchor (as SF Symbols 6 and 7 export them),
/// in text and JSON.
@Suite(.startsSymbolreel) struct InspectRotationTests {
    static let fan = "Tests/Fixtures/Dialects/apple-v6-rotate-anchor.svg"

    @Test func theFanShowsItsMarksAndAnchor() throws {
        let text = try CLI.run(["inspect", Self.fan])
        #expect(text.status == 0, "\(text.stderr)")
        // The blades' layer in every mode: marked, counter-clockwise, about the hub (46, −35.23).
        let lines = text.stdout.split(separator: "\n").filter { $0.contains("rotation:") }
        #expect(lines.count == 3, "\(text.stdout)")
        #expect(lines.allSatisfy { $0.contains("always rotates, counterclockwise, anchor 46 -35.23") }, "\(lines)")
        let json = try CLI.run(["inspect", "--json", Self.fan])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let mono = try #require((root["modes"] as? [String: Any])?["monochrome"] as? [[String: Any]])
        #expect(mono[0]["rotation"] == nil, "the frame has no marks")
        let marks = try #require(mono[1]["rotation"] as? [String: Any])
        #expect(marks["alwaysRotates"] as? Bool == true && marks["direction"] as? String == "counterclockwise")
        #expect((marks["anchor"] as? [Double]).map { abs($0[0] - 46) < 1e-3 && abs($0[1] + 35.23) < 0.01 } == true)
    }

    @Test func theWiggleStyleIsShown() throws {
        let r = try CLI.run(["inspect", "Tests/Fixtures/Dialects/apple-v6-wiggle-style.svg"])
        #expect(r.stdout.contains("rotation: wiggle clockwise, anchor 40 -66"), "\(r.stdout)")
    }
}
