import ArgumentParser
import CauseGraph

extension ListBounds.Order: ExpressibleByArgument {}

/// How `summary` and `why` rank their lists and how much of each they show.
struct ListOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Rank lists by total time, update count or name.", valueName: "order"))
    var sort: ListBounds.Order = .time

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show at most this many entries of each list (default \(ListBounds.defaultLimit)).",
            valueName: "n"))
    var top: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pass over this many ranked entries of each list first (paging).", valueName: "n"))
    var offset = 0

    @Flag(
        help: """
            Show every entry of every list; a cause tree keeps its bounds \
            (\(CauseTree.maximumCauses) causes a node, \(CauseTree.maximumExpanded) nodes).
            """)
    var all = false

    func validate() throws { try Self.validate(top: top, offset: offset, all: all) }

    /// The usage errors of `--top`, `--offset` and `--all`, for every command that pages a list.
    static func validate(top: Int?, offset: Int, all: Bool) throws {
        if let top, top < 1 { throw ValidationError("--top \(top) is out of range; give 1 or more") }
        if offset < 0 { throw ValidationError("--offset \(offset) is out of range; give 0 or more") }
        if all && top != nil { throw ValidationError("\(showsEverything); give it without --top") }
    }

    /// How a bounded list says everything can be seen; over MCP it names the argument.
    static let showsEverything = "--all shows everything"

    var bounds: ListBounds {
        ListBounds(order: sort, offset: offset, limit: all ? nil : top ?? ListBounds.defaultLimit)
    }

    /// The last lines of a bounded report: what was left out, in `parts`
    /// such as `12 views`, and how to see it; `nil` when nothing was. The
    /// lists are ranked by `order`, or with `nil` are the updates of
    /// `why --list`, in the order `updates`, which the bounds page. `paging` names
    /// the options that show others, `whole` how to see everything. One
    /// line when it fits 80 columns, else what was left out, then how to
    /// see it, each broken at spaces.
    static func leftOut(
        _ parts: [String], order: ListBounds.Order?, updates: UpdateListing.Order = .time,
        paging: String = "--top N or --offset N", whole: String = showsEverything
    ) -> String? {
        guard !parts.isEmpty else { return nil }
        let listed =
            switch updates {
            case .time: "(updates in time order);"
            case .longest: "(updates longest first);"
            }
        let what =
            "Left out: \(parts.joined(separator: ", ")) " + (order.map { "(ranked by \($0.rawValue));" } ?? listed)
        let how =
            order == nil
            ? "\(paging) pages the updates, \(whole)."
            : "\(paging) shows others, \(whole)."
        let width = WhyFormatter.width
        guard TerminalText.columns(what + " " + how) > width else { return what + " " + how }
        return
            (TerminalText.wrap(what, first: "", rest: "  ", width: width)
            + TerminalText.wrap(how, first: "", rest: "  ", width: width)).joined(separator: "\n")
    }
}
