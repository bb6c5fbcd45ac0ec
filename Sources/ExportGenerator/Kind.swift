/// What a node of the recording is, in causegraph's native kind names.
enum Kind: String {
    case gesture, state, observable, externalEnvironment, environmentWriter, body, representable, other

    var isCause: Bool { [.gesture, .state, .observable, .externalEnvironment, .environmentWriter].contains(self) }

    /// The `update-type` of an update row.
    var updateType: String {
        switch self {
        case .representable: "Representable Update"
        case .other: "Other Updates"
        default: "View Body"
        }
    }
}
