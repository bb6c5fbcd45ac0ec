/// Reads the user's classification rules (`--classify FILE`).
///
/// JSON Lines: one rule object a line; blank lines and lines starting with
/// `#` are skipped. A rule has at most one title condition (`"exact"`,
/// `"prefix"`, `"suffix"`, `"contains"`, or `"regex"`, a regular expression
/// found anywhere in the title; none matches every title),
/// optionally `"icon"` (a prefix of the SF Symbol name) and `"colour"`, and
/// must name a `"kind"` (a node kind such as `"state"`); `"owner"`
/// (`"app"` or `"system"`, default `"app"`) applies when the colour is
/// neither blue nor gray. For example:
///
///     {"prefix": "@Query", "kind": "state"}
///     {"exact": "Timer", "kind": "externalEnvironment", "owner": "system"}
///
/// Rules are tried in file order, files in the order given, before the
/// built-in ones.
///
/// An error names the file, line and column, and what was expected there,
/// never a key or value read: a file named as rules may be any file (over
/// `causegraph mcp`, one an agent was steered to name), and its content is
/// not the error's to show.
package enum ClassificationRuleFile {
    private static let titleKeys = ["exact", "prefix", "suffix", "contains", "regex"]
    private static let knownKeys = Set(titleKeys + ["icon", "colour", "kind", "owner"])

    /// The rules of every file, in order.
    package static func read(paths: [String]) throws(Diagnostic) -> [ClassificationRule] {
        var rules: [ClassificationRule] = []
        for path in paths {
            rules += try read(try ByteStream(path: path))
        }
        return rules
    }

    static func read(_ stream: ByteStream) throws(Diagnostic) -> [ClassificationRule] {
        var rules: [ClassificationRule] = []
        do {
            try LineReader(stream).forEachLine { line, number in
                let trimmed = line.drop { Byte.isWhitespace($0) }
                if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return }
                let record = try JSONRecord.parse(line: line, number: number, file: stream.name)
                rules.append(try rule(record))
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic.error("\(error)", at: SourceLocation(file: stream.name))
        }
        return rules
    }

    private static func rule(_ record: JSONRecord) throws(Diagnostic) -> ClassificationRule {
        for member in record.object.members where !knownKeys.contains(member.key) {
            throw record.error(
                "unknown key in a rule; expected \(knownKeys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))",
                at: member.value)
        }
        let given = titleKeys.filter(record.has)
        guard given.count <= 1 else {
            throw record.error("a rule has at most one of \"exact\", \"prefix\", \"suffix\", \"contains\", \"regex\"")
        }
        var title = ClassificationRule.TitleMatch.any
        if let key = given.first, let text = try record.string(key) {
            switch key {
            case "exact": title = .exact(text)
            case "prefix": title = .prefix(text)
            case "suffix": title = .suffix(text)
            case "contains": title = .contains(text)
            default:
                do {
                    title = .pattern(try TitlePattern(regex: text))
                } catch {
                    throw record.error(
                        "\"regex\" is not a regular expression causegraph matches: invalid, or needing backtracking "
                            + "(a back-reference, lookaround; docs/shaping.md)", at: record.value(key)!)
                }
            }
        }
        let icon = try record.string("icon")
        let colour = try record.string("colour")
        // `unrecorded` is the graph's own: a trace, and so a rule, never names it.
        guard let kind = try enumeration("kind", among: NodeKind.allCases.filter(\.isRecorded), in: record) else {
            throw record.error("missing required key \"kind\"")
        }
        return ClassificationRule(
            title, iconPrefix: icon, colour: colour, kind: kind,
            owner: try enumeration("owner", among: Owner.allCases, in: record) ?? .app)
    }

    /// The value of `key`, one of `allowed`, refused without quoting it.
    private static func enumeration<T: RawRepresentable & Equatable>(
        _ key: String, among allowed: [T], in record: JSONRecord
    ) throws(Diagnostic) -> T? where T.RawValue == String {
        guard let value = record.value(key) else { return nil }
        guard let result = T(rawValue: try record.string(value, key: key)), allowed.contains(result) else {
            let expected = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw record.error("unknown \(key); expected one of \(expected)", at: value)
        }
        return result
    }
}
