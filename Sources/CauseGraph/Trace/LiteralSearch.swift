/// Finds a fixed run of bytes in time linear in the text searched
/// (Knuth–Morris–Pratt), where the naive search costs the text's length
/// times the needle's: `aaa…ab` in a long title of a's takes minutes.
struct LiteralSearch: Sendable {
    private let needle: [UInt8]
    /// For each prefix of the needle, the length of its longest proper
    /// prefix that is also its suffix: where a search resumes after a mismatch.
    private let resume: [Int]

    init(_ needle: [UInt8]) {
        self.needle = needle
        var resume = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0 && needle[index] != needle[length] { length = resume[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            resume[index] = length
        }
        self.resume = resume
    }

    /// Whether the needle occurs in `text`; an empty needle occurs everywhere.
    func occurs(in text: some Sequence<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        var matched = 0
        for byte in text {
            while matched > 0 && byte != needle[matched] { matched = resume[matched - 1] }
            if byte == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            }
        }
        return false
    }
}
