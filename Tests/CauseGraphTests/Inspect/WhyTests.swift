import CauseGraph
import Testing

@Suite("Why a body ran")
struct WhyTests {
    @Test("the cause tree runs from the view to its root causes, most frequent first")
    func causeTree() throws {
        let graph = try fixtureGraph("onoff-toggle")
        let view = try #require(try WhyReport.views(matching: TitlePattern("onoffview"), in: graph).first)
        let tree = CauseTree(of: view, in: graph)
        #expect(tree.causes.map(\.cause.title) == ["OnOffView.isOn", "Creation of App"])
        #expect(tree.causes.map(\.edge.count) == [4, 1])
        #expect(tree.causes.map(\.share) == [0.8, 0.2])
        #expect(tree.causes[0].causes.map(\.cause.title) == ["Tap"])
        #expect(tree.causes[0].causes[0].causes.isEmpty)
    }

    @Test("cycles are shown once and not followed")
    func cycles() throws {
        var builder = GraphBuilder()
        try builder.add(TraceEvent(id: 1, kind: .body, title: "A", owner: .app))
        try builder.add(TraceEvent(id: 2, kind: .body, title: "B", owner: .app))
        try builder.add(TraceCause(from: 1, to: 2, label: .update))
        try builder.add(TraceCause(from: 2, to: 1, label: .update))
        let graph = builder.finish()
        let tree = CauseTree(of: graph.nodes[0], in: graph)
        #expect(tree.causes.map(\.cause.title) == ["B"])
        #expect(tree.causes[0].causes.map(\.cause.title) == ["A"])
        #expect(tree.causes[0].causes[0].isRepeated)
        #expect(tree.causes[0].causes[0].causes.isEmpty)
    }

    @Test("patterns: substring in any case, or a regular expression")
    func patterns() throws {
        #expect(try TitlePattern("listitem").matches("LandmarkListItemView"))
        #expect(try !TitlePattern("^List", isRegex: true).matches("LandmarkListItemView"))
        #expect(try TitlePattern("Item(View)?$", isRegex: true).matches("LandmarkListItemView"))
        #expect(throws: Diagnostic.self) { try TitlePattern("(", isRegex: true) }
    }

    @Test("a pattern that matches nothing lists the closest view names")
    func noMatch() throws {
        let graph = try fixtureGraph("landmarks-favorites-before")
        #expect(
            throws: Diagnostic.error(
                "no update matches 'LandmarkItemView'; closest: LandmarkListItemView, LandmarkListView, LandmarkFavoriteButton, UIScrollView, <graph>"
            )
        ) {
            try WhyReport.views(matching: TitlePattern("LandmarkItemView"), in: graph)
        }
    }

    @Test(
        "a pattern that names a cause, not an update, says so and names what it led to",
        arguments: [
            (
                "favorites",
                "no update matches 'favorites'; it names a cause, ModelData.favoritesCollection (observable), which led to LandmarkListItemView, LandmarkListView"
            ),
            (
                "^Tap$",
                "no update matches '^Tap$'; it names a cause, Tap (gesture), which led to ModelData.favoritesCollection"
            ),
        ])
    func causeNamed(_ pattern: String, _ message: String) throws {
        let graph = try fixtureGraph("landmarks-favorites-before")
        let title = try TitlePattern(pattern, isRegex: pattern.hasPrefix("^"))
        #expect(throws: Diagnostic.error(message)) { try WhyReport.views(matching: title, in: graph) }
    }

    @Test("one update's chain goes back to its root cause, with times")
    func updateChain() throws {
        let (_, events) = try fixtureEvents("onoff-toggle")
        let body = try #require(events.events.last { $0.key.title == "OnOffView" })
        let chain = try #require(UpdateChain(event: body.id, in: events))
        #expect(chain.update.event.key.title == "OnOffView")
        #expect(chain.update.causes.map(\.event.key.title) == ["OnOffView.isOn"])
        #expect(chain.update.causes[0].label == .update)
        #expect(chain.update.causes[0].causes.map(\.event.key.title) == ["Tap"])
        #expect(chain.update.causes[0].causes[0].event.time! < chain.update.event.time!)
        #expect(UpdateChain(event: 999_999, in: events) == nil)
    }

    @Test("the listing is in time order with direct causes")
    func listing() throws {
        let (graph, events) = try fixtureEvents("dark-mode")
        let view = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        let listing = UpdateListing(of: view.key, in: events)
        #expect(listing.entries.count == 12)
        #expect(listing.entries.allSatisfy { !$0.event.ran })
        let times = listing.entries.compactMap(\.event.time)
        #expect(times == times.sorted())
        #expect(listing.entries.allSatisfy { $0.causes.map(\.event.key.title) == ["External Environment"] })
    }

    @Test("--longest lists the longest updates first, ties earliest first, an update of no duration last")
    func longestFirst() throws {
        var events = EventLog()
        try events.begin(TraceHeader(app: "App"))
        // (id, time, duration): a tie at 5, a duration a hostile trace may hold, none at all.
        let updates: [(UInt64, Nanoseconds?, Nanoseconds?)] = [
            (1, 10, 5), (2, 20, nil), (3, 30, 9), (4, 5, 5), (5, 40, .min), (6, nil, 7), (7, 50, .max),
        ]
        for (id, time, duration) in updates {
            try events.add(TraceEvent(id: id, kind: .body, title: "Row", owner: .app, time: time, duration: duration))
        }
        let row = try #require(events.events.first?.key)
        let longest = UpdateListing.listings(of: [row], in: events, order: .longest)[0]
        #expect(longest.order == .longest)
        #expect(longest.entries.map(\.event.id) == [7, 3, 6, 4, 1, 5, 2])
        let inTime = UpdateListing.listings(of: [row], in: events, order: .time)[0]
        #expect(inTime.entries.map(\.event.id) == [6, 4, 1, 2, 3, 5, 7])
        let page = longest.bounded(ListBounds(offset: 1, limit: 2))
        #expect(page.entries.map(\.event.id) == [3, 6])
        #expect(page.omittedEntries == 5)
    }
}
