import Foundation

/// How far a measurement may exceed the baseline's before `causegraph check
/// --baseline` calls it a regression: a percentage of the baseline's value,
/// an absolute amount, or both (whichever allows more).
public struct Tolerance: Sendable, Equatable, CustomStringConvertible {
    /// Percent of the baseline's value, 0 or more.
    public var percent: Double
    /// An absolute amount, 0 or more.
    public var absolute: Int

    /// A tolerance of `percent` of the baseline plus `absolute`.
    public init(percent: Double = 0, absolute: Int = 0) {
        self.percent = percent
        self.absolute = absolute
    }

    /// None: any increase over the baseline is a regression.
    public static let none = Tolerance()

    /// The largest percentage read: a million percent lets a measurement grow
    /// ten-thousandfold, past any tolerance meant, while every percentage
    /// stays exact in a `Double` and in an `Int`.
    package static let maximumPercent: Double = 1_000_000

    /// Reads `10%`, `2`, `10%,2` or `2,10%`, a percentage at most
    /// ``maximumPercent``; `nil` for anything else.
    package init?(parsing text: String) {
        var percent: Double?
        var absolute: Int?
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(part).trimmingWhitespace
            if part.hasSuffix("%") {
                let number = part.dropLast()
                guard percent == nil, !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                    let value = Double(number), value.isFinite, value <= Self.maximumPercent
                else { return nil }
                percent = value
            } else {
                guard absolute == nil, !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let value = Int(part)
                else { return nil }
                absolute = value
            }
        }
        self.init(percent: percent ?? 0, absolute: absolute ?? 0)
    }

    /// The most a measurement may be when the baseline measured `baseline`.
    package func allowed(over baseline: Int) -> Int {
        let share = (Double(baseline) * percent / 100).rounded(.up)
        // A share past Int's range (or not a number) allows anything.
        let byPercent = share < Double(Int.max) && share > Double(Int.min) ? Int(share) : Int.max
        let (sum, overflow) = baseline.addingReportingOverflow(max(byPercent, absolute))
        return overflow ? .max : sum
    }

    /// Whether a count going from `before` to `after` stays within the
    /// tolerance, either way: by no more than the percentage of `before` or
    /// the absolute amount, whichever allows more.
    package func admits(from before: Int, to after: Int) -> Bool {
        let slack = allowed(over: max(before, 0)) - max(before, 0)
        return after >= before ? after - before <= slack : before - after <= slack
    }

    /// `10% or 2`, `10%`, `2`, or `none`.
    public var description: String {
        var parts: [String] = []
        if percent > 0 {
            let whole = percent.rounded() == percent && percent < Double(Int.max)
            parts.append((whole ? "\(Int(percent))" : "\(percent)") + "%")
        }
        if absolute > 0 { parts.append("\(absolute)") }
        return parts.isEmpty ? "none" : parts.joined(separator: " or ")
    }
}
