/// A sink that writes what it receives as a native JSON Lines trace, on the
/// caller's thread. (`causegraph convert` uses `PipelinedTraceWriter`,
/// which writes the same bytes on a second thread.)
///
/// It streams: each record is encoded into the output's buffer as it
/// arrives, so converting a large export holds no more than the importer
/// itself does.
package struct NativeTraceWriter: TraceSink {
    private let output: OutputFile
    /// Rows written, for the summary line of `convert`.
    package private(set) var records = 0

    /// A writer to `output`.
    package init(output: OutputFile) {
        self.output = output
    }

    /// Writes the header's line.
    package mutating func begin(_ header: TraceHeader) throws {
        try emit { NativeTraceEncoder.append(header, to: &$0) }
    }

    /// Writes the event's line.
    package mutating func add(_ event: TraceEvent) throws {
        try emit { NativeTraceEncoder.append(event, to: &$0) }
    }

    /// Writes the cause link's line.
    package mutating func add(_ cause: TraceCause) throws {
        try emit { NativeTraceEncoder.append(cause, to: &$0) }
    }

    /// Writes the update group's line.
    package mutating func add(_ group: UpdateGroup) throws {
        try emit { NativeTraceEncoder.append(group, to: &$0) }
    }

    /// Writes the hitch's line.
    package mutating func add(_ hitch: Hitch) throws {
        try emit { NativeTraceEncoder.append(hitch, to: &$0) }
    }

    private mutating func emit(_ encode: (inout [UInt8]) -> Void) throws(Diagnostic) {
        records += 1
        try output.write { line in
            encode(&line)
            line.append(UInt8(ascii: "\n"))
        }
    }
}
