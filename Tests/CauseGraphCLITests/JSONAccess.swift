import CauseGraph

/// Reading parsed JSON in tests: `value["changes"]?.arrayValue`. (The same helper as in
/// CauseGraphTests; the two test targets share no support module.)
extension JSONValue {
    subscript(key: String) -> JSONValue? {
        guard case .object(let object) = content else { return nil }
        return object[key]
    }

    var arrayValue: [JSONValue]? {
        guard case .array(let items) = content else { return nil }
        return items
    }

    var stringValue: String? {
        guard case .string(let text) = content else { return nil }
        return text
    }

    var numberValue: Int64? {
        guard case .number(let number) = content else { return nil }
        return number.int64
    }

    var isNull: Bool { content == .null }
}
