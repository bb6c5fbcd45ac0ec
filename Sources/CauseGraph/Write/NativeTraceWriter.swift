/// A sink that writes what it receives as a native JSON Lines trace, for
/// `causegraph convert`.
///
/// It streams: each record is encoded into the output's buffer as it
/// arrives, so converting a large export holds no more than the importer
/// itself does.
public struct NativeTraceWriter: TraceSink {
    private let output: OutputFile
    /// Rows written, for the summary line of `convert`.
    public private(set) var records = 0

    public init(output: OutputFile) {
        self.output = output
    }

    public mutating func begin(_ header: TraceHeader) throws {
        records += 1
        try output.write { NativeTraceEncoder.append(header, to: &$0); $0.append(UInt8(ascii: "\n")) }
    }

    public mutating func add(_ event: TraceEvent) throws {
        records += 1
        try output.write { NativeTraceEncoder.append(event, to: &$0); $0.append(UInt8(ascii: "\n")) }
    }

    public mutating func add(_ cause: TraceCause) throws {
        records += 1
        try output.write { NativeTraceEncoder.append(cause, to: &$0); $0.append(UInt8(ascii: "\n")) }
    }

    public mutating func add(_ group: UpdateGroup) throws {
        records += 1
        try output.write { NativeTraceEncoder.append(group, to: &$0); $0.append(UInt8(ascii: "\n")) }
    }
}
