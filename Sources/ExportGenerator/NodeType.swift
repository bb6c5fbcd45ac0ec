/// One node of the cause graph: what a node cell shows.
struct NodeType {
    var title: String
    var kind: Kind
    var isApp: Bool
    var icon: String
    /// The view's type name, for body updates.
    var view: String?

    var colour: String { isApp ? "blue" : "gray" }
    var module: String { isApp ? "Library" : "SwiftUI" }
}
