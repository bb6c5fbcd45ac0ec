/// What one cell of a row says: numbers, times, text, kinds, severities,
/// labels, changed properties.
extension InstrumentsTableReader {
    mutating func beginIfNeeded(_ row: ExportRow, process: Int?, values: InternedValues) throws(XMLReadFailure) {
        guard !began else { return }
        // "Landmarks (4242)" names the recorded app.
        var app = process.flatMap { values.label(row.cells[$0]) }
        if let name = app, name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            app = String(name[..<open]).trimmingXMLWhitespace()
        }
        try begin(app: app?.isEmpty == true ? nil : app)
    }

    mutating func begin(app: String?) throws(XMLReadFailure) {
        began = true
        try deliver(at: nil) { try $0.begin(TraceHeader(app: app)) }
    }

    /// An event id within the ``TraceNumberRule``, as every format reads it.
    ///
    /// This and the other readers a cause row calls are inlined: a call from
    /// a mutating method copies the whole reader (some 600 bytes) to pass
    /// `self`, several times a row.
    @inline(__always)
    func eventID(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> EventID? {
        guard let column, let id = try number(column, row, values) else { return nil }
        guard id <= TraceNumberRule.maximum else {
            throw .at(
                offset: row.cellOffsets[column],
                message:
                    "event id in column \"\(mnemonics[column])\" of \(tableName) \(TraceNumberRule.requirement), found \(id)"
            )
        }
        guard !Self.madeUpIDs.contains(id) else {
            throw .at(
                offset: row.cellOffsets[column],
                message:
                    "event id \(id) in column \"\(mnemonics[column])\" of \(tableName) is one of those causegraph makes up for root causes named by title only (\(Self.madeUpIDs.lowerBound) to \(Self.madeUpIDs.upperBound))"
            )
        }
        return id
    }

    /// A time or duration in nanoseconds; values past `Int64.max` (292
    /// years) are the near-`UINT64_MAX` markers of updates still in flight
    /// when recording stopped, so they are unknown.
    @inline(__always)
    func time(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> Nanoseconds? {
        guard let value = try number(column, row, values), value <= TraceNumberRule.maximum else { return nil }
        return Nanoseconds(value)
    }

    @inline(__always)
    func number(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> UInt64? {
        guard let column else { return nil }
        let cell = row.cells[column]
        switch values.kind(cell) {
        case .empty: return nil
        case .number: return values.number(cell)
        case .string, .list, .deferred:
            let shown = values.string(cell).map { "\"\(String($0.prefix(40)))\"" } ?? "a list"
            throw .at(
                offset: row.cellOffsets[column],
                message:
                    "malformed number \(shown) in column \"\(mnemonics[column])\" of \(tableName): expected a whole number"
            )
        }
    }

    /// The text of a cell; a blank cell is none.
    func string(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> String? {
        guard let column, let text = values.label(row.cells[column]), !text.isEmpty else { return nil }
        return text
    }

    /// The view a `view-hierarchy` cell ("VStack ← ContentView ← App")
    /// starts with; `nil` for an empty cell.
    func innermostView(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> String? {
        guard let text = string(column, row, values) else { return nil }
        let first = text.split(separator: "←", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let view = first.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return view.isEmpty ? nil : String(view)
    }

    /// The kind an update-type cell names; `nil` for an empty cell.
    mutating func updateKind(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> NodeKind? {
        guard let column else { return nil }
        let cell = row.cells[column]
        if let known = updateKindCache[cell] { return known }
        guard let text = string(column, row, values) else { return nil }
        let kind = Self.kind(ofUpdateType: text)
        if InternedValues.isKept(cell) { updateKindCache[cell] = kind }
        return kind
    }

    /// Whether a cell's text says "skip", in any case.
    mutating func mentionsSkip(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> Bool {
        guard let column else { return false }
        let cell = row.cells[column]
        if let known = mentionsSkipCache[cell] { return known }
        let mentions = string(column, row, values)?.lowercased().contains("skip") ?? false
        if InternedValues.isKept(cell) { mentionsSkipCache[cell] = mentions }
        return mentions
    }

    /// The severity a cell names; an unknown name is counted for a note.
    mutating func severity(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> Severity? {
        guard let column else { return nil }
        let cell = row.cells[column]
        if let known = severityCache[cell] {
            if known == nil, let text = string(column, row, values) { unknownSeverities[text, default: 0] += 1 }
            return known
        }
        guard let text = string(column, row, values) else { return nil }
        let severity = Self.severity(text)
        if severity == nil { unknownSeverities[text, default: 0] += 1 }
        if InternedValues.isKept(cell) { severityCache[cell] = severity }
        return severity
    }

    /// `Update`, `Invalidation` and `Creation` are the known labels; any
    /// other is kept as written, and reported.
    mutating func label(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> CauseLabel {
        guard let text = string(column, row, values), !text.isEmpty else { return .update }
        switch text {
        case "Update": return .update
        case "Invalidation": return .invalidation
        case "Creation": return .creation
        default:
            unknownLabels[text, default: 0] += 1
            return CauseLabel(rawValue: text)
        }
    }

    /// The changed properties of a cell, split once per interned value.
    mutating func changedNames(_ cell: ValueRef, _ values: InternedValues) -> [String] {
        guard cell != 0 else { return [] }
        guard InternedValues.isKept(cell) else { return Self.names(cell, values) }
        if let names = changedCache[cell] { return names }
        let names = Self.names(cell, values)
        changedCache[cell] = names
        return names
    }

    /// Changed properties: a list cell's items, or a comma-separated string.
    private static func names(_ cell: ValueRef, _ values: InternedValues) -> [String] {
        if values.kind(cell) == .list {
            return values.children(cell).compactMap { values.string($0) }
        }
        guard let text = values.string(cell) else { return [] }
        return text.split(separator: ",").map { String($0).trimmingXMLWhitespace() }.filter { !$0.isEmpty }
    }

    /// "View Body" → body, "…Representable…" → representable, anything
    /// else ("Layout", …) → other.
    static func kind(ofUpdateType type: String) -> NodeKind {
        let lowered = type.lowercased()
        if lowered.contains("body") { return .body }
        if lowered.contains("representable") { return .representable }
        return .other
    }

    /// Instruments' five severities, and the names earlier releases used.
    static func severity(_ text: String) -> Severity? {
        switch text.lowercased() {
        case "very low": .veryLow
        case "low": .low
        case "medium", "moderate": .medium
        case "high": .high
        case "very high", "severe", "critical": .veryHigh
        default: nil
        }
    }
}
