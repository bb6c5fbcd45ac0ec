/// The one rule for the numbers of a trace, in every format: event ids,
/// times and durations are whole numbers from 0 to `Int64.max`, the range
/// the native format writes, so whatever one importer accepts `convert`
/// can write and every importer can read back.
///
/// Instruments writes near-`UINT64_MAX` times and durations for updates
/// still in flight when recording stopped; those are read as unknown, not
/// as values, and are the only numbers past the range an import accepts.
enum TraceNumberRule {
    /// The largest id, time or duration.
    static let maximum = UInt64(Int64.max)

    /// What a number must be, for error messages.
    static let requirement = "must be a whole number from 0 to \(Int64.max)"
}
