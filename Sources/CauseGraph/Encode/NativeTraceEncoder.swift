/// Encodes trace records as lines of causegraph's native JSON Lines format,
/// the inverse of ``NativeTraceReader``.
///
/// Optional fields are written only when they carry something, so converted
/// traces stay small and read like hand-written ones.
public enum NativeTraceEncoder {
    public static func line(_ header: TraceHeader) -> String {
        var fields = ["\"causegraph\": \(header.version)"]
        if let app = header.app { fields.append("\"app\": \(JSONText.quoted(app))") }
        if let frameRate = header.frameRate { fields.append("\"frameRate\": \(JSONText.number(frameRate))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    public static func line(_ event: TraceEvent) -> String {
        var fields = [
            "\"node\": \(event.id)",
            "\"kind\": \(JSONText.quoted(event.kind.rawValue))",
            "\"title\": \(JSONText.quoted(event.title))",
        ]
        if let module = event.module { fields.append("\"module\": \(JSONText.quoted(module))") }
        fields.append("\"owner\": \(JSONText.quoted(event.owner.rawValue))")
        if let time = event.time { fields.append("\"time\": \(time)") }
        if let duration = event.duration { fields.append("\"duration\": \(duration)") }
        if event.kind.isUpdate && !event.ran { fields.append("\"ran\": false") }
        if let group = event.group { fields.append("\"group\": \(group)") }
        if let severity = event.severity { fields.append("\"severity\": \(JSONText.quoted(severity.rawValue))") }
        if !event.backtrace.isEmpty { fields.append("\"backtrace\": \(JSONText.strings(event.backtrace))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    public static func line(_ cause: TraceCause) -> String {
        var fields = [
            "\"edge\": [\(cause.from), \(cause.to)]",
            "\"label\": \(JSONText.quoted(cause.label.rawValue))",
        ]
        if let time = cause.time { fields.append("\"time\": \(time)") }
        if !cause.changed.isEmpty { fields.append("\"changed\": \(JSONText.strings(cause.changed))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    public static func line(_ group: UpdateGroup) -> String {
        var fields = [
            "\"group\": \(group.id)",
            "\"label\": \(JSONText.quoted(group.label))",
        ]
        if let start = group.start { fields.append("\"start\": \(start)") }
        if let duration = group.duration { fields.append("\"duration\": \(duration)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
