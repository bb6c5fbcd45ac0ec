#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU seconds the calling thread has used.
///
/// A test that guards against quadratic time measures this, not the wall
/// clock or a time limit: the whole suite shares two cores, and a test can
/// wait minutes for one (a time limit fired on CI for a body that needs a
/// second of CPU).
public func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
