/// The ids update groups are shown under, the same in every command.
///
/// A trace's group ids are unique only within its document: read together,
/// two recordings may both have a group 4. One document keeps its trace's
/// ids; several are numbered 1… in (document, id) order. The graph,
/// `summary`, `why`, `timeline`, `report` and `render --group` each keep a
/// numbering of their own over the same records, so each names a group as
/// the others do.
///
/// Memory grows with the groups, not the rows.
package struct GroupNumbering: Sendable {
    /// A group as its trace names it: its document (0 for the first read) and its id there.
    package struct Key: Hashable, Sendable {
        package var document: Int
        package var id: GroupID
    }

    private var index: [Key: Int32] = [:]
    /// Every group met, by the position ``intern(_:document:)`` gave it.
    package private(set) var keys: [Key] = []
    /// The last group interned: a group's events mostly arrive together, and
    /// every grouped event of a read is interned, so most lookups end here.
    private var last: (key: Key, position: Int32)?

    package init() {}

    /// The group's position, given the first time its key is met.
    package mutating func intern(_ id: GroupID, document: Int) -> Int32 {
        let key = Key(document: document, id: id)
        if let last, last.key == key { return last.position }
        let position = index.position(of: key, in: &keys) { $0 }
        last = (key, position)
        return position
    }

    /// The id each group is shown under, by position.
    package func finalIDs() -> [GroupID] {
        guard let first = keys.first, keys.contains(where: { $0.document != first.document }) else {
            return keys.map(\.id)
        }
        let order = keys.indices.sorted { (keys[$0].document, keys[$0].id) < (keys[$1].document, keys[$1].id) }
        var ids = [GroupID](repeating: 0, count: keys.count)
        for (position, index) in order.enumerated() { ids[index] = GroupID(position + 1) }
        return ids
    }
}
