/// A parsed JSON value that remembers where each part of it was read, so
/// errors about its content can point at the offending column.
package struct JSONValue: Sendable, Equatable {
    package indirect enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    package var content: Content
    /// The byte offset of the value's first byte in the parsed text.
    package var offset: Int

    package init(_ content: Content, offset: Int) {
        self.content = content
        self.offset = offset
    }

    /// The JSON type name, for error messages.
    package var typeName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number kept as its text, converted when it is read.
package struct JSONNumber: Sendable, Equatable {
    package var text: String

    package init(text: String) {
        self.text = text
    }

    /// The number as an exact 64-bit integer, if it is written as one and fits.
    package var int64: Int64? { Int64(text) }

    /// The number as a double.
    package var double: Double { Double(text) ?? .nan }
}

/// A JSON object's members in the order they were written; keys are unique.
package struct JSONObject: Sendable, Equatable {
    package var members: [(key: String, value: JSONValue)]

    package init(members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    package subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.value == $1.value }
    }
}
