import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library function that Swift's module maps leave out, looked up at run
/// time: glibc declares `pipe2`, the pseudo-terminal calls and the newer
/// `posix_spawn` file actions only under feature macros (`_GNU_SOURCE`,
/// `_XOPEN_SOURCE`) that Swift's Glibc module is not built with.
///
/// - Returns: the function, or `nil` when no loaded library has it.
public func cLibraryFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if os(Linux)
        let everyLibrary: UnsafeMutableRawPointer? = nil
    #else
        let everyLibrary = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everyLibrary, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
}
