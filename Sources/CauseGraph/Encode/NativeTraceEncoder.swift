/// Encodes trace records as lines of causegraph's native JSON Lines format,
/// the inverse of `NativeTraceReader`.
///
/// Optional fields are written only when they carry something, so converted
/// traces stay small and read like hand-written ones.
///
/// The `append` forms write one record, without its line break, straight
/// into a byte buffer: `convert` reuses one buffer for millions of records,
/// so encoding allocates nothing per record. The `line` forms return the
/// same bytes as a string.
package enum NativeTraceEncoder {
    /// The header as one line, without its line break.
    package static func line(_ header: TraceHeader) -> String {
        string { append(header, to: &$0) }
    }

    /// The event as one line, without its line break.
    package static func line(_ event: TraceEvent) -> String {
        string { append(event, to: &$0) }
    }

    /// The cause link as one line, without its line break.
    package static func line(_ cause: TraceCause) -> String {
        string { append(cause, to: &$0) }
    }

    /// The update group as one line, without its line break.
    package static func line(_ group: UpdateGroup) -> String {
        string { append(group, to: &$0) }
    }

    /// The hitch as one line, without its line break.
    package static func line(_ hitch: Hitch) -> String {
        string { append(hitch, to: &$0) }
    }

    /// Appends the header's line, without its line break, to `line`.
    package static func append(_ header: TraceHeader, to line: inout [UInt8]) {
        line.append("{\"causegraph\": ")
        JSONText.appendNumber(Int64(header.version), to: &line)
        line.appendField(", \"app\": ", quoted: header.app)
        if let frameRate = header.frameRate {
            line.append(", \"frameRate\": ")
            line.append(contentsOf: JSONText.number(frameRate).utf8)
        }
        line.append(UInt8(ascii: "}"))
    }

    /// Appends the event's line, without its line break, to `line`.
    package static func append(_ event: TraceEvent, to line: inout [UInt8]) {
        line.append("{\"node\": ")
        JSONText.appendNumber(event.id, to: &line)
        line.appendField(", \"kind\": ", quoted: event.kind.rawValue)
        line.appendField(", \"title\": ", quoted: event.title)
        line.appendField(", \"module\": ", quoted: event.module)
        line.appendField(", \"owner\": ", quoted: event.owner.rawValue)
        line.appendField(", \"time\": ", number: event.time)
        line.appendField(", \"duration\": ", number: event.duration)
        if event.kind.isUpdate && !event.ran { line.append(", \"ran\": false") }
        line.appendField(", \"group\": ", number: event.group)
        line.appendField(", \"severity\": ", quoted: event.severity?.rawValue)
        line.appendField(", \"backtrace\": ", strings: event.backtrace)
        line.append(UInt8(ascii: "}"))
    }

    /// Appends the cause link's line, without its line break, to `line`.
    package static func append(_ cause: TraceCause, to line: inout [UInt8]) {
        line.append("{\"edge\": [")
        JSONText.appendNumber(cause.from, to: &line)
        line.append(", ")
        JSONText.appendNumber(cause.to, to: &line)
        line.append("], \"label\": ")
        JSONText.appendQuoted(cause.label.rawValue, to: &line)
        line.appendField(", \"time\": ", number: cause.time)
        line.appendField(", \"changed\": ", strings: cause.changed)
        line.append(UInt8(ascii: "}"))
    }

    /// Appends the update group's line, without its line break, to `line`.
    package static func append(_ group: UpdateGroup, to line: inout [UInt8]) {
        line.append("{\"group\": ")
        JSONText.appendNumber(group.id, to: &line)
        line.appendField(", \"label\": ", quoted: group.label)
        line.appendField(", \"start\": ", number: group.start)
        line.appendField(", \"duration\": ", number: group.duration)
        line.append(UInt8(ascii: "}"))
    }

    /// Appends the hitch's line, without its line break, to `line`.
    package static func append(_ hitch: Hitch, to line: inout [UInt8]) {
        line.append("{\"hitch\": ")
        JSONText.appendQuoted(hitch.kind.rawValue, to: &line)
        line.appendField(", \"start\": ", number: hitch.start)
        line.appendField(", \"duration\": ", number: hitch.duration)
        line.appendField(", \"hangType\": ", quoted: hitch.hangType)
        line.appendField(", \"process\": ", quoted: hitch.process)
        line.appendField(", \"narrative\": ", quoted: hitch.narrative)
        line.append(UInt8(ascii: "}"))
    }

    private static func string(_ encode: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        encode(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 of a literal, without building a `String`.
    fileprivate mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a field, `key` being its `, "name": `.
    fileprivate mutating func appendField(_ key: StaticString, number: Int64) {
        append(key)
        JSONText.appendNumber(number, to: &self)
    }

    /// Appends a field, `key` being its `, "name": `, when it has a value.
    fileprivate mutating func appendField(_ key: StaticString, number: Int64?) {
        if let number { appendField(key, number: number) }
    }

    /// Appends a field, `key` being its `, "name": `.
    fileprivate mutating func appendField(_ key: StaticString, quoted text: String) {
        append(key)
        JSONText.appendQuoted(text, to: &self)
    }

    /// Appends a field, `key` being its `, "name": `, when it has a value.
    fileprivate mutating func appendField(_ key: StaticString, quoted text: String?) {
        if let text { appendField(key, quoted: text) }
    }

    /// Appends a field, `key` being its `, "name": `, unless the list is empty.
    fileprivate mutating func appendField(_ key: StaticString, strings: [String]) {
        guard !strings.isEmpty else { return }
        append(key)
        JSONText.appendStrings(strings, to: &self)
    }
}
