import CauseGraph

/// The command word of a command line, checked before the parser sees it:
/// the parser would call a mistyped command two "unexpected arguments", and
/// show the overview for `help` followed by any word at all.
enum CommandName {
    static var all: [String] {
        CauseGraphCommand.configuration.subcommands.map { $0._commandName }
    }

    /// Throws a one-line error when the first word names no command, or
    /// `help` is asked about one that does not exist.
    static func check(_ arguments: [String]) throws(Diagnostic) {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        if first == "help" {
            for word in arguments.dropFirst() where !word.hasPrefix("-") && !all.contains(word) {
                throw unknown(word)
            }
            return
        }
        if !all.contains(first) { throw unknown(first) }
    }

    private static func unknown(_ word: String) -> Diagnostic {
        let near = Suggestions.closest(to: word, among: all, limit: 1).filter { Suggestions.distance($0, word) <= 2 }
        if let near = near.first {
            return .error("unknown command '\(word)'; did you mean '\(near)'?")
        }
        return .error("unknown command '\(word)'; the commands are \(all.joined(separator: ", "))")
    }
}
