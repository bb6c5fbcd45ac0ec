/// Identifies one event within one trace document.
public typealias EventID = UInt64

/// Identifies one update group within one trace document.
public typealias GroupID = Int64

/// Times and durations, in nanoseconds.
public typealias Nanoseconds = Int64

/// What a trace document says about itself, before any event.
public struct TraceHeader: Sendable, Equatable {
    /// The native format version.
    public var version: Int
    /// The recorded app's name, when known.
    public var app: String?
    /// The display's refresh rate, when recorded.
    public var frameRate: Double?

    /// A header; every field may be left out.
    public init(version: Int = 1, app: String? = nil, frameRate: Double? = nil) {
        self.version = version
        self.app = app
        self.frameRate = frameRate
    }
}

/// One event: a cause (a gesture, a state change…) or an update (a body run…).
public struct TraceEvent: Sendable, Equatable {
    /// The event's id, unique within its trace.
    public var id: EventID
    /// The kind of update or cause.
    public var kind: NodeKind
    /// The title, as the trace gives it (untrusted text).
    public var title: String
    /// The module that declares it, when known.
    public var module: String?
    /// Whether the app or the system owns it.
    public var owner: Owner
    /// When the event happened.
    public var time: Nanoseconds?
    /// How long an update took; unknown for causes and in-flight updates.
    public var duration: Nanoseconds?
    /// For updates: `false` when the body was checked and skipped.
    public var ran: Bool
    /// The update group (transaction) the event took part in.
    public var group: GroupID?
    /// The severity the source recorded, if any.
    public var severity: Severity?
    /// Call stack frames, innermost first.
    public var backtrace: [String]

    /// An event with every field given; the optional ones default to none.
    public init(
        id: EventID, kind: NodeKind, title: String, module: String? = nil, owner: Owner,
        time: Nanoseconds? = nil, duration: Nanoseconds? = nil, ran: Bool = true,
        group: GroupID? = nil, severity: Severity? = nil, backtrace: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.module = module
        self.owner = owner
        self.time = time
        self.duration = duration
        self.ran = ran
        self.group = group
        self.severity = severity
        self.backtrace = backtrace
    }
}

/// How a cause led to its effect, as the trace labels it.
///
/// Three labels are known: ``update``, ``invalidation`` and ``creation``.
/// Instruments may write others; they are kept verbatim, never folded into
/// a known one, so the graph says what the recording said.
public struct CauseLabel: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The effect ran again because of the cause.
    public static let update = CauseLabel(.update)
    /// The cause marked the effect dirty, and it was evaluated again
    /// (Instruments' `Invalidation`).
    public static let invalidation = CauseLabel(.invalidation)
    /// The effect's view appeared in the hierarchy because of the cause.
    public static let creation = CauseLabel(.creation)

    /// The known labels, in the order edges are listed.
    package static let known: [CauseLabel] = [.update, .invalidation, .creation]

    /// Known labels need no string: a link is labelled, hashed and compared
    /// once per cause row, so they stay as cheap as an enumeration.
    private enum Storage: Hashable, Sendable {
        case update, invalidation, creation
        case spelled(String)
    }

    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// The label of a known kind, or a label keeping the text as spelled.
    public init(rawValue: String) {
        switch rawValue {
        case "update": storage = .update
        case "invalidation": storage = .invalidation
        case "creation": storage = .creation
        default: storage = .spelled(rawValue)
        }
    }

    /// The label as traces spell it.
    public var rawValue: String {
        switch storage {
        case .update: "update"
        case .invalidation: "invalidation"
        case .creation: "creation"
        case .spelled(let text): text
        }
    }

    /// The label as traces spell it.
    public var description: String { rawValue }

    /// Hashes the storage: a `RawRepresentable` type otherwise hashes its
    /// raw value, text made anew for every link looked up.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }

    /// Known labels first, in their order; the rest by their UTF-8 bytes.
    public static func < (lhs: CauseLabel, rhs: CauseLabel) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.spelled(let left), .spelled(let right)): left.utf8.lexicographicallyPrecedes(right.utf8)
        case (.spelled, _): false
        case (_, .spelled): true
        default: known.firstIndex(of: lhs)! < known.firstIndex(of: rhs)!
        }
    }
}

/// One cause-and-effect link between two events.
public struct TraceCause: Sendable, Equatable {
    /// The id of the cause event.
    public var from: EventID
    /// The id of the effect event.
    public var to: EventID
    /// What kind of cause link it is.
    public var label: CauseLabel
    /// When the link happened, if the trace timed it.
    public var time: Nanoseconds?
    /// Names of the properties whose change this link carried.
    public var changed: [String]

    /// A cause link with every field given.
    public init(from: EventID, to: EventID, label: CauseLabel, time: Nanoseconds? = nil, changed: [String] = []) {
        self.from = from
        self.to = to
        self.label = label
        self.time = time
        self.changed = changed
    }
}

/// A transaction whose updates SwiftUI applied in one frame.
public struct UpdateGroup: Sendable, Equatable {
    /// The group's id, unique within its trace.
    public var id: GroupID
    /// The group's label, e.g. `Transaction for Gesture`.
    public var label: String
    /// When the group started, if the trace timed it.
    public var start: Nanoseconds?
    /// How long the group took, if the trace timed it.
    public var duration: Nanoseconds?

    /// A group with every field given.
    public init(id: GroupID, label: String, start: Nanoseconds? = nil, duration: Nanoseconds? = nil) {
        self.id = id
        self.label = label
        self.start = start
        self.duration = duration
    }
}
