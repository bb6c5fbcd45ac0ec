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
    ],
    targets: [
        // Import, reconstruct, shape and encode: pure Swift, no C.
        .target(name: "CauseGraph"),

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
