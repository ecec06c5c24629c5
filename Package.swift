// swift-tools-version:6.1
import PackageDescription

/// Every Swift target: Swift 6 language mode (the tools version's default) plus the upcoming
/// features the house keeps: `any` spelled out, imports internal unless a module says `public import`, and a
/// member usable only in files that import its module (so the layers are checked by the compiler too).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

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
        .library(name: "TernJSONSchema", targets: ["TernJSONSchema"]),
        .library(name: "TernInterchange", targets: ["TernInterchange"]),
        .library(name: "TernWebSocket", targets: ["TernWebSocket"]),
        .library(name: "TernProtobuf", targets: ["TernProtobuf"]),
        .library(name: "TernGRPC", targets: ["TernGRPC"]),
        .library(name: "TernGraphQL", targets: ["TernGraphQL"]),
        .executable(name: "tern", targets: ["TernCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Without the default traits (Foundation streams, FieldMask helpers): Tern's codec needs neither.
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0", traits: []),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // Without the default "ExternalLoading" trait: Tern reads one document and builds faster without it.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
    ],
    targets: [
        .target(
            name: "Tern",
            dependencies: [
                "CZlib",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernHTTPClient",
            dependencies: [
                "Tern",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernWebSocket",
            dependencies: [
                "Tern", "TernHTTPClient",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // The fuzzing entry point decodes frames in an EmbeddedChannel.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCompression", package: "swift-websocket"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernProtobuf",
            dependencies: ["Tern", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Protos"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernGRPC",
            dependencies: [
                "Tern",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernGraphQL",
            dependencies: [
                "Tern", "TernWorkspace", .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernURLSession", dependencies: ["Tern", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings),
        .target(
            name: "TernMock",
            dependencies: [
                "CZlib",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // For the digest-auth routes' MD5 and SHA-256 (the server computes them without Tern).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernWorkspace",
            dependencies: [
                "Tern", "TernJSONPath", "TernJSONSchema", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernInterchange",
            dependencies: [
                "Tern", "TernWorkspace", "TernExplorerStorage", "TernJSONPath", "TernGraphQL",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TernSQLite",
            dependencies: [
                "Tern", "TernExplorerStorage", "TernJSONPath", "CSQLiteOptions",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings),
        .target(name: "TernExplorerStorage", dependencies: ["Tern"], swiftSettings: swiftSettings),
        .target(name: "CSQLiteOptions", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "TernExplorer",
            dependencies: [
                "Tern", "TernWorkspace", "TernExplorerStorage", "TernJSONPath", "TernJSONSchema", "TernInterchange",
                "TernProtobuf", "TernGraphQL", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings),
        .target(name: "TernJSONPath", swiftSettings: swiftSettings),
        .target(
            name: "TernJSONSchema", dependencies: ["TernJSONPath"], exclude: ["Metaschemas/LICENSE"],
            swiftSettings: swiftSettings),
        .target(name: "TernScreen", swiftSettings: swiftSettings),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(name: "TernNcurses", dependencies: ["TernScreen", "CNcurses"], swiftSettings: swiftSettings),
        .target(
            name: "TernTUI",
            dependencies: [
                "Tern", "TernScreen", "TernExplorer", "TernExplorerStorage", "TernJSONPath",
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings),
        .systemLibrary(name: "CEditLine", path: "Sources/CEditLine"),
        .target(
            name: "TernREPL",
            dependencies: [
                "Tern", "TernExplorer", "TernExplorerStorage", "CEditLine",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "TernCLI",
            dependencies: [
                "Tern", "TernHTTPClient", "TernWorkspace", "TernSQLite", "TernExplorer", "TernExplorerStorage",
                "TernMock", "TernJSONPath", "TernTUI", "TernNcurses", "TernREPL", "TernInterchange", "TernWebSocket",
                "TernGRPC", "TernProtobuf",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["BuildInfo"]
        ),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .target(
            name: "TernTesting",
            dependencies: [
                "Tern", "TernMock", "TernGRPC", "TernProtobuf",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The gRPC interop service's .proto files and its grpcio server are read at run time.
            exclude: ["GRPC/interop", "GRPC/interop_server.py"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "tern-example",
            dependencies: [
                "Tern", "TernHTTPClient", "TernMock", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Examples/tern-example",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "tern-autobahn",
            dependencies: ["Tern", "TernWebSocket"],
            path: "Conformance/tern-autobahn",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "tern-bench",
            dependencies: [
                "Tern", "TernHTTPClient", "TernURLSession", "TernMock", "TernSQLite", "TernWorkspace", "TernExplorer",
                "TernScreen", "TernTUI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/tern-bench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernTests",
            dependencies: [
                "Tern", "TernHTTPClient", "TernTesting", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernProtobufTests",
            dependencies: ["TernProtobuf", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernWebSocketTests",
            dependencies: [
                "Tern", "TernWebSocket", "TernHTTPClient", "TernMock", "TernTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernHTTPClientTests",
            dependencies: [
                "Tern", "TernHTTPClient", "TernTesting", "TernMock",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernWorkspaceTests",
            dependencies: [
                "Tern", "TernWorkspace", "TernTesting", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernInterchangeTests",
            dependencies: [
                "Tern", "TernInterchange", "TernWorkspace", "TernTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernSQLiteTests",
            dependencies: [
                "Tern", "TernSQLite", "TernExplorerStorage", "TernTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernExplorerTests",
            dependencies: [
                "Tern", "TernExplorer", "TernExplorerStorage", "TernInterchange", "TernWorkspace", "TernSQLite",
                "TernHTTPClient", "TernJSONPath", "TernTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernCLITests",
            dependencies: ["TernTesting", "TernJSONPath"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernScreenTests",
            dependencies: ["TernScreen"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernJSONSchemaTests", dependencies: ["TernJSONSchema", "TernJSONPath"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TernJSONPathTests",
            dependencies: ["TernJSONPath"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernTUITests",
            dependencies: [
                "Tern", "TernTUI", "TernScreen", "TernExplorer", "TernExplorerStorage", "TernWorkspace", "TernSQLite",
                "TernHTTPClient", "TernTesting", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Snapshots"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernREPLTests",
            dependencies: [
                "Tern", "TernREPL", "TernExplorer", "TernExplorerStorage", "TernWorkspace", "TernSQLite",
                "TernHTTPClient", "TernTesting", "TernMock", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernURLSessionTests",
            dependencies: [
                "Tern", "TernURLSession", "TernTesting", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernTransportConformanceTests",
            dependencies: [
                "Tern", "TernHTTPClient", "TernURLSession", "TernTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernDocsTests",
            dependencies: [
                "Tern", "TernHTTPClient", "TernWebSocket", "TernTesting", "TernJSONPath", "TernJSONSchema",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernGraphQLTests",
            dependencies: ["Tern", "TernGraphQL", .product(name: "GraphQL", package: "GraphQL")],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernGRPCTests",
            dependencies: ["Tern", "TernGRPC", "TernTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TernMockTests",
            dependencies: [
                "TernMock", "TernTesting", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
