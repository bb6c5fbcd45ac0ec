/// How likely a long update is to cause a hitch, lowest first: the five
/// levels of Instruments' SwiftUI instrument (`Very Low` … `Very High`).
public enum Severity: String, CaseIterable, Sendable, Comparable {
    /// Instruments' `Very Low`. Durations alone never earn it (see
    /// ``FrameBudget``): Instruments does not publish its threshold.
    case veryLow
    case low
    case medium
    case high
    case veryHigh

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The time one frame may take at a refresh rate, and the severity an
/// update's duration earns against it.
///
/// An update that takes at least 1/16 of the frame is `medium` (drawn
/// orange), at least 1/8 is `high` (red), and more than the whole frame is
/// `veryHigh`; anything shorter is `low`.
public struct FrameBudget: Sendable, Equatable {
    /// The refresh rate used when a trace does not record one.
    public static let defaultFrameRate: Double = 60

    /// Frames per second.
    public let frameRate: Double

    /// The length of one frame in nanoseconds.
    public var frameDuration: Int64 { Int64((1_000_000_000 / frameRate).rounded()) }

    public init(frameRate: Double = FrameBudget.defaultFrameRate) {
        precondition(frameRate > 0 && frameRate.isFinite, "frame rate must be positive")
        self.frameRate = frameRate
    }

    /// The severity an event earns: the one its source recorded, else, for
    /// an update of known duration, the one its duration earns.
    public func severity(of event: TraceEvent) -> Severity? {
        event.severity ?? (event.kind.isUpdate ? event.duration.map(severity(ofDuration:)) : nil)
    }

    /// The severity of an update that took `duration` nanoseconds.
    public func severity(ofDuration duration: Int64) -> Severity {
        let frame = frameDuration
        // Integer comparison against multiples keeps the thresholds exact.
        if duration > frame { return .veryHigh }
        if duration * 8 >= frame { return .high }
        if duration * 16 >= frame { return .medium }
        return .low
    }
}
