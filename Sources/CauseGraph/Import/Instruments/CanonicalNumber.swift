/// The numbers of an export: text of decimal digits without a redundant
/// leading zero that fits in 64 bits. Such text round-trips through the
/// number, so an export's value is kept as one.
enum CanonicalNumber {
    /// `bytes` as a number, when they are the canonical text of one.
    static func value(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let first = bytes.first, bytes.count <= 20, first != Byte.zero || bytes.count == 1 else { return nil }
        var value: UInt64 = 0
        // Nineteen digits cannot overflow 64 bits; only a twentieth needs checking.
        for byte in bytes.prefix(19) {
            let digit = byte &- Byte.zero
            guard digit < 10 else { return nil }
            value = value &* 10 &+ UInt64(digit)
        }
        guard bytes.count == 20 else { return value }
        let digit = bytes[19] &- Byte.zero
        guard digit < 10 else { return nil }
        let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
        return overflow1 || overflow2 ? nil : sum
    }

}
