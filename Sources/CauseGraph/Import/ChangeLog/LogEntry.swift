/// What a log says about one message besides its text.
struct LogEntry: Equatable {
    var time: Nanoseconds?
    /// The process name.
    var process: String?
    var processID: Int64?
    var category: String?

    /// The module events of this entry belong to: the process, named by
    /// its name or else by its id.
    var module: String? {
        process ?? processID.map { "pid \($0)" }
    }

    /// The metadata of a text line.
    init(_ line: LogTextLine) {
        time = line.time
        process = line.process
        processID = line.processID
        category = line.category
    }

    init(time: Nanoseconds? = nil, process: String? = nil, processID: Int64? = nil, category: String? = nil) {
        self.time = time
        self.process = process
        self.processID = processID
        self.category = category
    }
}

/// One entry of `log … --style json` or `--style ndjson`: its message and metadata.
struct JSONLogEntry {
    var entry: LogEntry
    /// `eventMessage`, absent for entries that carry none.
    var message: String?
    /// Where the message value starts.
    var messageOffset: Int

    /// Reads the fields causegraph uses from a parsed entry; `locate` turns a
    /// byte offset of the parsed text into a location.
    init(_ value: JSONValue, locate: (Int) -> SourceLocation) throws(Diagnostic) {
        guard case .object(let object) = value.content else {
            throw .error("expected a log entry object, found \(value.typeName)", at: locate(value.offset))
        }
        func field(_ key: String) -> JSONValue? {
            guard let value = object[key], value.content != .null else { return nil }
            return value
        }
        func string(_ key: String) throws(Diagnostic) -> String? {
            guard let value = field(key) else { return nil }
            guard case .string(let text) = value.content else {
                throw .error("\"\(key)\" must be a string, found \(value.typeName)", at: locate(value.offset))
            }
            return text
        }
        entry = LogEntry()
        message = try string("eventMessage")
        messageOffset = field("eventMessage")?.offset ?? value.offset
        entry.category = try string("category")
        if let path = try string("processImagePath"), let name = path.split(separator: "/").last {
            entry.process = String(name)
        }
        if let idValue = field("processID") {
            guard case .number(let number) = idValue.content, let id = number.int64, id >= 0 else {
                throw .error("\"processID\" must be a whole number that is zero or more", at: locate(idValue.offset))
            }
            entry.processID = id
        }
        if let timestampValue = field("timestamp") {
            let location = locate(timestampValue.offset)
            guard case .string(let text) = timestampValue.content else {
                throw .error("\"timestamp\" must be a string, found \(timestampValue.typeName)", at: location)
            }
            let time: Nanoseconds?
            do {
                time = try LogTimestamp.parse(text)
            } catch {
                throw .error("\"timestamp\": \(error.message)", at: location)
            }
            guard let time else {
                throw .error("\"timestamp\" is not a time like \"2024-03-05 14:07:21.480215-0800\"", at: location)
            }
            entry.time = time
        }
    }
}
