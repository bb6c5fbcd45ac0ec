/// The links into each event of an ``EventLog``, in trace order, grouped
/// through a ``PositionBuckets``: 4 bytes an event and 4 a link.
struct IncomingLinks {
    private let links: EventLog.Links
    private let index: PositionBuckets

    init(_ log: EventLog) {
        let links = log.links
        index = PositionBuckets(buckets: log.events.count, items: links.count) { links[$0].to }
        self.links = links
    }

    /// The links into the event at `position`, in trace order.
    subscript(position: Int) -> LazyMapCollection<LazyMapCollection<ArraySlice<Int32>, Int>, EventLog.Link> {
        index[position].lazy.map { [links] in links[$0] }
    }
}
