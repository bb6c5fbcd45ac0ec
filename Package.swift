// swift-tools-version:6.2
// Swift 6.2 is the oldest compiler causegraph is held to: the one in Xcode 26, whose Instruments
// records the SwiftUI traces it reads.
import PackageDescription

let package = Package(
    name: "causegraph",
    // Xcode 26, the first with the SwiftUI instrument's Cause & Effect graph, runs on macOS 15.6
    // or later, so every user has macOS 15. Code is held to it by scripts/macos-api-probe
    // (make check-macos), as the Linux compiler ignores `@available`.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "causegraph", targets: ["CauseGraphCLI"]),
        .library(name: "CauseGraph", targets: ["CauseGraph"]),
        .library(name: "GraphvizRender", targets: ["GraphvizRender"]),
        .plugin(name: "CauseGraphPlugin", targets: ["CauseGraphPlugin"]),
        // The same tool under its target's name: SwiftPM 6.3 looks a plugin's tool up
        // by target name and builds the product of that name (swift-package-manager#8831).
        .executable(name: "CauseGraphCLI", targets: ["CauseGraphCLI"]),
        // The generator and the fuzzing harness are no products: SwiftPM builds a root
        // package's executable targets under their own names (`swift build --product
        // causegraph-export-gen`, as `make bench` and the tests use them) without offering
        // them to the packages that depend on this one.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Reads `causegraph check` budget files (YAML, and JSON as a subset of YAML),
        // keeping each value's line and column for error messages.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `causegraph mcp`: the Model Context Protocol server over standard input/output.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // Import, reconstruct, shape, encode, diff and check: pure Swift, no C.
        // The report page's script and stylesheet are files of their own, embedded at build time.
        .target(name: "CauseGraph", resources: [.embedInCode("Report/report.js"), .embedInCode("Report/report.css")]),
        // Budget files in YAML or JSON, read through Yams (libyaml) apart from the library.
        .target(name: "CauseGraphYAML", dependencies: ["CauseGraph", .product(name: "Yams", package: "Yams")]),

        // Rendering through libgraphviz, in process.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "GraphvizRender", dependencies: ["CGraphviz"]),

        // The `causegraph` command-line tool.
        .executableTarget(
            name: "CauseGraphCLI",
            dependencies: [
                "CauseGraph",
                "CauseGraphYAML",
                "GraphvizRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),

        // Benchmarks and tools: a deterministic generator of realistic
        // `xctrace export` files (`make bench`, tests).
        .executableTarget(name: "causegraph-export-gen", path: "Sources/ExportGenerator"),
        // Fuzzing (`make fuzz`); built plainly it replays the inputs fuzzing found.
        .executableTarget(name: "causegraph-fuzz", dependencies: ["CauseGraph", "CauseGraphYAML", "GraphvizRender"], path: "Sources/CauseGraphFuzz"),

        // `swift package --allow-writing-to-package-directory causegraph`: renders
        // traces with the tool above into a folder of the package, e.g. a DocC catalog.
        .plugin(
            name: "CauseGraphPlugin",
            capability: .command(
                intent: .custom(verb: "causegraph", description: "Render traces into a folder of this package, e.g. a DocC catalog"),
                permissions: [.writeToPackageDirectory(reason: "causegraph writes the rendered graphs into the folder named by --output or --target")]
            ),
            dependencies: ["CauseGraphCLI"]
        ),

        // Tests mirror the source modules; large synthetic traces are shared.
        .target(name: "CauseGraphTestSupport", dependencies: ["CauseGraph"], path: "Tests/CauseGraphTestSupport"),
        .testTarget(name: "CauseGraphTests", dependencies: ["CauseGraph", "CauseGraphYAML", "CauseGraphTestSupport"]),
        .testTarget(name: "GraphvizRenderTests", dependencies: ["GraphvizRender", "CauseGraph"]),
        .testTarget(name: "CauseGraphCLITests", dependencies: ["CauseGraph", "CauseGraphCLI", "CauseGraphTestSupport"]),
    ]
)
