import CauseGraph
// TEMPORARY harness (not committed): convert / null-sink import of an export.
struct NullSink: TraceSink {
    var events = 0, causes = 0, groups = 0
    mutating func begin(_ header: TraceHeader) throws {}
    mutating func add(_ event: TraceEvent) throws { events += 1 }
    mutating func add(_ cause: TraceCause) throws { causes += 1 }
    mutating func add(_ group: UpdateGroup) throws { groups += 1 }
}
let args = Array(CommandLine.arguments.dropFirst())
var diagnostics = Diagnostics()
do {
    if args[0] == "null" {
        var sink = NullSink()
        try TraceInput.read(paths: Array(args.dropFirst()), into: &sink, diagnostics: &diagnostics)
        print("events \(sink.events) causes \(sink.causes) groups \(sink.groups)")
    } else if args[0] == "graph" {
        var sink = GraphBuilder()
        try TraceInput.read(paths: Array(args.dropFirst()), into: &sink, diagnostics: &diagnostics)
        let g = sink.finish()
        print("nodes \(g.nodes.count) edges \(g.edges.count)")
        for n in g.nodes { print(n.id, n.kind, n.title, n.owner, n.count, n.ran, n.totalDuration ?? -1, n.groups, n.backtrace) }
        for e in g.edges { print(e.from, e.to, e.kind, e.count, e.changed, e.groups) }
    } else {
        let out = try OutputFile(path: args[1])
        var sink = NativeTraceWriter(output: out)
        try TraceInput.read(paths: Array(args.dropFirst(2)), into: &sink, diagnostics: &diagnostics)
        try out.commit()
    }
    for d in diagnostics.all { print(d) }
} catch {
    for d in diagnostics.all { print(d) }
    print(error)
}
