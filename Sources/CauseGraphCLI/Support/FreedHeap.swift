#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives the heap a finished phase freed back to the system.
///
/// glibc returns freed memory only from the top of its heap. A phase that
/// frees much but keeps a little allocated late (the report keeps its listed
/// events while the import's per-event state is freed beneath them) leaves
/// the freed pages resident, and the next phase's memory then adds to them.
/// `malloc_trim` releases those pages; it is looked up at run time, as the
/// `Glibc` module does not declare it. Darwin's allocator keeps freed pages
/// in its zones for reuse too, and `malloc_zone_pressure_relief` (every
/// zone, no goal) is its way to return them. Elsewhere (musl) this does
/// nothing: its allocator returns such pages itself.
enum FreedHeap {
    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #elseif canImport(Darwin)
            _ = malloc_zone_pressure_relief(nil, 0)
        #endif
    }

    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map {
            unsafeBitCast($0, to: Trim.self)
        }
    #endif
}
