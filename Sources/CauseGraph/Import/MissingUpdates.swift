/// An Instruments input whose tables hold no update event: only hitches,
/// only `swiftui-changes`, only update groups. Commands that can answer
/// from what it holds (`summary`, `timeline` of hitches alone) answer and
/// warn that the views are missing; commands that draw views (`render`,
/// `report`) stop, naming the tables it holds and those they need, rather
/// than draw an empty picture.
package enum MissingUpdates {
    private static let opening = "holds no update events (its tables: "
    private static let closing = "); the views need swiftui-causes or swiftui-updates, exported from the .trace"

    /// The importer's warning; `tables` are the schemas the input holds.
    static func warning(tables: [String], at location: SourceLocation?) -> Diagnostic {
        let held = tables.isEmpty ? "none" : tables.map(VisibleText.singleLine).joined(separator: ", ")
        return Diagnostic(.warning, opening + held + closing, at: location)
    }

    /// For a command that draws views: throws when `graph` has no update
    /// and the import warned that its tables hold none. The error names
    /// the tables held, as the warning does, and replaces the warning.
    package static func require(updatesIn graph: CauseEffectGraph, for command: String, diagnostics: inout Diagnostics)
        throws(Diagnostic)
    {
        guard !graph.nodes.contains(where: { $0.kind.isUpdate }),
            let warning = diagnostics.all.first(where: {
                $0.severity == .warning && $0.message.hasPrefix(opening) && $0.message.hasSuffix(closing)
            })
        else { return }
        diagnostics.remove(warning)
        let held = warning.message.dropFirst(opening.count).dropLast(closing.count)
        throw .error(
            "holds no update events (its tables: \(held)); \(command) needs swiftui-causes or swiftui-updates to draw views",
            at: warning.location)
    }
}
