/// Reads causegraph's own JSON Lines trace format.
///
/// One JSON object a line: a header (`{"causegraph": 1, …}`), then `node`,
/// `edge`, `group` and `hitch` records in any order, except that a node
/// must come before the edges that name it. Blank lines are skipped; keys this version
/// does not know are ignored. A later header starts a new document, so
/// concatenated traces read as they were written.
package enum NativeTraceReader: TraceImporter {
    /// The format version this reader understands.
    package static let version = 1

    package static func looksLikeFormat(_ prefix: [UInt8]) -> Bool {
        // The header is a JSON object with a "causegraph" key on the first line.
        let text = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? prefix.dropFirst(3) : prefix[...]
        let firstLine = text.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix { $0 != UInt8(ascii: "\n") }
        let line = String(decoding: firstLine, as: UTF8.self)
        return line.drop(while: \.isWhitespace).hasPrefix("{") && line.contains("\"causegraph\"")
    }

    package static func read<Sink: TraceSink & ~Copyable>(
        _ streams: [ByteStream], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        for stream in streams {
            try read(stream, into: &sink)
        }
    }

    /// Reads one file as one or more documents.
    package static func read<Sink: TraceSink & ~Copyable>(_ stream: ByteStream, into sink: inout Sink)
        throws(Diagnostic)
    {
        var document: DocumentState?
        do {
            try LineReader(stream).forEachLine { line, number in
                if isBlank(line) { return }
                let record = try JSONRecord.parse(line: line, number: number, file: stream.name)
                if record.has("causegraph") {
                    try document?.finish()
                    document = DocumentState()
                    try sink.begin(try header(record))
                    return
                }
                guard document != nil else {
                    throw record.error("expected the header {\"causegraph\": \(version), …} on the first line")
                }
                try document!.read(record, into: &sink)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic.error("\(error)", at: SourceLocation(file: stream.name))
        }
        guard let document else {
            throw Diagnostic.error(
                "empty trace: expected the header {\"causegraph\": \(version), …}",
                at: SourceLocation(file: stream.name))
        }
        try document.finish()
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    private static func header(_ record: JSONRecord) throws(Diagnostic) -> TraceHeader {
        let versionValue = try record.required("causegraph")
        let found = try record.count(versionValue, key: "causegraph")
        guard found == version else {
            throw record.error(
                "unsupported trace format version \(found); this causegraph reads version \(version)", at: versionValue)
        }
        let frameRate = try record.positiveNumber("frameRate")
        if let frameRate, let problem = FrameBudget.problem(withFrameRate: frameRate),
            let value = record.value("frameRate")
        {
            throw record.error("\"frameRate\" " + problem, at: value)
        }
        return TraceHeader(version: Int(found), app: try record.string("app"), frameRate: frameRate)
    }

    /// What one document must remember to check its own references.
    private struct DocumentState {
        /// Groups named by nodes but not (yet) defined, with where they were first named.
        var pendingGroups: [GroupID: SourceLocation] = [:]
        var definedGroups: Set<GroupID> = []

        mutating func read<Sink: TraceSink & ~Copyable>(_ record: JSONRecord, into sink: inout Sink) throws(Diagnostic)
        {
            // Nodes may name their group, so "group" marks a group record only on its own.
            switch (record.has("node"), record.has("edge")) {
            case (true, true): throw record.error("a record is a \"node\" or an \"edge\", not both")
            case (true, false): try readNode(record, into: &sink)
            case (false, true): try readEdge(record, into: &sink)
            case (false, false) where record.has("hitch"):
                try readHitch(record, into: &sink)
            case (false, false):
                guard record.has("group") else {
                    throw record.error("expected a \"node\", \"edge\", \"group\" or \"hitch\" record")
                }
                try readGroup(record, into: &sink)
            }
        }

        func finish() throws(Diagnostic) {
            if let (group, location) = pendingGroups.min(by: { ($0.value.line ?? 0) < ($1.value.line ?? 0) }) {
                throw .error("update group \(group) is never defined", at: location)
            }
        }

        private mutating func readNode<Sink: TraceSink & ~Copyable>(_ record: JSONRecord, into sink: inout Sink)
            throws(Diagnostic)
        {
            let idValue = try record.required("node")
            // `unrecorded` is made by the graph for runs no link explains; no trace records it.
            let kind = try record.requiredEnumeration(
                "kind", as: NodeKind.self, among: NodeKind.allCases.filter(\.isRecorded))
            var event = TraceEvent(
                id: EventID(try record.count(idValue, key: "node")),
                kind: kind,
                title: try record.requiredString("title"),
                module: try record.string("module"),
                owner: try record.requiredEnumeration("owner", as: Owner.self),
                time: try record.count("time"),
                group: try record.integer("group"),
                backtrace: try record.strings("backtrace"))
            for key in ["duration", "ran", "severity"] where !kind.isUpdate && record.value(key) != nil {
                throw record.error(
                    "\"\(key)\" applies only to update nodes (body, representable, other), not \(kind.rawValue)",
                    at: record.value(key)!)
            }
            event.duration = try record.count("duration")
            event.ran = try record.bool("ran") ?? true
            event.severity = try record.enumeration("severity", as: Severity.self)
            if let group = event.group, !definedGroups.contains(group), pendingGroups[group] == nil {
                pendingGroups[group] = record.location(of: record.value("group")!)
            }
            do {
                try sink.add(event)
            } catch TraceConsistencyError.duplicateEvent(let id) {
                throw record.error("node \(id) is already defined", at: idValue)
            } catch {
                throw record.error("\(error)")
            }
        }

        private func readEdge<Sink: TraceSink & ~Copyable>(_ record: JSONRecord, into sink: inout Sink)
            throws(Diagnostic)
        {
            let endsValue = try record.required("edge")
            guard case .array(let ends) = endsValue.content, ends.count == 2 else {
                throw record.error("\"edge\" must be an array of two node ids, [from, to]", at: endsValue)
            }
            let from = EventID(try record.count(ends[0], key: "edge"))
            let to = EventID(try record.count(ends[1], key: "edge"))
            let label = try record.requiredString("label")
            guard !label.isEmpty else {
                throw record.error("\"label\" must not be empty", at: try record.required("label"))
            }
            let cause = TraceCause(
                from: from, to: to,
                label: CauseLabel(rawValue: label),
                time: try record.count("time"),
                changed: try record.strings("changed"))
            do {
                try sink.add(cause)
            } catch TraceConsistencyError.undefinedEvent(let id) {
                throw record.error(
                    "edge names node \(id), which is not defined before this line", at: id == from ? ends[0] : ends[1])
            } catch {
                throw record.error("\(error)")
            }
        }

        /// `{"hitch": "hang", "start": …, "duration": …, "hangType": …, "process": …, "narrative": …}`.
        private func readHitch<Sink: TraceSink & ~Copyable>(_ record: JSONRecord, into sink: inout Sink)
            throws(Diagnostic)
        {
            let hitch = Hitch(
                kind: try record.requiredEnumeration("hitch", as: Hitch.Kind.self),
                start: try record.count(try record.required("start"), key: "start"),
                duration: try record.count(try record.required("duration"), key: "duration"),
                hangType: try record.string("hangType"), process: try record.string("process"),
                narrative: try record.string("narrative"))
            do {
                try sink.add(hitch)
            } catch {
                throw record.error("\(error)")
            }
        }

        private mutating func readGroup<Sink: TraceSink & ~Copyable>(_ record: JSONRecord, into sink: inout Sink)
            throws(Diagnostic)
        {
            let idValue = try record.required("group")
            guard case .number(let number) = idValue.content, let id = number.int64 else {
                throw record.error(
                    "\"group\" must be a whole number that fits in 64 bits, found \(idValue.typeName)", at: idValue)
            }
            guard definedGroups.insert(id).inserted else {
                throw record.error("update group \(id) is already defined", at: idValue)
            }
            pendingGroups[id] = nil
            let group = UpdateGroup(
                id: id, label: try record.requiredString("label"),
                start: try record.count("start"), duration: try record.count("duration"))
            do {
                try sink.add(group)
            } catch {
                throw record.error("\(error)", at: idValue)
            }
        }
    }
}
