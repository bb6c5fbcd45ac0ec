/// The one loop behind the escapers of untrusted text (DOT strings, DOT and
/// HTML markup): each Unicode scalar is replaced as the format's table says,
/// or kept, as its picture when it is unsafe to show (see ``VisibleText``).
enum ScalarEscaping {
    /// `text` escaped.
    /// - Parameters:
    ///   - kept: unsafe scalars the format shows as they are (HTML's newline and tab).
    ///   - replacement: the format's escape of a scalar, `nil` for none.
    static func escape(
        _ text: String, keeping kept: Set<Unicode.Scalar> = [], _ replacement: (Unicode.Scalar) -> String?
    ) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            append(scalar, keeping: kept, replacement, to: &result)
        }
        return result
    }

    /// Hands out the escape of each scalar of `text` in turn, for a caller
    /// that cuts the result into pieces between scalars.
    static func forEachEscape(
        of text: String, _ replacement: (Unicode.Scalar) -> String?, _ emit: (String) -> Void
    ) {
        for scalar in text.unicodeScalars {
            var unit = ""
            append(scalar, keeping: [], replacement, to: &unit)
            emit(unit)
        }
    }

    private static func append(
        _ scalar: Unicode.Scalar, keeping kept: Set<Unicode.Scalar>, _ replacement: (Unicode.Scalar) -> String?,
        to result: inout String
    ) {
        if let escaped = replacement(scalar) {
            result += escaped
        } else {
            result.unicodeScalars.append(
                VisibleText.isUnsafe(scalar) && !kept.contains(scalar) ? VisibleText.picture(of: scalar) : scalar)
        }
    }
}
