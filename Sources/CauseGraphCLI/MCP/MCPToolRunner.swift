import ArgumentParser
import CauseGraph
import Foundation
import MCP

/// Runs one tool call through the command it names, and turns the
/// command's answer, or its failure, into the tool's result: the text the
/// command prints, with its JSON as structured content. It runs in the
/// process of one call (see ``ToolProcess``), reading only what
/// `confinement` allows.
enum MCPToolRunner {
    static func call(_ name: String, arguments: [String: Value]?, confinement: Confinement) -> CallTool.Result {
        guard let tool = MCPTool(rawValue: name) else {
            return CallTool.Result(
                content: [
                    text(
                        Diagnostic.error(
                            "no tool '\(Self.bounded(name))'; the tools are \(MCPTool.allCases.map(\.rawValue).joined(separator: ", "))"
                        ).description)
                ], isError: true)
        }
        return CommandSpelling.$current.withValue(tool.spelling.settings) {
            call(tool, arguments: arguments, confinement: confinement)
        }
    }

    /// The call, its command naming settings as the tool's arguments.
    private static func call(_ tool: MCPTool, arguments: [String: Value]?, confinement: Confinement)
        -> CallTool.Result
    {
        var diagnostics = Diagnostics()
        do {
            let command = try CauseGraphCommand.parseAsRoot(
                NegativeValue.attached(try tool.commandLine(arguments, confinement: confinement)))
            let answer = try result(of: command, spelling: tool.spelling, diagnostics: &diagnostics)
            return CallTool.Result(
                content: answer.content + notes(diagnostics, tool), structuredContent: answer.structuredContent)
        } catch {
            let message = ExitStatus.diagnostic(for: error) ?? .error("the \(tool.rawValue) tool failed")
            let values = Set((arguments ?? [:]).values.flatMap { $0.arrayValue ?? [$0] }.compactMap(\.stringValue))
            let error = tool.spelling.respelled(excerpted(message).description, quote: "'", values: values)
            return CallTool.Result(content: [text(Self.bounded(error))] + notes(diagnostics, tool), isError: true)
        }
    }

    /// The longest error line a call returns. A reader may quote a value of
    /// the file it reads; cut here, no error can carry a whole file.
    static let longestError = 1_000

    private static func bounded(_ message: String) -> String {
        message.count > longestError ? String(message.prefix(longestError)) + "…" : message
    }

    /// The most characters of a path or name a call's error or note quotes.
    /// A command names the file it is about in full, and a path may run to
    /// thousands of characters: one error stays one line a person can read.
    static let longestQuote = 60

    /// `diagnostic` with its file, and each path or name its message quotes
    /// in '…', cut to about ``longestQuote`` characters.
    private static func excerpted(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        if let file = diagnostic.location?.file {
            diagnostic.location?.file = shortened(file)
        }
        diagnostic.message = excerptingQuotes(in: diagnostic.message)
        return diagnostic
    }

    /// A long path or name as the start of its folder, an excerpt, and its
    /// last component whole when that is short: the file's name is what
    /// tells the reader which file it is (`/tmp/traces/2026-…/app.log`).
    private static func shortened(_ path: String) -> String {
        guard path.count > longestQuote else { return path }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !name.isEmpty, name.count <= longestQuote / 2 else {
            return VisibleText.excerpt(path, length: longestQuote)
        }
        let folder = String(path.dropLast(name.count + 1))
        return VisibleText.excerpt(folder, length: longestQuote - name.count - 1) + "/"
            + VisibleText.singleLine(String(name))
    }

    /// `message` with each ``QuotedSpans`` span ``shortened(_:)``.
    private static func excerptingQuotes(in message: String) -> String {
        let characters = Array(message)
        let spans = QuotedSpans.of(characters)
        var result = ""
        var index = 0
        while index < characters.count {
            guard let close = spans[index] else {
                result.append(characters[index])
                index += 1
                continue
            }
            result += "'" + shortened(String(characters[(index + 1)..<close])) + "'"
            index = close + 1
        }
        return result
    }

