import CauseGraph
import Testing

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

    @Test("a finding carries its figures as numbers, and summary --format json exports them as numbers")
    func figures() throws {
        let graph = try fixtureGraph("landmarks-favorites-before")
        let finding = try #require(FindingRules.findings(in: graph).first { $0.kind == .fanOut })
        guard case .fanOut(_, _, let edge, let links, let causeEvents, let maxPerCause, _, _, _) = finding.figures
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
        for member in exported.members where !["cause", "view", "edgeKind"].contains(member.key) {
            guard case .number = member.value.content else {
                Issue.record("figure \(member.key) is \(member.value.typeName), not a number")
                continue
            }
        }
    }

    @Test("environment churn names the views that skipped")
    func churnEvidence() throws {
        let finding = try #require(FindingRules.findings(in: try fixtureGraph("dark-mode")).first)
        #expect(finding.summary == "External Environment made 24 view checks, 12 of which skipped the body")
        #expect(finding.evidence == ["checks that ran nothing: LandmarkListItemView skipped 12 of 12"])
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

    @Test("a narrower storm window finds no storm")
    func stormWindow() throws {
        var thresholds = FindingThresholds()
        thresholds.stormWindow = 1_000_000
        #expect(try !kinds("findings/rebuild-storm", thresholds).contains(.rebuildStorm))
    }
}
