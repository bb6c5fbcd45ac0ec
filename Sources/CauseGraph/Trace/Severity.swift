/// How likely a long update is to cause a hitch, lowest first: the five
/// levels of Instruments' SwiftUI instrument (`Very Low` … `Very High`).
public enum Severity: String, CaseIterable, Sendable, Comparable {
    /// Instruments' `Very Low`. Durations alone never earn it (see
    /// `FrameBudget`): Instruments does not publish its threshold.
    case veryLow
    case low
    case medium
    case high
    case veryHigh

    /// The levels by ``rank``: `byRank[severity.rank] == severity`.
    static let byRank: [Severity] = allCases

    /// The level's place, lowest first (`veryLow` is 0). Written out rather
    /// than searched for in `allCases`: sorting and counting ask for it per event.
    var rank: Int {
        switch self {
        case .veryLow: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        case .veryHigh: 4
        }
    }

    /// Orders severities from low to very high.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The time one frame may take at a refresh rate, and the severity an
/// update's duration earns against it.
///
/// An update that takes at least 1/16 of the frame is `medium` (drawn
/// orange), at least 1/8 is `high` (red), and more than the whole frame is
/// `veryHigh`; anything shorter is `low`.
package struct FrameBudget: Sendable, Equatable {
    /// The refresh rate used when a trace does not record one.
    package static let defaultFrameRate: Double = 60

    /// The refresh rates a trace or an option may name, in frames per second.
    ///
    /// Displays run at 24 to 240 Hz; the range is wider, but bounded so a
    /// frame's length in nanoseconds always fits, and durations compared
    /// against it cannot overflow.
    package static let frameRates: ClosedRange<Double> = 1...1_000

    /// What is wrong with `frameRate` as a refresh rate, for a message, or
    /// `nil` when it is within ``frameRates``.
    package static func problem(withFrameRate frameRate: Double) -> String? {
        guard !frameRates.contains(frameRate) else { return nil }
        return
            "must be between \(JSONText.number(frameRates.lowerBound)) and \(JSONText.number(frameRates.upperBound)) frames per second, found \(frameRate.isFinite ? JSONText.number(frameRate) : "\(frameRate)")"
    }

    /// Frames per second.
    package let frameRate: Double

    /// The length of one frame in nanoseconds, to the nearest.
    package var frameDuration: Int64 { Int64((1_000_000_000 / frameRate).rounded()) }

    /// The longest duration within one frame: a frame is rarely a whole
    /// number of nanoseconds (16,666,666.7 at 60 Hz), and a nanosecond more
    /// than this is more than the frame.
    package var longestWithinFrame: Int64 { Int64((1_000_000_000 / frameRate).rounded(.down)) }

    /// The shortest duration that is at least `1/parts` of the frame.
    private func shortest(ofFrameParts parts: Double) -> Int64 {
        Int64((1_000_000_000 / (frameRate * parts)).rounded(.up))
    }

    /// The shortest duration that is `high`: an eighth of the frame.
    package var shortestHigh: Int64 { shortest(ofFrameParts: 8) }

    /// Whether `duration` is more than one whole frame.
    package func exceedsFrame(_ duration: Int64) -> Bool { duration > longestWithinFrame }

    /// - Precondition: `frameRate` is within ``frameRates``; readers check
    ///   what a trace or a user names against that range first.
    package init(frameRate: Double = FrameBudget.defaultFrameRate) {
        precondition(Self.frameRates.contains(frameRate), "frame rate out of range")
        self.frameRate = frameRate
    }

    /// The severity an event earns: the one its source recorded, else, for
    /// an update of known duration, the one its duration earns.
    package func severity(of event: TraceEvent) -> Severity? {
        event.severity ?? (event.kind.isUpdate ? event.duration.map(severity(ofDuration:)) : nil)
    }

    /// The severity of an update that took `duration` nanoseconds.
    package func severity(ofDuration duration: Int64) -> Severity {
        // Against the thresholds in whole nanoseconds, not `duration * 8`,
        // which a trace's duration can overflow.
        if exceedsFrame(duration) { return .veryHigh }
        if duration >= shortestHigh { return .high }
        if duration >= shortest(ofFrameParts: 16) { return .medium }
        return .low
    }
}
