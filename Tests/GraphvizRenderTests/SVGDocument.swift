import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG parsed with a real XML parser, reduced to what the tests look at.
struct SVGDocument {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    var elements: [Element] = []

    /// Parses `bytes`, failing on anything that is not well-formed XML.
    init(_ bytes: [UInt8]) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        guard parser.parse() else {
            throw ParseError(
                message: parser.parserError.map { "\($0)" } ?? "unknown XML error", line: parser.lineNumber)
        }
        elements = delegate.elements
    }

    struct ParseError: Error {
        var message: String
        var line: Int
    }

    /// The text content of every `<text>` element, in document order.
    var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
