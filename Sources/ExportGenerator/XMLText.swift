// The text of export cells: XML escaping, and times and durations as xctrace
// formats them in `fmt`.

func escape(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "&": result += "&amp;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

func timeFormat(_ nanoseconds: UInt64) -> String {
    let milliseconds = nanoseconds / 1_000_000
    let minutes = milliseconds / 60_000
    let seconds = milliseconds / 1000 % 60
    func pad(_ value: UInt64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(milliseconds % 1000, 3)).\(pad(nanoseconds / 1000 % 1000, 3))"
}

func durationFormat(_ nanoseconds: UInt64) -> String {
    nanoseconds >= 1_000_000
        ? "\(nanoseconds / 1_000_000).\(nanoseconds / 10_000 % 100) ms" : "\(nanoseconds / 1000) µs"
}
