import Foundation

/// Looks at inputs the way a user would ask "why is my graph empty?": what
/// each one is, what it holds, what causegraph reads of it, and what is
/// missing, with the likely reason and the command that fixes it.
package enum Doctor {
    /// Diagnoses each input, and judges the exports among them together:
    /// exports given together are the tables of one recording, as every
    /// command reads them, so a table one of them lacks may be another's.
    package static func diagnose(_ paths: [String], cache: TraceCache? = nil, diagnostics: inout Diagnostics)
        throws(Diagnostic) -> [InputDiagnosis]
    {
        var diagnoses: [InputDiagnosis] = []
        for path in paths {
            diagnoses.append(try diagnose(path, cache: cache, readingExports: false, diagnostics: &diagnostics))
        }
        try readTogether(diagnoses.filter { $0.kind == .export }, cache: cache)
        let exports = diagnoses.indices.filter { diagnoses[$0].kind == .export && !diagnoses[$0].tables.isEmpty }
        guard exports.count > 1 else { return diagnoses }
        let recording = merged(exports.flatMap { diagnoses[$0].tables })
        // What the commands read of the files together: `swiftui-causes` in one
        // file leaves `swiftui-full-causes` in another unread.
        let reads = readOrder(recording.filter { $0.skipReason == nil }.map(\.schema))
        for index in exports {
            let tables = diagnoses[index].tables
            diagnoses[index].reads = reads.filter { schema in tables.contains { $0.schema == schema } }
            diagnoses[index].tables = tables.map { markReadInstead($0, reads: reads) }
            diagnoses[index].problems = problems(tables: recording, run: nil, path: diagnoses[index].path)
            diagnoses[index].canAnswerWhy = canAnswerWhy(recording)
        }
        return diagnoses
    }

    /// Diagnoses one input: a file or a `.trace` bundle. Input that is no
    /// trace at all, or that cannot be read, is an error.
    ///
    /// A bundle's tables are counted once: the counts are kept in `cache`,
    /// and notes on keeping them go to `diagnostics`.
    ///
    /// - Parameter readingExports: whether an export is read as the other
    ///   commands read it, to find what makes it unreadable; the exports of
    ///   one recording are read together instead, under the key the other
    ///   commands' cache entry has (``readTogether(_:cache:)``).
    package static func diagnose(
        _ path: String, cache: TraceCache? = nil, readingExports: Bool = true, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> InputDiagnosis {
        try TraceInput.refuseOneShot([path], command: "doctor")
        if FileKind(path: path) == .directory {
            guard TraceInput.isInstrumentsDocument(path) else {
                throw .error(
                    "a folder: name its files, or give causegraph doctor the folder's traces",
                    at: SourceLocation(file: path))
            }
            return try bundle(path, cache: cache, diagnostics: &diagnostics)
        }
        let stream = try ByteStream(path: path)
        let prefix = try stream.prefix(InputFormat.detectionPrefixLength)
        try TraceInput.refuseBlank(stream, prefix: prefix)
        switch InstrumentsImporter.firstElementName(prefix) {
        case "trace-toc": return try tableOfContents(path)
        case "trace-query-result":
            let diagnosis = try export(path)
            if readingExports { try readTogether([diagnosis], cache: cache) }
            return diagnosis
        default: break
        }
        switch InputFormat.detect(prefix) {
        case .native: return try records(path, kind: .nativeTrace, format: .native)
        case .changes: return try records(path, kind: .changeLog, format: .changes)
        case .instruments, nil:
            // Checked after the formats: a native trace's header names causegraph too.
            if CausegraphOutput.recognise(prefix) != nil {
                var diagnosis = InputDiagnosis(path: path, kind: .causegraphOutput)
                diagnosis.problems = [
                    .init(
                        message: "causegraph output, not a recording: give causegraph the trace it was made from",
                        fix: nil)
                ]
                return diagnosis
            }
            if let notATrace = NotATrace.identify(prefix) {
                throw .error(notATrace.message(), at: SourceLocation(file: path))
            }
            throw .error(
                "not a trace causegraph knows (a .trace bundle, an xctrace export or table of contents, a change log, a native trace)",
                at: SourceLocation(file: path, line: 1))
        }
    }

    // MARK: Instruments

    private static func bundle(_ path: String, cache: TraceCache?, diagnostics: inout Diagnostics)
        throws(Diagnostic) -> InputDiagnosis
    {
        var diagnosis = InputDiagnosis(path: path, kind: .bundle)
        let inventory: TraceBundle.Inventory
        do {
            inventory = try TraceBundle.inventory(of: path, cache: cache, diagnostics: &diagnostics)
        } catch {
            if error.message == TraceBundle.needsXctrace {
                diagnosis.problems = [
                    .init(
                        message: TraceBundle.needsXctrace,
                        fix:
                            "on the Mac: causegraph doctor \(shellWord(path)), or export its tables there (docs/instruments.md)"
                    )
                ]
                return diagnosis
            }
            guard error.message.contains("Document Missing Template Error") else { throw error }
            diagnosis.problems = [
                .init(
                    message: "Document Missing Template Error: the recording was not finalized",
                    fix: "record again and let xctrace finish: stop it once (Ctrl-C) or give --time-limit, "
                        + "e.g. xcrun xctrace record --template SwiftUI --time-limit 30s --output App.trace --launch -- /path/to/App.app"
                )
            ]
            return diagnosis
        }
        for (run, counted) in zip(inventory.contents.runs, inventory.rows) {
            diagnosis.runs.append(describe(run, tables: counted.map { table($0.schema, rows: $0.rows) }))
        }
        if inventory.contents.runs.isEmpty {
            diagnosis.problems.append(.init(message: "the recording holds no runs", fix: recordCommand))
        }
        for (run, counted) in zip(diagnosis.runs, inventory.rows) {
            let prefix = diagnosis.runs.count > 1 ? "run \(run.number): " : ""
            for table in counted {
                guard let failure = table.failure else { continue }
                diagnosis.problems.append(
                    .init(
                        message: prefix
                            + "\(table.schema) could not be exported, so its rows are not counted: \(failure)",
                        fix: exportCommand(table.schema, run: run.number, input: path)))
            }
            diagnosis.problems += problems(tables: run.tables, run: run, path: path).map {
                .init(message: prefix + $0.message, fix: $0.fix)
            }
        }
        diagnosis.canAnswerWhy = diagnosis.runs.contains { canAnswerWhy($0.tables) }
        if diagnosis.runs.count > 1 {
            diagnosis.problems.append(
                .init(
                    message: "\(diagnosis.runs.count) runs: causegraph reads one at a time",
                    fix: "causegraph summary \(shellWord(path)) --run N"))
        }
        return diagnosis
    }

    private static func tableOfContents(_ path: String) throws(Diagnostic) -> InputDiagnosis {
        let stream = try ByteStream(path: path)
        var bytes: [UInt8] = []
        while let chunk = try stream.nextChunk() {
            bytes += chunk
            guard bytes.count <= Xctrace.maximumOutput else {
                throw .error(
                    "a table of contents larger than \(Xctrace.maximumOutput >> 20) MiB", at: SourceLocation(file: path)
                )
            }
        }
        let contents = try TableOfContents.parse(bytes, name: path)
        var diagnosis = InputDiagnosis(path: path, kind: .tableOfContents)
        diagnosis.runs = contents.runs.map { run in describe(run, tables: run.tables.map { table($0, rows: nil) }) }
        let schemas = Set(contents.runs.flatMap(\.tables))
        let why = schemas.isDisjoint(with: InstrumentsTable.causeSchemas + InstrumentsTable.updateSchemas)
        diagnosis.problems = [
            .init(
                message: why
                    ? "a table of contents lists tables but holds no rows, and it lists no SwiftUI table: record with the SwiftUI template"
                    : "a table of contents lists tables but holds no rows: give causegraph the bundle, or the tables exported",
                fix: why ? recordCommand : exportCommand("swiftui-causes", run: contents.runs.first?.number ?? 1))
        ]
        return diagnosis
    }

    /// Reads exports as every other command reads them, together: the count
    /// scans for tags and reads no cell, and this read finds what makes an
    /// export unreadable (a truncated file, a malformed number or character)
    /// and says where. Exports whose read tables have no rows are not read:
    /// explaining them is doctor's answer. Through the cache, the next
    /// command of large exports reads them no more, nor does this read
    /// exports a command has read already: the settings are a plain
    /// command's, so the key is its key.
    private static func readTogether(_ exports: [InputDiagnosis], cache: TraceCache?) throws(Diagnostic) {
        let hasRows = exports.contains { diagnosis in
            diagnosis.tables.contains { diagnosis.reads.contains($0.schema) && ($0.rows ?? 0) > 0 }
        }
        guard hasRows else { return }
        var records = RecordCounter()
        var ignored = Diagnostics()
        try TraceInput.read(
            paths: exports.map(\.path), settings: ImportSettings(cache: cache), into: &records, diagnostics: &ignored)
    }

    private static func export(_ path: String) throws(Diagnostic) -> InputDiagnosis {
        let stream = try ByteStream(path: path)
        var counter = TableRowCounter()
        while let chunk = try stream.nextChunk() { try counter.count(chunk, name: path) }
        try counter.finish(name: path)
        var diagnosis = InputDiagnosis(path: path, kind: .export)
        let tables = merged(counter.tables.map { table($0.schema, rows: $0.rows) })
        diagnosis.reads = readOrder(tables.filter { $0.skipReason == nil }.map(\.schema))
        diagnosis.tables = tables.map { markReadInstead($0, reads: diagnosis.reads) }
        if diagnosis.tables.isEmpty {
            diagnosis.problems.append(
                .init(
                    message:
                        "the export holds no table: its xpath matched nothing (xctrace exits 0 with an empty result)",
                    fix: exportCommand("swiftui-causes", run: 1)))
        } else {
            diagnosis.problems = problems(tables: tables, run: nil, path: path)
        }
        diagnosis.canAnswerWhy = canAnswerWhy(tables)
        return diagnosis
    }

    /// One table a schema, its rows added: a table exported twice (a document
    /// of several, or files given together) counts as one.
    private static func merged(_ tables: [InputDiagnosis.Table]) -> [InputDiagnosis.Table] {
        var result: [InputDiagnosis.Table] = []
        for found in tables {
            guard let index = result.firstIndex(where: { $0.schema == found.schema }) else {
                result.append(found)
                continue
            }
            result[index].rows = (result[index].rows ?? 0).addingReportingOverflow(found.rows ?? 0).partialValue
        }
        return result
    }

    /// The reading order of the read tables; of the two cause tables only `swiftui-causes` when both are there.
    private static func readOrder(_ schemas: [String]) -> [String] {
        var read = InstrumentsTable.readOrder.filter(schemas.contains)
        if read.contains("swiftui-causes") { read.removeAll { $0 == "swiftui-full-causes" } }
        return read
    }

    private static func table(_ schema: String, rows: Int?) -> InputDiagnosis.Table {
        InputDiagnosis.Table(
            schema: schema, rows: rows,
            skipReason: InstrumentsTable.readOrder.contains(schema) ? nil : InstrumentsTable.skipReason(schema))
    }

    private static func describe(_ run: TableOfContents.Run, tables: [InputDiagnosis.Table]) -> InputDiagnosis.Run {
        let info = run.info
        var reads: [String] = []
        for table in TraceBundle.tablesToExport(run) where !reads.contains(table.schema) { reads.append(table.schema) }
        let tables = tables.map { markReadInstead($0, reads: reads) }
        return InputDiagnosis.Run(
            number: run.number, device: info.deviceName, platform: info.devicePlatform, osVersion: info.deviceOSVersion,
            isSimulator: info.isSimulator, process: info.processName, launch: info.processType,
            template: info.templateName, instrumentsVersion: info.instrumentsVersion, tables: tables, reads: reads)
    }

    /// A table causegraph could read but does not, since another it reads
    /// holds the same rows (`swiftui-full-causes` beside `swiftui-causes`;
    /// in a bundle, `SwiftUIFilteredUpdates` beside `swiftui-updates`).
    private static func markReadInstead(_ table: InputDiagnosis.Table, reads: [String]) -> InputDiagnosis.Table {
        guard table.skipReason == nil, !reads.contains(table.schema) else { return table }
        var table = table
        table.skipReason = "another table causegraph reads holds the same rows"
        return table
    }

    /// Whether rows of a cause or update table are there: an update row's
    /// root causes answer "why" even without a cause table.
    private static func canAnswerWhy(_ tables: [InputDiagnosis.Table]) -> Bool {
        tables.contains {
            (InstrumentsTable.causeSchemas + InstrumentsTable.updateSchemas).contains($0.schema) && ($0.rows ?? 0) > 0
        }
    }

    /// What is missing from counted tables, and why, most likely.
    private static func problems(tables: [InputDiagnosis.Table], run: InputDiagnosis.Run?, path: String)
        -> [InputDiagnosis.Problem]
    {
        let swiftUI = tables.filter {
            InstrumentsTable.readOrder.contains($0.schema) && !InstrumentsTable.hitchSchemas.contains($0.schema)
        }
        var problems: [InputDiagnosis.Problem] = []
        let number = run?.number ?? 1
        if swiftUI.isEmpty {
            problems.append(
                run == nil
                    ? .init(
                        message: "no SwiftUI table: export swiftui-causes and swiftui-updates",
                        fix: exportCommand("swiftui-causes", run: number))
                    : .init(message: "no SwiftUI table: record with the SwiftUI template", fix: recordCommand))
            return problems
        }
        let rows = swiftUI.map { $0.rows ?? 0 }.reduce(0) { $0.addingReportingOverflow($1).partialValue }
        if rows == 0 {
            if run?.isSimulator == true {
                problems.append(
                    .init(
                        message: "SwiftUI tables are empty on the Simulator: record on a device",
                        fix:
                            "xcrun xctrace record --template SwiftUI --device DEVICE --output App.trace --launch -- /path/to/App.app"
                    ))
            }
            if run?.launch == "attached" {
                problems.append(.init(message: "attached process: record with --launch", fix: recordCommand))
            }
            if problems.isEmpty {
                problems.append(
                    .init(
                        message:
                            "the SwiftUI tables have no rows: nothing updated while recording, or the recording was cut short",
                        fix: recordCommand))
            }
        } else if !canAnswerWhy(tables) {
            problems.append(
                .init(
                    message: "no causes and no updates: export swiftui-causes and swiftui-updates",
                    fix: exportCommand("swiftui-causes", run: number)))
        }
        if let groups = tables.first(where: { $0.schema == "swiftui-update-groups" }) {
            if groups.rows == 0, rows > 0 {
                problems.append(
                    .init(
                        message:
                            "no update groups: Instruments often leaves swiftui-update-groups empty; updates are not grouped into transactions",
                        fix: nil))
            }
        } else if rows > 0 {
            problems.append(
                .init(
                    message:
                        "no update groups: swiftui-update-groups was not exported; updates are not grouped into transactions",
                    fix: run == nil ? exportCommand("swiftui-update-groups", run: number) : nil))
        }
        return problems
    }

    private static let recordCommand =
        "xcrun xctrace record --template SwiftUI --output App.trace --launch -- /path/to/App.app"

    private static func exportCommand(_ schema: String, run: Int, input: String = "App.trace") -> String {
        "xcrun xctrace export --input \(input == "App.trace" ? input : shellWord(input)) --xpath '/trace-toc/run[@number=\"\(run)\"]/data/table[@schema=\"\(schema)\"]' --output \(schema).xml"
    }

    // MARK: Other formats

    private static func records(_ path: String, kind: InputDiagnosis.Kind, format: InputFormat) throws(Diagnostic)
        -> InputDiagnosis
    {
        var counter = RecordCounter()
        var diagnostics = Diagnostics()
        try TraceInput.read(
            paths: [path], settings: ImportSettings(format: format), into: &counter, diagnostics: &diagnostics)
        var diagnosis = InputDiagnosis(path: path, kind: kind)
        diagnosis.records = counter.records
        diagnosis.reads = ["every record"]
        diagnosis.canAnswerWhy = counter.records.updates > 0
        if !diagnosis.canAnswerWhy {
            diagnosis.problems.append(
                .init(
                    message: kind == .changeLog
                        ? "no body updates: the log holds no _printChanges / _logChanges lines"
                        : "no updates: the trace records no update",
                    fix: nil))
        }
        return diagnosis
    }

    /// Counts what an import gives.
    private struct RecordCounter: TraceSink {
        var records = InputDiagnosis.Records()
        mutating func begin(_ header: TraceHeader) throws {}
        mutating func add(_ event: TraceEvent) throws {
            records.events += 1
            if event.kind.isUpdate { records.updates += 1 }
        }
        mutating func add(_ cause: TraceCause) throws { records.causes += 1 }
        mutating func add(_ group: UpdateGroup) throws { records.groups += 1 }
        mutating func add(_ hitch: Hitch) throws {}
    }

    /// A path as one shell word, quoted only when it needs to be.
    static func shellWord(_ path: String) -> String {
        let plain =
            !path.isEmpty
            && path.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || Array("/._-+".utf8).contains(byte)
            }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
