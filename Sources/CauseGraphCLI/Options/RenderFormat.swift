import ArgumentParser
import GraphvizRender

/// What `render` can write.
enum RenderFormat: String, CaseIterable, ExpressibleByArgument, FormatNamedByExtension {
    case svg, png, pdf, dot, json

    var pathExtensions: [String] {
        switch self {
        case .dot: ["dot", "gv"]
        case .svg, .png, .pdf, .json: [rawValue]
        }
    }

    /// The libgraphviz format, for the formats Graphviz draws.
    var graphviz: GraphvizFormat? {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot, .json: nil
        }
    }

    var isBinary: Bool { self == .png || self == .pdf }
}
