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
        let expanded = all.filter { !$0.causes.isEmpty }
        #expect(Set(expanded.map(\.cause.id)).count == expanded.count)
        #expect(Set(expanded.map(\.cause.id)) == Set(all.filter { $0.cause.kind != .unrecorded }.map(\.cause.id)))
        #expect(all.filter(\.isExpandedElsewhere).allSatisfy { $0.causes.isEmpty && $0.cause.kind != .unrecorded })
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
        let expanded = all.filter { !$0.causes.isEmpty }
        #expect(Set(expanded.map(\.event.id)).count == expanded.count)
        #expect(expanded.count == 1 + 4 * 10)
        #expect(all.count == 1 + 4 + 16 * 10)
        // The first layer's events have no causes: none is said to have them elsewhere.
        #expect(all.filter(\.isExpandedElsewhere).allSatisfy { $0.event.id > 4 })
        #expect(all.filter(\.isExpandedElsewhere).count == 4 * 3 * 9)
    }

    /// V's 10 updates: 4 from View Creation, 6 from `@State: s`, one also
    /// from External Environment. Creation ran 20 times, the other 16 for W;
    /// half its runs came from Prefetch, half from Load; one scroll drove
    /// every prefetch, External Environment (a root) every load.
    static func creationGraph() throws -> CauseEffectGraph {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader())
        var next: EventID = 1
        func event(_ kind: NodeKind, _ title: String) throws -> EventID {
            defer { next += 1 }
            try builder.add(TraceEvent(id: next, kind: kind, title: title, owner: .app))
            return next
        }
        let scroll = try event(.gesture, "Gesture: Scroll")
        let environment = try event(.externalEnvironment, "External Environment")
        let state = try event(.state, "@State: s")
        let views = try (0..<10).map { _ in try event(.body, "V") }
        let others = try (0..<16).map { _ in try event(.body, "W") }
        for index in 0..<20 {
            let creation = try event(.other, "View Creation / Reuse")
            let source = try event(.other, index % 2 == 0 ? "Prefetch" : "Load")
            try builder.add(TraceCause(from: source, to: creation, label: .update))
            try builder.add(TraceCause(from: index % 2 == 0 ? scroll : environment, to: source, label: .update))
            try builder.add(
                TraceCause(from: creation, to: index < 4 ? views[index] : others[index - 4], label: .creation))
        }
        for view in views[4...] { try builder.add(TraceCause(from: state, to: view, label: .update)) }
        try builder.add(TraceCause(from: environment, to: views[0], label: .update))
        return builder.finish()
    }

    @Test("flows at the largest counts stay whole, where a cause is a node's only one")
    func flowAtLargestCounts() throws {
        let graph = tinyGraph(
            [("Tap", .gesture, .app, .max), ("Model.items", .observable, .app, .max), ("V", .body, .app, .max)],
            [("Tap", "Model.items", .max), ("Model.items", "V", .max)])
        let tree = CauseTree(of: try #require(graph.nodes.first { $0.title == "V" }), in: graph)
        #expect(tree.causes.map(\.flow) == [.max])
        #expect(tree.causes.first?.causes.map(\.flow) == [.max])
    }

    @Test("a cause's count is its part of the branch it explains, never more than that branch's")
    func flowWithinParent() throws {
        let graph = try Self.creationGraph()
        let tree = CauseTree(of: try #require(graph.nodes.first { $0.title == "V" }), in: graph)
        let creation = try #require(tree.causes.first { $0.cause.title == "View Creation / Reuse" })
        #expect(creation.edge.count == 4)
        #expect(creation.flow == 4)
        // Prefetch and Load each caused 10 of creation's 20 runs: half of the 4 that reached V each.
        #expect(creation.causes.map(\.edge.count) == [10, 10])
        #expect(creation.causes.map(\.flow) == [2, 2])
        let prefetch = try #require(creation.causes.first { $0.cause.title == "Prefetch" })
        #expect(prefetch.causes.map(\.cause.title) == ["Gesture: Scroll"])
        #expect(prefetch.causes.map(\.flow) == [2])
        let all = Self.branches(tree.causes)
        for branch in all {
            #expect(branch.causes.allSatisfy { $0.flow <= branch.flow }, "\(branch.cause.title)")
        }
        let report = WhyReport(frameRate: 60, views: [tree])
        let text = WhyFormatter.format(report, as: .text)
        #expect(text.contains("├─ creation ×4 (36%) View Creation / Reuse\n"), "\(text)")
        #expect(text.contains("─ update ×2 (50%) Prefetch\n"), "\(text)")
        #expect(text.contains("└─ gesture ×2 (100%) Gesture: Scroll\n"), "\(text)")
        #expect(WhyFormatter.format(report, as: .markdown).contains("  - **update** ×2 (50%): Prefetch"))
        // JSON keeps the edge's count and gives the part along the path beside it.
        let json = try JSONParser.parse(WhyFormatter.format(report, as: .json))
        let branch = try #require(
            json["views"]?.arrayValue?.first?["causes"]?.arrayValue?.first {
                $0["title"]?.stringValue == "View Creation / Reuse"
            })
        let first = try #require(branch["causes"]?.arrayValue?.first)
        #expect(first["count"]?.numberValue == 10)
        #expect(first["flow"]?.numberValue == 2)
    }

    @Test("a cause with no causes of its own is never said to have them elsewhere")
    func rootNotElsewhere() throws {
        let graph = try Self.creationGraph()
        let tree = CauseTree(of: try #require(graph.nodes.first { $0.title == "V" }), in: graph)
        let all = Self.branches(tree.causes)
        let environment = all.filter { $0.cause.title == "External Environment" }
        #expect(environment.count == 2, "straight into V, and under Load")
        #expect(environment.allSatisfy { !$0.isExpandedElsewhere && $0.causes.isEmpty && $0.omittedCauses == 0 })
        let text = WhyFormatter.format(WhyReport(frameRate: 60, views: [tree]), as: .text)
        #expect(!text.contains("(causes shown elsewhere)"), "\(text)")
    }

    @Test("an event with no causes of its own is never said to have them elsewhere in an update's chain")
    func rootNotElsewhereInChain() throws {
        var log = EventLog()
        try log.begin(TraceHeader())
        try log.add(TraceEvent(id: 1, kind: .externalEnvironment, title: "External Environment", owner: .app))
        try log.add(TraceEvent(id: 2, kind: .state, title: "@State: s", owner: .app))
        try log.add(TraceEvent(id: 3, kind: .body, title: "V", owner: .app))
        try log.add(TraceCause(from: 1, to: 2, label: .update))
        try log.add(TraceCause(from: 1, to: 3, label: .update))
        try log.add(TraceCause(from: 2, to: 3, label: .update))
        let chain = try #require(UpdateChain(event: 3, in: log))
        let environment = Self.steps(chain.update).filter { $0.event.id == 1 }
        #expect(environment.count == 2)
        #expect(environment.allSatisfy { !$0.isExpandedElsewhere && $0.causes.isEmpty && $0.omittedCauses == 0 })
        let text = WhyFormatter.format(WhyReport(frameRate: 60, views: [], chain: chain), as: .text)
        #expect(!text.contains("(causes shown elsewhere)"), "\(text)")
    }
}
