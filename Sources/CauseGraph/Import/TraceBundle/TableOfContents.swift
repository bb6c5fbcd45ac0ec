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
        /// What the run's `<info>` says of the recording.
        var info = RunInfo()
    }

    /// A run's `<info>`: `<target>` holds the `<device>` (its `platform`
    /// says "Simulator" for one) and the `<process>` (`type` "launched" or
    /// "attached"); `<summary>` holds the template and the Instruments
    /// version, inside `<intruments-recording-settings>` (Apple's spelling)
    /// or not: both are found anywhere under `<info>`.
    struct RunInfo: Equatable {
        var deviceName: String?
        var devicePlatform: String?
        var deviceOSVersion: String?
        var processName: String?
        /// "launched" or "attached".
        var processType: String?
        var templateName: String?
        var instrumentsVersion: String?

        /// Whether the device is a Simulator, as its platform or name says.
        var isSimulator: Bool {
            [devicePlatform, deviceName].contains { $0?.lowercased().contains("simulator") == true }
        }
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
            } else if path == ["trace-toc", "run", "info", "target"], name == "device" {
                let info = runs[runs.count - 1].info
                runs[runs.count - 1].info.deviceName =
                    try Self.attribute("name", of: tag, bytes: bytes, base: base) ?? info.deviceName
                runs[runs.count - 1].info.devicePlatform =
                    try Self.attribute("platform", of: tag, bytes: bytes, base: base) ?? info.devicePlatform
                runs[runs.count - 1].info.deviceOSVersion =
                    try Self.attribute("os-version", of: tag, bytes: bytes, base: base) ?? info.deviceOSVersion
            } else if path == ["trace-toc", "run", "info", "target"], name == "process" {
                runs[runs.count - 1].info.processName = try Self.attribute("name", of: tag, bytes: bytes, base: base)
                runs[runs.count - 1].info.processType = try Self.attribute("type", of: tag, bytes: bytes, base: base)
            }
            path.append(name)
            text = nil
        }

        mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
            if path.count > 3, path[1] == "run", path[2] == "info", let text, !runs.isEmpty {
                switch path.last {
                case "template-name": runs[runs.count - 1].info.templateName = text
                case "instruments-version": runs[runs.count - 1].info.instrumentsVersion = text
                default: break
                }
            }
            text = nil
            path.removeLast()
        }

        /// The text of the element open now, when it holds text alone.
        private var text: String?

        mutating func text(
            _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
        ) throws(XMLReadFailure) {
            guard path.count > 3, path[2] == "info" else { return }
            var decoded: [UInt8] = []
            if hasReferences {
                try XMLReferences.decode(range, of: bytes, base: base, into: &decoded)
            } else {
                decoded = Array(bytes[range])
            }
            text = (text ?? "") + String(decoding: decoded, as: UTF8.self)
        }

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
