#if canImport(Glibc)
    import Glibc
#endif

/// Gives the heap a finished phase freed back to the system.
///
/// glibc returns freed memory only from the top of its heap. A phase that
/// frees much but keeps a little allocated late (the report keeps its listed
/// events while the import's per-event state is freed beneath them) leaves
/// the freed pages resident, and the next phase's memory then adds to them.
/// `malloc_trim` releases those pages. It is looked up at run time, as the
/// `Glibc` module does not declare it; elsewhere (Darwin, musl) this does
/// nothing, their allocators return such pages themselves.
enum FreedHeap {
    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }

    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map {
            unsafeBitCast($0, to: Trim.self)
        }
    #endif
}
