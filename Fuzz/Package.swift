// swift-tools-version: 6.0
// libFuzzer targets for Tern. Built by scripts/fuzz.sh (release, -sanitize=fuzzer); the package
// depends on the repository root by path, resolved offline from the root's own checkouts.
import Foundation
import PackageDescription

/// A path dependency's identity is its folder's name (`tern`, or a worktree's name).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "TernFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzWorkspace",
            dependencies: [.product(name: "TernWorkspace", package: rootIdentity)]
        )
    ]
)
