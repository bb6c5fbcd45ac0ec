/// The output formats rendered by libgraphviz.
public enum GraphvizFormat: String, CaseIterable, Sendable {
    case svg
    case png
    case pdf
}
