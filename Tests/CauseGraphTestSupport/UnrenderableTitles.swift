import CauseGraph

/// Titles and names Graphviz used to refuse, or that would reorder or break
/// a terminal line: empty and blank ones, noncharacters, BiDi controls and
/// separators, texts too long for one DOT line, and one character of 9,001
/// scalars. The long title's link also has a label of the trace's own.
public enum UnrenderableTitles {
    public static let long = String(repeating: "x", count: 20_000)

    public static let titles = [
        "", " ", "\(nonCharacter(0xFFFE))", "\(nonCharacter(0xFFFF))",
        "\(nonCharacter(0xFDD0))\(nonCharacter(0x1FFFF))", long, "a\u{202E}b\u{2028}c\u{2066}d\u{2029}e",
        String(repeating: "\\", count: 9_000), String(repeating: "&", count: 5_000),
        "a" + String(repeating: "\u{0301}", count: 9_000),
    ]

    /// A chain of one body update per title, in a trace whose app name is empty;
    /// the long title also has a long module, backtrace frame and changed property.
    public static func emit<Sink: TraceSink & ~Copyable>(into sink: inout Sink) throws {
        try sink.begin(TraceHeader(app: ""))
        for (index, title) in titles.enumerated() {
            let id = EventID(index + 1)
            let isLong = title == long
            try sink.add(
                TraceEvent(
                    id: id, kind: .body, title: title, module: isLong ? long : "", owner: .app,
                    time: Nanoseconds(index),
                    duration: 1_000, ran: true, backtrace: isLong ? [long] : []))
            if index > 0 {
                try sink.add(
                    TraceCause(
                        from: id - 1, to: id, label: isLong ? CauseLabel(rawValue: long) : .update,
                        changed: isLong ? [long, ""] : []))
            }
        }
    }

    /// Writes the trace as a native JSON Lines file.
    public static func write(to path: String) throws {
        let file = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: file)
        try emit(into: &writer)
        try file.commit()
    }

    /// The trace's cause graph.
    public static func graph() throws -> CauseEffectGraph {
        var builder = GraphBuilder()
        try emit(into: &builder)
        return builder.finish()
    }
}

/// A noncharacter, which Swift string literals cannot hold.
public func nonCharacter(_ value: UInt32) -> String {
    String(Character(Unicode.Scalar(value)!))
}
