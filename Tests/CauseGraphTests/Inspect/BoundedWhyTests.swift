import CauseGraph
import Testing

/// `why` on graphs whose causes are shared: the tree stays small where the
/// paths through it are countless.
@Suite("Why stays bounded")
struct BoundedWhyTests {
    /// `layers` layers of `width` views, each view caused by every view of the
    /// layer before; the last layer's first view is the one asked about.
    /// `width ^ (layers - 1)` paths lead to it. One event per node, so the
    /// event log is the same lattice.
    static func lattice<Sink: TraceSink & ~Copyable>(layers: Int, width: Int, into sink: inout Sink) throws {
        try sink.begin(TraceHeader(app: "Lattice"))
        for layer in 0..<layers {
            for column in 0..<width {
                let id = EventID(layer * width + column + 1)
                try sink.add(
                    TraceEvent(
                        id: id, kind: .body, title: "L\(layer)V\(column)", owner: .app, time: Nanoseconds(id), ran: true
                    ))
                guard layer > 0 else { continue }
                for cause in 0..<width {
                    try sink.add(TraceCause(from: EventID((layer - 1) * width + cause + 1), to: id, label: .update))
                }
            }
        }
    }

    static func branches(_ branches: [CauseTree.Branch]) -> [CauseTree.Branch] {
        branches.flatMap { [$0] + Self.branches($0.causes) }
    }

    static func steps(_ step: UpdateChain.Step) -> [UpdateChain.Step] {
        [step] + step.causes.flatMap(steps)
    }

    @Test("a lattice with 4^11 paths: each node's causes are listed once")
    func lattice() throws {
        var builder = GraphBuilder()
        try Self.lattice(layers: 12, width: 4, into: &builder)
        let graph = builder.finish()
        let view = try #require(graph.nodes.first { $0.title == "L11V0" })
        let tree = CauseTree(of: view, in: graph)
        let all = Self.branches(tree.causes)
        // Every edge upstream of the view appears once: 4 into the view, 16 between each pair of layers,
        // and 4 from the node for runs with no recorded cause into the first layer's views.
        #expect(all.count == 4 + 16 * 10 + 4)
        #expect(Set(all.map(\.edge.id)).count == all.count)
        #expect(Set(all.map(\.cause.title)).count == 4 * 11 + 1)
        let expanded = all.filter { !$0.isRepeated && !$0.isExpandedElsewhere }
        #expect(Set(expanded.map(\.cause.id)).count == expanded.count)
        #expect(all.filter(\.isExpandedElsewhere).allSatisfy { $0.causes.isEmpty })
        let text = WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .text)
        #expect(text.split(separator: "\n").count < 200)
        #expect(text.contains("L9V1 (causes shown elsewhere)"))
    }

    @Test("a shared cause is expanded under its most frequent first reach, and marked elsewhere")
    func sharedCause() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader())
        try builder.add(TraceEvent(id: 1, kind: .state, title: "@State: x", owner: .app))
        try builder.add(TraceEvent(id: 2, kind: .gesture, title: "Tap", owner: .app))
        try builder.add(TraceEvent(id: 3, kind: .body, title: "A", owner: .app))
        try builder.add(TraceEvent(id: 4, kind: .body, title: "A", owner: .app))
        try builder.add(TraceEvent(id: 5, kind: .body, title: "B", owner: .app))
        try builder.add(TraceEvent(id: 6, kind: .body, title: "V", owner: .app))
        try builder.add(TraceCause(from: 2, to: 1, label: .update))
        for (from, to) in [(1, 3), (1, 4), (1, 5), (3, 6), (4, 6), (5, 6)] {
            try builder.add(TraceCause(from: EventID(from), to: EventID(to), label: .update))
        }
        let graph = builder.finish()
        let tree = CauseTree(of: try #require(graph.nodes.first { $0.title == "V" }), in: graph)
        #expect(tree.causes.map(\.cause.title) == ["A", "B"])
        #expect(tree.causes[0].causes.map(\.cause.title) == ["@State: x"])
        #expect(tree.causes[0].causes[0].causes.map(\.cause.title) == ["Tap"])
        #expect(tree.causes[1].causes.map(\.cause.title) == ["@State: x"])
        #expect(tree.causes[1].causes[0].isExpandedElsewhere)
        #expect(tree.causes[1].causes[0].causes.isEmpty)
        #expect(
            WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .text).contains(
                "@State: x (causes shown elsewhere)"))
    }

    @Test("a node with more causes than shown says how many were left out")
    func omitted() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader())
        let causes = CauseTree.maximumCauses + 5
        try builder.add(TraceEvent(id: 1, kind: .body, title: "V", owner: .app))
        for index in 0..<causes {
            try builder.add(TraceEvent(id: EventID(index + 2), kind: .state, title: "@State: s\(index)", owner: .app))
            try builder.add(TraceCause(from: EventID(index + 2), to: 1, label: .update))
        }
        let graph = builder.finish()
        let tree = CauseTree(of: try #require(graph.nodes.first { $0.title == "V" }), in: graph)
        #expect(tree.causes.count == CauseTree.maximumCauses)
        #expect(tree.omittedCauses == 5)
        let text = WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .text)
        #expect(text.hasSuffix("  └─ … 5 more causes not shown\n"))
        #expect(
            WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .json).contains("\"omittedCauses\": 5"))
        #expect(
            WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .markdown).contains(
                "- … 5 more causes not shown"))
    }

    @Test("one update's chain through a lattice of events expands each event once")
    func chainLattice() throws {
        var log = EventLog()
        try Self.lattice(layers: 12, width: 4, into: &log)
        let chain = try #require(UpdateChain(event: 45, in: log))
        let all = Self.steps(chain.update)
        let expanded = all.filter { !$0.isRepeated && !$0.isExpandedElsewhere }
        #expect(Set(expanded.map(\.event.id)).count == expanded.count)
        #expect(expanded.count == 1 + 4 * 11)
        #expect(all.count == 1 + 4 + 16 * 10)
    }
}
