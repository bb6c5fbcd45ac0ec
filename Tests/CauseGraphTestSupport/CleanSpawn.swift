import CauseGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a program with `posix_spawn` the way a shell does, for tests that
/// need a process Foundation's `Process` cannot describe (a daemon, a
/// descriptor at a fixed number).
///
/// A raw `posix_spawn` copies the calling thread's signal mask and every
/// descriptor not marked close-on-exec. Test threads are Dispatch's, which
/// block SIGTERM and SIGHUP, and other tests hold pipes open at the same time:
/// a daemon started that way ignores `kill-server`, outlives the test run, and
/// keeps another test's pipe from ever reaching its end. So the child starts
/// with an empty signal mask, default dispositions, and only the descriptors
/// named here.
public enum CleanSpawn {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where one of the child's descriptors comes from.
    public enum Source {
        /// A file opened for the child, as a shell's `<`, `>` or `2>` does.
        case file(String, flags: Int32)
        /// A descriptor of this process, duplicated onto the child's.
        case descriptor(Int32)
    }

    /// Starts `arguments[0]` with `arguments`, its descriptors 0, 1, 2 and any
    /// others as `descriptors` says (a standard one not named reads from or
    /// writes to /dev/null), and returns its process id.
    ///
    /// - Parameters:
    ///   - ownProcessGroup: whether the child leads a process group of its
    ///     own, so the group can be ended at once.
    ///   - directory: the child's working directory; this process's when `nil`.
    ///   - environment: variables to set over this process's; an empty value removes one.
    public static func start(
        _ arguments: [String], descriptors: [Int32: Source] = [:], ownProcessGroup: Bool = false,
        directory: String? = nil, environment: [String: String] = [:]
    ) throws -> pid_t {
        guard let executable = arguments.first else { throw Failure(description: "no program to start") }
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }

        var named = descriptors
        for standard: Int32 in 0...2 where named[standard] == nil {
            named[standard] = .file("/dev/null", flags: standard == 0 ? O_RDONLY : O_WRONLY)
        }
        for (target, source) in named.sorted(by: { $0.key < $1.key }) {
            switch source {
            case .file(let path, let flags):
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if let directory {
            #if os(Linux)
                guard let changeDirectory = changeDirectoryAction else {
                    throw Failure(description: "posix_spawn_file_actions_addchdir_np is not available")
                }
                let added = changeDirectory(&actions, directory)
            #else
                let added = posix_spawn_file_actions_addchdir_np(&actions, directory)
            #endif
            guard added == 0 else {
                throw Failure(description: "cannot start in \(directory): \(String(cString: strerror(added)))")
            }
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if os(Linux)
            let lowestUnnamed = (named.keys.max() ?? 2) + 1
            guard let closeFrom = closeFromAction, closeFrom(&actions, lowestUnnamed) == 0 else {
                throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is not available")
            }
        #else
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        if ownProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = SpawnEnvironment.withBlock(changing: environment) { environment in
            var status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
            // A process forked elsewhere in the test run may briefly hold a just-written executable open.
            for _ in 0..<40 where status == ETXTBSY {
                usleep(50_000)
                status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
            }
            return status
        }
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for a child to end and returns its wait status.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    #if os(Linux)
        /// In glibc since 2.29.
        private static let changeDirectoryAction = cLibraryFunction(
            "posix_spawn_file_actions_addchdir_np",
            as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)
                .self)

        /// In glibc since 2.34.
        private static let closeFromAction = cLibraryFunction(
            "posix_spawn_file_actions_addclosefrom_np",
            as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    #endif
}
