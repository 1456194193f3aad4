// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hangangjari",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Models", targets: ["Models"]),
        .executable(name: "hangangjari", targets: ["hangangjari"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Modules (every library lives here)
        .target(
            name: "Models",
            path: "Modules/Models",
            exclude: ["Catalog/hangang-parks.json"]
        ),

        .target(name: "TestSupport", dependencies: ["Models"], path: "Modules/TestSupport"),

        // MARK: Apps (thin executables)
        .executableTarget(
            name: "hangangjari",
            dependencies: [
                "Models",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Apps/hangangjari"
        ),

        // MARK: Tests
        .testTarget(name: "ModelsTests", dependencies: ["Models", "TestSupport"], path: "Tests/ModelsTests"),
    ],
    swiftLanguageModes: [.v6]
)
