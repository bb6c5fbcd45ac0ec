import CauseGraph

/// A command's words re-spelled for an MCP client: where the command's
/// help or error names an option (`--hitch N`, `-o`), the client reads the
/// tool's argument instead (`hitch`, `output`), since it has no command line.
/// Words the library makes name settings through ``settings`` instead.
struct MCPSpelling {
    /// Each spelling of an option on the command line, and the tool's argument for it.
    private let names: [String: String]

    init(_ arguments: [MCPArgument], help: CommandHelp) {
        var names: [String: String] = [:]
        for argument in arguments {
            for spelling in help.argument(argument.option)?.spellings ?? [] { names[spelling] = argument.name }
        }
        self.names = names
    }

    /// Each setting the library's words name, as this tool's argument for
    /// it, quoted as ``respelled(_:quote:)`` quotes the options in a command's
    /// words (`'max_nodes'`), so notes and errors name arguments alike; a
    /// setting the tool does not offer as its flag would be in an argument's name.
    var settings: SettingSpelling {
        let names = names
        return SettingSpelling { setting in
            let flag = SettingSpelling.commandLine(setting)
            let name = names[flag] ?? String(flag.drop { $0 == "-" }).replacingOccurrences(of: "-", with: "_")
            return "'\(name)'"
        }
    }

    /// `text` with every option the tool offers named as its argument,
    /// between `quote`s, and the value placeholder after it (`N`, `PATTERN`)
    /// left out. Code between backticks is a command line of its own and kept.
    ///
    /// Text in single quotes is a value (`no update matches 'List'`) and
    /// kept to the letter, unless it is all an option and its placeholder,
    /// as ArgumentParser quotes them (`'--top <n>'`), and none of `values`,
    /// the strings the client gave (`no update matches '--list'`): that
    /// becomes the argument, in `quote`s of its own. Text in double quotes
    /// is what was given, as the library quotes it, and kept whole.
    func respelled(_ text: String, quote: Character, values: Set<String> = []) -> String {
        let characters = Array(text)
        let given = QuotedSpans.of(characters, quote: "\"")
        let spans = QuotedSpans.of(characters, outside: given)
        var result = ""
        var index = 0
        var inCode = false
        while index < characters.count {
            if characters[index] == "`" { inCode.toggle() }
            if !inCode, let close = given[index] {
                result += String(characters[index...close])
                index = close + 1
                continue
            }
            if !inCode, let close = spans[index] {
                let quoted = String(characters[(index + 1)..<close])
                let option = values.contains(quoted) ? nil : quotedOption(quoted)
                result += option.map { "\(quote)\($0)\(quote)" } ?? "'\(quoted)'"
                index = close + 1
                continue
            }
            let startsWord = index == 0 || !Self.isWordCharacter(characters[index - 1])
            guard startsWord, !inCode, characters[index] == "-" else {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] == "-" || Self.isWordCharacter(characters[end]) { end += 1 }
            guard let name = names[String(characters[index..<end])], !Self.continuesAsPath(characters, at: end) else {
                result += String(characters[index..<end])
                index = end
                continue
            }
            result += "\(quote)\(name)\(quote)"
            index = Self.afterPlaceholder(characters, from: end)
        }
        return result
    }

    /// The argument for `quoted` when it is one option the tool offers,
    /// alone or with its placeholder (`--top <n>`, `--view PATTERN`).
    private func quotedOption(_ quoted: String) -> String? {
        let characters = Array(quoted)
        var end = 0
        while end < characters.count, characters[end] == "-" || Self.isWordCharacter(characters[end]) { end += 1 }
        guard end > 0, characters[0] == "-", let name = names[String(characters[..<end])] else { return nil }
        let isPlaceholder = end == characters.count || Self.afterPlaceholder(characters, from: end) == characters.count
        return isPlaceholder ? name : nil
    }

    /// Past the placeholder after an option, if one follows: a word of
    /// capitals as the help writes it (` N`, ` PATTERN`, ` ID`), or a word
    /// in angle brackets as ArgumentParser's errors do (` <n>`,
    /// ` <start:end>`).
    private static func afterPlaceholder(_ characters: [Character], from start: Int) -> Int {
        guard start + 1 < characters.count, characters[start] == " " else { return start }
        if characters[start + 1] == "<" {
            var end = start + 2
            while end < characters.count, !" <>".contains(characters[end]) { end += 1 }
            return end > start + 2 && end < characters.count && characters[end] == ">" ? end + 1 : start
        }
        guard characters[start + 1].isUppercase else { return start }
        var end = start + 1
        while end < characters.count, characters[end].isUppercase || characters[end] == "_" { end += 1 }
        if end < characters.count, characters[end] == "…" { end += 1 }
        let followedByWord = end < characters.count && (characters[end].isLetter || characters[end].isNumber)
        return followedByWord ? start : end
    }

    /// Whether what follows an option-like word makes it a file's name (`--focus.jsonl`, `--view/`).
    private static func continuesAsPath(_ characters: [Character], at end: Int) -> Bool {
        guard end + 1 < characters.count, characters[end] == "." || characters[end] == "/" else { return false }
        return characters[end + 1].isLetter || characters[end + 1].isNumber
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }
}
