/// What `redact` makes of a text, as a test foresees it from the map it wrote.
public enum RedactedText {
    /// `text` with each word `mapping` names replaced by its pseudonym, and
    /// a property's storage (`_pinCode`) by its property's, underscore kept.
    public static func renamed(_ text: String, by mapping: [String: String]) -> String {
        var result = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character == "_" || (character.isNumber && !word.isEmpty) {
                word.append(character)
                continue
            }
            if let pseudonym = mapping[word] {
                result += pseudonym
            } else if word.hasPrefix("_"), let pseudonym = mapping[String(word.dropFirst())] {
                result += "_" + pseudonym
            } else {
                result += word
            }
            word = ""
            result.append(character)
        }
        return String(result.dropLast())
    }
}
