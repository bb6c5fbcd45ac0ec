// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DocumentedApp",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DocumentedApp", targets: ["DocumentedApp"]),
    ],
    dependencies: [
        // causegraph, for its `swift package causegraph` command plugin.
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "DocumentedApp"),
    ]
)
