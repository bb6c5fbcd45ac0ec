import CGraphviz
import Foundation

/// Lays out and renders DOT text with libgraphviz, in process.
///
/// libgraphviz keeps global state (its error channel, the parser, plugin
/// tables) and is not thread-safe, so every call into it is made while
/// holding one process-wide lock. Each render frees its graph, layout and
/// output buffer on every path, and captures Graphviz's diagnostics instead
/// of letting them reach standard error.
public enum Graphviz {
    /// The result of a successful render.
    public struct Output: Sendable {
        /// The rendered bytes: SVG or DOT text, PNG or PDF data.
        public var bytes: [UInt8]
        /// Warnings Graphviz reported on the way, one a line.
        public var warnings: [String]
        /// For a PNG too large for a bitmap (32,000 pixels a side), the factor
        /// it was scaled down by to fit; `nil` for every other drawing.
        public var bitmapScale: Double?
    }

    /// Renders `dot` with the layout `engine` (`dot`, `neato`, `fdp`, …).
    public static func render(dot: String, format: GraphvizFormat, engine: String = "dot") throws(GraphvizError)
        -> Output
    {
        lock.lock()
        defer { lock.unlock() }
        return try renderLocked(dot: dot, format: format, engine: engine)
    }

    private static let lock = NSLock()

    /// One context for the process: creating it loads the plugin
    /// configuration, which need not be repeated for every render.
    nonisolated(unsafe) private static var context: OpaquePointer?

    private static func renderLocked(dot: String, format: GraphvizFormat, engine: String) throws(GraphvizError)
        -> Output
    {
        if LayoutEngine.needsPositions(engine) {
            throw GraphvizError(
                stage: .layout,
                message:
                    "the \(engine) engine draws positions the graph already has, and causegraph's graphs have none; use dot, neato, fdp, sfdp, circo or twopi"
            )
        }
        let gvc = sharedContext()
        ErrorChannel.reset()

        guard let graph = agmemread(dot) else {
            throw ErrorChannel.failure(.parse, fallback: "the DOT text could not be read")
        }
        defer { agclose(graph) }
        try ErrorChannel.check(.parse)
        let limit = format == .png ? [BitmapLimit.sizeAttribute] : []
        for attribute in LayoutEngine.graphAttributes(for: engine) + limit {
            // libcgraph's prototype takes a mutable name it does not change.
            let name = strdup(attribute.name)
            defer { free(name) }
            _ = causegraph_agsafeset_text(UnsafeMutableRawPointer(graph), name, attribute.value, "")
        }

        let laidOut = gvLayout(gvc, graph, engine) == 0
        defer { gvFreeLayout(gvc, graph) }
        guard laidOut else { throw ErrorChannel.failure(.layout, fallback: "layout \"\(engine)\" failed") }
        try ErrorChannel.check(.layout)
        let bitmapScale =
            format == .png
            ? causegraph_agget(UnsafeMutableRawPointer(graph), "bb").flatMap {
                BitmapLimit.scale(boundingBox: String(cString: $0))
            } : nil

        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        let rendered = causegraph_gvRenderData(gvc, graph, format.rawValue, &data, &length) == 0
        defer { if let data { gvFreeRenderData(data) } }
        guard rendered, let data else {
            throw ErrorChannel.failure(.render, fallback: "rendering \(format.rawValue) failed")
        }
        try ErrorChannel.check(.render)

        var bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
        if format == .pdf { PDFCreationDate.normalize(&bytes) }
        return Output(bytes: bytes, warnings: ErrorChannel.messages, bitmapScale: bitmapScale)
    }

    private static func sharedContext() -> OpaquePointer {
        if let context { return context }
        _ = agseterrf(ErrorChannel.receive)
        // Warnings too, so they are captured rather than printed.
        _ = agseterr(AGWARN)
        let created = gvContext()!
        context = created
        return created
    }
}

/// Collects what libgraphviz reports through `agseterrf`. Used only while
/// holding ``Graphviz``'s lock.
private enum ErrorChannel {
    nonisolated(unsafe) static var pending = ""

    static let receive: @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32 = { text in
        if let text { pending += String(cString: text) }
        return 0
    }

    static func reset() {
        pending = ""
        _ = agreseterrors()
    }

    /// The messages so far, one a line, without Graphviz's level prefixes.
    static var messages: [String] {
        pending.split(separator: "\n").map { line in
            var line = Substring(line)
            for prefix in ["Error: ", "Warning: "] where line.hasPrefix(prefix) {
                line = line.dropFirst(prefix.count)
            }
            return line.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// Throws when Graphviz recorded an error during the stage just run.
    static func check(_ stage: GraphvizError.Stage) throws(GraphvizError) {
        if agerrors() >= Int32(AGERR.rawValue) {
            throw failure(stage, fallback: "graphviz reported an error")
        }
    }

    static func failure(_ stage: GraphvizError.Stage, fallback: String) -> GraphvizError {
        let text = messages.joined(separator: "; ")
        return GraphvizError(stage: stage, message: text.isEmpty ? fallback : text)
    }
}
