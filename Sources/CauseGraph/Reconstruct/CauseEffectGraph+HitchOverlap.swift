extension CauseEffectGraph {
    /// A hitch or hang, tied to the update groups whose spans it overlaps.
    package struct HitchOverlap: Sendable, Equatable {
        /// The update events of one node within the hitch's groups.
        package struct Updates: Sendable, Equatable {
            /// The node's id.
            package var node: String
            /// Its update events within the hitch's groups.
            package var count: Int
        }

        /// The hitch or hang.
        package var hitch: Hitch
        /// The trace document it was read from, from 0.
        package var document: Int
        /// The ids of the update groups it overlaps, sorted.
        package var groups: [GroupID]
        /// The update nodes of those groups, most events first, then in node order.
        package var updates: [Updates]

        /// Node ids in graph order: `n2` before `n10`.
        static func nodeOrder(_ lhs: String, _ rhs: String) -> Bool {
            let (left, right) = (Int(lhs.dropFirst()) ?? .max, Int(rhs.dropFirst()) ?? .max)
            return left != right ? left < right : lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        }
    }
}
