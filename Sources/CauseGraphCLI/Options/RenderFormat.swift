import ArgumentParser
import GraphvizRender

/// What `render` can write.
enum RenderFormat: String, CaseIterable, ExpressibleByArgument, FormatNamedByExtension {
    case svg, png, pdf, dot, json

    /// The format an output file's extension names.
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        case "dot", "gv": self = .dot
        case "json": self = .json
        default: return nil
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

    var fileExtension: String { rawValue }
}
