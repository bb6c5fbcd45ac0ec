import ArgumentParser
import CauseGraph

/// The command words of a command line, checked before the parser sees
/// them: the parser would call a mistyped command two "unexpected
/// arguments", a mistyped subcommand one, and show the overview for `help`
/// followed by any word at all.
enum CommandName {
    /// Throws a one-line error when the first word names no command, a word
    /// after a command with subcommands (`cache`) names none of them, or
    /// `help` is asked about a path of commands (`help cache list`) that
    /// does not exist.
    static func check(_ arguments: [String]) throws(Diagnostic) {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        if first == "help" {
            // ArgumentParser's help takes a path of subcommands, and shows the
            // deepest it finds for any other: so a word that names none is named here.
            try walk(arguments.dropFirst().filter { !$0.hasPrefix("-") }, wordsAfterLeafAreArguments: false)
            return
        }
        try walk(arguments.prefix { !$0.hasPrefix("-") }, wordsAfterLeafAreArguments: true)
    }

    /// Follows `words` down the tree of commands from the root, throwing at
    /// the first that names no subcommand of the command before it. Past a
    /// command without subcommands the words are its arguments, or, after
    /// `help`, words that name nothing.
    private static func walk<Words: Collection<String>>(_ words: Words, wordsAfterLeafAreArguments: Bool)
        throws(Diagnostic)
    {
        var command: ParsableCommand.Type = CauseGraphCommand.self
        var path: [String] = []
        for word in words {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty {
                if wordsAfterLeafAreArguments { return }
                throw .error("\(path.joined(separator: " ")) has no subcommands, found '\(word)'")
            }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                throw unknown(word, under: path, among: subcommands.map { $0._commandName })
            }
            command = next
            path.append(word)
        }
    }

    /// `unknown command 'explain'; …` at the root; below it, the command
    /// whose subcommands `word` names none of: `cache has no subcommand 'lst'; …`.
    private static func unknown(_ word: String, under path: [String], among names: [String]) -> Diagnostic {
        let near = Suggestions.closest(to: word, among: names, limit: 1).filter { Suggestions.distance($0, word) <= 2 }
        let problem =
            path.isEmpty ? "unknown command '\(word)'" : "\(path.joined(separator: " ")) has no subcommand '\(word)'"
        if let near = near.first {
            return .error("\(problem); did you mean '\(near)'?")
        }
        let list = names.joined(separator: ", ")
        return .error("\(problem); \(path.isEmpty ? "the commands" : "its subcommands") are \(list)")
    }
}
