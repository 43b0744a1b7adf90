import Foundation
import Testing
import SymbolRaster
@testable import SymbolPipeline

/// Runs `body` on a dedicated thread (never a global queue) and returns a group to wait on.
func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let g = DispatchGroup()
    g.enter()
    Thread { body(); g.leave() }.start()
    return g
}

final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: T
    init(_ v: T) { _value = v }
    var value: T { lock.withLock { _value } }
    func mutate(_ f: (inout T) -> Void) { lock.withLock { f(&_value) } }
}

@Suite struct BoundedQueueTests {
    @Test func deliversInOrderThenEndsAtFinish() {
        let q = BoundedQueue<Int>(capacity: 3)
        let got = Box<[Int]>([])
        let consumer = spawn { while let x = q.pop() { got.mutate { $0.append(x) } } }
        for i in 0..<100 { #expect(q.push(i)) }
        q.finish()
        #expect(consumer.wait(timeout: .now() + 10) == .success)
        #expect(got.value == Array(0..<100))
    }

    @Test func producerBlocksAtCapacity() {
        let q = BoundedQueue<Int>(capacity: 4)
        let pushed = Box(0)
        let producer = spawn { for i in 0..<10 { if q.push(i) { pushed.mutate { $0 += 1 } } } }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.value == 4)
        #expect(q.count == 4)
        // Resumes only at the low watermark (2), then fills again.
        _ = q.pop()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(pushed.value == 4)
        _ = q.pop()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.value == 6)
        q.cancel()
        #expect(producer.wait(timeout: .now() + 10) == .success)
    }

    @Test func cancelWakesBlockedConsumersAndProducers() {
        let q = BoundedQueue<Int>(capacity: 1)
        let a = spawn { _ = q.pop() }
        let b = spawn { _ = q.pop() }
        Thread.sleep(forTimeInterval: 0.1)
        q.cancel()
        #expect(a.wait(timeout: .now() + 10) == .success)
        #expect(b.wait(timeout: .now() + 10) == .success)
        #expect(q.push(1) == false)
        #expect(q.pop() == nil)
    }

    @Test func manyConsumersSeeEveryElementOnce() {
        let q = BoundedQueue<Int>(capacity: 8)
        let got = Box<[Int]>([])
        let consumers = (0..<3).map { _ in spawn { while let x = q.pop() { got.mutate { $0.append(x) } } } }
        for i in 0..<500 { q.push(i) }
        q.finish()
        for c in consumers { #expect(c.wait(timeout: .now() + 10) == .success) }
        #expect(got.value.sorted() == Array(0..<500))
    }
}

@Suite struct BitmapPoolTests {
    @Test func acquireBlocksWhenEmptyAndReuses() throws {
        let pool = try #require(BitmapPool(width: 8, height: 8, size: 2))
        let a = try #require(pool.acquire())
        _ = try #require(pool.acquire())
        let third = Box<Bitmap?>(nil)
        let waiter = spawn { let b = pool.acquire(); third.mutate { $0 = b } }
        Thread.sleep(forTimeInterval: 0.15)
        #expect(third.value == nil)
        var marked = a
        marked.fill(r: 9, g: 9, b: 9, a: 9)
        pool.release(marked)
        #expect(waiter.wait(timeout: .now() + 10) == .success)
        #expect(third.value?.pixels.first == 9)  // the released bitmap came back
        #expect(pool.peakOutstanding == 2)
        #expect(pool.outstanding == 2)
    }

    @Test func cancelReleasesWaiters() throws {
        let pool = try #require(BitmapPool(width: 4, height: 4, size: 1))
        _ = pool.acquire()
        let waiter = spawn { #expect(pool.acquire() == nil) }
        Thread.sleep(forTimeInterval: 0.05)
        pool.cancel()
        #expect(waiter.wait(timeout: .now() + 10) == .success)
        #expect(BitmapPool(width: 0, height: 4, size: 1) == nil)
    }
}
