import Testing
import SymbolGeometry
@testable import SymbolRaster

/// A mask read through `levels` draws what the mask with every value mapped draws, and a
/// cleared mask is all zero again after any draw into it.
@Suite struct MaskLevelsTests {
    @Test func levelsDrawAsTheMappedMask() throws {
        let p = Painter()
        var mask = try #require(CoverageMask(width: 40, height: 30))
        p.fillMask(Draw.polygon([(3, 4), (30.5, 9.25), (12, 27)]), into: &mask)
        let floor = 0.3
        let table = (0...255).map { UInt8((floor * 255 + (1 - floor) * Double($0)).rounded()) }
        var mapped = mask
        mapped.values = mask.values.map { table[Int($0)] }
        var read = mask
        read.levels = table
        #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { x in read.value(x: x, y: y) == mapped.value(x: x, y: y) } })
        var a = try #require(Bitmap(width: 40, height: 30)), b = a
        for paint in [Draw.solid(0.9, 0.2, 0.1), Draw.solid(0.1, 0.4, 1, 0.6)] {
            p.fill(Draw.rect(1, 1, 38, 27), paint: paint, opacity: 0.8, mask: read, into: &a)
            p.fill(Draw.rect(1, 1, 38, 27), paint: paint, opacity: 0.8, mask: mapped, into: &b)
        }
        #expect(a == b)
        #expect(a.pixel(x: 35, y: 25).a > 0)  // outside the reveal the floor still shows
    }

    @Test func clearZeroesWhateverWasDrawn() throws {
        let p = Painter()
        var mask = try #require(CoverageMask(width: 20, height: 20))
        p.fillMask(Draw.rect(2, 3, 5, 4), into: &mask)
        p.fillMask(Draw.rect(10, 14, 6, 5), into: &mask)
        mask.levels = [UInt8](repeating: 9, count: 256)
        mask.clear()
        #expect(mask.values.allSatisfy { $0 == 0 } && mask.levels == nil)
        mask.values[19 * 20 + 19] = 200  // written directly: cleared too
        mask.clear()
        #expect(mask.values.allSatisfy { $0 == 0 })
    }
}
