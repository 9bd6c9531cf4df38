// swift-tools-version:6.1
// The reference for `outline --version` in scripts/bench: the smallest Swift program that imports
// Foundation, built as outline's release binary is (by scripts/build-release, which gives it the
// same compile and link flags).
import PackageDescription

let package = Package(
    name: "hello",
    targets: [
        .executableTarget(name: "hello")
    ]
)
