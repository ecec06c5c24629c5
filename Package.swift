// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tern",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Tern", targets: ["Tern"]),
        .library(name: "TernHTTPClient", targets: ["TernHTTPClient"]),
        .library(name: "TernURLSession", targets: ["TernURLSession"]),
        .library(name: "TernMock", targets: ["TernMock"]),
        .library(name: "TernTesting", targets: ["TernTesting"]),
        .library(name: "TernWorkspace", targets: ["TernWorkspace"]),
        .library(name: "TernJSONPath", targets: ["TernJSONPath"]),
        .executable(name: "tern", targets: ["TernCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(
            name: "Tern",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "TernHTTPClient",
            dependencies: [
                "Tern",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .target(name: "TernURLSession", dependencies: ["Tern"]),
        .target(
            name: "TernMock",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TernWorkspace",
            dependencies: ["Tern", "TernJSONPath", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "TernSQLite", dependencies: ["Tern", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "TernExplorer", dependencies: ["Tern", "TernWorkspace", "TernSQLite", "TernJSONPath"]),
        .target(name: "TernJSONPath"),
        .target(name: "TernScreen"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .target(name: "TernNcurses", dependencies: ["TernScreen", "CNcurses"]),
        .target(name: "TernTUI", dependencies: ["TernScreen", "TernExplorer"]),
        .systemLibrary(name: "CEditLine", path: "Sources/CEditLine"),
        .target(name: "TernREPL", dependencies: ["TernExplorer", "CEditLine"]),
        .executableTarget(
            name: "TernCLI",
            dependencies: [
                "Tern", "TernHTTPClient", "TernWorkspace", "TernSQLite", "TernExplorer", "TernMock", "TernJSONPath",
                "TernTUI", "TernNcurses", "TernREPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TernTesting",
            dependencies: ["Tern", "TernMock"]
        ),
        .executableTarget(
            name: "tern-example",
            dependencies: ["Tern", "TernHTTPClient", "TernMock"],
            path: "Examples/tern-example"
        ),
        .executableTarget(
            name: "tern-bench",
            dependencies: [
                "Tern", "TernHTTPClient", "TernURLSession", "TernMock", "TernSQLite", "TernWorkspace", "TernExplorer",
                "TernScreen", "TernTUI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Benchmarks/tern-bench"
        ),
        .testTarget(name: "TernTests", dependencies: ["Tern", "TernTesting", "TernHTTPClient"]),
        .testTarget(name: "TernHTTPClientTests", dependencies: ["TernHTTPClient", "TernTesting"]),
        .testTarget(name: "TernWorkspaceTests", dependencies: ["TernWorkspace", "TernTesting"]),
        .testTarget(name: "TernSQLiteTests", dependencies: ["TernSQLite", "TernTesting"]),
        .testTarget(
            name: "TernExplorerTests",
            dependencies: ["TernExplorer", "TernWorkspace", "TernSQLite", "TernHTTPClient", "TernTesting"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TernCLITests", dependencies: ["TernTesting"]),
        .testTarget(name: "TernScreenTests", dependencies: ["TernScreen"]),
        .testTarget(name: "TernJSONPathTests", dependencies: ["TernJSONPath"], exclude: ["Fixtures"]),
        .testTarget(name: "TernTUITests", dependencies: ["TernTUI", "TernTesting", "TernHTTPClient"], exclude: ["Snapshots"]),
        .testTarget(name: "TernREPLTests", dependencies: ["TernREPL", "TernTesting", "TernHTTPClient"]),
        .testTarget(name: "TernURLSessionTests", dependencies: ["TernURLSession", "TernTesting"]),
        .testTarget(
            name: "TernTransportConformanceTests",
            dependencies: ["Tern", "TernHTTPClient", "TernURLSession", "TernTesting"]
        ),
        .testTarget(
            name: "TernMockTests",
            dependencies: ["TernMock", "TernTesting", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
    ]
)
