/// Node kinds and severities in words for people (`state change`, `very
/// high`), where the JSON, the native format and budget files keep their
/// identifiers (`state`, `veryHigh`).
package enum KindText {
    /// `view body`, `@Observable property`, `no recorded cause`.
    package static func word(_ kind: NodeKind) -> String {
        switch kind {
        case .gesture: "gesture"
        case .state: "state change"
        case .observable: "@Observable property"
        case .externalEnvironment: "external environment"
        case .environmentWriter: "environment writer"
        case .body: "view body"
        case .representable: "representable update"
        case .other: "other update"
        case .unrecorded: "no recorded cause"
        }
    }

    /// Whether `title` starts with the name Instruments gives causes of
    /// `kind` (`@State: query`, `@Observable Model.items`, `Gesture: Tap`,
    /// `EnvironmentWriter: …`, `External Environment`), so saying the kind
    /// too would only repeat it.
    package static func isNamed(_ kind: NodeKind, by title: String) -> Bool {
        let marker =
            switch kind {
            case .gesture: "gesture"
            case .state: "@state"
            case .observable: "@observable"
            case .externalEnvironment: "external"
            case .environmentWriter: "environmentwriter"
            case .body, .representable, .other, .unrecorded: ""
            }
        return !marker.isEmpty && title.prefix(marker.count).lowercased() == marker
    }

    /// Instruments' five levels as it names them, lower case: `very low` … `very high`.
    package static func word(_ severity: Severity) -> String {
        switch severity {
        case .veryLow: "very low"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        case .veryHigh: "very high"
        }
    }
}
