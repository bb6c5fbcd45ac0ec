/// The Content-Security-Policy of a report page: nothing may load from
/// anywhere, and only the page's own stylesheet and script, named by their
/// SHA-256 hashes, may run. Should trace text ever get past the escaping,
/// the browser still refuses to run or fetch anything it adds.
enum ContentSecurityPolicy {
    static func policy(stylesheet: String, script: String) -> String {
        [
            "default-src 'none'",
            "style-src \(source(of: stylesheet))",
            "script-src \(source(of: script))",
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    /// The hash source of an inline element's exact text.
    static func source(of text: String) -> String {
        "'sha256-\(Base64.encode(SHA256.digest(Array(text.utf8))))'"
    }
}
