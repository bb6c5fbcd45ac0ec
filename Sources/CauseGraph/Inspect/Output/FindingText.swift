/// A finding in words, made from its figures: the line that says what
/// happened, the evidence, and the fix a SwiftUI expert would suggest.
extension Finding {
    /// One line that says what happened.
    public var summary: String {
        switch figures {
        case .fanOut(let cause, let view, _, _, _, let maxPerCause, _, _, _):
            "one \(cause) change drives up to \(maxPerCause) \(view) body updates"
        case .environmentChurn(let cause, let checks, let skipped, _):
            "\(cause) made \(checks) view checks, \(skipped) of which skipped the body"
        case .unstableIdentity(let view, let creations, let groups, _):
            "\(view) is created again and again: \(creations) times in \(CountText.string(groups, "update group"))"
        case .longBodies(let view, let long, _, _, _, _):
            "\(view) has \(CountText.string(long, "body update")) at or above the red threshold"
        case .rebuildStorm(let view, let burst, let window, _, _, _):
            "\(view) ran \(burst) times within \(DurationText.string(window))"
        }
    }

    /// Figures that prove it, one a line.
    public var evidence: [String] {
        switch figures {
        case .fanOut(
            let cause, let view, let edge, let links, let causeEvents, let maxPerCause, let ran, let updates,
            let totalDuration):
            [
                "\(cause) → \(view): \(edge.rawValue) ×\(links) from \(CountText.string(causeEvents, "event")), up to \(maxPerCause) from one",
                "\(view) ran \(ran) of \(updates), total \(totalDuration.map(DurationText.string) ?? "unknown")",
            ]
        case .environmentChurn(_, _, _, let views):
            [
                "checks that ran nothing: "
                    + views.map { "\($0.title) skipped \($0.skipped) of \($0.checks)" }.joined(separator: "; ")
            ]
        case .unstableIdentity(_, _, _, let creators):
            ["created by " + creators.map { "\($0.title) (creation ×\($0.creations))" }.joined(separator: ", ")]
        case .longBodies(_, _, let red, let frameRate, let worst, let longerThanFrame):
            [
                "red: at least \(DurationText.string(red)), 1/8 of a frame at \(JSONText.number(frameRate)) Hz; "
                    + "worst \(worst.map(DurationText.string) ?? "unknown")"
                    + (longerThanFrame > 0 ? ", \(longerThanFrame) longer than a whole frame" : "")
            ]
        case .rebuildStorm(_, _, _, let updates, let ran, let skipped):
            ["\(updates) updates in all, ran \(ran), skipped \(skipped)"]
        }
    }

    /// What to change.
    public var fix: String {
        switch kind {
        case .fanOut:
            "Give each item its own @Observable model (or pass it only the values it shows), so one change updates only the views that read what changed."
        case .environmentChurn:
            "Keep fast-changing values such as geometry, timers and scroll offsets out of the environment; pass them directly to the few views that need them."
        case .unstableIdentity:
            "Give the view a stable identity: ids from the model (Identifiable), not UUID() made in body or in a computed property."
        case .longBodies:
            "Move work out of body: create formatters, sorted or filtered collections and images once (in the model or a cache), not on every evaluation."
        case .rebuildStorm:
            "Coalesce the changes that drive it: update state once per frame, debounce rapid inputs, and avoid writing state from onChange or onAppear of the views it updates."
        }
    }

    /// The figures as a JSON object of numbers (titles as strings), for `summary --format json`.
    var figuresJSON: String {
        let object = GraphJSONEncoder.object
        switch figures {
        case .fanOut(
            let cause, let view, let edge, let links, let causeEvents, let maxPerCause, let ran, let updates,
            let totalDuration):
            return object([
                "cause": JSONText.quoted(cause), "view": JSONText.quoted(view),
                "edgeKind": JSONText.quoted(edge.rawValue),
                "links": JSONText.number(links), "causeEvents": JSONText.number(causeEvents),
                "maxPerCause": JSONText.number(maxPerCause), "ran": JSONText.number(ran),
                "updates": JSONText.number(updates), "totalDuration": JSONText.number(totalDuration),
            ])
        case .environmentChurn(let cause, let checks, let skipped, let views):
            let viewObjects = views.map {
                object([
                    "title": JSONText.quoted($0.title), "skipped": JSONText.number($0.skipped),
                    "checks": JSONText.number($0.checks),
                ])
            }
            return object([
                "cause": JSONText.quoted(cause), "checks": JSONText.number(checks), "skipped": JSONText.number(skipped),
                "views": "[" + viewObjects.joined(separator: ", ") + "]",
            ])
        case .unstableIdentity(let view, let creations, let groups, let creators):
            let creatorObjects = creators.map {
                object(["title": JSONText.quoted($0.title), "creations": JSONText.number($0.creations)])
            }
            return object([
                "view": JSONText.quoted(view), "creations": JSONText.number(creations),
                "groups": JSONText.number(groups), "creators": "[" + creatorObjects.joined(separator: ", ") + "]",
            ])
        case .longBodies(let view, let long, let red, let frameRate, let worst, let longerThanFrame):
            return object([
                "view": JSONText.quoted(view), "long": JSONText.number(long), "redThreshold": JSONText.number(red),
                "frameRate": JSONText.number(frameRate), "maxDuration": JSONText.number(worst),
                "longerThanFrame": JSONText.number(longerThanFrame),
            ])
        case .rebuildStorm(let view, let burst, let window, let updates, let ran, let skipped):
            return object([
                "view": JSONText.quoted(view), "burst": JSONText.number(burst), "window": JSONText.number(window),
                "updates": JSONText.number(updates), "ran": JSONText.number(ran), "skipped": JSONText.number(skipped),
            ])
        }
    }
}
