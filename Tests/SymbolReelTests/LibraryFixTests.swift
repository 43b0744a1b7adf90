import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// Library behaviour that the command line does not reach directly: the SHA-256 behind every
/// frame hash against the standard's own test vectors, a canvas that cannot be drawn, and
/// preset options on a pasted `.symbolEffect(…)` call.
@Suite struct LibraryFixTests {
    /// FIPS 180-4 / NIST CSHS examples: a wrong SHA-256 fails here, not only when compared with itself.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func sha256KnownVectors(_ input: String, _ expected: String) {
        #expect(SHA256.hex(Array(input.utf8)) == expected)
    }

    @Test func sha256OfAMillionAs() {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aCanvasThatCannotBeDrawnIsAnErrorNotACrash() throws {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        for (w, h) in [(0, 64), (64, 0), (-5, 64), (9000, 64)] {
            #expect(throws: ClipError.self) { try Clip(documents: [bell], settings: RenderSettings(width: w, height: h)) }
        }
        // A frame at an absurd width is drawn at the largest drawable size instead of trapping.
        let clip = try Clip(documents: [bell], settings: RenderSettings(width: 64, height: 32), fps: 10, duration: 0.1)
        #expect(clip.frame(index: 0, width: 0).width == 1)
        let huge = clip.frame(index: 0, width: 100_000)
        #expect(huge.width == 8192 && huge.height == 4096)
    }

    @Test func aSizeThatWouldPushInkOffTheCanvasIsSaid() throws {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        let big = try Clip(documents: [bell], settings: RenderSettings(width: 64, height: 64, size: .fraction(1.5)), fps: 10, duration: 0.1)
        let d = try #require(big.diagnostics.first { $0.code == "ink-off-canvas" })
        #expect(d.severity == .warning && d.message.contains("64×64") && d.message.contains("% of that size"))
        let fine = try Clip(documents: [bell], settings: RenderSettings(width: 64, height: 64, size: .fraction(0.5)), fps: 10, duration: 0.1)
        #expect(!fine.diagnostics.contains { $0.code == "ink-off-canvas" })
    }

    @Test func presetOptionsApplyAfterThePastedCallsOwn() throws {
        let pasted: Spelled<EffectCall> = ".symbolEffect(.bounce, options: .repeat(3))"
        let sped = try Clip.effectCall(pasted, options: .expression(".speed(2)"))
        #expect(sped.options.repeatBehavior == .periodic(count: 3, delay: 0) && sped.options.speed == 2)
        let object = try Clip.effectCall(pasted, options: .object(repeatCount: nil, speed: 1.5))
        #expect(object.options.repeatBehavior == .periodic(count: 3, delay: 0) && object.options.speed == 1.5)
        let replaced = try Clip.effectCall(pasted, options: .expression(".repeat(2)"))
        #expect(replaced.options.repeatBehavior == .periodic(count: 2, delay: 0))
        #expect(try Clip.effectCall(pasted, options: nil).options.repeatBehavior == .periodic(count: 3, delay: 0))
    }
}
