import CauseGraph
import Foundation
import Testing

@Suite("why and summary commands")
struct InspectCommandTests {
    @Test("why explains a view, in every format")
    func why() throws {
        let text = try Causegraph.run(["why", fixture("landmarks-favorites-before.jsonl"), "--view", "listitem"])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("LandmarkListItemView (body, Landmarks, app)\n"))
        #expect(text.output.contains("observable ×72 (100%) ModelData.favoritesCollection"))
        #expect(!text.output.contains("\u{1B}"), "no colour when not on a terminal")
        let json = try Causegraph.run([
            "why", fixture("landmarks-favorites-before.jsonl"), "--view", "ListItem", "--format", "json",
        ])
        #expect(json.status == 0)
        _ = try JSONParser.parse(json.output)
        let markdown = try Causegraph.run([
            "why", fixture("landmarks-favorites-before.jsonl"), "--view", "^Landmark.*Item", "--regex", "--format",
            "markdown",
        ])
        #expect(markdown.status == 0)
        #expect(markdown.output.hasPrefix("### LandmarkListItemView (body, Landmarks)"))
    }

    @Test("why --list and --update answer for single events")
    func singleEvents() throws {
        let list = try Causegraph.run([
            "why", fixture("dark-mode.jsonl"), "--view", "LandmarkListItemView", "--list", "--all",
        ])
        #expect(list.status == 0)
        #expect(list.output.components(separatedBy: "skipped  External Environment\n").count - 1 == 12)
        // By default a listing shows its first ten updates and says what it left out.
        let bounded = try Causegraph.run([
            "why", fixture("dark-mode.jsonl"), "--view", "LandmarkListItemView", "--list",
        ])
        #expect(bounded.output.components(separatedBy: "skipped  External Environment\n").count - 1 == 10)
        #expect(bounded.output.contains("  … 2 more updates not shown\n"))
        #expect(
            bounded.output.hasSuffix(
                "\nLeft out: 2 updates (updates in time order);\n"
                    + "--top N or --offset N pages the updates, --all shows everything.\n"
            )
        )
        let update = try Causegraph.run(["why", fixture("onoff-toggle.jsonl"), "--update", "13"])
        #expect(update.status == 0)
        #expect(update.output.hasPrefix("Event 13\nOnOffView.isOn\n"), "a state change is an event, no update")
        let missing = try Causegraph.run(["why", fixture("onoff-toggle.jsonl"), "--update", "99999"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: no event with id 99999 in the trace\n")
    }

    @Test("why explains representables and other updates, not only view bodies")
    func otherUpdateKinds() throws {
        let representable = try Causegraph.run([
            "why", fixture("landmarks-favorites-before.jsonl"), "--view", "UIScrollView",
        ])
        #expect(representable.status == 0)
        #expect(representable.output.hasPrefix("UIScrollView (representable, SwiftUI, system)\n"))
        #expect(representable.output.contains("update ×3 (100%) LandmarkListView"))
        let other = try Causegraph.run(["why", fixture("onoff-toggle.jsonl"), "--view", "<graph>"])
        #expect(other.status == 0)
        #expect(other.output.hasPrefix("<graph> (other, "))
    }

    @Test("why --list gives each update's event id, which --update takes", arguments: ["text", "markdown"])
    func listedIDs(_ format: String) throws {
        let trace = fixture("landmarks-favorites-before.jsonl")
        let list = try Causegraph.run(["why", trace, "--view", "UIScrollView", "--list", "--format", format])
        #expect(list.status == 0)
        let rows =
            format == "text"
            ? [
                "  29       2045.697 ms      87.1 µs  low        ran      LandmarkListView",
                "  89       4911.927 ms      95.7 µs  low        ran      LandmarkListView",
            ]
            : [
                "| 29 | 2045.697 ms | 87.1 µs | low | ran | body LandmarkListView |",
                "| 89 | 4911.927 ms | 95.7 µs | low | ran | body LandmarkListView |",
            ]
        for row in rows { #expect(list.output.contains(row + "\n"), "\(list.output)") }
        let update = try Causegraph.run(["why", trace, "--update", "89"])
        #expect(update.status == 0)
        #expect(update.output.hasPrefix("Update 89\nUIScrollView\n"))
        // A cause event is no update: it is named an event.
        let gesture = try Causegraph.run(["why", fixture("landmarks-favorites-before.jsonl"), "--update", "1"])
        #expect(gesture.output.hasPrefix("Event 1\nTap\n"), "\(gesture.output)")
        let markdown = try Causegraph.run(
            ["why", fixture("landmarks-favorites-before.jsonl"), "--update", "1", "--format", "markdown"])
        #expect(markdown.output.hasPrefix("### Event 1: Tap\n"), "\(markdown.output)")
    }

    @Test(
        "why errors exit 2",
        arguments: [
            (["--view", "Nope"], "error: no update matches 'Nope'; closest: OnOffView, <graph>, Creation of App\n"),
            (["--view", "(", "--regex"], "error: invalid regular expression '('"),
            ([], "name a view with --view PATTERN, an update event with --update ID, or a hitch with --hitch N"),
            (["--update", "13", "--list"], "--list needs --view"),
            (["--view", ""], "error: --view must not be empty: it would match every update; give part of a title\n"),
        ])
    func whyErrors(_ arguments: [String], _ message: String) throws {
        let result = try Causegraph.run(["why", fixture("onoff-toggle.jsonl")] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message))
    }

    @Test("summary reports findings with options for their thresholds")
    func summary() throws {
        let text = try Causegraph.run(["summary", fixture("landmarks-favorites-before.jsonl")])
        #expect(text.status == 0)
        #expect(text.output.contains("1. fan-out: one ModelData.favoritesCollection change drives up to 24"))
        let raised = try Causegraph.run(["summary", fixture("landmarks-favorites-before.jsonl"), "--fan-out", "30"])
        #expect(raised.status == 0)
        #expect(raised.output.hasSuffix("Findings\n  none\n"))
        let storm = try Causegraph.run([
            "summary", fixture("findings/rebuild-storm.jsonl"), "--storm-window", "500us", "--format", "json",
        ])
        #expect(storm.status == 0)
        #expect(storm.output.contains("\"findings\": []"))
        let markdown = try Causegraph.run(["summary", fixture("contact-list.jsonl"), "--format", "markdown"])
        #expect(markdown.output.hasPrefix("## SwiftUI updates: ContactList\n"))
        let bad = try Causegraph.run(["summary", fixture("contact-list.jsonl"), "--storm-window", "soon"])
        #expect(bad.status == 2)
    }

    @Test("summary lists the titles no classification rule matched")
    func unclassifiedTitles() throws {
        let result = try Causegraph.run(["summary", fixture("instruments")])
        #expect(result.status == 0)
        #expect(result.output.contains("Titles no classification rule matched\n  Mystery ✦ widget (1 event)\n"))
        // The library's note names the setting; the command line spells it.
        #expect(result.standardError.contains("(add rules with --classify FILE)"))
        let json = try Causegraph.run(["summary", fixture("instruments"), "--format", "json"])
        #expect(json.output.contains(#""unclassifiedTitles": ["Mystery ✦ widget (1 event)"]"#))
    }
}

