import ArgumentParser
import CauseGraph

/// `causegraph summary`: the whole trace at a glance, and what to fix.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Summarise a trace: totals, long updates, body updates by view, top causes and findings.",
        discussion: CommandExamples.appending(
            [
                "causegraph summary App.trace":
                    "Totals, long updates, the views that ran most, top causes and findings.",
                "causegraph summary App.trace --format markdown -o summary.md":
                    "The same as Markdown, for a pull request.",
                "causegraph summary App.trace --window 10m:11m":
                    "The eleventh minute of a long recording on its own.",
            ], to: ""))

    @OptionGroup var input: InputOptions
    @OptionGroup var window: TimeWindowOption
    @OptionGroup var report: ReportOptions
    @OptionGroup var ranking: ListOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fan-out: body updates of one view type driven by one cause event.", valueName: "n"))
    var fanOut = FindingThresholds().fanOut

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Environment churn: skipped body checks caused by one environment node.", valueName: "n"))
    var churn = FindingThresholds().churn

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Unstable identity: creations of one view type.", valueName: "n"))
    var recreations = FindingThresholds().recreations

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Long bodies: updates of one view at or above the red threshold.", valueName: "n"))
    var longBodies = FindingThresholds().longBodies

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Rebuild storm: runs of one view within the storm window.", valueName: "n"))
    var storm = FindingThresholds().storm

    @Option(help: ArgumentHelp("The rebuild storm window (e.g. 5ms, 800us).", valueName: "duration"))
    var stormWindow = DurationOption(nanoseconds: FindingThresholds().stormWindow)

    func validate() throws {
        for (name, value) in [
            ("--fan-out", fanOut), ("--churn", churn), ("--recreations", recreations), ("--long-bodies", longBodies),
            ("--storm", storm),
        ] where value < 1 {
            throw ValidationError("\(name) \(value) is out of range; give 1 or more")
        }
        if stormWindow.nanoseconds < 1 { throw ValidationError("--storm-window must be longer than zero") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let summary = try summary(diagnostics: &diagnostics)
        var text = SummaryFormatter.format(summary, as: try report.format, style: try report.style)
        if try report.format != .json, let line = leftOut(summary.omitted) { text += "\n" + line + "\n" }
        try report.write(text)
    }

    /// The last line of a bounded summary: what it left out and how to see
    /// it, `whole` saying how to see everything.
    func leftOut(_ omitted: TraceSummary.Omitted, whole: String = ListOptions.showsEverything) -> String? {
        let parts = [
            (omitted.views, "view"), (omitted.causes, "cause"), (omitted.interactions, "interaction"),
            (omitted.unclassifiedTitles, "unclassified title"), (omitted.findings, "finding"),
            (omitted.hitches, "hitch or hang"),
        ].filter { $0.0 > 0 }.map { count, noun in
            CountText.format(count) + " "
                + (count == 1 ? noun : noun == "hitch or hang" ? "hitches and hangs" : noun + "s")
        }
        return ListOptions.leftOut(parts, order: ranking.sort, whole: whole)
    }

    /// The summary, for this command and for `causegraph mcp`'s `summary` tool.
    func summary(diagnostics: inout Diagnostics) throws -> TraceSummary {
        var thresholds = FindingThresholds()
        thresholds.fanOut = fanOut
        thresholds.churn = churn
        thresholds.recreations = recreations
        thresholds.longBodies = longBodies
        thresholds.storm = storm
        thresholds.stormWindow = stormWindow.nanoseconds
        let (reading, interactions) = try window.pipeline(input.settings, burstWindow: thresholds.stormWindow)
            .reconstructRankingInteractions(input.traces, diagnostics: &diagnostics)
        try window.account(for: reading.window, diagnostics: &diagnostics)
        return TraceSummary(
            graph: reading.graph, unclassifiedTitles: diagnostics.unclassifiedTitles, thresholds: thresholds,
            interactions: interactions
        ).bounded(ranking.bounds)
    }
}
