/// Makes an SVG document fit to be inlined in an HTML page.
package enum InlineSVG {
    /// The root `<svg>` element of the SVG document `svg`, without the XML
    /// declaration, DOCTYPE and comments of its prolog, which mean nothing
    /// (or something else) inside HTML.
    ///
    /// - Returns: `nil` when the document does not come down to one `<svg>` element.
    package static func element(of svg: String) -> String? {
        var rest = Substring(svg)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<svg") { break }
            let end: String
            if rest.hasPrefix("<?") {
                end = "?>"
            } else if rest.hasPrefix("<!--") {
                end = "-->"
            } else if rest.hasPrefix("<!DOCTYPE") {
                end = ">"
            } else {
                return nil
            }
            guard let close = rest.range(of: end) else { return nil }
            rest = rest[close.upperBound...]
        }
        while rest.last?.isWhitespace == true { rest.removeLast() }
        guard rest.hasSuffix("</svg>") else { return nil }
        return String(rest)
    }
}
