// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "outline",
    products: [
        .executable(name: "outline", targets: ["outline"]),
        .library(name: "OutlineKit", targets: ["OutlineKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Held to the minor version the parser generator was checked against: it reads
        // `_dumpHelp()`, which swift-argument-parser may change in any release
        // (FastParserTests fails when it does).
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        // Only for `scripts/docs` (swift package generate-documentation); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CSQLiteSession",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        // libxml2, opened with dlopen when an OPML document is read, not at every start, and
        // compiled against libxml2's own headers (libxml2-dev, scripts/deps) so that a libxml2
        // whose structures or prototypes differ fails to build. The headers are found through
        // `Sources/CXMLReader/libxml2/libxml`, a link to /usr/include/libxml2/libxml, because
        // the ways that need no link cost more: a system library target with `pkgConfig:
        // "libxml-2.0"` gives the -I its users need but also links them with -lxml2, which made
        // libxml2 a load-time dependency of the executable; `-I/usr/include/libxml2` is an unsafe
        // flag, and SwiftPM refuses a product built with one (OutlineKit) from a dependency on a
        // version; and a header search path may not name a folder outside the package.
        .target(name: "CXMLReader", cSettings: [.headerSearchPath("libxml2")]),
        .target(
            name: "OutlineKit",
            dependencies: ["CSQLiteSession", "CXMLReader", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The commands: their definitions, parsing and output. A library of the package rather than
        // the executable's own code, so that the parser generator (below) can read the commands.
        .target(
            name: "OutlineCommands",
            dependencies: [
                "OutlineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `main.swift` alone: runs the command line through OutlineCommands.
        .executableTarget(
            name: "outline",
            dependencies: ["OutlineCommands"]
        ),
        // Writes OutlineCommands' FastParsing/FastParsers+Generated.swift from the commands'
        // declarations: `swift run GenerateParsers` (scripts/generate-parsers). Only FastParserTests links it.
        .executableTarget(
            name: "GenerateParsers",
            dependencies: [
                "OutlineCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/GenerateParsers"
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
            dependencies: ["outline", "GenerateParsers", "OutlineCommands", "OutlineKit", "OutlineTestSupport"]
        ),
    ]
)
