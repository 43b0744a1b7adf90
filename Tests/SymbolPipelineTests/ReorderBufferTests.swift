import Testing
@testable import SymbolPipeline
import SymbolTestSupport

@Suite struct ReorderBufferTests {
    @Test func releasesInIndexOrder() throws {
        var b = ReorderBuffer<String>(window: 4)
        try b.insert("c", at: 2)
        try b.insert("b", at: 1)
        #expect(b.popReady().isEmpty)
        try b.insert("a", at: 0)
        let out = b.popReady()
        #expect(out.map(\.index) == [0, 1, 2])
        #expect(out.map(\.element) == ["a", "b", "c"])
        #expect(b.nextIndex == 3)
        #expect(b.pendingCount == 0)
    }

    @Test func shuffledInputComesOutSorted() throws {
        var gen = SeededRandom(seed: 7)
        var b = ReorderBuffer<Int>(window: 8)
        var released: [Int] = []
        var pending = Array(0..<8)
        var next = 8
        while !pending.isEmpty {
            let k = Int(gen.next() % UInt64(pending.count))
            let i = pending.remove(at: k)
            try b.insert(i * 10, at: i)
            for r in b.popReady() {
                released.append(r.element)
                if next < 200 { pending.append(next); next += 1 }
            }
        }
        #expect(released == (0..<200).map { $0 * 10 })
    }

    @Test func rejectsTooFarAheadAndDuplicates() throws {
        var b = ReorderBuffer<Int>(window: 3)
        #expect(throws: ReorderBuffer<Int>.Rejection.tooFarAhead(index: 3, next: 0, window: 3)) { try b.insert(0, at: 3) }
        try b.insert(1, at: 1)
        #expect(throws: ReorderBuffer<Int>.Rejection.alreadySeen(index: 1)) { try b.insert(1, at: 1) }
        try b.insert(0, at: 0)
        _ = b.popReady()
        #expect(throws: ReorderBuffer<Int>.Rejection.alreadySeen(index: 0)) { try b.insert(0, at: 0) }
        try b.insert(4, at: 4)  // next is 2, so 4 is inside the window now
    }
}
