// swift-tools-version:6.1
// The reference for `outline --version` in scripts/bench: the smallest Swift program that imports
// Foundation, built as outline's release binary is (by scripts/build-release,
// with the same link flags as in outline's own Package.swift).
import PackageDescription

let package = Package(
    name: "hello",
    targets: [
        .executableTarget(
            name: "hello",
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc",
                        "-L\(Context.packageDirectory)/../../../link", "-Xlinker", "--no-export-dynamic",
                        "-Xlinker", "--strip-debug", "-use-ld=lld",
                        "-Xlinker",
                        "--symbol-ordering-file=\(Context.packageDirectory)/../../../link/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        )
    ]
)
