/// An export that gives nothing is an error, never an empty answer: a
/// recording whose SwiftUI tables came back empty (recorded on the
/// Simulator, attached rather than launched, never finalized) or a file of
/// other tables (`time-profile`) would otherwise look like an app that did
/// nothing.
extension InstrumentsImporter {
    /// Throws the one line that says what the recording holds, when no row
    /// of a table causegraph reads was read.
    static func requireRows(schemas: [String], rows: Int, of recording: String?) throws(Diagnostic) {
        guard rows == 0 else { return }
        // Schema names come from the file: shown on one line, control characters made visible.
        let read = schemas.filter(InstrumentsTable.readOrder.contains).map(VisibleText.singleLine)
        let others = schemas.filter { !InstrumentsTable.readOrder.contains($0) }.map(VisibleText.singleLine)
        let doctor = "; see why with: causegraph doctor \(recording.map(Doctor.shellWord) ?? "INPUT")"
        let location = recording.map { SourceLocation(file: $0) }
        if read.isEmpty {
            let held = others.isEmpty ? "no table at all" : "only " + others.joined(separator: ", ")
            throw .error("holds no table causegraph reads (\(held))\(doctor)", at: location)
        }
        let alsoHeld = others.isEmpty ? "" : " (it also holds \(others.joined(separator: ", ")))"
        throw .error(
            "its SwiftUI tables have no rows: \(read.joined(separator: ", "))\(alsoHeld)\(doctor)", at: location)
    }
}
