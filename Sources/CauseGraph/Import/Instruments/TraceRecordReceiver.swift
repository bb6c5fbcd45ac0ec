/// Where the table reader's records go: a class, so the reader can hold
/// one for a sink of any type without being generic itself.
protocol TraceRecordReceiver: AnyObject {
    func begin(_ header: TraceHeader) throws
    func add(_ event: TraceEvent) throws
    func add(_ cause: TraceCause) throws
    func add(_ group: UpdateGroup) throws
    func add(_ hitch: Hitch) throws
}
