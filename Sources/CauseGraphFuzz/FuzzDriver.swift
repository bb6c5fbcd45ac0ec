#if CAUSEGRAPH_FUZZING
    import Foundation

    /// libFuzzer's driver, for a program whose `main` is its own.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runLibFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// Runs libFuzzer on one ``FuzzTarget``.
    enum FuzzDriver {
        /// The target of this process: libFuzzer's callback is a C function and captures nothing.
        nonisolated(unsafe) static var target = FuzzTarget.native

        /// `arguments` are the program's, less the target's name: libFuzzer's options and corpus folders.
        static func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
            Self.target = target
            var argc = CInt(arguments.count)
            var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            return pointers.withUnsafeMutableBufferPointer { buffer in
                var argv = buffer.baseAddress
                return runLibFuzzerDriver(&argc, &argv, fuzzerTestOneInput)
            }
        }
    }

    /// One input; also the symbol libFuzzer's own `main` names, should the linker pull it in.
    @_cdecl("LLVMFuzzerTestOneInput")
    package func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzDriver.target.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
#endif
