/// The ids of a graph's nodes and edges: `n` or `e` and its number, 1 first.
///
/// Made once for every node and edge of a graph, hundreds of thousands on a
/// dense one, so the digits are written straight into the string's bytes
/// rather than through string interpolation.
enum ElementID {
    /// The id of the `number`th node: `n1`, `n2`, ….
    static func node(_ number: Int) -> String {
        make(prefix: UInt8(ascii: "n"), number)
    }

    /// The id of the `number`th edge: `e1`, `e2`, ….
    static func edge(_ number: Int) -> String {
        make(prefix: UInt8(ascii: "e"), number)
    }

    private static func make(prefix: UInt8, _ number: Int) -> String {
        precondition(number > 0, "element ids count from 1")
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: digits + 1) { bytes in
            bytes[0] = prefix
            var rest = number
            for index in (1...digits).reversed() {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits + 1
        }
    }
}
