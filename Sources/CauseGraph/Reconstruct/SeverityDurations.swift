/// The time a node's events took, by severity (events of unknown duration
/// or severity are in none), so a picture can tell a node whose long
/// updates are a real part of its time from one with a single long update
/// among many short ones.
package typealias SeverityDurations = BySeverity<Nanoseconds>

extension BySeverity where Value == Nanoseconds {
    /// Adds `duration` at `severity`, saturating at the largest time.
    package mutating func add(_ duration: Nanoseconds, at severity: Severity) {
        let (sum, overflow) = self[severity].addingReportingOverflow(max(duration, 0))
        self[severity] = overflow ? .max : sum
    }

    /// Adds every level of `other`, saturating.
    package mutating func add(_ other: SeverityDurations) {
        for severity in Severity.allCases { add(other[severity], at: severity) }
    }

    /// The time of the events at or above `severity`, saturating.
    package func atLeast(_ severity: Severity) -> Nanoseconds {
        var total = SeverityDurations()
        for level in Severity.allCases where level >= severity { total.add(self[level], at: .veryLow) }
        return total[.veryLow]
    }
}
