/// The line that ends a list a ``ListBounds`` cut: how many of its entries
/// were left out.
///
/// A cut leaves out the entries its offset passes over as well as those
/// past its limit. When the offset passes over every entry, the list shows
/// none, and "more … not shown" would send a reader looking after the end
/// for entries that come before the offset: the line says instead how many
/// the list has and that the offset starts past them.
enum OmittedText {
    /// `… 12 more views not shown`; when the list shows nothing because
    /// `offset` passed over all its `omitted` entries,
    /// `… the list has 3 views; offset 100 starts past them`.
    ///
    /// - Parameters:
    ///   - omitted: the entries the cut left out; 0 writes nothing to leave out.
    ///   - noun: one entry (`view`); `plural` is more of them, by default with `s`.
    ///   - nothingShown: whether the cut kept no entry of the list.
    ///   - offset: the entries the cut passed over first (``ListBounds/offset``).
    static func string(_ omitted: Int, _ noun: String, _ plural: String? = nil, nothingShown: Bool, offset: Int)
        -> String
    {
        let plural = plural ?? noun + (noun.hasSuffix("ch") ? "es" : "s")
        guard nothingShown, offset > 0 else {
            return "… \(CountText.string(omitted, "more " + noun, "more " + plural)) not shown"
        }
        return
            "… the list has \(CountText.string(omitted, noun, plural)); offset \(CountText.format(offset)) starts past \(omitted == 1 ? "it" : "them")"
    }
}
