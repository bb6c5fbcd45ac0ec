/// What a trace event is: a cause that starts work, or an update that does it.
///
/// The raw values are the names used in the native trace format and in the
/// JSON graph contract.
public enum NodeKind: String, CaseIterable, Sendable, Comparable {
    /// The user's tap, scroll or other gesture.
    case gesture
    /// A change to SwiftUI-owned storage: `@State`, `@Binding`, `@AppStorage`,
    /// `@SceneStorage`, `@FocusState`, `@GestureState`.
    case state
    /// A property of an `@Observable` class, or an `ObservableObject`.
    case observable
    /// An app-level value that changed outside SwiftUI, such as dark mode.
    case externalEnvironment
    /// An environment value written inside SwiftUI, such as by `.environment`.
    case environmentWriter
    /// A view's `body` evaluation (or a check that skipped it).
    case body
    /// A UIKit or AppKit view hosted through a representable.
    case representable
    /// Any other update: layout, graph work, unclassified events.
    case other
    /// Stands for the view updates a trace gave no cause link: causegraph
    /// makes it when it builds the graph, so each view's updates equal the
    /// sum of its incoming edges; no trace records it. Last, so the order
    /// of the recorded kinds does not depend on it.
    case unrecorded

    /// Whether events of this kind start work rather than do it.
    public var isCause: Bool {
        switch self {
        case .gesture, .state, .observable, .externalEnvironment, .environmentWriter, .unrecorded: true
        case .body, .representable, .other: false
        }
    }

    /// Whether events of this kind are updates (effects).
    public var isUpdate: Bool { !isCause }

    /// Whether events of this kind are a view's updates, each of which the
    /// graph accounts for with at least one incoming edge.
    public var isViewUpdate: Bool { self == .body || self == .representable }

    /// Whether traces may record events of this kind; ``unrecorded`` only
    /// the graph makes.
    public var isRecorded: Bool { self != .unrecorded }

    /// The kinds by ``rank``: `byRank[kind.rank] == kind`.
    static let byRank: [NodeKind] = allCases

    /// The order causes and effects are listed in: roots first, as the graph
    /// reads. Written out rather than searched for in `allCases`: sorting
    /// nodes asks for it at every comparison.
    var rank: Int {
        switch self {
        case .gesture: 0
        case .state: 1
        case .observable: 2
        case .externalEnvironment: 3
        case .environmentWriter: 4
        case .body: 5
        case .representable: 6
        case .other: 7
        case .unrecorded: 8
        }
    }

    /// Orders kinds by their explicit rank.
    public static func < (lhs: NodeKind, rhs: NodeKind) -> Bool { lhs.rank < rhs.rank }
}

/// Who an event belongs to: the app's own code and the user, or the system.
public enum Owner: String, CaseIterable, Sendable, Comparable {
    case app
    case system

    /// App before system.
    public static func < (lhs: Owner, rhs: Owner) -> Bool { lhs == .app && rhs == .system }
}
