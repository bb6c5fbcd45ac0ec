import CauseGraphTestSupport
import Testing

@testable import CauseGraph

/// Records the tokens of a document as text, to compare token streams.
private struct TokenRecorder: XMLTokenHandler {
    var tokens: [String] = []
    /// The numbers the tokenizer read: each tag's id and ref, each text run's value.
    var numbers: [UInt64?] = []

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        var token = "<" + String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.name]), as: UTF8.self)
        for (name, range) in [("id", tag.id), ("ref", tag.ref), ("fmt", tag.fmt), ("name", tag.nameAttribute)] {
            guard let range else { continue }
            var decoded: [UInt8] = []
            try XMLReferences.decode(range, of: bytes, base: base, into: &decoded)
            token += " \(name)=\(String(decoding: decoded, as: UTF8.self))"
        }
        tokens.append(token + ">")
        numbers += [tag.idNumber, tag.refNumber]
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        tokens.append("</>")
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        var decoded: [UInt8] = []
        if hasReferences {
            try XMLReferences.decode(range, of: bytes, base: base, into: &decoded)
        } else {
            decoded = Array(bytes[range])
        }
        tokens.append("'" + String(decoding: decoded, as: UTF8.self) + "'")
        numbers.append(number)
    }
}

@Suite struct XMLTokenizerTests {
    private func tokens(_ text: String, pieceSize size: Int = .max) throws(XMLReadFailure) -> [String] {
        try recorded(text, pieceSize: size).tokens
    }

    /// What `text` fed in pieces of `size` bytes gives, carrying each
    /// incomplete token into the next piece as the importer does; with
    /// `throughTape`, recorded on a ``TokenTape`` and replayed from it, as
    /// the importer's two threads hand them over.
    private func recorded(_ text: String, pieceSize size: Int = .max, throughTape: Bool = false)
        throws(XMLReadFailure) -> TokenRecorder
    {
        let bytes = Array(text.utf8)
        var tokenizer = XMLTokenizer()
        var recorder = TokenRecorder()
        var work: [UInt8] = []
        var base = 0
        var position = 0
        while true {
            let end = size == .max ? bytes.count : min(position + size, bytes.count)
            work += bytes[position..<end]
            position = end
            let isFinal = position == bytes.count
            let consumed = try work.withUnsafeBufferPointer { buffer throws(XMLReadFailure) in
                guard throughTape else {
                    return try tokenizer.parse(buffer, base: base, isFinal: isFinal, handler: &recorder)
                }
                var tape = TokenTape()
                let consumed = try tokenizer.parse(buffer, base: base, isFinal: isFinal, handler: &tape)
                try tape.replay(into: &recorder, bytes: buffer, base: base)
                return consumed
            }
            work.removeFirst(consumed)
            base += consumed
            if isFinal { return recorder }
        }
    }

    private func failure(_ text: String) -> (offset: Int, message: String)? {
        do {
            _ = try tokens(text)
            return nil
        } catch {
            guard case .at(let offset, let message) = error else { return nil }
            return (offset, message)
        }
    }

    @Test("a token tape replays exactly the tokens it recorded, in any pieces")
    func tapeReplaysTheTokens() throws {
        let documents = [
            "<?xml version=\"1.0\"?>\n<!-- export -->\n<a id=\"1\" fmt='x &amp; y'>t&lt;1&gt;<b ref = \"1\" /><![CDATA[<raw> & ]]></a>\n",
            "<a><b ref=\"12\"/><c id=\"3\" fmt=\"f\" name=\"n\">x</c><d/><e></e>tail<g id=\"18446744073709551615\">99</g></a>",
            "<a><frame name=\"closure #1 in f()\" addr=\"0x1\"/><s id=\"9\" ref=\"2\" fmt=\"\" name=\"\"/></a>",
        ]
        for document in documents {
            let direct = try recorded(document)
            #expect(direct.tokens.count > 3 && direct.numbers.contains { $0 != nil })
            for size in [1, 2, 5, 9, 64, .max] {
                let replayed = try recorded(document, pieceSize: size, throughTape: true)
                #expect(replayed.tokens == direct.tokens, "\(document) in pieces of \(size)")
                #expect(replayed.numbers == direct.numbers, "\(document) in pieces of \(size)")
            }
        }
    }

