import ArgumentParser

/// The `causegraph` command: why did this SwiftUI body run?
struct CauseGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "causegraph",
        abstract: "Reconstruct and render the SwiftUI cause-and-effect graph of an update trace.",
        discussion: """
            Reads Instruments xctrace exports of the SwiftUI tables, _printChanges()/_logChanges() \
            logs and causegraph JSON Lines traces; the \
            format is detected from the content. Exit status: 0 on success; 1 when `check` \
            finds a limit exceeded, `diff --exit-code` a change, or `doctor` an input that cannot \
            answer why a body ran; 2 for bad input or usage; 130, 143 or 129 when stopped by \
            SIGINT, SIGTERM or SIGHUP.
            """,
        version: "0.1.0",
        subcommands: [
            Render.self, Why.self, Summary.self, Diff.self, Check.self, ReportCommand.self, TimelineCommand.self,
            Convert.self, MCPCommand.self, Top.self, Record.self, CacheCommand.self, DoctorCommand.self, Redact.self,
        ]
    )
}
