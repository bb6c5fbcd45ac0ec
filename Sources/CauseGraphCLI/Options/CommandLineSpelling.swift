import CauseGraph

extension SettingSpelling {
    /// Each setting as its flag is typed: `--max-nodes`.
    static let commandLine = SettingSpelling { setting in
        switch setting {
        case .window: "--window"
        case .group: "--group"
        case .gesture: "--gesture"
        case .focus: "--focus"
        case .depth: "--depth"
        case .ignore: "--ignore"
        case .hideSystem: "--hide-system"
        case .minCount: "--min-count"
        case .nodeFraction: "--node-fraction"
        case .maxNodes: "--max-nodes"
        case .edgeFraction: "--edge-fraction"
        case .maxEdges: "--max-edges"
        case .unfold: "--unfold"
        case .inputFormat: "--input-format"
        case .classify: "--classify"
        case .run: "--run"
        case .frameRate: "--frame-rate"
        case .all: "--all"
        }
    }
}

/// How the command running now names settings in what it says: by their
/// flags on the command line; an MCP tool call names them by its arguments.
enum CommandSpelling {
    @TaskLocal static var current = SettingSpelling.commandLine
}
