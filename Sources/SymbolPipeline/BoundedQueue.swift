// Blocking by design: `push` waits while the queue is full and `pop` while it is empty. Call
// them only from the pipeline's own dedicated `Thread`s, never from a global concurrent
// Dispatch queue, whose threads are a small shared pool that blocking would starve.

/// A FIFO between two pipeline stages with a stated capacity: one producer, any number of
/// consumers. The producer pauses at `capacity` items and resumes at half of it (see
/// `BackpressurePolicy`). End of stream is `finish()`; `cancel()` wakes everyone and drops
/// what is queued.
package final class BoundedQueue<Element: Sendable>: Sendable {
    private struct State {
        // Popped slots are set to nil so the queue never keeps a reference (a bitmap buffer) alive.
        var items: [Element?] = []
        var head = 0
        var policy: BackpressurePolicy
        var finished = false
        var cancelled = false
        var count: Int { items.count - head }
    }

    package let capacity: Int
    private let lock: ConditionLock<State>

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        lock = ConditionLock(State(policy: BackpressurePolicy(high: max(1, capacity), low: max(1, capacity) / 2)))
    }

    /// Appends `element`, blocking while the producer is paused. False when cancelled (the
    /// element is dropped).
    @discardableResult
    package func push(_ element: consuming Element) -> Bool {
        // Moved in under the lock: the caller keeps no reference once a consumer can see it.
        var slot: Element? = consume element
        return lock.wait(until: { !$0.policy.isPaused || $0.cancelled }) { s in
            guard !s.cancelled else { slot = nil; return false }
            precondition(!s.finished, "push after finish")
            s.items.append(slot.take()!)
            _ = s.policy.didProduce()
            return true
        }
    }

    /// The oldest element, blocking while empty; nil once finished and drained, or cancelled.
    package func pop() -> Element? {
        lock.wait(until: { $0.count > 0 || $0.finished || $0.cancelled }) { s in
            guard !s.cancelled, s.count > 0 else { return nil }
            let e = s.items[s.head].take()!
            s.head += 1
            // Compact now and then so the array does not grow with the stream.
            if s.head >= 64 && s.head * 2 >= s.items.count {
                s.items.removeFirst(s.head)
                s.head = 0
            }
            _ = s.policy.didConsume()
            return e
        }
    }

    /// The producer is done: consumers drain what is left and then get nil.
    package func finish() { lock.update { $0.finished = true } }

    /// Stops both ends now; queued elements are dropped.
    package func cancel() {
        lock.update { s in
            s.cancelled = true
            s.items.removeAll()
            s.head = 0
        }
    }

    /// Elements queued now (for tests and diagnostics).
    package var count: Int { lock.withLock { $0.count } }
}
