/// Why the plugin stopped; SwiftPM prints the description after `error:`.
enum PluginError: Error, CustomStringConvertible {
    /// The arguments do not say what to do.
    case usage(String)
    /// The inputs or the destination cannot be used.
    case setup(String)
    /// `causegraph` failed; the message is its own one-line diagnostic.
    case tool(String)

    var description: String {
        switch self {
        case .usage(let message): "\(message) (see 'swift package causegraph --help')"
        case .setup(let message), .tool(let message): message
        }
    }
}
