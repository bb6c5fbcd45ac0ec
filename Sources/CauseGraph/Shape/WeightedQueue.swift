/// Node positions by weight, heaviest first, ties to the lower position, so
/// the order never depends on insertion order. A binary heap; a position
/// may be inserted more than once (the caller skips those already taken).
struct WeightedQueue {
    private var heap: [(weight: Double, node: Int)] = []

    private static func precedes(_ a: (weight: Double, node: Int), _ b: (weight: Double, node: Int)) -> Bool {
        a.weight != b.weight ? a.weight > b.weight : a.node < b.node
    }

    mutating func insert(_ node: Int, weight: Double) {
        heap.append((weight, node))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popHeaviest() -> Int? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var first = parent
                if left < heap.count && Self.precedes(heap[left], heap[first]) { first = left }
                if right < heap.count && Self.precedes(heap[right], heap[first]) { first = right }
                guard first != parent else { break }
                heap.swapAt(parent, first)
                parent = first
            }
        }
        return top.node
    }
}
