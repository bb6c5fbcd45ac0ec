import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `summary` and `why` answer a recording of any size in a page: what
/// matters most, ranked, with a last line saying what was left out; the
/// whole answer one option away (issue 28).
@Suite("Bounded output")
struct BoundedOutputCommandTests {
    /// A generated recording of 20,000 links: some 2,000 views, of which
    /// about 150 match `Row`; unbounded, `summary` prints some 2,300 lines.
    private func recording(in scratch: TemporaryFolder) throws -> String {
        try GeneratedRecording.write(20_000, "native", into: scratch)
    }

    private func run(_ arguments: [String]) throws -> String {
        let result = try Causegraph.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return result.output
    }

    private func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    /// The lines from the last `Left out:` on, joined by spaces; "" when there are none.
    private func leftOut(_ text: String) -> String {
        let all = lines(text)
        guard let start = all.lastIndex(where: { $0.hasPrefix("Left out: ") }) else { return "" }
        return all[start...].joined(separator: " ")
    }

    @Test("summary: at most 200 lines and 32 KB of Markdown, ranked by time; --all shows every view")
    func summaryIsBounded() throws {
        let scratch = try TemporaryFolder()
        let path = try recording(in: scratch)
        let text = try run(["summary", path])
        #expect(lines(text).count <= 200)
        let last = leftOut(text)
        #expect(last.contains(" views") && last.hasSuffix("--all shows everything."))
        #expect(lines(text).allSatisfy { TerminalText.columns(String($0)) <= 80 }, "\(text)")
        let markdown = try run(["summary", path, "--format", "markdown"])
        #expect(markdown.utf8.count <= 32 * 1024)
        #expect(leftOut(markdown).hasSuffix("--all shows everything."))

        let all = try run(["summary", path, "--all"])
        #expect(lines(all).count > 1_000)
        #expect(!all.contains("Left out:"))
        // The views shown by default are the first of the whole ranking: the app's, by total time, before SwiftUI's.
        let complete = try JSONParser.parse(try run(["summary", path, "--format", "json", "--all"]))
        let bounded = try JSONParser.parse(try run(["summary", path, "--format", "json"]))
        #expect(complete["truncated"]?.content == .bool(false))
        #expect(bounded["truncated"]?.content == .bool(true))
        let rows = { (summary: JSONValue, module: (String?) -> Bool) in
            (summary["modules"]?.arrayValue ?? []).filter { module($0["module"]?.stringValue) }
                .flatMap { $0["views"]?.arrayValue ?? [] }
        }
        let appDurations = rows(complete) { $0 != "SwiftUI" }.map { $0["totalDuration"]?.numberValue ?? 0 }
            .sorted(by: >)
        #expect(rows(bounded) { _ in true }.count == ListBounds.defaultLimit)
        #expect(
            rows(bounded) { $0 != "SwiftUI" }.map { $0["totalDuration"]?.numberValue ?? 0 }.sorted(by: >)
                == Array(appDurations.prefix(ListBounds.defaultLimit)))
        #expect(rows(complete) { $0 == "SwiftUI" }.count > 0)
        #expect(
            bounded["omitted"]?["views"]?.numberValue
                == Int64(rows(complete) { _ in true }.count - ListBounds.defaultLimit))
        // The interactions are paged alike: --all lists every one, the default the ten busiest and a count of the rest.
        let interactions = complete["interactions"]?.arrayValue?.count ?? 0
        #expect(interactions > ListBounds.defaultLimit)
        #expect(bounded["interactions"]?.arrayValue?.count == ListBounds.defaultLimit)
        #expect(bounded["omitted"]?["interactions"]?.numberValue == Int64(interactions - ListBounds.defaultLimit))
        #expect(last.contains(" interactions"))
    }

    @Test("--sort, --top and --offset choose and page; bad values are usage errors")
    func sortTopOffset() throws {
        let scratch = try TemporaryFolder()
        let path = try recording(in: scratch)
        let titles = { (arguments: [String]) throws -> [String] in
            let summary = try JSONParser.parse(try self.run(["summary", path, "--format", "json"] + arguments))
            return (summary["modules"]?.arrayValue ?? []).flatMap { $0["views"]?.arrayValue ?? [] }
                .compactMap { $0["title"]?.stringValue }
        }
        let byName = try titles(["--sort", "name", "--top", "6"])
        #expect(byName.count == 6)
        #expect(byName == byName.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let pages =
            try titles(["--sort", "name", "--top", "3"]) + titles(["--sort", "name", "--top", "3", "--offset", "3"])
        #expect(pages == byName)
        for arguments in [["--top", "0"], ["--offset", "-1"], ["--sort", "size"], ["--all", "--top", "3"]] {
            let result = try Causegraph.run(["summary", path] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("why --view Row: at most 200 lines, the slowest views first; --list pages each listing")
    func whyIsBounded() throws {
        let scratch = try TemporaryFolder()
        let path = try recording(in: scratch)
        let text = try run(["why", path, "--view", "Row"])
        #expect(lines(text).count <= 200)
        #expect(leftOut(text).hasSuffix("--all shows everything."))
        #expect(lines(text).allSatisfy { TerminalText.columns(String($0)) <= 80 }, "\(text)")
        let all = try run(["why", path, "--view", "Row", "--all"])
        #expect(lines(all).count > 1_000)
        #expect(!all.contains("Left out:"))

        // With --list, --top and --offset page each view's updates; the views are the ten slowest.
        let listed = try JSONParser.parse(
            try run(["why", path, "--view", "Row", "--list", "--format", "json", "--top", "2"]))
        let views = try #require(listed["views"]?.arrayValue)
        let matching = try JSONParser.parse(try run(["why", path, "--view", "Row", "--all", "--format", "json"]))
        #expect(views.count == min(ListBounds.defaultLimit, matching["views"]?.arrayValue?.count ?? 0))
        #expect(listed["truncated"]?.content == .bool(true))
        for view in views {
            #expect(view["updates"]?.arrayValue?.count == 2)
            #expect((view["omittedUpdates"]?.numberValue ?? 0) > 0)
        }
        let durations = views.map { $0["node"]?["totalDuration"]?.numberValue ?? 0 }
        #expect(durations == durations.sorted(by: >))
        let firstFour = try JSONParser.parse(
            try run(["why", path, "--view", "Row", "--list", "--format", "json", "--top", "4"]))
        let nextTwo = try JSONParser.parse(
            try run(["why", path, "--view", "Row", "--list", "--format", "json", "--top", "2", "--offset", "2"]))
        let events = { (json: JSONValue) in
            (json["views"]?.arrayValue ?? []).map { ($0["updates"]?.arrayValue ?? []).map { $0["event"]?.numberValue } }
        }
        #expect(events(nextTwo) == events(firstFour).map { Array($0.dropFirst(2)) })
        #expect(events(nextTwo).allSatisfy { $0.count == 2 })
        let listedText = try run(["why", path, "--view", "Row", "--list", "--top", "2", "--sort", "count"])
        #expect(
            leftOut(listedText).hasSuffix(
                "(updates in time order); --top N or --offset N pages the updates, --all shows everything."))
        #expect(lines(listedText).allSatisfy { TerminalText.columns(String($0)) <= 80 }, "\(listedText)")
    }

    @Test("why --list --longest pages each view's updates longest first, which --all lists in the same order")
    func whyListsLongestFirst() throws {
        let scratch = try TemporaryFolder()
        let path = try recording(in: scratch)
        let durations = { (json: JSONValue) in
            (json["views"]?.arrayValue ?? []).map {
                ($0["updates"]?.arrayValue ?? []).map { $0["duration"]?.numberValue ?? -1 }
            }
        }
        let all = try JSONParser.parse(
            try run(["why", path, "--view", "Row", "--list", "--longest", "--all", "--format", "json"]))
        let everyDuration = durations(all)
        // An update of no duration reads as -1 here, and is listed last.
        #expect(everyDuration.allSatisfy { $0 == $0.sorted(by: >) })
        #expect(everyDuration.filter { $0.count > 100 }.count > 10)
        #expect(all["views"]?.arrayValue?.allSatisfy { $0["updateOrder"]?.content == .string("longest") } == true)
        let top = try JSONParser.parse(
            try run(["why", path, "--view", "Row", "--list", "--longest", "--top", "3", "--format", "json"]))
        #expect(durations(top) == everyDuration.prefix(durations(top).count).map { Array($0.prefix(3)) })
        let text = try run(["why", path, "--view", "Row", "--list", "--longest", "--top", "3"])
        #expect(
            leftOut(text).hasSuffix(
                "(updates longest first); --top N or --offset N pages the updates, --all shows everything."))
        let refused = try Causegraph.run(["why", path, "--view", "Row", "--longest"])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.hasPrefix("error: --longest orders the updates --list lists; give it with --list"))
    }

    @Test("why --format json counts a view's update groups, which grow with the recording, instead of listing them")
    func whyCountsGroups() throws {
        let scratch = try TemporaryFolder()
        let path = try recording(in: scratch)
        let why = try JSONParser.parse(try run(["why", path, "--view", "View Creation", "--format", "json"]))
        let node = try #require(why["views"]?.arrayValue?.first?["node"])
        #expect(node["groups"] == nil)
        let graph = try JSONParser.parse(try run(["render", path, "--format", "json", "--max-nodes", "0"]))
        let drawn = try #require(graph["nodes"]?.arrayValue?.first { $0["id"]?.stringValue == node["id"]?.stringValue })
        let groups = try #require(drawn["groups"]?.arrayValue)
        #expect(groups.count > 100, "a node in many groups: \(groups.count)")
        #expect(node["groupCount"]?.numberValue == Int64(groups.count))
    }

    @Test("an offset past the end of a list says how many it has and that the offset starts past them")
    func offsetPastTheEnd() throws {
        let before = fixture("landmarks-favorites-before.jsonl")
        let summary = try run(["summary", before, "--offset", "100"])
        for line in [
            "Body updates by module and view\n  … the list has 3 views; offset 100 starts past them\n",
            "Top causes by fan-out\n  … the list has 1 cause; offset 100 starts past it\n",
            "Interactions by body time\n  … the list has 3 interactions; offset 100 starts past them\n",
            "Findings\n  … the list has 1 finding; offset 100 starts past it\n",
        ] {
            #expect(summary.contains(line), "\(summary)")
        }
        #expect(!summary.contains("not shown"), "nothing comes after the offset: \(summary)")
        let markdown = try run(["summary", before, "--offset", "3", "--format", "markdown"])
        #expect(markdown.contains("\n… the list has 3 views; offset 3 starts past them.\n"), "\(markdown)")
        #expect(markdown.contains("\n- … the list has 1 cause; offset 3 starts past it\n"), "\(markdown)")
        let hitches = try run(["summary", fixture("landmarks-favorites-hitches.jsonl"), "--offset", "4"])
        #expect(
            hitches.contains("\nHitches and hangs\n  … the list has 4 hitches and hangs; offset 4 starts past them\n"),
            "\(hitches)")
        let why = try run(["why", before, "--view", "Landmark", "--offset", "3"])
        #expect(why.hasPrefix("… the list has 3 matching views; offset 3 starts past them\n"), "\(why)")
        let list = try run(["why", before, "--view", "LandmarkListItemView", "--list", "--offset", "72"])
        #expect(list.contains("\n  … the list has 72 updates; offset 72 starts past them\n"), "\(list)")
        let diff = try run(["diff", before, fixture("landmarks-favorites-after.jsonl"), "--offset", "5"])
        #expect(
            diff.contains(
                "Changes, largest first: by total time, then by count\n  … the list has 5 changes; offset 5 starts past them\n"
            ), "\(diff)")
        // An offset within a list keeps its wording: what it passed over and what is past the limit, as more.
        let within = try run(["summary", before, "--offset", "2", "--top", "2"])
        #expect(within.contains("\n  … 2 more views not shown\n"), "\(within)")
        #expect(within.contains("Top causes by fan-out\n  … the list has 1 cause; offset 2 starts past it\n"))
        let withinList = try run(["why", before, "--view", "LandmarkListItemView", "--list", "--offset", "71"])
        #expect(withinList.contains("\n  … 71 more updates not shown\n"), "\(withinList)")
    }

    @Test("diff: the text table shows the 10 largest changes and a Left-out line; --top, --offset and --all page it")
    func diffIsBounded() throws {
        let scratch = try TemporaryFolder()
        let before = try recording(in: scratch)
        let after = try GeneratedRecording.write(20_000, "native", into: scratch, seed: 2)
        let text = try run(["diff", before, after])
        #expect(lines(text).count <= 60)
        let changes = try #require(
            try JSONParser.parse(try run(["diff", before, after, "--table-format", "json"]))["changes"]?.arrayValue)
        #expect(changes.count > 100)
        #expect(
            leftOut(text)
                == "Left out: \(CountText.format(changes.count - ListBounds.defaultLimit)) changes (ranked by time); "
                + "--top N or --offset N shows others, --all shows everything.")
        // Rows lead with their word, two spaces in; the ten shown are the first ten of the whole ranking.
        let rows = { (text: String) in lines(text).filter { $0.hasPrefix("  ") && $0.dropFirst(2).first != " " } }
        let titles = { (text: String) in rows(text).map { $0.dropFirst(17) } }
        #expect(rows(text).count == ListBounds.defaultLimit + 4, "four lines of totals, then the rows")
        // --all adds the unchanged rows, which rank among the others; --top of every row shows the rest.
        #expect(!(try run(["diff", before, after, "--all"])).contains("Left out:"))
        let every = try run(["diff", before, after, "--top", "\(changes.count)"])
        #expect(!every.contains("Left out:"))
        #expect(rows(every).count == changes.count + 4)
        #expect(titles(every).starts(with: titles(text)))
        let paged = try run(["diff", before, after, "--top", "3", "--offset", "2"])
        #expect(Array(titles(paged).dropFirst(4)) == Array(titles(text).dropFirst(4 + 2).prefix(3)))
        for arguments in [["--top", "0"], ["--offset", "-1"], ["--all", "--top", "3"]] {
            let result = try Causegraph.run(["diff", before, after] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty)
        }
    }
}
