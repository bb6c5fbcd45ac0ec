/// The links into each event of an ``EventLog``, in trace order: the
/// positions of the links in ``EventLog/links``, in two flat arrays of
/// 4-byte positions rather than an array of links an event, so indexing a
/// recording's millions of events costs 4 bytes an event and 4 a link.
struct IncomingLinks {
    private let links: EventLog.Links
    /// `order[starts[p]..<starts[p + 1]]` are the positions of the links into the event at position `p`.
    private let starts: [Int32]
    private let order: [Int32]

    init(_ log: EventLog) {
        precondition(log.links.count < Int(Int32.max), "too many links to index")
        var starts = [Int32](repeating: 0, count: log.events.count + 1)
        for link in log.links { starts[link.to + 1] += 1 }
        for position in log.events.indices { starts[position + 1] += starts[position] }
        var next = starts
        var order = [Int32](repeating: 0, count: log.links.count)
        for (position, link) in log.links.enumerated() {
            order[Int(next[link.to])] = Int32(position)
            next[link.to] += 1
        }
        links = log.links
        self.starts = starts
        self.order = order
    }

    /// The links into the event at `position`, in trace order.
    subscript(position: Int) -> LazyMapCollection<ArraySlice<Int32>, EventLog.Link> {
        order[Int(starts[position])..<Int(starts[position + 1])].lazy.map { [links] in links[Int($0)] }
    }
}
