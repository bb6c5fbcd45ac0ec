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
        var diagnostics = Diagnostics()
        do {
            guard let tool = MCPTool(rawValue: name) else {
                throw Diagnostic.error(
                    "no tool '\(name)'; the tools are \(MCPTool.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let command = try CauseGraphCommand.parseAsRoot(try tool.commandLine(arguments, confinement: confinement))
            return try result(of: command, diagnostics: &diagnostics)
        } catch {
            let message = ExitStatus.diagnostic(for: error) ?? .error("the \(name) tool failed")
            return CallTool.Result(
                content: [text(Self.bounded(message.description))] + notes(diagnostics), isError: true)
        }
    }

    /// The longest error line a call returns. A reader may quote a value of
    /// the file it reads; cut here, no error can carry a whole file.
    static let longestError = 1_000

    private static func bounded(_ message: String) -> String {
        message.count > longestError ? String(message.prefix(longestError)) + "…" : message
    }

    private static func result(of command: ParsableCommand, diagnostics: inout Diagnostics) throws -> CallTool.Result {
        switch command {
        case let why as Why:
            let report = try why.whyReport(diagnostics: &diagnostics)
            return answer(
                WhyFormatter.format(report, as: .text), json: WhyFormatter.format(report, as: .json), diagnostics)
        case let summary as Summary:
            let report = try summary.summary(diagnostics: &diagnostics)
            return answer(
                SummaryFormatter.format(report, as: .text), json: SummaryFormatter.format(report, as: .json),
                diagnostics)
        case let diff as Diff:
            let (graphDiff, settings, window) = try diff.compare(diagnostics: &diagnostics)
            let table = try diff.table(of: graphDiff, settings, window: window)
            return answer(
                DiffFormatter.format(table, as: .text), json: DiffFormatter.format(table, as: .json), diagnostics)
        case let check as Check:
            let report = try check.evaluate(diagnostics: &diagnostics)
            return answer(
                CheckFormatter.format(report, as: .text), json: CheckFormatter.format(report, as: .json), diagnostics)
        case let doctor as DoctorCommand:
            let diagnoses = try doctor.diagnoses(diagnostics: &diagnostics)
            return answer(DoctorFormatter.text(diagnoses), json: DoctorFormatter.json(diagnoses), diagnostics)
        case let render as Render:
            return try graph(render, diagnostics: diagnostics)
        default:
            throw Diagnostic.error("\(type(of: command)._commandName) is not a tool")
        }
    }

    private static func answer(_ report: String, json: String, _ diagnostics: Diagnostics) -> CallTool.Result {
        CallTool.Result(content: [text(report)] + notes(diagnostics), structuredContent: structured(json))
    }

    /// The graph, returned or written to the file the call named.
    private static func graph(_ render: Render, diagnostics: Diagnostics) throws -> CallTool.Result {
        let format = try render.outputOptions.resolvedFormat()
        if let path = render.outputOptions.named {
            let bytes = try render.graph(as: format)
            try OutputFile.write(bytes, to: path)
            let written: Value? = [
                "output": .string(path), "format": .string(format.rawValue), "bytes": .int(bytes.count),
            ]
            return CallTool.Result(
                content: [text("wrote the \(format.rawValue) graph to \(path) (\(bytes.count) bytes)")]
                    + notes(diagnostics),
                structuredContent: written)
        }
        if format == .pdf {
            throw Diagnostic.error("a PDF is only written to a file; name one with 'output', or ask for svg or png")
        }
        let bytes = try render.graph(as: format)
        switch format {
        case .png:
            return CallTool.Result(
                content: [
                    .image(data: Data(bytes).base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)
                ] + notes(diagnostics))
        case .json:
            let json = String(decoding: bytes, as: UTF8.self)
            return CallTool.Result(content: [text(json)] + notes(diagnostics), structuredContent: structured(json))
        case .svg, .dot, .pdf:
            return CallTool.Result(content: [text(String(decoding: bytes, as: UTF8.self))] + notes(diagnostics))
        }
    }

    /// What the command would print on standard error, as a text block of its own.
    private static func notes(_ diagnostics: Diagnostics) -> [Tool.Content] {
        diagnostics.all.isEmpty ? [] : [text(diagnostics.all.map(\.description).joined(separator: "\n"))]
    }

    private static func text(_ text: String) -> Tool.Content {
        .text(text: text, annotations: nil, _meta: nil)
    }

    private static func structured(_ json: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
