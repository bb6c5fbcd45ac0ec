import CauseGraph
import Foundation
import Yams

/// Reads a ``Budget`` from YAML or JSON (JSON is YAML), strictly.
///
/// Every mistake is an error at its line and column, in the form
/// `FILE:LINE:COLUMN: error: …`: a key the schema does not know (a typo must
/// not silently disable a limit), a duplicate key, a value of the wrong type,
/// a negative or fractional count, an invalid pattern, an unknown severity,
/// finding or edge kind, a budget nested past ``BudgetNesting/limit`` levels,
/// and a budget that sets no limit. `docs/check.md`
/// documents the schema.
package enum BudgetFile {
    /// Budgets are small hand-written files; anything larger is refused unread.
    package static let maximumSize = 1 << 20

    /// The schema versions this reader understands.
    package static let version = 1

    /// Reads the budget file at `path`, or standard input when `path` is `-`.
    package static func read(path: String) throws(Diagnostic) -> Budget {
        var isDirectory: ObjCBool = false
        if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Diagnostic.error("is a directory, expected a budget file", at: SourceLocation(file: path))
        }
        let stream = try ByteStream(path: path)
        var bytes: [UInt8] = []
        while let chunk = try stream.nextChunk() {
            bytes += chunk
            // One byte over the limit is enough to refuse, whatever follows.
            if bytes.count > maximumSize { break }
        }
        return try parse(bytes, file: stream.name)
    }

    /// Parses budget text; `file` names it in errors.
    package static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Budget {
        guard bytes.count <= maximumSize else {
            throw Diagnostic.error(
                "the budget is larger than \(maximumSize / 1024) KiB", at: SourceLocation(file: file))
        }
        let invalid = bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidByte(in: $0, rejectingNUL: true) }
        if let invalid {
            let position = bytes.withUnsafeBufferPointer {
                TextPosition(line: 1, column: 1).advanced(by: invalid, in: $0)
            }
            throw Diagnostic.error("the budget is not UTF-8 text", at: position.location(in: file))
        }
        // Before Yams, whose reader recurses once per level and overflows the stack.
        if let deep = BudgetNesting.firstTooDeep(in: bytes) {
            throw Diagnostic.error(
                "the budget nests deeper than \(BudgetNesting.limit) levels",
                at: SourceLocation(file: file, line: deep.line, column: deep.column))
        }
        // A byte order mark, which editors on Windows write, is no text of the budget's.
        let text = String(
            decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw diagnostic(for: error, text: text, file: file)
        } catch {
            throw Diagnostic.error("cannot read the budget: \(error)", at: SourceLocation(file: file))
        }
        guard let root else {
            throw Diagnostic.error(
                "the budget is empty; it must set at least one limit",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        return try BudgetReader(file: file).budget(root)
    }

    /// A Yams error as a one-line diagnostic at its position.
    private static func diagnostic(for error: YamlError, text: String, file: String) -> Diagnostic {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> Diagnostic {
            var message = problem
            if let context { message += " (\(context.text) at \(context.mark.line):\(context.mark.column))" }
            return Diagnostic.error(
                "invalid YAML: " + message, at: SourceLocation(file: file, line: mark.line, column: mark.column))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .reader(let problem, let offset, _, _):
            var location = SourceLocation(file: file)
            if let offset {
                let before = text.prefix(offset)
                location.line = before.count { $0 == "\n" || $0 == "\r\n" } + 1
                location.column =
                    before.reversed().prefix { $0 != "\n" && $0 != "\r\n" }.reduce(0) { $0 + $1.unicodeScalars.count }
                    + 1
            }
            return Diagnostic.error("invalid YAML: " + problem, at: location)
        default:
            return Diagnostic.error("invalid YAML: \(error)", at: SourceLocation(file: file))
        }
    }
}

/// Walks the composed YAML tree, checking each value against the schema.
private struct BudgetReader {
    let file: String

