// swift-tools-version:6.1
import PackageDescription

/// How the release build of `outline` is linked, for start-up (Docs/performance.md, "Start-up"):
/// - as a static executable (`-static-executable`: the C and C++ libraries too), so there is no
///   dynamic loader at all: loading and relocating libc, libm, libstdc++ and libgcc_s was about
///   a millisecond of every command. libxml2 is still opened with `dlopen` when an OPML document
///   is read (glibc lets a static program do that, with the same glibc installed);
/// - at a fixed address (`-no-pie`), so no relocations are applied to the executable (85,000 of
///   them, copying some 250 pages, before `main`);
/// - with SQLite from Debian's static archive of the same build (`link/libsqlite3.so` is a
///   linker script that names it, for a dynamic link; a static one takes `libsqlite3.a` itself);
/// - exporting no symbols (the static Swift runtime's flags ask for all);
/// - without debug information (`--strip-debug`; symbols stay, for `perf` and crash reports):
///   13 MB less to install, and no difference in start-up.
let releaseStartUpFlags = [
    "-static-executable",
    "-Xclang-linker", "-no-pie",
    "-L\(Context.packageDirectory)/link",
    "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--strip-debug",
]

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
        // libxml2, opened with dlopen when an OPML document is read, not at every start.
        .target(name: "CXMLReader"),
        .target(
            name: "OutlineKit",
            dependencies: ["CSQLiteSession", "CXMLReader", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "outline",
            dependencies: [
                "OutlineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(releaseStartUpFlags, .when(platforms: [.linux], configuration: .release))]
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
