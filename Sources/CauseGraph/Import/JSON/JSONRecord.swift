/// Reads typed fields out of one JSON object read from a line of input,
/// turning every problem into a diagnostic at the offending column.
///
/// Shared by the importers of JSON-based formats so that a missing key or a
/// wrong type reads the same everywhere.
package struct JSONRecord {
    package let object: JSONObject
    /// Where the object started.
    package let location: SourceLocation
    private let line: UnsafeBufferPointer<UInt8>

    /// Wraps an object parsed from `line`. `line` must outlive the record.
    package init(
        _ object: JSONObject, objectOffset: Int, line: UnsafeBufferPointer<UInt8>, file: String, lineNumber: Int
    ) {
        self.object = object
        self.line = line
        self.location = SourceLocation(
            file: file, line: lineNumber, column: Column.of(byteOffset: objectOffset, in: line))
    }

    /// Parses one line of a JSON Lines file as a record, an error at the
    /// offending column when it is not a JSON object.
    package static func parse(line: UnsafeBufferPointer<UInt8>, number: Int, file: String) throws(Diagnostic)
        -> JSONRecord
    {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(line)
        } catch {
            throw Diagnostic.error(
                "not JSON: \(error.message)",
                at: SourceLocation(file: file, line: number, column: Column.of(byteOffset: error.offset, in: line)))
        }
        guard case .object(let object) = parsed.content else {
            throw Diagnostic.error(
                "expected a JSON object, found \(parsed.typeName)",
                at: SourceLocation(file: file, line: number, column: Column.of(byteOffset: parsed.offset, in: line)))
        }
        return JSONRecord(object, objectOffset: parsed.offset, line: line, file: file, lineNumber: number)
    }

    /// A diagnostic at the start of a value of this record.
    package func error(_ message: String, at value: JSONValue) -> Diagnostic {
        error(message, atByte: value.offset)
    }

    /// A diagnostic at a byte offset of this record's line.
    package func error(_ message: String, atByte offset: Int) -> Diagnostic {
        .error(message, at: location(ofByte: offset))
    }

    /// Where a value of this record starts.
    package func location(of value: JSONValue) -> SourceLocation {
        location(ofByte: value.offset)
    }

    private func location(ofByte offset: Int) -> SourceLocation {
        var at = location
        at.column = Column.of(byteOffset: offset, in: line)
        return at
    }

    /// A diagnostic at the start of the record.
    package func error(_ message: String) -> Diagnostic {
        .error(message, at: location)
    }

    package func has(_ key: String) -> Bool {
        object[key] != nil
    }

    /// The value of a key, absent when missing or `null`.
    package func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value.content != .null else { return nil }
        return value
    }

    package func required(_ key: String) throws(Diagnostic) -> JSONValue {
        guard let value = value(key) else { throw error("missing required key \"\(key)\"") }
        return value
    }

    package func string(_ key: String) throws(Diagnostic) -> String? {
        guard let value = value(key) else { return nil }
        return try string(value, key: key)
    }

    package func requiredString(_ key: String) throws(Diagnostic) -> String {
        try string(try required(key), key: key)
    }

    package func string(_ value: JSONValue, key: String) throws(Diagnostic) -> String {
        try read(value, key: key, as: "a string") { if case .string(let string) = $0 { string } else { nil } }
    }

    package func bool(_ key: String) throws(Diagnostic) -> Bool? {
        guard let value = value(key) else { return nil }
        return try read(value, key: key, as: "true or false") { if case .bool(let bool) = $0 { bool } else { nil } }
    }

    /// What `extract` finds in `value`, or an error saying `key` must be `expected` (a phrase, "a string").
    private func read<Result>(
        _ value: JSONValue, key: String, as expected: String, _ extract: (JSONValue.Content) -> Result?
    ) throws(Diagnostic) -> Result {
        guard let result = extract(value.content) else {
            throw error("\"\(key)\" must be \(expected), found \(value.typeName)", at: value)
        }
        return result
    }

    /// A whole number that is zero or more.
    package func count(_ key: String) throws(Diagnostic) -> Int64? {
        guard let value = value(key) else { return nil }
        return try count(value, key: key)
    }

    /// A whole number from 0 to `Int64.max`: the ``TraceNumberRule``.
    package func count(_ value: JSONValue, key: String) throws(Diagnostic) -> Int64 {
        guard case .number(let number) = value.content else {
            throw error("\"\(key)\" \(TraceNumberRule.requirement), found \(value.typeName)", at: value)
        }
        guard let integer = number.int64, integer >= 0 else {
            throw error("\"\(key)\" \(TraceNumberRule.requirement), found \(number.text)", at: value)
        }
        return integer
    }

    /// Any whole number, negative ones included.
    package func integer(_ key: String) throws(Diagnostic) -> Int64? {
        guard let value = value(key) else { return nil }
        // Typed apart from `read`'s closure: one returning `number.int64`
        // would make its result `Int64?`, and a fraction or an overflow nil.
        guard case .number(let number) = value.content, let integer = number.int64 else {
            let found = if case .number(let number) = value.content { number.text } else { value.typeName }
            throw error("\"\(key)\" must be a whole number that fits in 64 bits, found \(found)", at: value)
        }
        return integer
    }

    package func positiveNumber(_ key: String) throws(Diagnostic) -> Double? {
        guard let value = value(key) else { return nil }
        let number = try read(value, key: key, as: "a number") {
            if case .number(let number) = $0 { number } else { nil }
        }
        let double = number.double
        guard double > 0, double.isFinite else { throw error("\"\(key)\" must be a positive number", at: value) }
        return double
    }

    package func array(_ key: String) throws(Diagnostic) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        return try read(value, key: key, as: "an array") { if case .array(let elements) = $0 { elements } else { nil } }
    }

    package func strings(_ key: String) throws(Diagnostic) -> [String] {
        guard let elements = try array(key) else { return [] }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let string) = element.content else {
                throw error("\"\(key)\" must hold strings, found \(element.typeName)", at: element)
            }
            strings.append(string)
        }
        return strings
    }

    /// A string that must be the raw value of `T`.
    package func enumeration<T: RawRepresentable & CaseIterable & Equatable>(
        _ key: String, as type: T.Type, among allowed: [T] = Array(T.allCases)
    ) throws(Diagnostic) -> T? where T.RawValue == String {
        guard let value = value(key) else { return nil }
        let raw = try string(value, key: key)
        guard let result = T(rawValue: raw), allowed.contains(result) else {
            let expected = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error("unknown \(key) \"\(raw)\"; expected one of \(expected)", at: value)
        }
        return result
    }

    package func requiredEnumeration<T: RawRepresentable & CaseIterable & Equatable>(
        _ key: String, as type: T.Type, among allowed: [T] = Array(T.allCases)
    ) throws(Diagnostic) -> T where T.RawValue == String {
        _ = try required(key)
        return try enumeration(key, as: type, among: allowed)!
    }
}
