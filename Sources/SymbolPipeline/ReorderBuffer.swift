/// Restores index order after parallel workers: accepts (index, element) in any order and
/// releases elements 0, 1, 2… as soon as each is present. Pure; bounded by `window`, the
/// furthest an accepted index may run ahead of the next one to release.
package struct ReorderBuffer<Element> {
    /// Why an element was refused.
    package enum Rejection: Error, Sendable, Equatable {
        case tooFarAhead(index: Int, next: Int, window: Int)
        case alreadySeen(index: Int)
    }

    package let window: Int
    /// The index that `popNext` releases next.
    package private(set) var nextIndex: Int
    // Slot i % window holds index i; the window bound guarantees no two pending indices collide.
    private var slots: [Element?]
    package private(set) var pendingCount = 0

    package init(window: Int, startIndex: Int = 0) {
        precondition(window >= 1, "a reorder window holds at least one element")
        self.window = window
        nextIndex = startIndex
        slots = Array(repeating: nil, count: window)
    }

    /// Stores `element` for `index`; throws for an index already released or held, or at
    /// least `window` beyond `nextIndex`.
    package mutating func insert(_ element: consuming Element, at index: Int) throws(Rejection) {
        guard index >= nextIndex else { throw .alreadySeen(index: index) }
        guard index - nextIndex < window else { throw .tooFarAhead(index: index, next: nextIndex, window: window) }
        let slot = index % window
        guard slots[slot] == nil else { throw .alreadySeen(index: index) }
        slots[slot] = consume element
        pendingCount += 1
    }

    /// The next element in order, if it has arrived.
    package mutating func popNext() -> (index: Int, element: Element)? {
        let slot = nextIndex % window
        guard let element = slots[slot] else { return nil }
        slots[slot] = nil
        pendingCount -= 1
        defer { nextIndex += 1 }
        return (nextIndex, element)
    }

    /// Every element now releasable in order.
    package mutating func popReady() -> [(index: Int, element: Element)] {
        var out: [(index: Int, element: Element)] = []
        while let next = popNext() { out.append(next) }
        return out
    }
}
