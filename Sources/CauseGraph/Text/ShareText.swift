/// Shares for people, as percentages: `42%` from a tenth up, `4.2%` below,
/// `<0.1%` for a share too small to show but not nothing.
///
/// Rounded once, half away from zero, and printed from integers, so the
/// text is the same on every machine.
package enum ShareText {
    /// - Parameter share: from 0 to 1; values outside are clamped.
    package static func percent(_ share: Double) -> String {
        let clamped = share.isNaN ? 0 : min(max(share, 0), 1)
        let tenths = Int((clamped * 1000).rounded())
        if tenths == 0 { return clamped > 0 ? "<0.1%" : "0%" }
        if tenths >= 100 { return "\(Int((clamped * 100).rounded()))%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// Whole percentages of `shares` (each 0…1) that add up to their sum
    /// rounded, not to a sum of roundings: each share gets its floor, and the
    /// points left go to the largest remainders, earlier shares first on a
    /// tie. So the causes of one view read 45%, 22%, 11%, 11%, 11%, never 99%.
    package static func wholePercents(_ shares: [Double]) -> [Int] {
        let scaled = shares.map { $0.isNaN ? 0 : min(max($0, 0), 1) * 100 }
        var percents = scaled.map { Int($0.rounded(.down)) }
        let target = Int(scaled.reduce(0, +).rounded())
        let left = max(target - percents.reduce(0, +), 0)
        let byRemainder = scaled.indices.sorted {
            let (a, b) = (scaled[$0] - Double(percents[$0]), scaled[$1] - Double(percents[$1]))
            return a != b ? a > b : $0 < $1
        }
        for index in byRemainder.prefix(left) { percents[index] += 1 }
        return percents
    }
}

extension Int {
    /// A whole percentage, `"37%"`.
    var percentText: String { "\(self)%" }
}