    @Test("a tape grows past its first storage and replays every token, however many a buffer holds")
    func tapeGrows() throws {
        // Thousands of tokens of every kind: more words than a new tape has room for.
        let cells = (0..<6000).map { "<b ref=\"\($0)\"/><c id=\"\($0)\" fmt=\"f\">\($0)</c>" }
        let document = "<a>" + cells.joined() + "</a>"
        let direct = try recorded(document)
        #expect(direct.tokens.count == 2 + 6000 * 5)
        for size in [4096, 100_000, .max] {
            let replayed = try recorded(document, pieceSize: size, throughTape: true)
            #expect(replayed.tokens == direct.tokens, "in pieces of \(size)")
            #expect(replayed.numbers == direct.numbers, "in pieces of \(size)")
        }
    }

    @Test("a <tag ref=\"N\"/> cell's number is canonical: no leading zero, no more than 64 bits")
    func referenceCellNumbers() throws {
        let refs: [(String, UInt64?)] = [
            ("0", 0), ("7", 7), ("007", nil), ("00", nil), ("9999999999999999999", 9_999_999_999_999_999_999),
            ("18446744073709551615", .max), ("18446744073709551616", nil), ("99999999999999999999", nil),
            ("100000000000000000000", nil),
        ]
        for (ref, number) in refs {
            for size in [1, 7, .max] {
                let read = try recorded("<a><b ref=\"\(ref)\"/></a>", pieceSize: size, throughTape: size == 7)
                #expect(read.tokens == ["<a>", "<b ref=\(ref)>", "</>", "</>"], "ref \(ref) in pieces of \(size)")
                #expect(read.numbers == [nil, nil, nil, number], "ref \(ref) in pieces of \(size)")
            }
        }
    }

