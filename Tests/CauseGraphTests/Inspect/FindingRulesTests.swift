import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("Findings")
struct FindingRulesTests {
    private func kinds(_ fixture: String, _ thresholds: FindingThresholds = FindingThresholds()) throws -> [Finding
        .Kind]
    {
        FindingRules.findings(
            in: try fixtureGraph(fixture, burstWindow: thresholds.stormWindow), thresholds: thresholds
        ).map(\.kind)
    }

    @Test(
        "each finding fires on the fixture that shows it and not on its counterpart",
        arguments: [
            (Finding.Kind.fanOut, "landmarks-favorites-before", "landmarks-favorites-after"),
            (.environmentChurn, "dark-mode", "onoff-toggle"),
            (.unstableIdentity, "contact-list", "landmarks-favorites-after"),
            (.longBodies, "contact-list", "onoff-toggle"),
            (.rebuildStorm, "findings/rebuild-storm", "landmarks-favorites-before"),
        ])
    func triggers(_ kind: Finding.Kind, _ showing: String, _ clean: String) throws {
        #expect(try kinds(showing).contains(kind))
        #expect(try !kinds(clean).contains(kind))
    }

    @Test("runs with no recorded cause are never a finding's culprit, however many at once")
    func unrecordedIsNoCulprit() throws {
        let unrecorded = CauseEffectGraph.Node(
            id: "n1", key: NodeKey(kind: .unrecorded, title: GraphBuilder.unrecordedTitle, owner: .system), count: 50)
        let row = CauseEffectGraph.Node(
            id: "n2", key: NodeKey(kind: .body, title: "Row", module: "App", owner: .app), count: 50, ran: 50)
        // A hand-made edge as wide as a fan-out: the builder's own never drives more than one run per cause.
        let edge = CauseEffectGraph.Edge(
            id: "e1", from: "n1", to: "n2", kind: .unrecorded, label: .update, count: 50, maxPerCause: 50)
        let graph = CauseEffectGraph(nodes: [row, unrecorded], edges: [edge])
        let findings = FindingRules.findings(in: graph)
        #expect(!findings.contains { $0.nodes.contains("n1") })
        #expect(!findings.contains { $0.kind == .fanOut })
    }

