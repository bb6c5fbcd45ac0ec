import CauseGraph

/// Reading parsed JSON in tests: `value["changes"]?.arrayValue`.
extension JSONValue {
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = content else { return nil }
        return object[key]
    }

    public var arrayValue: [JSONValue]? {
        guard case .array(let items) = content else { return nil }
        return items
    }

    public var stringValue: String? {
        guard case .string(let text) = content else { return nil }
        return text
    }

    public var numberValue: Int64? {
        guard case .number(let number) = content else { return nil }
        return number.int64
    }

    public var isNull: Bool { content == .null }
}
