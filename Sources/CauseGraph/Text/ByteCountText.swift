/// Sizes for people: `512 bytes`, `1.5 KiB`, `7.5 MiB`, in the binary unit
/// that keeps the figure below 1,024, with one decimal.
package enum ByteCountText {
    package static func string(_ bytes: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return CountText.string(Int(bytes), "byte") }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        // Tenths by integer rounding: the same digits on every machine and locale.
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
