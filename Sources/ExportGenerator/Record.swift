/// One thing the recording holds, in the order it happened.
enum Record {
    case cause(event: UInt32, node: Int, time: UInt64, changed: String?)
    case update(event: UInt32, node: Int, time: UInt64, duration: UInt64, ran: Bool, group: Int, rootCause: Int)
    case link(
        time: UInt64, from: (event: UInt32, node: Int), to: (event: UInt32, node: Int), label: String, changed: String?)
    case group(id: Int, start: UInt64, duration: UInt64, label: String)
}
