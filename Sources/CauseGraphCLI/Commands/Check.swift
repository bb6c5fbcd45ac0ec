import ArgumentParser
import CauseGraph
import CauseGraphYAML

/// `causegraph check`: hold a recording to a budget, for CI.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a recording against a budget of update limits; exit 1 when one is exceeded.",
        discussion: CommandExamples.appending(
            [
                "causegraph check App.trace --budget budget.yaml":
                    "Exit status 1 when a limit of the budget is exceeded.",
                "causegraph check App.trace --budget budget.yaml --baseline main.trace":
                    "Fail only on regressions against another recording.",
                "causegraph check App.trace --budget scroll.yaml --window 12s:20s":
                    "Hold one stretch of a recording (a scripted scroll) to its own budget.",
            ],
            to: """
                The budget (YAML or JSON, see docs/check.md) limits body updates per view (in total, per \
                update group, per gesture), long updates by severity, skipped checks per environment \
                change, findings by kind, and edges that must never appear. The report lists each \
                violation with its evidence, and how many limits held (--all lists them). With \
                --baseline, only regressions against the baseline recording beyond --tolerance fail. \
                --format junit (or -o FILE.xml) writes JUnit XML for CI test reports; --format github \
                writes GitHub Actions annotations on the budget's lines (10 of each kind at most, as \
                GitHub shows). Exit status: 0 every limit holds, 1 a limit is exceeded, 2 bad input.
                """))

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The budget file, YAML or JSON; '-' reads standard input.", valueName: "file"))
    var budget: String

    @OptionGroup var window: TimeWindowOption

    @Option(
        help: ArgumentHelp(
            "A recording to compare with: fail only on regressions against it (repeatable: read as one).",
            valueName: "trace"))
    var baseline: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --baseline: how far above the baseline's value still passes: 10%, 2, or 10%,2 (whichever allows more); at most 1000000%.",
            valueName: "tolerance"), transform: ToleranceOption.parse)
    var tolerance: ToleranceOption?

    @Flag(
        help:
            "Fail (exit 1) when a pattern of the budget (a view entry, either end of a forbidden edge) matches nothing in the recording, as a typo would; without it, a warning."
    )
    var strict = false

    @Flag(
        help:
            "List every limit in the text report: past the first 10 not held and 10 notes, and each that held, not only how many did."
    )
    var all = false

    @OptionGroup var report: CheckOutputOptions

    func validate() throws {
        if tolerance != nil && baseline.isEmpty {
            throw ValidationError("--tolerance applies to --baseline; name a baseline recording")
        }
        if [input.traces.contains("-"), baseline.contains("-"), budget == "-"].filter({ $0 }).count > 1 {
            throw ValidationError(
                "only one of the recording, the baseline and the budget can be read from standard input")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let result = try evaluate(diagnostics: &diagnostics)
        try report.write(
            CheckFormatter.format(
                result, as: report.format, style: report.style, listingHeld: all, spelling: CommandSpelling.current))
        if !result.passed { throw ExitCode(ExitStatus.checkFailed) }
    }

    /// The recording held to the budget, for this command and for `causegraph mcp`'s `check` tool.
    func evaluate(diagnostics: inout Diagnostics) throws -> CheckReport {
        let budget = try BudgetFile.read(path: self.budget)
        let check = BudgetCheck(budget: budget, tolerance: tolerance?.tolerance ?? .none)
        let range = try window.timeWindow()
        let current = try check.measure(
            input.traces, settings: input.settings, window: range, diagnostics: &diagnostics)
        try window.account(for: current.windowStatistics, diagnostics: &diagnostics)
        var reference: BudgetCheck.Measurement?
        if !baseline.isEmpty {
            // The same stretch of the baseline: a scripted run starts its steps at the same times.
            reference = try check.measure(baseline, settings: input.settings, window: range, diagnostics: &diagnostics)
            try window.account(for: reference?.windowStatistics, of: "baseline", diagnostics: &diagnostics)
        }
        var result = check.evaluate(current, baseline: reference)
        result.strict = strict
        // Where the budget was typed wrong, on standard error as well as in the report's notes.
        for unmatched in result.unmatchedPatterns {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    unmatched.note
                        + (strict
                            ? "; the check fails (--strict)"
                            : "; its limits measure nothing (--strict fails the check)"),
                    at: unmatched.location))
        }
        return result
    }
}

/// Reads `--tolerance`.
struct ToleranceOption {
    var tolerance: Tolerance

    /// The tolerance `argument` gives; one it cannot be is refused with
    /// what it may be, which the parser's own message would not say.
    static func parse(_ argument: String) throws -> ToleranceOption {
        guard let value = Tolerance(parsing: argument) else {
            throw ValidationError(
                "give a percentage up to \(CountText.format(Int(Tolerance.maximumPercent)))% (10%), a count (2), "
                    + "or both (10%,2)")
        }
        return ToleranceOption(tolerance: value)
    }
}