    func location(_ node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column)
    }

    func error(_ message: String, at node: Node) -> Diagnostic {
        Diagnostic.error(message, at: location(node))
    }

    /// What a node is, for "expected …, found …" messages. Text is quoted
    /// as a short excerpt of its first line, escaped: the file may be no
    /// budget at all (a `.env` named by mistake, or by a hostile MCP call),
    /// and an error is no way to read it.
    func typeName(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            if scalar.style == .plain {
                if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return "nothing" }
                if Self.isNumber(scalar.string) { return "the number \(Self.excerpt(scalar.string))" }
                if ["true", "false"].contains(scalar.string) { return "a boolean" }
            }
            return "the text \"\(Self.excerpt(scalar.string))\""
        }
    }

    /// Whether a plain scalar is a number as YAML writes one (`3`, `-0.5`,
    /// `1_000`, `1e3`, `0x1F`, `.inf`): `5xs` or `5ms` starts like one and is text.
    private static func isNumber(_ text: String) -> Bool {
        let digits = text.replacingOccurrences(of: "_", with: "")
        let startsLikeOne = digits.first.map { $0.isASCII && ($0.isNumber || "+-.".contains($0)) } == true
        if startsLikeOne, Double(digits) != nil { return true }
        let unsigned = digits.hasPrefix("-") || digits.hasPrefix("+") ? String(digits.dropFirst()) : digits
        for (prefix, radix) in [("0x", 16), ("0o", 8)] where unsigned.hasPrefix(prefix) {
            return UInt64(unsigned.dropFirst(2), radix: radix) != nil
        }
        return [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(unsigned)
    }

    /// What a node is, without a word of its content: for a file not yet known to be a budget.
    func shapeName(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar: return "text"
        }
    }

    /// The longest excerpt of a value an error quotes.
    static let excerptLength = 40

    /// The start of the first line of `text`, made visible and cut short.
    static func excerpt(_ text: String) -> String {
        VisibleText.excerpt(text, length: excerptLength)
    }

    /// The keys of a mapping, each known to the schema and given once.
    func fields(_ node: Node, in context: String, allowed: [String]) throws(Diagnostic) -> [String: (
        key: Node, value: Node
    )] {
        guard case .mapping(let mapping) = node else {
            throw error(
                "\(context) must be a mapping of \(allowed.joined(separator: ", ")); found \(typeName(node))", at: node)
        }
        var result: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw error("keys in \(context) must be names; found \(typeName(key))", at: key)
            }
            let name = scalar.string
            guard allowed.contains(name) else {
                var message = "unknown key '\(Self.excerpt(name))' in \(context)"
                if let closest = Suggestions.closest(to: name, among: allowed, limit: 1).first,
                    Suggestions.distance(name, closest) <= max(2, name.count / 3)
                {
                    message += "; did you mean '\(closest)'?"
                } else {
                    message += "; expected one of: " + allowed.joined(separator: ", ")
                }
                throw error(message, at: key)
            }
            guard result[name] == nil else {
                throw error("duplicate key '\(Self.excerpt(name))' in \(context)", at: key)
            }
            result[name] = (key, value)
        }
        return result
    }

    func list(_ node: Node, in context: String) throws(Diagnostic) -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error("\(context) must be a list; found \(typeName(node))", at: node)
        }
        return Array(sequence)
    }

    /// A whole number ≥ 0, written as a plain number (not quoted).
    func count(_ node: Node, in context: String) throws(Diagnostic) -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain,
            !scalar.string.isEmpty, scalar.string.allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            throw error("\(context) must be a whole number, 0 or more; found \(typeName(node))", at: node)
        }
        guard let value = Int(scalar.string) else { throw error("\(context) is too large", at: node) }
        return value
    }

    func limit(_ node: Node, in context: String) throws(Diagnostic) -> Budget.Limit {
        Budget.Limit(max: try count(node, in: context), location: location(node))
    }

    /// A count of at least 1, for finding thresholds.
    func positive(_ node: Node, in context: String) throws(Diagnostic) -> Int {
        let value = try count(node, in: context)
        guard value >= 1 else { throw error("\(context) must be at least 1", at: node) }
        return value
    }

    func text(_ node: Node, in context: String) throws(Diagnostic) -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && typeName(node) == "nothing") else {
            throw error("\(context) must be text; found \(typeName(node))", at: node)
        }
        return scalar.string
    }

    func flag(_ node: Node, in context: String) throws(Diagnostic) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain, ["true", "false"].contains(scalar.string) else {
            throw error("\(context) must be true or false; found \(typeName(node))", at: node)
        }
        return scalar.string == "true"
    }

    func pattern(_ node: Node, isRegex: Bool, in context: String) throws(Diagnostic) -> TitlePattern {
        let text = try text(node, in: context)
        guard !text.isEmpty else { throw error("\(context) must not be empty: it would match every title", at: node) }
        do {
            return try TitlePattern(text, isRegex: isRegex)
        } catch {
            throw self.error("\(context): \(error.message)", at: node)
        }
    }

    // MARK: The schema

    /// The keys of a budget's top level.
    static let topKeys = [
        "version", "views", "longUpdates", "skippedChecks", "findings", "findingThresholds", "forbiddenEdges",
        "hitches", "hangs",
    ]

    /// The top keys that set limits: `version` beside keys of its own is no
    /// sign of a budget, as many YAML files (a docker-compose file) start with one.
    static let limitKeys = topKeys.filter { $0 != "version" }

    /// Refuses, quoting nothing of it, a file that is no budget: not a
    /// mapping, or one with no key that sets a limit (nor a misspelling of
    /// one) and keys a budget does not have.
    func recognise(_ root: Node) throws(Diagnostic) {
        let expected = "expected a budget: a mapping of \(Self.topKeys.joined(separator: ", "))"
        guard case .mapping(let mapping) = root else { throw error("\(expected); found \(shapeName(root))", at: root) }
        let onlyBudgetKeys = mapping.keys.allSatisfy { key in
            if case .scalar(let scalar) = key { Self.topKeys.contains(scalar.string) } else { false }
        }
        let isBudget =
            (onlyBudgetKeys && !mapping.keys.isEmpty)
            || mapping.keys.contains { key in
                guard case .scalar(let scalar) = key else { return false }
                return Self.limitKeys.contains(scalar.string)
                    || Suggestions.closest(to: scalar.string, among: Self.limitKeys, limit: 1).first.map {
                        Suggestions.distance(scalar.string, $0) <= max(2, scalar.string.count / 3)
                    } == true
            }
        guard isBudget else {
            let hasVersion = mapping.keys.contains { key in
                if case .scalar(let scalar) = key { scalar.string == "version" } else { false }
            }
            throw error("\(expected); this file has none of those keys\(hasVersion ? " but version" : "")", at: root)
        }
    }

    func budget(_ root: Node) throws(Diagnostic) -> Budget {
        try recognise(root)
        let top = try fields(root, in: "the budget", allowed: Self.topKeys)
        var budget = Budget(file: file)
        if let version = top["version"] {
            let value = try count(version.value, in: "version")
            guard value == BudgetFile.version else {
                throw error(
                    "unsupported budget version \(value); this causegraph reads version \(BudgetFile.version)",
                    at: version.value)
            }
        }
        if let views = top["views"] {
            budget.views = try list(views.value, in: "views").enumerated().map { (index, node) throws(Diagnostic) in
                try viewLimits(node, in: "views[\(index)]")
            }
        }
        if let long = top["longUpdates"] {
            budget.longUpdates = try severityLimits(long.value, in: "longUpdates")
        }
        if let skipped = top["skippedChecks"] {
            let entries = try fields(skipped.value, in: "skippedChecks", allowed: ["perEnvironmentChange"])
            if let perChange = entries["perEnvironmentChange"] {
                budget.skippedChecksPerEnvironmentChange = try limit(
                    perChange.value, in: "skippedChecks.perEnvironmentChange")
            }
        }
        if let findings = top["findings"] {
            let names = Finding.Kind.allCases.map(\.rawValue)
            let entries = try fields(findings.value, in: "findings", allowed: names)
            for kind in Finding.Kind.allCases {
                guard let entry = entries[kind.rawValue] else { continue }
                budget.findings.append((kind, try limit(entry.value, in: "findings.\(kind.rawValue)")))
            }
        }
        if let thresholds = top["findingThresholds"] {
            budget.findingThresholds = try findingThresholds(thresholds.value)
        }
        if let edges = top["forbiddenEdges"] {
            budget.forbiddenEdges = try list(edges.value, in: "forbiddenEdges").enumerated().map {
                (index, node) throws(Diagnostic) in
                try forbiddenEdge(node, in: "forbiddenEdges[\(index)]")
            }
        }
        for (key, kind) in [("hitches", Hitch.Kind.hitch), ("hangs", .hang)] {
            guard let entry = top[key] else { continue }
            let entries = try fields(entry.value, in: key, allowed: ["perInteraction", "total"])
            var limits = Budget.HitchLimits(kind: kind)
            if let perInteraction = entries["perInteraction"] {
                limits.perInteraction = try limit(perInteraction.value, in: "\(key).perInteraction")
            }
            if let total = entries["total"] { limits.total = try limit(total.value, in: "\(key).total") }
            budget.hitches.append(limits)
        }
        guard !budget.isEmpty else { throw error("the budget sets no limit; see docs/check.md for the keys", at: root) }
        return budget
    }

    func viewLimits(_ node: Node, in context: String) throws(Diagnostic) -> Budget.ViewLimits {
        let entries = try fields(node, in: context, allowed: ["view", "regex", "updates", "longUpdates"])
        guard let view = entries["view"] else {
            throw error("\(context) needs 'view': the pattern of the view type names it limits", at: node)
        }
        let isRegex =
            try entries["regex"].map { (entry) throws(Diagnostic) in try flag(entry.value, in: "\(context).regex") }
            ?? false
        var limits = Budget.ViewLimits(
            pattern: try pattern(view.value, isRegex: isRegex, in: "\(context).view"), location: location(node))
        if let updates = entries["updates"] {
            let counts = try fields(
                updates.value, in: "\(context).updates", allowed: ["total", "perGroup", "perGesture"])
            limits.total = try counts["total"].map { (entry) throws(Diagnostic) in
                try limit(entry.value, in: "\(context).updates.total")
            }
            limits.perGroup = try counts["perGroup"].map { (entry) throws(Diagnostic) in
                try limit(entry.value, in: "\(context).updates.perGroup")
            }
            limits.perGesture = try counts["perGesture"].map { (entry) throws(Diagnostic) in
                try limit(entry.value, in: "\(context).updates.perGesture")
            }
            if counts.isEmpty {
                throw error("\(context).updates sets no limit; give total, perGroup or perGesture", at: updates.value)
            }
        }
        if let long = entries["longUpdates"] {
            limits.longUpdates = try severityLimits(long.value, in: "\(context).longUpdates")
        }
        if limits.total == nil && limits.perGroup == nil && limits.perGesture == nil
            && limits.longUpdates.limits.isEmpty
        {
            throw error("\(context) sets no limit; give updates or longUpdates", at: node)
        }
        return limits
    }

    func severityLimits(_ node: Node, in context: String) throws(Diagnostic) -> Budget.SeverityLimits {
        let entries = try fields(node, in: context, allowed: Severity.allCases.map(\.rawValue))
        if entries.isEmpty {
            throw error("\(context) sets no limit; give one of veryLow, low, medium, high, veryHigh", at: node)
        }
        var limits = Budget.SeverityLimits()
        for severity in Severity.allCases {
            guard let entry = entries[severity.rawValue] else { continue }
            limits.limits.append((severity, try limit(entry.value, in: "\(context).\(severity.rawValue)")))
        }
        return limits
    }

    func findingThresholds(_ node: Node) throws(Diagnostic) -> FindingThresholds {
        let entries = try fields(
            node, in: "findingThresholds",
            allowed: ["fanOut", "churn", "recreations", "longBodies", "storm", "stormWindow"])
        var thresholds = FindingThresholds()
        if let value = entries["fanOut"] {
            thresholds.fanOut = try positive(value.value, in: "findingThresholds.fanOut")
        }
        if let value = entries["churn"] { thresholds.churn = try positive(value.value, in: "findingThresholds.churn") }
        if let value = entries["recreations"] {
            thresholds.recreations = try positive(value.value, in: "findingThresholds.recreations")
        }
        if let value = entries["longBodies"] {
            thresholds.longBodies = try positive(value.value, in: "findingThresholds.longBodies")
        }
        if let value = entries["storm"] { thresholds.storm = try positive(value.value, in: "findingThresholds.storm") }
        if let value = entries["stormWindow"] {
            let text = try text(value.value, in: "findingThresholds.stormWindow")
            guard let window = DurationText.parse(text), window > 0 else {
                throw error(
                    "findingThresholds.stormWindow must be a duration longer than zero, such as 5ms or 800us; found \(typeName(value.value))",
                    at: value.value)
            }
            thresholds.stormWindow = window
        }
        return thresholds
    }

    func forbiddenEdge(_ node: Node, in context: String) throws(Diagnostic) -> Budget.ForbiddenEdge {
        let entries = try fields(node, in: context, allowed: ["from", "to", "kind", "regex"])
        guard let from = entries["from"], let to = entries["to"] else {
            throw error("\(context) needs both 'from' (the cause's title) and 'to' (the effect's title)", at: node)
        }
        let isRegex =
            try entries["regex"].map { (entry) throws(Diagnostic) in try flag(entry.value, in: "\(context).regex") }
            ?? false
        var kind: EdgeKind?
        if let entry = entries["kind"] {
            let name = try text(entry.value, in: "\(context).kind")
            guard let parsed = EdgeKind(rawValue: name) else {
                throw error(
                    "\(context).kind: unknown edge kind '\(name)'; expected one of: "
                        + EdgeKind.allCases.map(\.rawValue).joined(separator: ", "), at: entry.value)
            }
            kind = parsed
        }
        return Budget.ForbiddenEdge(
            from: try pattern(from.value, isRegex: isRegex, in: "\(context).from"),
            to: try pattern(to.value, isRegex: isRegex, in: "\(context).to"),
            kind: kind, location: location(node))
    }
}
