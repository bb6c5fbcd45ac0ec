import CauseGraph

/// Reading parsed JSON in tests: `value["changes"]?.arrayValue`.
extension JSONValue {
    package subscript(key: String) -> JSONValue? {
        guard case .object(let object) = content else { return nil }
        return object[key]
    }

    package var arrayValue: [JSONValue]? {
        guard case .array(let items) = content else { return nil }
        return items
    }

    package var stringValue: String? {
        guard case .string(let text) = content else { return nil }
        return text
    }

    package var numberValue: Int64? {
        guard case .number(let number) = content else { return nil }
        return number.int64
    }

    package var isNull: Bool { content == .null }
}
