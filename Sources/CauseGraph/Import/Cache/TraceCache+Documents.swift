/// Small documents kept in the cache: what is costly to learn of an input
/// but is not its records (the rows `doctor` counts in each table of a
/// bundle, each table exported by xctrace).
extension TraceCache {
    /// The document kept for `key`, or `nil`; a damaged one is noted in
    /// one line on `diagnostics` and is then replaced by ``keep(_:for:diagnostics:)``.
    func document(_ key: CacheKey, diagnostics: inout Diagnostics) -> [UInt8]? {
        switch CacheEntry.openDocument(at: entriesDirectory + "/" + key.digest, key: key) {
        case .found(_, let bytes):
            return bytes
        case .damaged(let problem):
            noteDamage(problem, of: key, diagnostics: &diagnostics)
            return nil
        case .missing:
            return nil
        }
    }

    /// Keeps `document` for `key`, in place of any older one. A cache that
    /// cannot be written is a note on `diagnostics`, never an error.
    func keep(_ document: [UInt8], for key: CacheKey, diagnostics: inout Diagnostics) {
        CacheEntryWriter(cache: self, key: key, contents: .document, diagnostics: &diagnostics)?
            .commit(document: document, diagnostics: &diagnostics)
    }
}
