// swift-tools-version:6.1
// A tool of your own that reads a park's summary from a Hangangjari server through the project's modules.
// `path:` points at a clone of hangangjari-linux; with a published copy, use `.package(url: ..., from: ...)`.
import PackageDescription

let package = Package(
    name: "read-a-summary",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "hangangjari-linux", path: "../../..")],
    targets: [
        .executableTarget(
            name: "read-a-summary",
            dependencies: [
                .product(name: "Models", package: "hangangjari-linux"),
                .product(name: "Networking", package: "hangangjari-linux"),
                .product(name: "CurlHTTP", package: "hangangjari-linux"),
            ])
    ]
)
