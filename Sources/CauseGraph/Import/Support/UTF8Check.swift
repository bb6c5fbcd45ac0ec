/// Finds where bytes stop being text, so an importer can point at the
/// exact column of invalid UTF-8 in untrusted input.
public enum UTF8Check {
    /// The offset of the first byte that breaks UTF-8 (or, when
    /// `rejectingNUL`, of the first NUL character); `nil` when there is none.
    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, rejectingNUL: Bool = false) -> Int? {
        if !(rejectingNUL && bytes.contains(0)), String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if rejectingNUL && scalar == "\0" { return consumed }
                consumed += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return consumed
            }
        }
    }
}