@Suite("why --hitch and the summary's hitches")
struct HitchCommandTests {
    @Test("why --hitch N traces one hitch in every format; bad numbers are one-line errors")
    func whyHitch() throws {
        let trace = fixture("landmarks-favorites-hitches.jsonl")
        let text = try Causegraph.run(["why", trace, "--hitch", "2"])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("Hitch 2: 265 ms hang (Microhang)\n  at 3466.800 ms · update group 2\n"))
        #expect(
            text.output.contains(
                "    LandmarkListItemView (body)\n    ← ModelData.favoritesCollection (observable)\n    ← Tap (gesture)\n"
            ))
        #expect(text.output.contains("Root causes: Tap (gesture)"))
        let json = try JSONParser.parse(try Causegraph.run(["why", trace, "--hitch", "1", "--format", "json"]).output)
        #expect(
            json["number"]?.numberValue == 1 && json["duration"]?.numberValue == 33_340_000
                && json["groups"]?.arrayValue?.count == 1)
        let markdown = try Causegraph.run(["why", trace, "--hitch", "4", "--format", "markdown"])
        #expect(markdown.output.hasPrefix("## Hitch 4: 8.33 ms hitch\n"))
        let missing = try Causegraph.run(["why", trace, "--hitch", "5"])
        #expect(missing.status == 2 && missing.standardError == "error: no hitch 5: the trace holds hitches 1 to 4\n")
        let none = try Causegraph.run(["why", fixture("onoff-toggle.jsonl"), "--hitch", "1"])
        #expect(none.status == 2 && none.standardError == "error: the trace holds no hitches or hangs\n")
        let both = try Causegraph.run(["why", trace, "--hitch", "1", "--view", "List"])
        #expect(both.status == 2 && both.standardError.contains("--hitch asks its own question"))
        let zero = try Causegraph.run(["why", trace, "--hitch", "0"])
        #expect(zero.status == 2 && zero.standardError.contains("--hitch 0 is out of range"))
    }

    @Test("convert carries the hitches and hangs of an export into the native format")
    func convertHitches() throws {
        let tables = ["hitches", "potential-hangs", "swiftui-update-groups", "swiftui-updates", "swiftui-causes"].map {
            fixture("instruments/recording/\($0).xml")
        }
        let converted = try Causegraph.run(["convert"] + tables + ["-o", "-"])
        #expect(converted.status == 0, "\(converted.standardError)")
        let hitches = converted.output.split(separator: "\n").filter { $0.hasPrefix(#"{"hitch": "#) }
        #expect(
            hitches == [
                #"{"hitch": "hitch", "start": 1002000000, "duration": 8330000, "process": "Landmarks (4242)", "narrative": "Potentially expensive app update(s)"}"#,
                #"{"hitch": "hitch", "start": 1058000000, "duration": 16670000, "process": "Landmarks (4242)", "narrative": "Potentially expensive app update(s)"}"#,
                #"{"hitch": "hang", "start": 1033000000, "duration": 260000000, "hangType": "Microhang"}"#,
            ])
    }

    @Test("check limits hitches per interaction from the budget file")
    func checkHitches() throws {
        let failing = try Causegraph.run([
            "check", fixture("landmarks-favorites-hitches.jsonl"), "--budget", fixture("budgets/hitches.yaml"),
        ])
        #expect(failing.status == 1)
        #expect(
            failing.output.contains(
                "exceeded  hitches.perInteraction · hitches per interaction\n          2 hitches, limit 1"))
        let passing = try Causegraph.run([
            "check", fixture("landmarks-favorites-after.jsonl"), "--budget", fixture("budgets/hitches.yaml"),
        ])
        #expect(passing.status == 0)
    }
}
