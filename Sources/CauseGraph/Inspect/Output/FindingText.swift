/// A finding in words, made from its figures: the line that says what
/// happened, the evidence, and the fix a SwiftUI expert would suggest.
extension Finding {
    /// One line that says what happened.
    package var summary: String {
        switch figures {
        case .fanOut(let cause, let view, _, _, _, let maxPerCause, _, _, _, let others):
            "one \(TitleText.shown(cause)) change drives up to \(CountText.format(maxPerCause)) \(TitleText.shown(view)) body updates"
                + (others.isEmpty ? "" : ", and \(CountText.string(others.count, "other view")) so")
        case .environmentChurn(let cause, let checks, let skipped, _):
            "\(TitleText.shown(cause)) made \(CountText.format(checks)) view checks, \(CountText.format(skipped)) of which skipped the body"
        case .unstableIdentity(let view, let creations, let groups, _, let others):
            "\(TitleText.shown(view)) is created again and again while on screen: \(CountText.format(creations)) times in "
                + "\(CountText.string(groups, "update group")) with no scrolling"
                + (others.isEmpty ? "" : ", and \(CountText.string(others.count, "other view")) so")
        case .longBodies(let view, let long, _, _, _, _, let others):
            "\(TitleText.shown(view)) has \(CountText.string(long, "body update")) rated high or very high"
                + (others.isEmpty ? "" : ", and \(CountText.string(others.count, "other view")) too")
        case .rebuildStorm(let view, let burst, let window, _, _, _):
            "\(TitleText.shown(view)) ran \(CountText.format(burst)) times within \(DurationText.string(window))"
        }
    }

    /// Figures that prove it, one a line.
    package var evidence: [String] {
        switch figures {
        case .fanOut(
            let cause, let view, let edge, let links, let causeEvents, let maxPerCause, let ran, let updates,
            let totalDuration, let others):
            [
                "\(TitleText.shown(cause)) → \(TitleText.shown(view)): \(edge.rawValue) ×\(CountText.format(links)) from "
                    + "\(CountText.string(causeEvents, "event")), up to \(CountText.format(maxPerCause)) from one",
                "\(TitleText.shown(view)) ran \(CountText.format(ran)) of \(CountText.format(updates)), "
                    + "total \(totalDuration.map(DurationText.string) ?? "unknown")",
            ] + Self.others(others, "also drives", unit: "at once")
        case .environmentChurn(_, _, _, let views):
            [
                "checks that ran nothing: "
                    + views.map {
                        "\(TitleText.shown($0.title)) skipped \(CountText.format($0.skipped)) of \(CountText.format($0.checks))"
                    }
                    .joined(separator: "; ")
            ]
        case .unstableIdentity(_, _, _, let creators, let others):
            ["created by " + Self.named(creators)]
                + Self.others(others, "the same parent also re-creates", unit: "times")
        case .longBodies(_, _, let red, let frameRate, let worst, let longerThanFrame, let others):
            [
                Self.longest(worst, red: red, frameRate: frameRate)
                    + (longerThanFrame > 0 ? "; \(CountText.format(longerThanFrame)) rated very high" : "")
            ] + Self.others(others, "also", unit: "rated high or very high")
        case .rebuildStorm(_, _, _, let updates, let ran, let skipped):
            [
                "\(CountText.format(updates)) updates in all, ran \(CountText.format(ran)), "
                    + "skipped \(CountText.format(skipped))"
            ]
        }
    }

    /// `Row (creation ×12), Cell (creation ×3)`.
    private static func named(_ creators: [Creator]) -> String {
        creators.map { "\(TitleText.shown($0.title)) (creation ×\(CountText.format($0.creations)))" }.joined(
            separator: ", ")
    }

    /// How many other views the evidence names; the rest are counted.
    static let othersNamed = 5

    /// Other views of the same pattern, on one line, when there are any.
    private static func others(_ views: [ViewCount], _ lead: String, unit: String) -> [String] {
        guard !views.isEmpty else { return [] }
        let named = views.prefix(othersNamed).map {
            "\(TitleText.shown($0.title)) (\(CountText.format($0.count)) \(unit))"
        }
        .joined(separator: ", ")
        let rest = views.count - min(views.count, othersNamed)
        return ["\(lead): " + named + (rest > 0 ? " and \(CountText.string(rest, "more view"))" : "")]
    }

