import Foundation

/// A path as a Mac compares it: APFS (and HFS+) volumes are by default
/// insensitive to case and to Unicode normalization, so `App.svg` and
/// `app.svg`, or `Café` written composed (NFC) and decomposed (NFD), name one
/// file there while Linux keeps them apart.
///
/// Outputs named after inputs are compared by this key, so that a run which
/// would write two of them refuses before writing, instead of letting one
/// replace the other on a Mac.
package struct FoldedFileName: Hashable, Sendable {
    /// The path case-folded, then decomposed (NFD), so that every spelling a
    /// Mac equates has the same scalars.
    package let key: String

    package init(_ path: String) {
        key = path.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key.unicodeScalars.elementsEqual(rhs.key.unicodeScalars)
    }

    package func hash(into hasher: inout Hasher) {
        for scalar in key.unicodeScalars { hasher.combine(scalar.value) }
    }
}
