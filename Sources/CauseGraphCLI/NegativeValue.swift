/// Keeps a negative number with the option it follows. ArgumentParser reads
/// `-1` as an option of its own, so `--tolerance -1` said "missing value"
/// instead of what is wrong with -1; joined as `--tolerance=-1`, the value
/// reaches the option's own check, which says it. No option of causegraph
/// is a digit, so such a word is never an option.
enum NegativeValue {
    /// `arguments` with each long option followed by a negative number
    /// (`-1`, `-0.5`) written as one word; words after `--` are left as they are.
    static func attached(_ arguments: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                result += arguments[index...]
                break
            }
            if word.hasPrefix("--"), !word.contains("="), index + 1 < arguments.count,
                isNegativeNumber(arguments[index + 1])
            {
                result.append(word + "=" + arguments[index + 1])
                index += 2
            } else {
                result.append(word)
                index += 1
            }
        }
        return result
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        let digits = word.utf8.dropFirst()
        return word.utf8.first == UInt8(ascii: "-") && digits.first.map { $0 >= 48 && $0 <= 57 || $0 == 46 } == true
    }
}
