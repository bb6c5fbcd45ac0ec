import Foundation

/// One run of the package's `causegraph` executable.
struct ToolProcess {
    let executable: URL
    /// The package directory, so the tool's messages name traces as the user did.
    let workingDirectory: URL

    /// Runs the tool; its warnings go to standard error, its failure becomes a
    /// ``PluginError/tool(_:)`` carrying its one-line message.
    func run(_ arguments: [String]) throws(PluginError) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardOutput
        let errorPipe = Pipe()
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            throw .setup("cannot run \(executable.path): \(error.localizedDescription)")
        }
        // Read before waiting, so a long message cannot block the tool.
        let errorText = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let lines = errorText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let succeeded = process.terminationReason == .exit && process.terminationStatus == 0
        guard !succeeded else {
            forward(lines)
            return
        }
        guard let failure = lines.firstIndex(where: Self.isError) ?? lines.indices.first else {
            let how = process.terminationReason == .exit ? "exited with status" : "was ended by signal"
            throw .tool("causegraph \(how) \(process.terminationStatus) without a message")
        }
        // Warnings before the error still matter, and so do the errors of other
        // traces after it; usage text after it repeats `--help`.
        forward(Array(lines[..<failure]) + lines[(failure + 1)...].filter(Self.isError))
        throw .tool(Self.withoutLeadingSeverity(lines[failure]))
    }

    /// SwiftPM already prefixes `error: `; a located message keeps its own.
    private static func withoutLeadingSeverity(_ line: String) -> String {
        line.hasPrefix("error: ") ? String(line.dropFirst("error: ".count)) : line
    }

    /// `FILE:LINE:COLUMN: error: …` or `error: …`.
    private static func isError(_ line: String) -> Bool {
        line.hasPrefix("error: ") || line.contains(": error: ")
    }

    private func forward(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
