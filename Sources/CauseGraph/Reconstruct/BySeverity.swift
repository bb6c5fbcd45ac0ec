/// One value for each ``Severity``, zero until set: what a node counts or
/// times at each level.
package struct BySeverity<Value: AdditiveArithmetic & Sendable & Equatable>: Sendable, Equatable {
    private var values = [Value](repeating: .zero, count: Severity.allCases.count)

    /// Zero at every severity.
    package init() {}

    /// The value at `severity`.
    package subscript(severity: Severity) -> Value {
        get { values[severity.rank] }
        set { values[severity.rank] = newValue }
    }
}

/// Event counts by severity.
package typealias SeverityCounts = BySeverity<Int>

extension BySeverity where Value == Int {
    /// Events at or above `severity`.
    package func atLeast(_ severity: Severity) -> Int {
        Severity.allCases.filter { $0 >= severity }.reduce(0) { $0 + self[$1] }
    }
}
