import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a program cut off from what causegraph's own process holds, the
/// one way both a helper program (``ChildProcess``) and an MCP tool call's
/// process start.
///
/// The child leads a process group of its own (so its whole group can be
/// stopped, and a terminal's Ctrl-C meant for causegraph does not reach
/// it), with an empty signal mask and every signal at its default (causegraph
/// blocks SIGINT, SIGTERM and SIGHUP for its signal thread, and a blocked
/// mask and ignored signals are inherited), and with no descriptor of
/// causegraph's but its three standard ones.
package enum IsolatedSpawn {
    /// What one of the child's standard descriptors is.
    package enum Standard {
        /// Causegraph's own.
        case inherited
        /// This descriptor of causegraph's.
        case descriptor(Int32)
        /// /dev/null, opened with these `open` flags.
        case null(Int32)
    }

    /// `posix_spawn`'s error number, for a child that could not start.
    package struct Failure: Error {
        package var code: Int32

        /// The system's words for the error.
        package var reason: String { String(cString: strerror(code)) }
    }

    /// Starts `command` (`command[0]` a path) with this process's environment.
    /// - Returns: the child's pid.
    package static func start(
        _ command: [String], input: Standard, output: Standard, errors: Standard
    ) throws(Failure) -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETPGROUP)
        for (number, standard) in [input, output, errors].enumerated() {
            let number = Int32(number)
            switch standard {
            case .inherited:
                #if canImport(Darwin)
                    // Every descriptor no file action names closes in the child
                    // (POSIX_SPAWN_CLOEXEC_DEFAULT), standard ones included.
                    posix_spawn_file_actions_addinherit_np(&actions, number)
                #endif
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
            case .null(let openFlags): posix_spawn_file_actions_addopen(&actions, number, "/dev/null", openFlags, 0)
            }
        }
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            closeInheritedDescriptors(&actions)
        #endif
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let result = SpawnEnvironment.withBlock { environment in
            posix_spawn(&pid, command[0], &actions, &attributes, arguments, environment)
        }
        guard result == 0 else { throw Failure(code: result) }
        return pid
    }

    #if !canImport(Darwin)
        /// Closes every descriptor from 3 up in the child, where the C
        /// library can (glibc 2.34 and later: `posix_spawn_file_actions_addclosefrom_np`,
        /// looked up when running so older ones still work); elsewhere the
        /// descriptors causegraph opens are close-on-exec.
        private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return }
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
    #endif
}
