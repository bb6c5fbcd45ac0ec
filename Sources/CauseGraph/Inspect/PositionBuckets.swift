/// Positions of items grouped by the bucket each falls in, in two flat
/// arrays of 4-byte positions rather than an array a bucket: grouping a
/// recording's millions of links by event costs 4 bytes a bucket and 4 an
/// item, where a dictionary of arrays cost some 100 bytes a bucket.
struct PositionBuckets {
    /// `order[starts[b]..<starts[b + 1]]` are the positions of the items in bucket `b`.
    private let starts: [Int32]
    private let order: [Int32]

    /// Groups items `0..<items` by `bucket(item)`, each a position in
    /// `0..<buckets` or `nil` for an item left out; items keep their order
    /// within a bucket.
    init(buckets: Int, items: Int, bucket: (Int) -> Int?) {
        precondition(items < Int(Int32.max), "too many items to index")
        var starts = [Int32](repeating: 0, count: buckets + 1)
        for item in 0..<items {
            if let target = bucket(item) { starts[target + 1] += 1 }
        }
        for position in 0..<buckets { starts[position + 1] += starts[position] }
        var next = starts
        var order = [Int32](repeating: 0, count: Int(starts[buckets]))
        for item in 0..<items {
            guard let target = bucket(item) else { continue }
            order[Int(next[target])] = Int32(item)
            next[target] += 1
        }
        self.starts = starts
        self.order = order
    }

    /// The items in `bucket`, in their order.
    subscript(bucket: Int) -> LazyMapCollection<ArraySlice<Int32>, Int> {
        order[Int(starts[bucket])..<Int(starts[bucket + 1])].lazy.map { Int($0) }
    }
}
