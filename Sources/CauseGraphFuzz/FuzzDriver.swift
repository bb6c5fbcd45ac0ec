#if CAUSEGRAPH_FUZZING
import Foundation

/// libFuzzer's entry point for a program with a `main` of its own
/// (libclang_rt.fuzzer; its own `main` is then not linked in).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer on one ``FuzzTarget``.
enum FuzzDriver {
    /// The target of this process: libFuzzer's callback is a C function and captures nothing.
    nonisolated(unsafe) private static var target = FuzzTarget.native

    static func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        Self.target = target
        var argc = CInt(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                FuzzDriver.target.run(UnsafeBufferPointer(start: data, count: size))
                return 0
            }
        }
    }
}
#endif