    /// The command's answer; `spelling` names the arguments where its words name options (`--top N`).
    private static func result(of command: ParsableCommand, spelling: MCPSpelling, diagnostics: inout Diagnostics)
        throws -> CallTool.Result
    {
        func withLeftOut(_ text: String, _ line: String?) -> String {
            line.map { text + "\n" + spelling.respelled($0, quote: "'") + "\n" } ?? text
        }
        // How to see everything, said by a list cut to fit a result, which `all` cannot lift.
        let whole = { (cut: Bool) in cut ? Self.tooLarge : ListOptions.showsEverything }
        switch command {
        case let why as Why:
            let format = try why.report.format
            if let cause = try why.hitchCause(diagnostics: &diagnostics) {
                let (text, json) = fitted(
                    HitchFormatter.format(cause, as: format), HitchFormatter.format(cause, as: .json))
                return answer(text, json: json)
            }
            let report = try why.whyReport(diagnostics: &diagnostics)
            let (text, json) = fitted(report, limit: why.ranking.bounds.limit) { report, cut in
                let text = WhyFormatter.format(report, as: format)
                return (
                    format == .json ? text : withLeftOut(text, why.leftOut(report, whole: whole(cut))),
                    WhyFormatter.format(report, as: .json)
                )
            } cut: { report, limit in
                report.bounded(ListBounds(limit: limit))
            }
            return answer(text, json: json)
        case let summary as Summary:
            let format = try summary.report.format
            let report = try summary.summary(diagnostics: &diagnostics)
            let (text, json) = fitted(report, limit: summary.ranking.bounds.limit) { report, cut in
                let text = SummaryFormatter.format(report, as: format)
                return (
                    format == .json ? text : withLeftOut(text, summary.leftOut(report.omitted, whole: whole(cut))),
                    SummaryFormatter.format(report, as: .json)
                )
            } cut: { report, limit in
                report.bounded(ListBounds(order: summary.ranking.sort, limit: limit))
            }
            return answer(text, json: json)
        case let diff as Diff:
            return try changes(diff, spelling: spelling, diagnostics: &diagnostics)
        case let check as Check:
            let report = try check.evaluate(diagnostics: &diagnostics)
            let text = CheckFormatter.format(
                report, as: try check.report.format, listingHeld: check.all, spelling: CommandSpelling.current)
            // Results and notes halved until the JSON fits; `passed` and the counts stay whole.
            var json = CheckFormatter.json(report)
            var listing = max(report.results.count, report.notes.count)
            while json.utf8.count > largestResult, listing > 1 {
                listing = min(listing / 2, largestResult / smallestEntry)
                json = CheckFormatter.json(report, listing: listing)
            }
            let (shownText, shownJSON) = fitted(
                text, json, advice: check.all ? "; without `all` the text lists fewer limits" : "")
            return answer(shownText, json: shownJSON)
        case let doctor as DoctorCommand:
            let diagnoses = try doctor.diagnoses(diagnostics: &diagnostics)
            let (text, json) = fitted(DoctorFormatter.text(diagnoses), DoctorFormatter.json(diagnoses))
            return answer(text, json: json)
        case let render as Render:
            return try graph(render, diagnostics: &diagnostics)
        default:
            throw Diagnostic.error("\(type(of: command)._commandName) is not a tool")
        }
    }

    /// The most bytes a result's text, or its structured content, takes.
    static let largestResult = 64 * 1024

    /// The most bytes a graph returned in a result takes, a PNG as base64:
    /// a picture of the default node limit fits many times over, and a
    /// client's context holds no graph of thousands of nodes.
    static let largestGraph = 1 << 20

    /// The fewest bytes one entry of a list takes in a text or JSON answer.
    private static let smallestEntry = 16

    /// How a list cut to fit a result says how to see everything.
    private static let tooLarge = "the whole answer is larger than the \(largestResult / 1024) KB a result holds"

    /// The report's text and JSON, each within ``largestResult``: while
    /// either is larger, each list keeps half as many entries (the report
    /// says what it left out; `format` is told whether the lists were cut
    /// to fit); a text still too large is cut at a line.
    private static func fitted<Report>(
        _ report: Report, limit: Int?, format: (Report, Bool) -> (String, String), cut: (Report, Int) -> Report
    ) -> (String, String) {
        var report = report
        var (text, json) = format(report, false)
        var limit = limit ?? Int.max
        while text.utf8.count > largestResult || json.utf8.count > largestResult, limit > 1 {
            // No list longer than a result's bytes over the smallest entry can fit: each halving
            // after the first formats a report of at most that many entries a list, not of all
            // `--all` asked for (why --list --all of a long recording formats 700,000 updates).
            limit = min(limit / 2, largestResult / smallestEntry)
            report = cut(report, limit)
            (text, json) = format(report, true)
        }
        return fitted(text, json, advice: "; give a smaller `limit` or an `offset`")
    }

    /// A text and JSON each within ``largestResult``: the text cut at a
    /// line (its last line says so, and `advice` how to see more), the JSON
    /// replaced by a note that it was too large, as lists at their
    /// shortest can still be (a title of 60,000 characters).
    private static func fitted(_ text: String, _ json: String, advice: String = "") -> (String, String) {
        var (text, json) = (text, json)
        if text.utf8.count > largestResult {
            let note = "\n… cut at \(largestResult / 1024) KB\(advice).\n"
            var kept = Substring(text).utf8.prefix(largestResult - note.utf8.count)
            if let end = kept.lastIndex(of: UInt8(ascii: "\n")) { kept = kept[..<end] }
            text = String(Substring(kept)) + note
        }
        if json.utf8.count > largestResult {
            json =
                "{\"truncated\": true, \"note\": \"the answer is larger than \(largestResult / 1024) KB even at its shortest\"}"
        }
        return (text, json)
    }

    private static func answer(_ report: String, json: String) -> CallTool.Result {
        CallTool.Result(content: [text(report)], structuredContent: structured(json))
    }

