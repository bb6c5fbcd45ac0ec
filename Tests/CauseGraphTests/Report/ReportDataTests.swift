import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// The graph and report events of a synthetic recording of `frames` frames, one update group each.
private func synthetic(views: Int, frames: Int) throws -> (graph: CauseEffectGraph, events: ReportEvents) {
    var recorder = ReportRecorder()
    try SyntheticTrace(views: views, frames: frames, bodiesPerFrame: 6).emit(into: &recorder)
    let (builder, events) = recorder.split()
    return (builder.finish(), events)
}

private func object(_ value: JSONValue?) -> JSONObject? {
    if case .object(let fields)? = value?.content { fields } else { nil }
}

private func integer(_ value: JSONValue?) -> Int64? {
    if case .number(let number)? = value?.content { number.int64 } else { nil }
}

private func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let items)? = value?.content { items } else { [] }
}

@Suite("report page data")
struct ReportDataTests {
    @Test("each node's highlight is what the groups of every node and edge give, for every fixture and a shaped graph")
    func highlights() throws {
        var graphs = try allFixtures.map { try fixtureReportEvents($0).graph }
        var settings = ShapingSettings()
        settings.maxNodes = 12
        graphs.append(try GraphShaper(settings: settings).shape(synthetic(views: 40, frames: 300).graph).graph)
        for graph in graphs {
            let lit = UpdateHighlights.lit(in: graph, members: GroupMembers(graph))
            #expect(lit.count == graph.nodes.count)
            let order = Dictionary(
                uniqueKeysWithValues: (graph.nodes.map(\.id) + graph.edges.map(\.id)).enumerated().map { ($1, $0) })
            for (node, ids) in zip(graph.nodes, lit) {
                #expect(Set(ids) == litFromGroupLists(node, in: graph), "\(node.title)")
                #expect(ids.map { order[$0] ?? -1 } == ids.map { order[$0] ?? -1 }.sorted(), "in the graph's order")
            }
        }
    }

    @Test("a panel links an item's longest groups, untimed ones last, equal ones by id, at most 10")
    func longestGroups() {
        let groups: [UpdateGroup] = (1...30).map { (id: Int) -> UpdateGroup in
            let duration: Nanoseconds? = id % 7 == 0 ? nil : Nanoseconds(id % 5) * 1_000
            return UpdateGroup(id: GroupID(id), label: "g\(id)", duration: duration)
        }
        let links = GroupLinks(groups: groups)
        #expect(links.longest([1, 2, 3, 4, 5]) == [4, 3, 2, 1, 5])
        #expect(
            links.longest([7, 5, 14, 99, 10]) == [5, 10, 7, 14, 99], "untimed and unknown groups come last, by id")
        let all = links.longest(groups.map(\.id))
        #expect(all.count == GroupLinks.perItem)
        #expect(all == [4, 9, 19, 24, 29, 3, 8, 13, 18, 23])
        #expect(links.longest([]) == [])
    }

    @Test("the page's data grows with its picture, not with the recording: ten times the groups, about the same size")
    func boundedByPicture() throws {
        var sizes: [Int] = []
        for frames in [3_000, 30_000] {
            let (graph, events) = try synthetic(views: 10, frames: frames)
            #expect(graph.groups.count == frames)
            let timeline = Timeline(graph: graph, events: events)
            let json = ReportData.json(
                graph: graph, whole: graph, events: events, timelineGroups: timeline.openedGroups)
            let root = try #require(object(try JSONParser.parse(json)))
            let named = array(root["groups"])
            let nodes = array(root["nodes"])
            let edges = array(root["edges"])
            let linked = (nodes + edges).flatMap { array(object($0)?["groups"]) }
            #expect(linked.count <= GroupLinks.perItem * (nodes.count + edges.count))
            #expect(named.count <= Set(timeline.openedGroups).count + linked.count)
            // Every group a panel links or a bar opens is named, with the drawn nodes that took part.
            let namedIDs = Set(named.compactMap { integer(object($0)?["id"]) })
            #expect(Set(linked.compactMap(integer)).isSubset(of: namedIDs))
            #expect(Set(timeline.openedGroups).isSubset(of: namedIDs))
            #expect(!timeline.openedGroups.isEmpty)
            for group in named.prefix(50) {
                let fields = try #require(object(group))
                let id = GroupID(try #require(integer(fields["id"])))
                let members = array(fields["members"]).compactMap { value -> String? in
                    if case .string(let text) = value.content { text } else { nil }
                }
                #expect(members == graph.nodes.filter { $0.groups.contains(id) }.map(\.id))
            }
            sizes.append(json.utf8.count)
        }
        #expect(Double(sizes[1]) < Double(sizes[0]) * 1.05, "\(sizes)")
    }
}
