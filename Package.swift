// swift-tools-version:6.1
import PackageDescription

/// How the release build of `outline` is linked, for start-up (Docs/performance.md, "Start-up"):
/// - with only the C library and libm as shared libraries: the Swift standard library by
///   `--static-swift-stdlib` (scripts/build-release), SQLite, the C++ library and libgcc from
///   their static archives (`link/` holds linker scripts that name them, and comes first on the
///   library path). Loading and relocating libstdc++.so was nine tenths of the dynamic loader's
///   work. The C library itself stays shared: libxml2, opened with `dlopen` when an OPML file is
///   read, needs the process's own C library (a fully static binary crashed inside ICU, which
///   libxml2 loads for some encodings);
/// - at a fixed address (`-no-pie`), so the dynamic loader applies no relocations to the
///   executable (85,000 of them, copying some 250 pages, before `main`);
/// - exporting no symbols (the static Swift runtime's flags ask for all): nothing loads the
///   executable's symbols, and a 400 KB dynamic symbol table is a cost at every start;
/// - without debug information (`--strip-debug`; symbols stay, for `perf` and crash reports):
///   13 MB less to install, and no difference in start-up;
/// - by lld, with the functions everyday commands run placed together, in the order of
///   `link/startup-order.txt` (written by `scripts/startup-order`; every module is compiled with
///   a section per function, by scripts/build-release): the code a command runs lay scattered
///   over 160 windows of 64 KB, each a page fault, and lies in 78 now.
let releaseStartUpFlags = [
    "-Xclang-linker", "-no-pie",
    "-Xclang-linker", "-static-libgcc",
    "-L\(Context.packageDirectory)/link",
    "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--strip-debug",
    "-use-ld=lld",
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/link/startup-order.txt",
    // Names the list holds that the binary lacks (a list older than the code) are passed over.
    "-Xlinker", "--no-warn-symbol-ordering",
]

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
            dependencies: ["OutlineCommands"],
            linkerSettings: [.unsafeFlags(releaseStartUpFlags, .when(platforms: [.linux], configuration: .release))]
        ),
        // Writes OutlineCommands' FastParsing/FastParsers+Generated.swift from the commands'
        // declarations: `swift run GenerateParsers` (scripts/generate-parsers). Nothing links it.
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
