// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "outline",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "outline", targets: ["outline"]),
        .library(name: "OutlineKit", targets: ["OutlineKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only for `scripts/docs` (swift package generate-documentation); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CSQLiteSession",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "OutlineKit",
            dependencies: ["CSQLiteSession", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "outline",
            dependencies: [
                "OutlineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "OutlineTestSupport",
            dependencies: ["OutlineKit"],
            path: "Tests/OutlineTestSupport"
        ),
        .testTarget(
            name: "OutlineKitTests",
            dependencies: ["OutlineKit", "OutlineTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "OutlineCLITests",
            dependencies: ["outline", "OutlineKit", "OutlineTestSupport"]
        ),
    ]
)