    @Test("ids, refs and text runs that are canonical numbers are read as numbers with their tag")
    func numbersAreReadWithTheTag() throws {
        let document =
            "<a><b id=\"7\" ref=\"007\">1250023465</b><c ref=\"18446744073709551615\"/><d>12 </d><e><![CDATA[42]]></e><f>1&amp;2</f></a>"
        #expect(
            try recorded(document).numbers == [
                nil, nil, 7, nil, 1_250_023_465, nil, 18_446_744_073_709_551_615, nil, nil, nil, nil, nil, 42, nil, nil,
                nil,
            ])
    }

    @Test func elementsAttributesAndText() throws {
        let document =
            "<?xml version=\"1.0\"?>\n<!-- export -->\n<a id=\"1\" fmt='x &amp; y'>t&lt;1&gt;<b ref = \"1\" /><![CDATA[<raw> & ]]></a>\n"
        #expect(try tokens(document) == ["<a id=1 fmt=x & y>", "'t<1>'", "<b ref=1>", "</>", "'<raw> & '", "</>"])
    }

    @Test(
        "a <tag ref=\"N\"/> cell reads as any other spelling of it, whole or cut anywhere; a near miss as the general rules say"
    )
    func referenceCells() throws {
        let cells = [
            "<b ref=\"12\"/>", "<b ref=\"12\" />", "<b ref='12'/>", "<b  ref=\"12\"/>", "<b ref=\"12\" id=\"3\"/>",
        ]
        let expected = [
            ["<a>", "<b ref=12>", "</>", "</>"], ["<a>", "<b ref=12>", "</>", "</>"],
            ["<a>", "<b ref=12>", "</>", "</>"],
            ["<a>", "<b ref=12>", "</>", "</>"], ["<a>", "<b id=3 ref=12>", "</>", "</>"],
        ]
        for (cell, tokens) in zip(cells, expected) {
            for size in [1, 2, 5, 9, .max] {
                #expect(try self.tokens("<a>\(cell)</a>", pieceSize: size) == tokens, "\(cell) in pieces of \(size)")
            }
        }
        #expect(
            try tokens("<a><b ref=\"1x\"/><b ref=\"\"/><b ref=\"7\">t</b></a>") == [
                "<a>", "<b ref=1x>", "</>", "<b ref=>", "</>", "<b ref=7>", "'t'", "</>", "</>",
            ])
        #expect(failure("<a><b ref=\"12\"/ ></a>")?.message == "expected \"/>\" to close the tag")
    }

    @Test func referencesDecode() throws {
        #expect(try tokens("<a>&quot;&apos;&#65;&#x42;&#x1F600;</a>") == ["<a>", "'\"'AB\u{1F600}'", "</>"])
        // Leading zeros, as many as written, as xmllint reads them.
        #expect(
            try tokens("<a fmt=\"&#x0000000041;\">&#000000000066;</a>") == ["<a fmt=A>", "'B'", "</>"])
        for bad in [
            "<a>&#0;</a>", "<a>&#00000;</a>", "<a>&#xD800;</a>", "<a>&#x110000;</a>", "<a>&#x000110000;</a>",
            "<a>&nbsp;</a>", "<a>& b</a>", "<a>&#;</a>", "<a>&;</a>",
        ] {
            #expect(failure(bad) != nil, "\(bad)")
        }
        // A long name is named in part.
        let long = String(repeating: "n", count: 5_000)
        #expect(
            failure("<a>&\(long);</a>")?.message
                == "unknown entity &\(long.prefix(32))…; (only the five predefined entities and numeric references are read)"
        )
    }

    /// Compared in pairs, 5,000 names take a minute. Measured in this
    /// thread's CPU time: a one-minute time limit fired on CI, where the test
    /// waited for a core, for a body that needs a second.
    @Test(
        "a tag of many attributes is read in time linear in them, and one given twice is found among them",
        .timeLimit(.minutes(10)))
    func manyAttributes() throws {
        let started = threadCPUSeconds()
        defer { #expect(threadCPUSeconds() - started < 5, "linear time: a tenth of a second of CPU") }
        let names = (0..<5_000).map { "a\($0)=\"\"" }.joined(separator: " ")
        #expect(try tokens("<a \(names)/>") == ["<a>", "</>"])
        let document = "<a \(names) a4999=\"x\"/>"
        let twice = failure(document)
        #expect(twice?.message == "attribute \"a4999\" appears twice in <a>: which one to read is not defined")
        #expect(twice?.offset == document.utf8.count - "a4999=\"x\"/>".utf8.count)
        // Among the few a tag has, a name alike in length and ends is another name.
        #expect(try tokens("<a fxt=\"1\" fmt=\"2\" fyt=\"3\"/>") == ["<a fmt=2>", "</>"])
        #expect(failure("<a fxt=\"1\" fmt=\"2\" fyt=\"3\" fmt=\"4\"/>")?.offset == 27)
    }

    @Test(arguments: [1, 2, 3, 7, 16])
    func tokensDoNotDependOnPieces(pieceSize: Int) throws {
        let document =
            "<trace-query-result><swiftui-cause-graph-node id='3' fmt=\"Row&lt;Item&gt;, blue\"><string>caf\u{E9}</string><sentinel/></swiftui-cause-graph-node><!-- note --></trace-query-result>"
        #expect(try tokens(document, pieceSize: pieceSize) == tokens(document))
    }

    @Test func longNamesMustMatchExactly() throws {
        #expect(
            try tokens("<swiftui-cause-graph-node-type-a></swiftui-cause-graph-node-type-a>") == [
                "<swiftui-cause-graph-node-type-a>", "</>",
            ])
        let mismatch = try #require(failure("<swiftui-cause-graph-node-type-a></swiftui-cause-graph-node-type-b>"))
        #expect(
            mismatch.message
                == "end tag </swiftui-cause-graph-node-type-b> does not match <swiftui-cause-graph-node-type-a>")
        let short = try #require(failure("<event-time></event-tim>"))
        #expect(short.message == "end tag </event-tim> does not match <event-time>")
        let truncated = try #require(failure("<trace-query-result><event-time>"))
        #expect(
            truncated.message == "file ends inside <event-time>: the export is truncated or an element is not closed")
    }

    @Test("a malformed end tag names the end tag the open element needs, not a placeholder")
    func malformedEndTagNamesTheElement() {
        #expect(
            failure("<trace-query-result><start-time>5</ start-time>")?.message
                == "malformed end tag: expected </start-time>")
        #expect(failure("<trace-query-result><row></>")?.message == "malformed end tag: expected </row>")
        #expect(failure("</>")?.message == "malformed end tag: no element is open")
    }

    @Test func malformedMarkupIsRefused() {
        #expect(failure("<a b=\"<\"/>")?.message == "\"<\" is not allowed in an attribute value")
        #expect(failure("<a b=c/>")?.message == "expected a quoted attribute value")
        #expect(failure("<a b/>")?.message == "expected \"=\" after the attribute name")
        #expect(failure("<a/><b/>")?.message == "a second root element: an export has one <trace-query-result>")
        #expect(failure("x<a/>")?.message == "text outside the root element")
        #expect(failure("<a></a></b>")?.offset == 7)
        #expect(failure("<!DOCTYPE a><a/>")?.offset == 0)
        #expect(failure("<a><!ENTITY e \"x\"></a>")?.offset == 3)
        #expect(failure("")?.message == "no root element: the file holds no XML elements")
        #expect(failure("<1a/>") != nil)
    }

    @Test(
        "attribute values are scanned eight bytes at a time: the quote or a \"<\" is found at every position, in one piece or cut anywhere"
    )
    func attributeValuesScannedByWords() throws {
        // Values of every length around a word, with non-ASCII bytes (high bit
        // set) and the other quote inside, so the word test sees all of them.
        for length in 0..<20 {
            let value = String(repeating: "é'x", count: length / 3 + 1).utf8.prefix(length)
            let text = String(decoding: value, as: UTF8.self)
            guard text.utf8.count == length else { continue }
            let document = "<a fmt=\"\(text)\" name=\"\(text)z\"/>"
            for size in [1, 3, 8, 9, .max] {
                #expect(
                    try tokens(document, pieceSize: size) == ["<a fmt=\(text) name=\(text)z>", "</>"],
                    "length \(length) in pieces of \(size)")
            }
        }
        // "<" at each position of a long value is refused where it is.
        for position in 0..<24 {
            let value = String(repeating: "v", count: position) + "<" + String(repeating: "w", count: 5)
            let failure = failure("<a fmt=\"\(value)\"/>")
            #expect(failure?.message == "\"<\" is not allowed in an attribute value")
            #expect(failure?.offset == 8 + position, "\"<\" at \(position)")
        }
        // A value the buffer ends inside is incomplete, not read past its end.
        #expect(
            failure("<a fmt=\"0123456789abcdef")?.message == "file ends inside a start tag: the export is truncated")
        #expect(
            Array("ab\"cd&fghij<".utf8).withUnsafeBufferPointer {
                (
                    XMLTokenizer.quoteLessThanOrAmpersand(Byte.doubleQuote, in: $0, from: 0),
                    XMLTokenizer.quoteLessThanOrAmpersand(Byte.singleQuote, in: $0, from: 3),
                    XMLTokenizer.quoteLessThanOrAmpersand(Byte.singleQuote, in: $0, from: 6),
                    XMLTokenizer.quoteLessThanOrAmpersand(Byte.singleQuote, in: $0, from: 12)
                )
            } == (2, 5, 11, 12))
        // References at each position of a long value are read past; an
        // unknown one is refused where it is, though no reader decodes `title`.
        for position in 0..<24 {
            let lead = String(repeating: "v", count: position)
            #expect(try tokens("<a fmt=\"\(lead)&amp;&#65;w\"/>") == ["<a fmt=\(lead)&Aw>", "</>"])
            let failure = failure("<a title=\"\(lead)&bogus;w\"/>")
            #expect(failure?.message.hasPrefix("unknown entity &bogus;") == true, "\(String(describing: failure))")
            #expect(failure?.offset == 10 + position, "\"&\" at \(position)")
        }
    }

    @Test("a reference in text or an attribute is checked though the reader decodes neither")
    func referencesCheckedUnread() {
        /// Reads the structure only, as a reader passing over a column does.
        struct StructureOnly: XMLTokenHandler {
            mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) {}
            mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) {}
            mutating func text(
                _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
            ) {}
        }
        func parse(_ text: String) throws(XMLReadFailure) {
            var tokenizer = XMLTokenizer()
            var handler = StructureOnly()
            _ = try Array(text.utf8).withUnsafeBufferPointer { bytes throws(XMLReadFailure) in
                try tokenizer.parse(bytes, base: 0, isFinal: true, handler: &handler)
            }
        }
        func failure(_ text: String) -> (offset: Int, message: String)? {
            do {
                try parse(text)
                return nil
            } catch {
                guard case .at(let offset, let message) = error else { return nil }
                return (offset, message)
            }
        }
        #expect(failure("<a>x &amp; &#233; y</a>") == nil)
        #expect(failure("<a>x &bogus; y</a>")?.offset == 5)
        #expect(failure("<a>x & y</a>")?.message == "\"&\" must start a reference such as &amp; and end with \";\"")
        #expect(failure("<a>&#xZZ;</a>")?.message == "invalid character reference &#xZZ;")
        #expect(failure("<a fmt=\"&bogus;00:01\"/>")?.offset == 8)
    }

    @Test(
        "the XML declaration starts the file with version, then encoding (UTF-8) and standalone (yes or no); xml in any case names no other instruction",
        arguments: [
            (" <?xml version=\"1.0\"?><a/>", 1, "the XML declaration (<?xml …?>) must start the file"),
            ("<a><?xml version=\"1.0\"?></a>", 3, "the XML declaration (<?xml …?>) must start the file"),
            ("<?XmL version=\"1.0\"?><a/>", 2, "processing instructions named xml, in any case, are reserved"),
            ("<?xml?><a/>", 5, "the XML declaration must give its version"),
            ("<?xml version=\"2.0\"?><a/>", 15, "the XML declaration's version must be 1.0 (or 1. and digits)"),
            (
                "<?xml version='1.0' encoding='UTF-16'?><a/>", 30,
                "the XML declaration names an encoding other than UTF-8: exports are UTF-8"
            ),
            (
                "<?xml version=\"1.0\" standalone=\"maybe\"?><a/>", 32,
                "the XML declaration's standalone must be yes or no"
            ),
            (
                "<?xml encoding=\"UTF-8\" version=\"1.0\"?><a/>", 6,
                "the XML declaration holds version, then encoding and standalone if given, and nothing else"
            ),
            ("<?xml version=\"1.0\"encoding=\"UTF-8\"?><a/>", 19, "the XML declaration's attributes must be apart"),
            ("<a><? x?></a>", 5, "a processing instruction must start with a name"),
            ("<a><?1x?></a>", 5, "a processing instruction must start with a name"),
        ])
    func processingInstructions(_ document: String, offset: Int, message: String) throws {
        let found = try #require(failure(document))
        #expect(found.message == message)
        #expect(found.offset == offset)
    }

    @Test func declarationsXMLAllows() throws {
        for document in [
            "<?xml version=\"1.0\"?><a/>", "\u{FEFF}<?xml version='1.1' encoding='utf-8' standalone='no'?><a/>",
            "<?xml version = \"1.0\" encoding = \"US-ASCII\" standalone = \"yes\" ?><a/>",
            "<a><?xml-stylesheet href=\"x\"?><?pi?></a>",
        ] {
            #expect(try tokens(document) == ["<a>", "</>"], "\(document)")
        }
    }

    @Test func byteOrderMarkAndTrailingWhitespace() throws {
        #expect(try tokens("\u{FEFF}<a/>\n\n") == ["<a>", "</>"])
    }
}
