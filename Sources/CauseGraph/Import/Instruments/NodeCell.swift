/// The fields of a cause-graph node cell: a `typed-array` whose `fmt`
/// joins them with ", ".
///
/// `swiftui-causes` cells hold five: title, colour, icon (an SF Symbol
/// name) and two more, often null. `swiftui-full-causes` cells hold nine:
/// those five, the event id, then the times — a cause node its start time;
/// an update node its end time and duration:
///
///     ForegroundStyleEnvironment, orange, sun.max, n/a, n/a, 1000, 00:00.500.000, n/a, n/a
///     ContentView, blue, square, n/a, n/a, 1001, n/a, 00:01.000.000, 12.34 µs
///
/// A cell that is not a list is its title alone.
struct NodeCell {
    /// The times of a `swiftui-full-causes` cell; none in a `swiftui-causes` one.
    struct Times {
        var start: Nanoseconds?
        var end: Nanoseconds?
        var duration: Nanoseconds?

        var isEmpty: Bool { start == nil && end == nil && duration == nil }
    }

    /// The interned values a cell's classification depends on: its title,
    /// colour and icon (null when missing).
    struct Identity: Hashable {
        var title: ValueRef
        var colour: ValueRef
        var icon: ValueRef
    }

    var title = ""
    var colour: String?
    var icon: String?
    var times = Times()

    init() {}

    init(_ cell: ValueRef, _ values: InternedValues) {
        guard values.kind(cell) == .list else {
            title = values.string(cell) ?? ""
            return
        }
        let fields = values.children(cell)
        func field(_ position: Int) -> ValueRef? {
            position < fields.count ? fields[fields.startIndex + position] : nil
        }
        title = field(0).flatMap { values.string($0) } ?? ""
        colour = field(1).flatMap { values.string($0) }
        icon = field(2).flatMap { values.string($0) }
        times.start = field(6).flatMap { Self.time($0, values) }
        times.end = field(7).flatMap { Self.time($0, values) }
        times.duration = field(8).flatMap { Self.time($0, values) }
    }

    /// The identity of `cell`'s classifying fields; `nil` when one of them
    /// lives only for the row, so it names nothing beyond it.
    static func identity(_ cell: ValueRef, _ values: InternedValues) -> Identity? {
        let identity: Identity
        if values.kind(cell) == .list {
            let fields = values.children(cell)
            func field(_ position: Int) -> ValueRef {
                position < fields.count ? fields[fields.startIndex + position] : 0
            }
            identity = Identity(title: field(0), colour: field(1), icon: field(2))
        } else {
            identity = Identity(title: cell, colour: 0, icon: 0)
        }
        func lasts(_ value: ValueRef) -> Bool { value == 0 || InternedValues.isKept(value) }
        return lasts(identity.title) && lasts(identity.colour) && lasts(identity.icon) ? identity : nil
    }

    /// A time in nanoseconds; past `Int64.max` it is unknown, as in the
    /// tables' own time columns.
    private static func time(_ value: ValueRef, _ values: InternedValues) -> Nanoseconds? {
        guard let number = values.number(value), number <= UInt64(Int64.max) else { return nil }
        return Nanoseconds(number)
    }
}
