/// A share of the updates shown, as `--node-fraction` and `--edge-fraction`
/// take it: a percentage (`0.5%`) or a fraction (`0.005`), as typed.
public struct ShapingShare: Sendable, Equatable, CustomStringConvertible {
    /// The share, from 0 to 1.
    public let value: Double
    /// The share as the user typed it, for the legend.
    public let description: String

    /// Why a share could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The share as the user typed it, for the legend.
        public let description: String
    }

    /// - Throws: ``ParseError`` when the text is not a share from 0 to 1 (or 0% to 100%).
    public init(parsing text: String) throws(ParseError) {
        let isPercentage = text.hasSuffix("%")
        let number = isPercentage ? String(text.dropLast()) : text
        guard let parsed = Double(number), parsed.isFinite, !number.hasPrefix("+") else {
            throw ParseError(description: "\"\(text)\" is not a share; give a percentage (0.5%) or a fraction (0.005)")
        }
        let value = isPercentage ? parsed / 100 : parsed
        guard (0...1).contains(value) else {
            throw ParseError(description: "\"\(text)\" is out of range; give 0% to 100%, or a fraction from 0 to 1")
        }
        self.value = value
        description = text
    }
}
