/// Makes cairo's PDF output repeatable.
///
/// cairo stamps each PDF with the time it was made (`/CreationDate`), and the
/// cairo that Graphviz uses cannot be told otherwise, so the stamp is
/// replaced by the epoch. The replacement keeps the byte length, so the
/// cross-reference offsets of the file stay valid.
enum PDFCreationDate {
    private static let key = Array("/CreationDate (".utf8)
    private static let epoch = Array("D:19700101000000Z".utf8)

    static func normalize(_ pdf: inout [UInt8]) {
        guard let keyStart = firstIndex(of: key, in: pdf) else { return }
        let valueStart = keyStart + key.count
        guard let close = pdf[valueStart...].firstIndex(of: UInt8(ascii: ")")) else { return }
        let length = close - valueStart
        guard length >= epoch.count else { return }
        // The closing parenthesis moves left and spaces, which PDF ignores between tokens, fill the gap.
        let replacement =
            epoch + [UInt8(ascii: ")")] + [UInt8](repeating: UInt8(ascii: " "), count: length - epoch.count)
        pdf.replaceSubrange(valueStart...close, with: replacement)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return start }
        }
        return nil
    }
}