    /// The table of changes, in the format asked for; the union graph and
    /// the table written where the call named, and `exitStatus` added to the
    /// structured content with `exit_code`.
    private static func changes(_ diff: Diff, spelling: MCPSpelling, diagnostics: inout Diagnostics) throws
        -> CallTool.Result
    {
        let (graphDiff, settings, window) = try diff.compare(diagnostics: &diagnostics)
        var written: [String] = []
        if let output = diff.output {
            try diff.writeGraph(of: graphDiff, settings, window: window, to: output, diagnostics: &diagnostics)
            written.append("wrote the diff graph to \(Confinement.shown(output))")
        }
        let table = try diff.table(of: graphDiff, settings, window: window)
        // The JSON holds the page the text shows (`limit`, `offset`, `all`), as `summary`'s does: every
        // change of two long recordings is far more than an answer holds.
        // A JSON table's text is that page too, so the whole table is never written out to be dropped.
        let isJSON = try diff.format(ofTableAt: diff.table ?? "-") == .json
        let text =
            isJSON
            ? nil
            : try diff.tableText(table, to: diff.table ?? "-", textBounds: diff.textPage) {
                spelling.respelled($0, quote: "'")
            }
        let (shownText, json) = fitted(diff.textPage, limit: diff.textPage.limit) { page, _ in
            let json = DiffFormatter.json(table, bounds: page)
            return (text ?? json, json)
        } cut: { page, limit in
            ListBounds(offset: page.offset, limit: limit)
        }
        if let path = diff.table {
            try OutputFile.write(try diff.tableText(table, to: path, textBounds: diff.textPage), to: path)
            written.append("wrote the table to \(Confinement.shown(path))")
        }
        var structured = structured(json)
        if diff.exitCode, case .object(var object) = structured {
            object["exitStatus"] = .int(Int(diff.exitStatus(of: table)))
            structured = .object(object)
        }
        return CallTool.Result(
            content: [Self.text(shownText)] + (written.isEmpty ? [] : [Self.text(written.joined(separator: "\n"))]),
            structuredContent: structured)
    }

    /// The graph, returned or written to the file the call named.
    private static func graph(_ render: Render, diagnostics: inout Diagnostics) throws -> CallTool.Result {
        let format = try render.outputOptions.resolvedFormat()
        if let path = render.outputOptions.named {
            let bytes = try render.graph(as: format, diagnostics: &diagnostics)
            try OutputFile.write(bytes, to: path)
            let written: Value? = [
                "output": .string(path), "format": .string(format.rawValue), "bytes": .int(bytes.count),
            ]
            let note = "wrote the \(format.rawValue) graph to \(Confinement.shown(path)) (\(bytes.count) bytes)"
            return CallTool.Result(content: [text(note)], structuredContent: written)
        }
        if format == .pdf {
            throw Diagnostic.error("a PDF is only written to a file; name one with 'output', or ask for svg or png")
        }
        // A returned graph counts each node's and edge's update groups
        // rather than listing them, and leaves out the table of groups:
        // those grow with the length of a recording, not with the graph
        // drawn, and a long one would outgrow any result whatever
        // 'max_nodes' asked. A file keeps the graph contract whole.
        let bytes = try render.graph(as: format, groups: .counted, diagnostics: &diagnostics)
        let returned = format == .png ? (bytes.count + 2) / 3 * 4 : bytes.count
        guard returned <= largestGraph else {
            throw Diagnostic.error(
                "the \(format.rawValue) graph takes \(ByteCountText.string(Int64(returned))), more than the "
                    + "\(ByteCountText.string(Int64(largestGraph))) a result returns; write it to a file with 'output', "
                    + "or draw fewer nodes with 'max_nodes'")
        }
        switch format {
        case .png:
            return CallTool.Result(
                content: [
                    .image(data: Data(bytes).base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)
                ])
        case .json:
            let json = String(decoding: bytes, as: UTF8.self)
            return CallTool.Result(content: [text(json)], structuredContent: structured(json))
        case .svg, .dot, .pdf:
            return CallTool.Result(content: [text(String(decoding: bytes, as: UTF8.self))])
        }
    }

    /// What the command would print on standard error, as a text block of
    /// its own, within ``largestResult`` as the answer is: a call can make
    /// as many distinct notes as it names inputs, each up to an error's
    /// length. The notes past the bound are counted in a last line.
    static func notes(_ diagnostics: Diagnostics, _ tool: MCPTool) -> [Tool.Content] {
        guard !diagnostics.all.isEmpty else { return [] }
        let spelling = tool.spelling
        var lines: [String] = []
        var bytes = 0
        // Room for the last line, whatever count it gives.
        let bound = largestResult - 100
        for (index, diagnostic) in diagnostics.all.enumerated() {
            let line = spelling.respelled(excerpted(diagnostic).description, quote: "'")
            guard bytes + line.utf8.count + 1 <= bound else {
                let left = diagnostics.all.count - index
                lines.append(
                    "… \(CountText.format(left)) more \(left == 1 ? "note" : "notes") left out: the notes are kept under \(largestResult / 1024) KB"
                )
                break
            }
            lines.append(line)
            bytes += line.utf8.count + 1
        }
        return [text(lines.joined(separator: "\n"))]
    }

    private static func text(_ text: String) -> Tool.Content {
        .text(text: text, annotations: nil, _meta: nil)
    }

    private static func structured(_ json: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
