/// What `xctrace export --input App.trace --toc` says a recording holds:
///
///     <trace-toc><run number="1"><info>…</info><processes>…</processes>
///       <data><table schema="swiftui-causes" …/>…</data></run>…</trace-toc>
///
/// A run's tables are kept in document order, since a schema that repeats
/// (`SwiftUIFilteredUpdates` is listed three times) can only be exported by
/// its position, `table[K]`.
struct TableOfContents: Equatable {
    struct Run: Equatable {
        var number: Int
        /// The schema of each `<table>` of the run's `<data>`, in order.
        var tables: [String]
    }

    var runs: [Run]

    /// Reads a table of contents; `name` is what errors are reported against.
    static func parse(_ bytes: [UInt8], name: String) throws(Diagnostic) -> TableOfContents {
        var tokenizer = XMLTokenizer()
        var reader = Reader()
        do throws(XMLReadFailure) {
            _ = try bytes.withUnsafeBufferPointer { buffer throws(XMLReadFailure) in
                try tokenizer.parse(buffer, base: 0, isFinal: true, handler: &reader)
            }
        } catch {
            switch error {
            case .at(let offset, let message):
                let position = bytes.withUnsafeBufferPointer { StreamPositions().position(ofOffset: offset, in: $0) }
                throw .error("table of contents: \(message)", at: position.location(in: name))
            case .diagnostic(let diagnostic): throw diagnostic
            }
        }
        guard reader.sawRoot else {
            throw .error("xctrace printed no table of contents (<trace-toc>)", at: SourceLocation(file: name))
        }
        return TableOfContents(runs: reader.runs)
    }

    /// Collects runs and their tables; everything else is skipped.
    private struct Reader: XMLTokenHandler {
        var runs: [Run] = []
        var sawRoot = false
        /// The names of the open elements.
        private var path: [String] = []

        mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
            throws(XMLReadFailure)
        {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.name]), as: UTF8.self)
            if path.isEmpty {
                guard name == "trace-toc" else {
                    throw .at(offset: base + tag.offset, message: "expected <trace-toc>, found <\(name)>")
                }
                sawRoot = true
            } else if path == ["trace-toc"], name == "run" {
                let number = try Self.attribute("number", of: tag, bytes: bytes, base: base)
                guard let number, let value = Int(number), value >= 0 else {
                    throw .at(
                        offset: base + tag.offset, message: "<run> without a whole number in its number attribute")
                }
                runs.append(Run(number: value, tables: []))
            } else if path == ["trace-toc", "run", "data"], name == "table" {
                runs[runs.count - 1].tables.append(
                    try Self.attribute("schema", of: tag, bytes: bytes, base: base) ?? "")
            }
            path.append(name)
        }

        mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
            path.removeLast()
        }

        mutating func text(
            _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
        ) throws(XMLReadFailure) {}

        /// The decoded value of an attribute of a start tag, read from its
        /// bytes: quotes are honoured, so `>` inside a value does not end it.
        static func attribute(_ wanted: String, of tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
            throws(XMLReadFailure) -> String?
        {
            var index = tag.name.upperBound
            let wantedBytes = Array(wanted.utf8)
            while index < bytes.count, bytes[index] != Byte.greaterThan, bytes[index] != Byte.slash {
                guard Byte.isNameByte(bytes[index]) else {
                    index += 1
                    continue
                }
                let nameStart = index
                while index < bytes.count, Byte.isNameByte(bytes[index]) { index += 1 }
                let attributeName = nameStart..<index
                while index < bytes.count, Byte.isWhitespace(bytes[index]) || bytes[index] == Byte.equals { index += 1 }
                guard index < bytes.count, bytes[index] == Byte.doubleQuote || bytes[index] == Byte.singleQuote else {
                    return nil
                }
                let quote = bytes[index]
                let valueStart = index + 1
                index = valueStart
                while index < bytes.count, bytes[index] != quote { index += 1 }
                if bytes[attributeName].elementsEqual(wantedBytes) {
                    var decoded: [UInt8] = []
                    try XMLReferences.decode(valueStart..<index, of: bytes, base: base, into: &decoded)
                    return String(decoding: decoded, as: UTF8.self)
                }
                index += 1
            }
            return nil
        }
    }
}
