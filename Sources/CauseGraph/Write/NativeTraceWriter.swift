/// A sink that writes what it receives as a native JSON Lines trace, for
/// `causegraph convert`.
///
/// It streams: each record is written as it arrives, so converting a large
/// export holds no more than the importer itself does.
public struct NativeTraceWriter: TraceSink {
    private let output: OutputFile
    /// Rows written, for the summary line of `convert`.
    public private(set) var records = 0

    public init(output: OutputFile) {
        self.output = output
    }

    public mutating func begin(_ header: TraceHeader) throws {
        try emit(NativeTraceEncoder.line(header))
    }

    public mutating func add(_ event: TraceEvent) throws {
        try emit(NativeTraceEncoder.line(event))
    }

    public mutating func add(_ cause: TraceCause) throws {
        try emit(NativeTraceEncoder.line(cause))
    }

    public mutating func add(_ group: UpdateGroup) throws {
        try emit(NativeTraceEncoder.line(group))
    }

    private mutating func emit(_ line: String) throws {
        records += 1
        try output.write(line + "\n")
    }
}
