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
}

extension Double {
    /// A share (0…1) as a whole percentage, `"37%"`.
    var percentText: String { "\(Int((self * 100).rounded()))%" }
}
