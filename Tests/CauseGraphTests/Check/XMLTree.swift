import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read with a real parser (Foundation's, over libxml2),
/// as a tree of elements, for tests of the JUnit report's structure.
struct XMLTree {
    final class Element {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Element] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// The children named `name`.
        func children(_ name: String) -> [Element] { children.filter { $0.name == name } }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let root: Element

    /// Parses `text`, failing on anything that is not well-formed XML.
    init(_ text: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse(), let root = collector.root else {
            throw ParseError(
                description:
                    "\(parser.parserError.map { "\($0)" } ?? "no root element") at line \(parser.lineNumber)")
        }
        self.root = root
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var root: Element?
        private var open: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: name, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
