/// Reads the timestamps the `log` tool prints, such as
/// `2024-03-05 14:07:21.480215-0800`, as nanoseconds since 1970-01-01 UTC.
///
/// The date and time may be separated by a space or `T`; the fraction has
/// any number of digits (beyond nanoseconds they are dropped); the zone is
/// `Z`, `±HHMM`, `±HH:MM`, `±HH` or absent. Without a zone (the compact
/// style prints none) the time is read as UTC: the log does not say which
/// zone it was, and differences between lines, which is what frames need,
/// are right either way.
package enum LogTimestamp {
    /// A timestamp whose shape is right but whose value is not.
    package struct InvalidValue: Error, Equatable, Sendable {
        package var message: String
        /// Where the timestamp starts.
        package var offset: Int
    }

    /// The timestamp at `start`, with the number of bytes it spans; `nil`
    /// when the bytes there are not shaped like one.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int = 0
    ) throws(InvalidValue) -> (time: Nanoseconds, length: Int)? {
        var reader = FieldReader(bytes: bytes, position: start)
        guard let year = reader.digits(4), reader.skip("-"),
            let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2)
        else { return nil }
        guard reader.skip(" ") || reader.skip("T"),
            let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), reader.skip(":"),
            let second = reader.digits(2)
        else { return nil }
        var fraction: Int64 = 0
        if reader.skip(".") {
            var scale: Int64 = 100_000_000
            var count = 0
            while let digit = reader.digits(1) {
                fraction += Int64(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        var offsetSeconds = 0
        if !reader.skip("Z"), let sign = reader.sign() {
            guard let hours = reader.digits(2) else { return nil }
            var minutes = 0
            let hadColon = reader.skip(":")
            if let value = reader.digits(2) {
                minutes = value
            } else if hadColon {
                return nil
            }
            guard hours <= 23, minutes <= 59 else {
                throw InvalidValue(message: "time zone offset out of range", offset: start)
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        // A timestamp is a whole field: something else glued to it means it is not one.
        if reader.position < bytes.count, !isSeparator(bytes[reader.position]) { return nil }

        guard (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day) else {
            throw InvalidValue(message: "no such date \(year)-\(twoDigits(month))-\(twoDigits(day))", offset: start)
        }
        guard hour <= 23, minute <= 59, second <= 60 else {
            throw InvalidValue(
                message: "no such time \(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))", offset: start)
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard seconds >= 0, !overflow, scaled <= Int64.max - fraction else {
            throw InvalidValue(message: "timestamp outside 1970…2262, which nanosecond times can hold", offset: start)
        }
        return (scaled + fraction, reader.position - start)
    }

    /// Reads a whole string as a timestamp.
    package static func parse(_ text: String) throws(InvalidValue) -> Nanoseconds? {
        var text = text
        let result: Result<(time: Nanoseconds, length: Int)?, InvalidValue> = text.withUTF8 { bytes in
            Result { () throws(InvalidValue) in try parse(bytes) }
        }
        guard let parsed = try result.get(), parsed.length == text.utf8.count else { return nil }
        return parsed.time
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar, counting
    /// whole 400-year eras (146 097 days each) from a year that starts in March
    /// so the leap day falls at the end.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads fixed-width fields left to right.
    private struct FieldReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - position >= count else { return nil }
            var value = 0
            for index in position..<(position + count) {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
