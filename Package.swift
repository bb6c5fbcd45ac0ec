// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "causegraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "causegraph", targets: ["CauseGraphCLI"]),
        .library(name: "CauseGraph", targets: ["CauseGraph"]),
        .library(name: "GraphvizRender", targets: ["GraphvizRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Reads `causegraph check` budget files (YAML, and JSON as a subset of YAML),
        // keeping each value's line and column for error messages.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // Import, reconstruct, shape, encode, diff and check: pure Swift; Yams
        // (libyaml) only parses budget files.
        .target(name: "CauseGraph", dependencies: [.product(name: "Yams", package: "Yams")]),

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
                "GraphvizRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Tests mirror the source modules; large synthetic traces are shared.
        .target(name: "CauseGraphTestSupport", dependencies: ["CauseGraph"], path: "Tests/CauseGraphTestSupport"),
        .testTarget(name: "CauseGraphTests", dependencies: ["CauseGraph", "CauseGraphTestSupport"]),
        .testTarget(name: "GraphvizRenderTests", dependencies: ["GraphvizRender", "CauseGraph"]),
        .testTarget(name: "CauseGraphCLITests", dependencies: ["CauseGraph", "CauseGraphCLI", "CauseGraphTestSupport"]),
    ]
)
