import Foundation

/// `causegraph-fuzz TARGET ARGUMENTS…`: the fuzzing harness of `make fuzz`.
///
/// Built with `-sanitize=fuzzer,address -D CAUSEGRAPH_FUZZING` it hands
/// ARGUMENTS to libFuzzer (corpus folders, `-max_total_time=60`, …). Built plainly, as `swift
/// build` does, it replays the inputs ARGUMENTS name (files, or folders of
/// them) once each, so the inputs fuzzing found stay tests
/// (`fixtures/fuzz/TARGET/`).
@main
enum FuzzMain {
    static func main() {
        var arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let targets = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(
                Data("usage: causegraph-fuzz \(targets) [libFuzzer arguments | inputs…]\n".utf8))
            exit(2)
        }
        arguments.remove(at: 1)
        #if CAUSEGRAPH_FUZZING
            exit(FuzzDriver.run(target, arguments: arguments))
        #else
            exit(replay(target, inputs: Array(arguments.dropFirst())))
        #endif
    }

    /// Runs every input once; a finding traps, as under libFuzzer.
    static func replay(_ target: FuzzTarget, inputs: [String]) -> Int32 {
        var files: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("causegraph-fuzz: no such input: \(input)\n".utf8))
                return 2
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                files += names.filter { !$0.hasPrefix(".") }.sorted().map { input + "/" + $0 }
            } else {
                files.append(input)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            data.withUnsafeBytes { target.run($0.bindMemory(to: UInt8.self)) }
        }
        print("causegraph-fuzz: \(target.rawValue): replayed \(files.count) inputs")
        return 0
    }
}
