import Testing

/// Where the memory bounds of the scale tests hold. Their bytes per row were
/// measured with glibc's allocator, which returns freed pages differently
/// from Darwin's; a Mac's peaks are `make bench`'s to report, not these tests'.
enum MemoryBounds {
    #if os(Linux)
        static let calibratedHere = true
    #else
        static let calibratedHere = false
    #endif
    static let elsewhere: Comment = "the memory bounds are calibrated for glibc's allocator on Linux"
}
