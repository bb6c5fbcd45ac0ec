import Testing

@testable import CauseGraph

@Suite("where an XML document's root starts")
struct XMLDocumentStartTests {
    private func start(_ text: String) -> XMLDocumentStart? { XMLDocumentStart(Array(text.utf8)) }

    @Test("the root after a declaration, comments, instructions and a document type with an internal subset")
    func root() {
        #expect(start("<trace-query-result>") == .root("trace-query-result"))
        #expect(start("\u{FEFF}\n <?xml version=\"1.0\"?>\n<a/>") == .root("a"))
        #expect(start("<!-- a > b -- c --><a>") == .root("a"))
        #expect(start("<?pi a > b ?><a>") == .root("a"))
        #expect(start("<!DOCTYPE a [<!ENTITY b \"c > d ]\"><!-- ' ] > --><!ENTITY e 'f'>]>\n<a>") == .root("a"))
        #expect(start("<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"svg11.dtd\"><svg>") == .root("svg"))
    }

    @Test("a prolog that runs to the end of the bytes seen")
    func prolog() {
        #expect(start("<?xml version=\"1.0\"?>\n<!-- " + String(repeating: "x", count: 20_000)) == .prolog)
        #expect(start("<?xml version=\"1.0\"?>\n") == .prolog)
        #expect(start("<!DOCTYPE a [<!ENTITY b \"c\">") == .prolog)
        #expect(start("<trace-query-res") == .prolog, "a name cut short is not known yet")
    }

    @Test("text that is not XML")
    func notXML() {
        #expect(start("") == nil)
        #expect(start("  \n") == nil)
        #expect(start("ContentView: @self changed.") == nil)
        #expect(start("< not a tag") == nil)
        #expect(start("<?xml version=\"1.0\"?> text") == nil)
    }

    @Test("a long prolog is detected as an export, and read as one")
    func longPrologIsDetected() {
        let comment = "<!--" + String(repeating: " padding", count: 2_000) + " -->\n"
        let export = "<?xml version=\"1.0\"?>\n" + comment + "<trace-query-result></trace-query-result>\n"
        #expect(InputFormat.detect(Array(export.utf8.prefix(InputFormat.detectionPrefixLength))) == .instruments)
    }
}
