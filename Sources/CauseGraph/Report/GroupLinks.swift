/// Which update groups a report page names for a node or an edge: a long
/// recording puts a busy view in tens of thousands, so its panel links the
/// longest few, the ones most likely to have cost a frame, and counts the rest.
struct GroupLinks {
    /// How many of a node's or an edge's groups its panel links.
    static let perItem = 10

    private let table: [GroupID: UpdateGroup]

    /// - Parameter groups: the recording's groups, whose durations rank them.
    init(groups: [UpdateGroup]) {
        table = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The group with `id`, if the recording has one.
    func group(_ id: GroupID) -> UpdateGroup? { table[id] }

    /// At most ``perItem`` of `groups`: the longest first, untimed ones last,
    /// equal ones by id.
    func longest(_ groups: [GroupID]) -> [GroupID] {
        let ranked = groups.map { (id: $0, duration: table[$0]?.duration ?? -1) }
        return ranked.sorted { ($0.duration, $1.id) > ($1.duration, $0.id) }.prefix(Self.perItem).map(\.id)
    }
}
