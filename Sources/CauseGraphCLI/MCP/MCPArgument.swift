import CauseGraph
import MCP

/// One argument of an MCP tool: the command-line option (or positional
/// argument) it stands for, and how its JSON value becomes that option.
/// Its help, values and default are the option's own (``CommandHelp``);
/// its name is the option's long name in snake case (`max-nodes` is
/// `max_nodes`) unless the table names it otherwise.
struct MCPArgument {
    /// How a value reaches the command line, and so its JSON type.
    enum Passing: Equatable {
        /// `--option=value`, the value a JSON string, integer or number.
        case value(ValueType)
        /// `--option` when `true`.
        case flag
        /// A list of strings, `--option=value` for each.
        case repeated
        /// A file the command reads, inside the roots (``Confinement``).
        case inputPath
        /// Files the command reads, inside the roots, `--option=path` for each.
        case inputPaths
        /// The file the command writes, where an output of its kind may go (``Confinement``).
        case outputPath(Confinement.Written)
        /// Files the command reads, inside the roots, after `--`.
        case positionalPaths
        /// One file the command reads, inside the roots, after `--`.
        case positionalPath
    }

    enum ValueType: String { case string, integer, number }

    /// What the tool holds a path to, said after the option's help.
    private static let inputNote =
        "Over MCP: absolute, or relative to the server's working directory, inside its roots; '-' is refused, since standard input carries the MCP messages."

    /// What the tool says of where an output of `kind` may go.
    private static func outputNote(_ kind: Confinement.Written) -> String {
        "Over MCP: inside the roots, neither hidden nor executable, named "
            + kind.extensions.sorted().map { "." + $0 }.joined(separator: ", ")
            + "; an existing file is replaced only when empty or a \(kind.noun) causegraph wrote in that format; "
            + "the result says what was written."
    }

    /// The option's long name, or a positional argument's value name.
    let option: String
    /// The property of the tool's input schema.
    let name: String
    let passing: Passing
    /// What only the MCP tool adds to the option's help.
    let note: String?

    init(_ option: String, _ passing: Passing, name: String? = nil, note: String? = nil) {
        self.option = option
        self.name = name ?? option.replacingOccurrences(of: "-", with: "_")
        self.passing = passing
        self.note = note
    }

    static func string(_ option: String) -> Self { Self(option, .value(.string)) }
    static func integer(_ option: String) -> Self { Self(option, .value(.integer)) }
    static func number(_ option: String) -> Self { Self(option, .value(.number)) }
    static func flag(_ option: String) -> Self { Self(option, .flag) }
    static func repeated(_ option: String) -> Self { Self(option, .repeated) }

    /// What the tool holds a path to, said after the option's help.
    var pathNote: String? {
        switch passing {
        case .inputPath, .inputPaths, .positionalPath, .positionalPaths: Self.inputNote
        case .outputPath(let kind): Self.outputNote(kind)
        case .value, .flag, .repeated: nil
        }
    }

    /// The JSON type a reader of the documentation sees: `integer`, `list of paths`, `svg, png, …`.
    func typeName(_ help: CommandHelp.Argument?) -> String {
        switch passing {
        case .value(let type):
            if let values = help?.allValues { return values.map { "`\($0)`" }.joined(separator: ", ") }
            return type.rawValue
        case .flag: return "boolean"
        case .repeated: return "list of strings"
        case .inputPath, .outputPath, .positionalPath: return "path"
        case .inputPaths, .positionalPaths: return "list of paths"
        }
    }

    /// The property's JSON schema, described by the option's help.
    func schema(_ help: CommandHelp.Argument?, description: String) -> Value {
        var schema: [String: Value] = ["description": .string(description)]
        switch passing {
        case .value(let type):
            schema["type"] = .string(type.rawValue)
            if let values = help?.allValues { schema["enum"] = .array(values.map { .string($0) }) }
        case .flag:
            schema["type"] = "boolean"
        case .repeated, .inputPaths:
            schema["type"] = "array"
            schema["items"] = ["type": "string"]
            schema["maxItems"] = .int(ToolArguments.maximumListLength)
        case .positionalPaths:
            schema["type"] = "array"
            schema["items"] = ["type": "string"]
            schema["minItems"] = 1
            schema["maxItems"] = .int(ToolArguments.maximumListLength)
        case .inputPath, .outputPath, .positionalPath:
            schema["type"] = "string"
        }
        return .object(schema)
    }

    /// Moves the argument's value, if given, onto the command line.
    func pass(_ arguments: inout ToolArguments) throws(Diagnostic) {
        switch passing {
        case .value(.string): try arguments.text(name, option: option)
        case .value: try arguments.value(name, option: option)
        case .flag: try arguments.flag(name, option: option)
        case .repeated: try arguments.values(name, option: option)
        case .inputPath: try arguments.path(name, option: option)
        case .inputPaths: try arguments.paths(name, option: option)
        case .outputPath(let kind): try arguments.output(name, option: option, kind: kind)
        case .positionalPaths: try arguments.paths(name)
        case .positionalPath: try arguments.path(name)
        }
    }
}
