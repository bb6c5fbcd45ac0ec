import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose ends no program inherits unless it is handed one as a
/// standard descriptor: for a test that waits for the end of a pipe while
/// other tests start programs.
///
/// Foundation's `Pipe` makes descriptors every child may inherit, and on
/// Linux Foundation's `Process` closes in its child only the descriptors that
/// were open when it looked. A pipe one test makes while another test starts
/// a program can so be held by that program for as long as it runs: the
/// first test's server never sees the end of its input, or its reader the
/// end of the output. These ends are close-on-exec from the moment they
/// exist (`pipe2`); ``StartedProgram`` duplicates the one a program is
/// handed onto its descriptor, which is then not close-on-exec.
public struct PrivatePipe {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let reading: FileHandle
    public let writing: FileHandle

    public init() throws {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            guard let pipe2 = Self.pipe2 else { throw Failure(description: "pipe2 is not in this C library") }
            guard pipe2(&ends, O_CLOEXEC) == 0 else {
                throw Failure(description: "pipe2: \(String(cString: strerror(errno)))")
            }
        #else
            // Foundation's `Process` on Darwin starts a child with POSIX_SPAWN_CLOEXEC_DEFAULT, which
            // closes every descriptor it is not handed, so marking them a moment later leaves no gap.
            guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        #endif
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }

    #if canImport(Glibc)
        private static let pipe2 = cLibraryFunction(
            "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    #endif
}
