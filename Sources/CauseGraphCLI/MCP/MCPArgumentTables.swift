extension MCPTool {
    /// The arguments of every tool as the Markdown tables of `docs/mcp.md`,
    /// made from the same tables and option declarations as the schemas.
    static var argumentTables: String {
        allCases.map(\.argumentTable).joined(separator: "\n")
    }

    /// The tool's arguments: each one's type, the command-line option it
    /// stands for and its description; then the options it does not offer, and why.
    var argumentTable: String {
        let help = CommandHelp(of: command)
        let spelling = MCPSpelling(arguments, help: help)
        var lines = [
            "### `\(rawValue)`", "", "| argument | type | option | meaning |", "|----------|------|--------|---------|",
        ]
        for argument in arguments {
            let option = help.argument(argument.option)
            let cells = [
                "`\(argument.name)`", argument.typeName(option), Self.spelled(option),
                Self.cell(description(of: argument, help, spelling)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if !exclusions.isEmpty {
            lines.append("")
            lines.append("Not offered:")
            for (option, reason) in exclusions.sorted(by: { $0.key < $1.key }) {
                lines.append("- `--\(option)`: \(reason).")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The option as typed on a command line: `-o`, `--output`; a positional as `TRACE…`.
    private static func spelled(_ option: CommandHelp.Argument?) -> String {
        guard let option else { return "" }
        if option.kind == .positional {
            return "`\(option.key.uppercased())\(option.isRepeating ? "…" : "")`"
        }
        return option.spellings.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Text made safe for a cell of a Markdown table.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
