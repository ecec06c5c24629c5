// swift-tools-version: 6.0
// libFuzzer targets for Tern. Built by scripts/fuzz.sh (release, -sanitize=fuzzer); the package
// depends on the repository root by path, resolved offline from the root's own checkouts.
import Foundation
import PackageDescription

/// A path dependency's identity is its folder's name: scripts/fuzz.sh points `TERN_FUZZ_ROOT` at a
/// link named `tern` to the root; without it, the parent folder (`tern`, or a worktree's name).
let root =
    ProcessInfo.processInfo.environment["TERN_FUZZ_ROOT"].map { URL(fileURLWithPath: $0, isDirectory: true) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "TernFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: root.path)],
    targets: [
        // libFuzzer's driver, shared by the targets.
        .target(name: "FuzzDriver"),
        // The workspace readers, the template renderer and lowering.
        .executableTarget(
            name: "FuzzWorkspace",
            dependencies: ["FuzzDriver", .product(name: "TernWorkspace", package: rootIdentity)]
        ),
        // The importers (curl, OpenAPI, Postman, Insomnia, HAR) and import planning.
        .executableTarget(
            name: "FuzzImport",
            dependencies: ["FuzzDriver", .product(name: "TernInterchange", package: rootIdentity)]
        ),
        // JSONPath (RFC 9535): the parser, the evaluator, I-Regexp and the JSON decoder.
        .executableTarget(
            name: "FuzzJSONPath",
            dependencies: ["FuzzDriver", .product(name: "TernJSONPath", package: rootIdentity)]
        ),
        // The WebSocket client's frame decoding and message assembly, fed the server's side of a connection.
        .executableTarget(
            name: "FuzzWebSocket",
            dependencies: ["FuzzDriver", .product(name: "TernWebSocket", package: rootIdentity)]
        ),
        // The protobuf codec: descriptor sets (as reflection or a .protoset gives them), messages and JSON.
        .executableTarget(
            name: "FuzzProtobuf",
            dependencies: ["FuzzDriver", .product(name: "TernProtobuf", package: rootIdentity)]
        ),
    ]
)
