import CauseGraph
import MCP

/// A tool call's arguments turned into the command line of the command the
/// tool runs, so that a tool takes what its command takes and refuses what
/// it refuses, with the command's own one-line messages.
///
/// Every value is passed as `--option=value` and every path after `--`, so
/// no argument, whatever it holds, can be read as another option; every
/// path is checked against the server's ``Confinement`` first.
struct ToolArguments {
    private let tool: String
    private let confinement: Confinement
    private var remaining: [String: Value]
    private var options: [String] = []
    private var paths: [String] = []

    init(_ arguments: [String: Value]?, tool: String, confinement: Confinement) {
        self.tool = tool
        self.confinement = confinement
        remaining = arguments ?? [:]
    }

    /// The command line: the command's name, the options, then the paths.
    /// Throws when an argument is left that the tool does not take.
    func commandLine(_ command: String) throws(Diagnostic) -> [String] {
        if let unknown = remaining.keys.sorted().first {
            throw .error("the \(tool) tool takes no argument '\(unknown)'")
        }
        return [command] + options + ["--"] + paths
    }

    /// A list of paths (a single string counts as a list of one), as
    /// positional arguments. Each command needs its positional arguments,
    /// so a list that is missing or empty is refused here, by the argument's
    /// name: the command would name its own `<trace> ...`, which a client
    /// cannot give.
    mutating func paths(_ key: String) throws(Diagnostic) {
        guard let list = try pathList(key), !list.isEmpty else {
            throw .error("'\(key)': give at least one trace")
        }
        paths += list
    }

    /// One path, as a positional argument; required, as ``paths(_:)`` are.
    mutating func path(_ key: String) throws(Diagnostic) {
        guard let path = try checkedPath(key) else { throw .error("'\(key)': give a trace") }
        paths.append(path)
    }

    /// A list of paths, one option each.
    mutating func paths(_ key: String, option: String) throws(Diagnostic) {
        for path in try pathList(key) ?? [] { options.append("--\(option)=\(path)") }
    }

    /// One path to read, as an option's value.
    mutating func path(_ key: String, option: String) throws(Diagnostic) {
        if let path = try checkedPath(key) { options.append("--\(option)=\(path)") }
    }

    /// The path of the file to write, of `kind`, as an option's value.
    mutating func output(_ key: String, option: String, kind: Confinement.Written) throws(Diagnostic) {
        if let path = try checkedPath(key, writing: kind) { options.append("--\(option)=\(path)") }
    }

    /// The one path `key` gives, if any, once it is known to be a path the
    /// confinement lets the tool read, or write an output of `writing` to.
    private mutating func checkedPath(_ key: String, writing: Confinement.Written? = nil) throws(Diagnostic)
        -> String?
    {
        guard let value = take(key) else { return nil }
        guard let path = value.stringValue else { throw mistyped(key, "a path") }
        try Self.checkPath(path, key: key, writing: writing != nil)
        if let writing {
            try confinement.checkOutput(path, key: key, kind: writing)
        } else {
            try confinement.checkInput(path, key: key)
        }
        return path
    }

    /// A string as an option's value.
    mutating func text(_ key: String, option: String) throws(Diagnostic) {
        guard let value = take(key) else { return }
        guard let text = value.stringValue else { throw mistyped(key, "a string") }
        options.append("--\(option)=\(text)")
    }

    /// A number as an option's value; the command judges its range.
    mutating func value(_ key: String, option: String) throws(Diagnostic) {
        guard let value = take(key) else { return }
        switch value {
        case .int(let number): options.append("--\(option)=\(number)")
        case .double(let number) where number.rounded() == number && abs(number) < 1e15:
            options.append("--\(option)=\(Int64(number))")
        case .double(let number): options.append("--\(option)=\(number)")
        default: throw mistyped(key, "a number")
        }
    }

    /// The most values one list argument takes: the command line's parser
    /// costs time with the square of an option's repeats, and no real call
    /// names more patterns or traces than this.
    static let maximumListLength = 256

    /// A list of strings, one option each.
    mutating func values(_ key: String, option: String) throws(Diagnostic) {
        guard let value = take(key) else { return }
        let list = try Self.bounded(value.arrayValue ?? [value], key: key)
        for element in list {
            guard let text = element.stringValue else { throw mistyped(key, "a list of strings") }
            options.append("--\(option)=\(text)")
        }
    }

    /// A boolean, as a flag given or not.
    mutating func flag(_ key: String, option: String) throws(Diagnostic) {
        guard let value = take(key) else { return }
        guard let on = value.boolValue else { throw mistyped(key, "true or false") }
        if on { options.append("--\(option)") }
    }

    private mutating func take(_ key: String) -> Value? {
        guard let value = remaining.removeValue(forKey: key), !value.isNull else { return nil }
        return value
    }

    private mutating func pathList(_ key: String) throws(Diagnostic) -> [String]? {
        guard let value = take(key) else { return nil }
        let list = try Self.bounded(value.arrayValue ?? [value], key: key)
        var paths: [String] = []
        for element in list {
            guard let path = element.stringValue else { throw mistyped(key, "a list of paths") }
            try Self.checkPath(path, key: key)
            try confinement.checkInput(path, key: key)
            paths.append(path)
        }
        return paths
    }

    /// `-` means standard input or output on the command line; here they
    /// carry the protocol's messages.
    private static func checkPath(_ path: String, key: String, writing: Bool = false) throws(Diagnostic) {
        if path == "-" {
            let stream = writing ? "standard output" : "standard input"
            throw .error("'\(key)': '-' (\(stream)) carries the MCP messages here; name a file")
        }
        if path.isEmpty { throw .error("'\(key)': an empty path names no file") }
        // The file system would read the path only up to the NUL: another file than the one named.
        if path.utf8.contains(0) { throw .error("'\(key)': a path holds a NUL character, which no file name can") }
    }

    private static func bounded(_ list: [Value], key: String) throws(Diagnostic) -> [Value] {
        guard list.count <= maximumListLength else {
            throw .error("'\(key)': \(list.count) values; a call takes at most \(maximumListLength)")
        }
        return list
    }

    private func mistyped(_ key: String, _ expected: String) -> Diagnostic {
        .error("the \(tool) tool's '\(key)' must be \(expected)")
    }
}
