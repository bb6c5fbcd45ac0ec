#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// causegraph-export-gen ROWS [SEED] [TABLE]
//
// Writes one table of a deterministic recording of a realistic app, for
// tests and benchmarks: the same arguments always give the same bytes, and
// every table of one ROWS and SEED describes the same recording (they join
// by event id). ROWS is the number of cause links; TABLE is one of
// swiftui-causes (the default), swiftui-full-causes (the same links, each
// node cell also holding its event's id and times), swiftui-updates,
// swiftui-update-groups, swiftui-changes (Instruments exports with the real
// column types, values interned as xctrace does) or native (causegraph's
// JSON Lines).
//
// The app (``AppModel``) is a view tree several levels deep, with system
// views under app views and a list of rows. Its root causes are taps that
// change @State, scrolls that create rows, an @Observable model that fans out
// to the visible rows, a timer (External: Time), dark mode (External
// Environment) and the environment a section writes for its subtree. A body
// that runs updates some of its children; an environment change checks the
// views that read it, and most of those checks skip the body. Work is framed
// at 120 Hz, one update group per frame with work.

let arguments = CommandLine.arguments
let tables = [
    "swiftui-causes", "swiftui-full-causes", "swiftui-updates", "swiftui-update-groups", "swiftui-changes", "native",
]
guard (2...4).contains(arguments.count), let rows = Int(arguments[1]), rows >= 0,
    let seed = arguments.count >= 3 ? UInt64(arguments[2]) : 1,
    arguments.count < 4 || tables.contains(arguments[3])
else {
    let usage = "usage: causegraph-export-gen ROWS [SEED] [\(tables.joined(separator: "|"))]\n"
    _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
var writer = Writer(simulation: Simulation(random: Random(state: seed)))
writer.run(rows: rows, table: arguments.count == 4 ? arguments[3] : "swiftui-causes")