    @Test("the fan-out finding carries its evidence and the fix")
    func fanOutEvidence() throws {
        let graph = try fixtureGraph("landmarks-favorites-before")
        let finding = try #require(FindingRules.findings(in: graph).first { $0.kind == .fanOut })
        #expect(
            finding.summary
                == "one ModelData.favoritesCollection change drives up to 24 LandmarkListItemView body updates")
        #expect(
            finding.evidence.first
                == "ModelData.favoritesCollection → LandmarkListItemView: observable ×72 from 3 events, up to 24 from one"
        )
        #expect(finding.exampleGroup == 1)
        #expect(graph.node(finding.nodes[0])?.title == "LandmarkListItemView")
        #expect(finding.edge.flatMap { id in graph.edges.first { $0.id == id } }?.count == 72)
        #expect(finding.fix.contains("@Observable"))
    }

    @Test("a fan-out counts one cause event's updates within its trace, when traces read together reuse its id")
    func fanOutPerTrace() throws {
        var builder = GraphBuilder()
        // Two recordings of the same tap: each trace's event 1 drives its 12 rows.
        for _ in 0..<2 {
            try builder.begin(TraceHeader(app: "Fan"))
            try builder.add(TraceEvent(id: 1, kind: .state, title: "@State: items", owner: .app, time: 1_000))
            for id in 2...13 {
                try builder.add(
                    TraceEvent(
                        id: EventID(id), kind: .body, title: "Row", owner: .app, time: Nanoseconds(1_000 + id),
                        duration: 100_000))
                try builder.add(TraceCause(from: 1, to: EventID(id), label: .update))
            }
        }
        let finding = try #require(FindingRules.findings(in: builder.finish()).first { $0.kind == .fanOut })
        #expect(finding.summary == "one @State: items change drives up to 12 Row body updates")
        #expect(finding.evidence.first == "@State: items → Row: state ×24 from 2 events, up to 12 from one")
        #expect(finding.magnitude == 12)
    }

    @Test("a finding carries its figures as numbers, and summary --format json exports them as numbers")
    func figures() throws {
        let graph = try fixtureGraph("landmarks-favorites-before")
        let finding = try #require(FindingRules.findings(in: graph).first { $0.kind == .fanOut })
        guard case .fanOut(_, _, let edge, let links, let causeEvents, let maxPerCause, _, _, _, _) = finding.figures
        else {
            Issue.record("a fan-out finding carries fan-out figures")
            return
        }
        #expect((edge, links, causeEvents, maxPerCause) == (.observable, 72, 3, 24))

        let json = try JSONParser.parse(SummaryFormatter.format(TraceSummary(graph: graph), as: .json))
        guard case .object(let summary) = json.content, case .array(let findings)? = summary["findings"]?.content,
            case .object(let first)? = findings.first?.content, case .object(let exported)? = first["figures"]?.content
        else {
            Issue.record("summary JSON has no findings with figures")
            return
        }
        #expect(exported["maxPerCause"]?.content == .number(JSONNumber(text: "24")))
        #expect(exported["links"]?.content == .number(JSONNumber(text: "72")))
        #expect(exported["causeEvents"]?.content == .number(JSONNumber(text: "3")))
        // `others` lists the other views the cause fans out to: none here.
        #expect(exported["others"]?.content == .array([]))
        for member in exported.members where !["cause", "view", "edgeKind", "others"].contains(member.key) {
            guard case .number = member.value.content else {
                Issue.record("figure \(member.key) is \(member.value.typeName), not a number")
                continue
            }
        }
    }

    /// The realistic recording of issue 28: a generated app of lists, cards
    /// and sections scrolled through (`causegraph-export-gen 100000 1 native`).
    static func realisticGraph() throws -> CauseEffectGraph {
        let scratch = try TemporaryFolder()
        let path = try GeneratedRecording.write(100_000, "native", into: scratch)
        var diagnostics = Diagnostics()
        return try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
    }

    @Test(
        "the realistic recording gives a few distinct findings that name no SwiftUI view without an app cause",
        .disabled(if: Sanitizer.name != nil, "realistic sizes; the sanitizers check this code on small traces"))
    func realisticRecording() throws {
        let graph = try Self.realisticGraph()
        let findings = FindingRules.findings(in: graph)
        #expect(findings.count <= 25 && !findings.isEmpty, "\(findings.count) findings")
        #expect(Set(findings.map(\.summary)).count == findings.count, "each finding is distinct")
        // Rows made as the list scrolls (ScrollPrefetch → View Creation / Reuse) are no re-creation.
        #expect(!findings.contains { $0.kind == .unstableIdentity })
        let long = try #require(
            findings.first { $0.kind == .longBodies }, "one finding lists every view with long bodies")
        #expect(findings.filter { $0.kind == .longBodies }.count == 1)
        #expect(
            long.summary.hasSuffix(", and \(long.nodes.count - 1) other views too"),
            "the sentence counts every view it stands for: \(long.summary)")
        let nodes = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        let appCauses = Set(
            graph.edges.filter { nodes[$0.from]?.owner == .app && nodes[$0.from]?.kind.isCause == true }.map(\.to))
        for finding in findings where finding.kind != .environmentChurn {
            let view = try #require(nodes[finding.nodes[0]])
            #expect(view.owner == .app || appCauses.contains(view.id), "\(finding.summary)")
        }
        for finding in findings where finding.kind == .environmentChurn {
            #expect(finding.evidence.allSatisfy { !$0.contains("Text skipped") && !$0.contains("Image skipped") })
        }
    }

    @Test("unstable identity: re-creation while on screen, not rows made as the list scrolls, and not without groups")
    func unstableIdentityNeedsGroupsAndNoScroll() throws {
        // The contact list re-creates its rows on every tap: a finding, naming its parent.
        let contacts = try fixtureGraph("contact-list")
        let finding = try #require(FindingRules.findings(in: contacts).first { $0.kind == .unstableIdentity })
        #expect(finding.summary.contains("while on screen"))
        // The same creations in groups where the list scrolled are explained by it.
        var scrolled = contacts
        scrolled.nodes.append(
            CauseEffectGraph.Node(
                id: "scroll", key: NodeKey(kind: .gesture, title: "Scroll", module: nil, owner: .system), count: 1,
                ran: 0, skipped: 0, groups: contacts.groups.map(\.id)))
        #expect(!FindingRules.findings(in: scrolled).contains { $0.kind == .unstableIdentity })
        // Without update groups there is no telling re-creation from appearance.
        var ungrouped = contacts
        ungrouped.groups = []
        #expect(!FindingRules.findings(in: ungrouped).contains { $0.kind == .unstableIdentity })
    }

    @Test("the fix fits the kind of the cause, and the long-bodies sentence agrees with its figures")
    func fixesAndSentences() throws {
        func fanOut(_ edge: EdgeKind) -> Finding {
            Finding(
                kind: .fanOut,
                figures: .fanOut(
                    cause: "C", view: "Row", edge: edge, links: 30, causeEvents: 2, maxPerCause: 15, ran: 30,
                    updates: 30,
                    totalDuration: nil, others: []), nodes: ["a", "b"], edge: nil, exampleGroup: nil, magnitude: 15)
        }
        #expect(fanOut(.observable).fix.contains("@Observable"))
        #expect(
            fanOut(.externalEnvironment).fix.contains("environment")
                && !fanOut(.externalEnvironment).fix.contains("@Observable"))
        #expect(fanOut(.environmentWriter).fix.contains("environment"))
        #expect(fanOut(.state).fix.contains("@State") && !fanOut(.state).fix.contains("@Observable"))
        #expect(fanOut(.gesture).fix.contains("@GestureState"))
        let short = Finding(
            kind: .longBodies,
            figures: .longBodies(
                view: "Row", long: 3, red: 1_041_667, frameRate: 120, worst: 139_000, longerThanFrame: 0, others: []),
            nodes: ["a"], edge: nil, exampleGroup: nil, magnitude: 3)
        #expect(short.summary == "Row has 3 body updates rated high or very high")
        #expect(short.evidence == ["longest 139 µs, under the red threshold of 1.04 ms (1/8 of a frame at 120 Hz)"])
    }

    @Test("environment churn names the views that skipped")
    func churnEvidence() throws {
        let finding = try #require(FindingRules.findings(in: try fixtureGraph("dark-mode")).first)
        #expect(finding.summary == "External Environment made 24 view checks, 12 of which skipped the body")
        #expect(finding.evidence == ["checks that ran nothing: LandmarkListItemView skipped 12 of 12"])
        // The same checks skipped in SwiftUI's own views name nothing the app can change: no finding.
        var systemViews = try fixtureGraph("dark-mode")
        for index in systemViews.nodes.indices where systemViews.nodes[index].kind == .body {
            systemViews.nodes[index].key.owner = .system
        }
        #expect(!FindingRules.findings(in: systemViews).contains { $0.kind == .environmentChurn })
    }

    @Test("views that tie are named in the order they were first seen, not by title, so renaming them finds the same")
    func tiesFollowTheTrace() throws {
        let cause = CauseEffectGraph.Node(
            id: "n1", key: NodeKey(kind: .externalEnvironment, title: "External Environment", owner: .system),
            count: 40, appearanceRank: 0)
        // Ids follow the titles: `Alpha` is n2, but the trace met `Zulu` first.
        let titles = ["Alpha", "Mike", "Zulu"]
        let ranks = [3, 2, 1]
        let views = titles.indices.map { index in
            CauseEffectGraph.Node(
                id: "n\(index + 2)", key: NodeKey(kind: .body, title: titles[index], module: "App", owner: .app),
                count: 20, appearanceRank: ranks[index])
        }
        let edges = views.indices.map { index in
            CauseEffectGraph.Edge(
                id: "e\(index + 1)", from: "n1", to: views[index].id, kind: .externalEnvironment, label: .update,
                count: 20, groups: [GroupID(index + 1)], skipped: 20)
        }
        let finding = try #require(
            FindingRules.findings(in: CauseEffectGraph(nodes: [cause] + views, edges: edges)).first)
        #expect(
            finding.evidence == [
                "checks that ran nothing: Zulu skipped 20 of 20; Mike skipped 20 of 20; Alpha skipped 20 of 20"
            ])
        #expect(finding.exampleGroup == 3)
    }

    @Test("of views as often long, long bodies leads with the one whose longest is known and longer")
    func longBodiesLeadWithAKnownDuration() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader(app: "App", frameRate: 60))
        // Stuck is seen first, its two updates rated very high by the trace but never finished.
        let updates: [(String, Nanoseconds?)] = [
            ("Stuck", nil), ("Stuck", nil), ("Slow", 5_000_000), ("Slow", 3_000_000),
        ]
        for (index, (title, duration)) in updates.enumerated() {
            try builder.add(
                TraceEvent(
                    id: EventID(index + 1), kind: .body, title: title, module: "App", owner: .app,
                    time: Nanoseconds(index) * 1_000_000, duration: duration,
                    severity: duration == nil ? .veryHigh : nil))
        }
        let graph = builder.finish()
        let finding = try #require(FindingRules.findings(in: graph).first { $0.kind == .longBodies })
        #expect(finding.nodes.compactMap { graph.node($0)?.title } == ["Slow", "Stuck"])
        #expect(finding.evidence.first?.hasPrefix("longest 5 ms") == true, "\(finding.evidence)")
    }

    @Test(
        "thresholds are honoured",
        arguments: [
            (Finding.Kind.fanOut, 25, "landmarks-favorites-before"),
            (.environmentChurn, 13, "dark-mode"),
            (.unstableIdentity, 105, "contact-list"),
            (.longBodies, 2, "contact-list"),
            (.rebuildStorm, 13, "findings/rebuild-storm"),
        ])
    func thresholds(_ kind: Finding.Kind, _ value: Int, _ fixture: String) throws {
        var thresholds = FindingThresholds()
        #expect(try kinds(fixture, thresholds).contains(kind))
        switch kind {
        case .fanOut: thresholds.fanOut = value
        case .environmentChurn: thresholds.churn = value
        case .unstableIdentity: thresholds.recreations = value
        case .longBodies: thresholds.longBodies = value
        case .rebuildStorm: thresholds.storm = value
        }
        #expect(try !kinds(fixture, thresholds).contains(kind))
    }

    @Test("SwiftUI's view storms when the app's cause its edge names drives it, whatever the ids' order")
    func stormByID() {
        let storming = CauseEffectGraph.Node(
            id: "n2", key: NodeKey(kind: .body, title: "ForEach", owner: .system), count: 20, ran: 20,
            densestBurst: 20)
        let model = CauseEffectGraph.Node(
            id: "n1", key: NodeKey(kind: .state, title: "model", module: "App", owner: .app), count: 20)
        // Listed out of their ids' order: a lookup by the number in an id would swap the two.
        let edge = CauseEffectGraph.Edge(
            id: "e1", from: "n1", to: "n2", kind: .state, label: .update, count: 20, maxPerCause: 1)
        let storms = FindingRules.findings(in: CauseEffectGraph(nodes: [storming, model], edges: [edge]))
            .filter { $0.kind == .rebuildStorm }
        #expect(storms.map(\.nodes) == [["n2"]])
        // In order, an edge into an id that merely spells the view's number leads nowhere.
        var stray = edge
        stray.to = "n02"
        let none = FindingRules.findings(in: CauseEffectGraph(nodes: [model, storming], edges: [stray]))
        #expect(!none.contains { $0.kind == .rebuildStorm })
    }

    @Test("a narrower storm window finds no storm")
    func stormWindow() throws {
        var thresholds = FindingThresholds()
        thresholds.stormWindow = 1_000_000
        #expect(try !kinds("findings/rebuild-storm", thresholds).contains(.rebuildStorm))
    }
}
