/// Documents kept in the cache: what is costly to learn of an input but is
/// not its records (the rows `doctor` counts in each table of a bundle, each
/// table exported by xctrace; the graph built from records entries).
extension TraceCache {
    /// The document kept for `key`, or `nil`; a damaged one is noted in
    /// one line on `diagnostics` and is then replaced by ``keep(_:for:diagnostics:)``.
    func document(_ key: CacheKey, contents: CacheEntry.Contents = .document, diagnostics: inout Diagnostics)
        -> [UInt8]?
    {
        switch CacheEntry.openDocument(at: entriesDirectory + "/" + key.digest, key: key, contents: contents) {
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
    /// cannot be written is a note on `diagnostics`, never an error; a
    /// document past ``CacheEntry/maximumDocumentSize`` is not kept.
    func keep(
        _ document: [UInt8], for key: CacheKey, contents: CacheEntry.Contents = .document,
        diagnostics: inout Diagnostics
    ) {
        guard document.count <= CacheEntry.maximumDocumentSize else { return }
        CacheEntryWriter(cache: self, key: key, contents: contents, diagnostics: &diagnostics)?
            .commit(document: document, diagnostics: &diagnostics)
    }

    /// The metadata of the entry of `key`, unchecked contents and all; `nil`
    /// when there is none. Marks the entry used.
    func metadata(_ key: CacheKey) -> CacheEntry.Metadata? {
        CacheEntry.metadata(at: entriesDirectory + "/" + key.digest, key: key)
    }
}
