import ArgumentParser
import Foundation

/// What ArgumentParser says of a command's arguments (its
/// `--experimental-dump-help`, ToolInfoV0), read so that an MCP tool's
/// schema takes each option's help, values and default from the option's
/// own declaration, and so that an option of one value given twice is told
/// (``RepeatedOption``).
struct CommandHelp: Decodable {
    /// One argument of the command: an option, a flag or a positional.
    struct Argument: Decodable {
        enum Kind: String, Decodable { case positional, option, flag }

        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var kind: Kind
        var names: [Name]?
        var valueName: String?
        var abstract: String?
        var defaultValue: String?
        var allValues: [String]?
        var isOptional: Bool
        var isRepeating: Bool

        /// The long name (`max-nodes`), or for a positional its value name (`trace`).
        var key: String {
            names?.first { $0.kind == "long" }?.name ?? valueName ?? names?.first?.name ?? ""
        }

        /// The spellings of the option on a command line: `--max-nodes`, `-o`.
        var spellings: [String] {
            (names ?? []).map { $0.kind == "short" ? "-" + $0.name : "--" + $0.name }
        }
    }

    private struct Document: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        var command: Command
    }

    /// The command's arguments, `--help` and `--version` left out: they ask about the tool, not of it.
    let arguments: [Argument]

    init(of command: ParsableCommand.Type) {
        let document = try? JSONDecoder().decode(Document.self, from: Data(command._dumpHelp().utf8))
        arguments = (document?.command.arguments ?? []).filter { !["help", "version"].contains($0.key) }
    }

    /// The argument of this long name (or positional value name).
    func argument(_ key: String) -> Argument? {
        arguments.first { $0.key == key }
    }
}
