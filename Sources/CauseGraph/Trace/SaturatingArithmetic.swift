extension FixedWidthInteger {
    /// The sum, or the bound it went past.
    ///
    /// Totals of trace values (durations near `Int64.max` are real: Instruments
    /// records in-flight updates so) stay ordered and never trap.
    func saturatingAdding(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// The difference, or the bound it went past.
    func saturatingSubtracting(_ other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }

    /// The product, or the bound it went past.
    func saturatingMultiplying(_ other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