    /// The longest of the long updates against the red threshold, saying which side of it it is on.
    private static func longest(_ worst: Nanoseconds?, red: Nanoseconds, frameRate: Double) -> String {
        let threshold =
            "the red threshold of \(DurationText.string(red)) (1/8 of a frame at \(JSONText.number(frameRate)) Hz)"
        guard let worst else {
            return "no duration known (an update still running when the recording stopped has none); \(threshold)"
        }
        return "longest \(DurationText.string(worst)), " + (worst >= red ? "at or above " : "under ") + threshold
    }

    /// What to change: for a fan-out, what fits its cause's kind.
    package var fix: String {
        if case .fanOut(_, _, let edge, _, _, _, _, _, _, _) = figures {
            switch edge {
            case .state:
                return
                    "Keep the @State in the view that shows it, and pass each child only the values it displays, so one change updates only the views that read it."
            case .externalEnvironment, .environmentWriter:
                return
                    "Read the environment value only in the views that show it and pass plain values down: every view that reads the environment is checked whenever any of it changes."
            case .gesture:
                return
                    "Keep a gesture's in-flight values in @GestureState or in a small view of their own, so a drag or scroll updates only the views that draw it."
            case .observable, .update, .creation, .unrecorded:
                break
            }
        }
        switch kind {
        case .fanOut:
            return
                "Give each item its own @Observable model (or pass it only the values it shows), so one change updates only the views that read what changed."
        case .environmentChurn:
            return
                "Keep fast-changing values such as geometry, timers and scroll offsets out of the environment; pass them directly to the few views that need them."
        case .unstableIdentity:
            return
                "Give the view a stable identity: ids from the model (Identifiable), not UUID() made in body or in a computed property."
        case .longBodies:
            return
                "Move work out of body: create formatters, sorted or filtered collections and images once (in the model or a cache), not on every evaluation."
        case .rebuildStorm:
            return
                "Coalesce the changes that drive it: update state once per frame, debounce rapid inputs, and avoid writing state from onChange or onAppear of the views it updates."
        }
    }

    /// The figures as a JSON object of numbers (titles as strings), for `summary --format json`.
    var figuresJSON: String {
        let object = GraphJSONEncoder.object
        switch figures {
        case .fanOut(
            let cause, let view, let edge, let links, let causeEvents, let maxPerCause, let ran, let updates,
            let totalDuration, let others):
            return object([
                "cause": JSONText.quoted(cause), "view": JSONText.quoted(view),
                "edgeKind": JSONText.quoted(edge.rawValue),
                "links": JSONText.number(links), "causeEvents": JSONText.number(causeEvents),
                "maxPerCause": JSONText.number(maxPerCause), "ran": JSONText.number(ran),
                "updates": JSONText.number(updates), "totalDuration": JSONText.number(totalDuration),
                "others": Self.othersJSON(others),
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
        case .unstableIdentity(let view, let creations, let groups, let creators, let others):
            let creatorObjects = creators.map {
                object(["title": JSONText.quoted($0.title), "creations": JSONText.number($0.creations)])
            }
            return object([
                "view": JSONText.quoted(view), "creations": JSONText.number(creations),
                "groups": JSONText.number(groups), "creators": "[" + creatorObjects.joined(separator: ", ") + "]",
                "others": Self.othersJSON(others),
            ])
        case .longBodies(let view, let long, let red, let frameRate, let worst, let longerThanFrame, let others):
            return object([
                "view": JSONText.quoted(view), "long": JSONText.number(long), "redThreshold": JSONText.number(red),
                "frameRate": JSONText.number(frameRate), "maxDuration": JSONText.number(worst),
                "longerThanFrame": JSONText.number(longerThanFrame), "others": Self.othersJSON(others),
            ])
        case .rebuildStorm(let view, let burst, let window, let updates, let ran, let skipped):
            return object([
                "view": JSONText.quoted(view), "burst": JSONText.number(burst), "window": JSONText.number(window),
                "updates": JSONText.number(updates), "ran": JSONText.number(ran), "skipped": JSONText.number(skipped),
            ])
        }
    }

    /// Other views of the same pattern, as `[{"title": …, "count": …}]`.
    private static func othersJSON(_ views: [ViewCount]) -> String {
        "["
            + views.map {
                GraphJSONEncoder.object(["title": JSONText.quoted($0.title), "count": JSONText.number($0.count)])
            }
            .joined(separator: ", ") + "]"
    }
}
