import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// The contact sheet's layout, checked against the clip's own frames.
@Suite struct ContactSheetTests {
    static func clip(background: CanvasBackground) throws -> Clip {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        return try Clip(documents: [bell], events: [.discrete(.bounce, at: 0)],
                        settings: RenderSettings(width: 300, height: 200, background: background), fps: 30)
    }

    @Test func indicesAreEvenlySpacedWithBothEnds() {
        #expect(ContactSheet.indices(frameCount: 31, count: 4) == [0, 10, 20, 30])
        #expect(ContactSheet.indices(frameCount: 5, count: 12) == [0, 1, 2, 3, 4])
        #expect(ContactSheet.indices(frameCount: 1, count: 6) == [0])
        #expect(ContactSheet.indices(frameCount: 100, count: 7).count == 7)
    }

    /// Each cell holds the frame drawn at the cell's size, over white; the grid's size follows
    /// from the cell size, the 6-pixel gaps and the 18-pixel label strip.
    @Test func cellsHoldTheClipsFramesAtCellSize() throws {
        let clip = try ContactSheetTests.clip(background: .color(Color(hex: "#336699")!))
        let indices = [0, 5, 10, 20, 29]
        let sheet = try #require(ContactSheet.make(clip, indices: indices, columns: 3, cellWidth: 150))
        let cellH = 100, gap = 6, label = 18
        #expect(sheet.width == 3 * 150 + 4 * gap)
        #expect(sheet.height == 2 * (cellH + label) + 3 * gap)
        for (k, index) in indices.enumerated() {
            let frame = clip.frame(index: index, width: 150)
            #expect(frame.width == 150 && frame.height == cellH)
            let x0 = gap + (k % 3) * (150 + gap), y0 = gap + (k / 3) * (cellH + label + gap)
            var worst = 0
            for y in stride(from: 0, to: cellH, by: 3) {
                for x in stride(from: 0, to: 150, by: 3) {
                    for c in 0..<4 {
                        let a = Int(frame.pixels[y * frame.bytesPerRow + x * 4 + c])
                        let b = Int(sheet.pixels[(y0 + y) * sheet.bytesPerRow + (x0 + x) * 4 + c])
                        worst = max(worst, abs(a - b))
                    }
                }
            }
            #expect(worst <= 1, "cell \(k) (frame \(index)) differs by \(worst)")
            // The label strip under the cell has dark text on white.
            var dark = 0
            for y in (y0 + cellH)..<(y0 + cellH + label) {
                for x in x0..<(x0 + 150) where sheet.pixels[y * sheet.bytesPerRow + x * 4] < 128 { dark += 1 }
            }
            #expect(dark > 20, "cell \(k) has no label")
        }
        // The empty sixth cell stays white.
        let x6 = gap + 2 * (150 + gap) + 75, y6 = gap + (cellH + label + gap) + 50
        #expect(Array(sheet.pixels[(y6 * sheet.bytesPerRow + x6 * 4)..<(y6 * sheet.bytesPerRow + x6 * 4 + 4)]) == [255, 255, 255, 255])
    }

    @Test func anImpossibleSheetIsNil() throws {
        let clip = try ContactSheetTests.clip(background: .transparent)
        #expect(ContactSheet.make(clip, indices: [], columns: 3) == nil)
        #expect(ContactSheet.make(clip, indices: [0], columns: 0) == nil)
        #expect(ContactSheet.make(clip, indices: Array(repeating: 0, count: 400), columns: 1, cellWidth: 200) == nil)
    }
}

/// The three ways to a clip's pixels by time or index, told apart.
@Suite struct ClipFrameNamesTests {
    @Test func shownAtIsTheFrameOnScreenAndStillIsTheExactTime() throws {
        let clip = try ContactSheetTests.clip(background: .transparent)  // 30 fps
        #expect(clip.frameIndex(shownAt: 0) == 0)
        #expect(clip.frameIndex(shownAt: 0.2) == 6)          // frame 6 starts at exactly 0.2 s
        #expect(clip.frameIndex(shownAt: 0.2166) == 6)       // … and is on screen until 0.2333 s
        #expect(clip.frameIndex(shownAt: -1) == 0)
        #expect(clip.frameIndex(shownAt: 1e6) == clip.frameCount - 1)
        #expect(clip.frame(shownAt: 0.2166).pixels == clip.frame(index: 6).pixels)
        // A still is the timeline at that exact time: between frames 6 and 7 it is neither.
        let between = clip.still(atSeconds: 0.2166).pixels
        #expect(between != clip.frame(index: 6).pixels && between != clip.frame(index: 7).pixels)
        #expect(clip.still(atSeconds: 0.2).pixels == clip.frame(index: 6).pixels)
    }
}
