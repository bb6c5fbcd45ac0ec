import ArgumentParser
import CauseGraph

/// Refuses an option of one value given more than once. ArgumentParser
/// keeps the last, so `check --budget a.yaml --budget b.yaml` would check
/// only `b.yaml`, and a gate that should fail would pass.
enum RepeatedOption {
    /// Throws when `arguments`, the command line of `command` after its
    /// name, give an option that takes one value more than once.
    static func check(_ arguments: [String], of command: ParsableCommand.Type) throws(Diagnostic) {
        let options = CommandHelp(of: command).arguments.filter { $0.kind == .option }
        var optionsBySpelling: [String: CommandHelp.Argument] = [:]
        for option in options {
            for spelling in option.spellings { optionsBySpelling[spelling] = option }
        }
        var counts: [String: Int] = [:]
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            index += 1
            let spelling = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard let option = optionsBySpelling[spelling] else { continue }
            // The value, unless given with `=`, is the next word, whatever it looks like.
            if spelling == word { index += 1 }
            guard !option.isRepeating else { continue }
            counts[option.key, default: 0] += 1
            if counts[option.key] == 2 {
                throw .error(
                    "'\(spelling)' is given more than once; it takes one value, and the last "
                        + "would silently replace the others")
            }
        }
    }
}
