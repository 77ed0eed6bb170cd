// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "explorer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ClientCore", targets: ["ClientCore"]),
        .library(name: "HTTPParsing", targets: ["HTTPParsing"]),
        .executable(name: "explorer", targets: ["ExplorerTUI"]),
        .executable(name: "explorer-bench", targets: ["ExplorerBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // The demo API's WebSockets (server side only: explorer's client is its own, on NIOWebSocket).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // No default traits: its ExternalLoading trait (async loading of external references) is
        // not used here (the importer reads `$ref`ed files itself) and only slows the build.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
        // gzip and deflate (zlib-wrapped and raw) as a streaming ByteBuffer-to-ByteBuffer decoder.
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // GraphQL (SPEC §13): the parser, the specification's validation rules, SDL in and out,
        // and the demo's executor.
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    ],
    targets: [
        // No pkgConfig: ncursesw's pkg-config flags (-D_XOPEN_SOURCE=600) are ones SwiftPM refuses
        // with a warning; the module map links ncursesw and the shim sets what the header needs.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The system's brotli decoder, for `Content-Encoding: br` (SPEC §10).
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"])]
        ),
        // The document model every feature shares: one JSON value (numbers as written, members in
        // document order), its parser and writer. No dependencies, so it can be fuzzed alone.
        .target(
            name: "RequestModel"
        ),
        // HTTP's small field syntaxes: Retry-After and HTTP dates, status texts, proxy variables, tokens.
        .target(
            name: "HTTPParsing"
        ),
        // RFC 6265 cookies and the jar.
        .target(
            name: "Cookies"
        ),
        // RFC 6570 URI templates.
        .target(
            name: "URITemplates"
        ),
        // curl command lines: parsed into a request, and written from one.
        .target(
            name: "CurlSyntax",
            dependencies: ["RequestModel"]
        ),
        // What ClientCore publishes on its event stream (SPEC §3), free of NIO.
        .target(
            name: "ClientEvents",
            dependencies: ["RequestModel"]
        ),
        // One lock type the thread sanitizer can see (see Locked.swift).
        .target(
            name: "Locking"
        ),
        // The TUI's pure core: the in-memory screen panes draw on, keys, text layout, the inbox.
        .target(
            name: "TUICore",
            dependencies: ["Locking", "RequestModel", "HTTPParsing"]
        ),
        // The terminal layer, the only code that calls ncurses: a Screen copied to the terminal,
        // keys and resizes read from it, on the one thread that owns it.
        .target(
            name: "Terminal",
            dependencies: ["CNcurses", "TUICore"]
        ),
        // The one YAML reader of the files a user keeps (profiles, saved requests, sessions): nodes
        // with their place, problems as FILE:LINE:COLUMN: key: message, alias bombs refused.
        .target(
            name: "LocatedYAML",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        // Profile and saved-request files (SPEC §4): the model, the reader, the writer. No NIO, so
        // the loader can be fuzzed.
        .target(
            name: "ProfileFormat",
            dependencies: ["RequestModel", "HTTPParsing", "LocatedYAML"]
        ),
        // Other clients' formats in and out (SPEC §9): OpenAPI, Postman, Insomnia and .http
        // importers; .http, Postman and curl exporters. Pure: no NIO, no files written.
        .target(
            name: "ImportExport",
            dependencies: ["RequestModel", "ProfileFormat", "LocatedYAML", "CurlSyntax", "URITemplates", "HTTPParsing",
                           .product(name: "Yams", package: "Yams"),
                           .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                           .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                           .product(name: "OpenAPIKitCompat", package: "OpenAPIKit")]
        ),
        // Named client profiles on disk and as clients: the store (atomic writes), the mapping
        // onto ClientCore, cookie jars.
        .target(
            name: "Profiles",
            dependencies: ["RequestModel", "ProfileFormat", "Cookies", "ClientCore", "Locking"]
        ),
        // The streamed formats of SPEC §10, parsed a chunk at a time: pure, no Foundation, no NIO.
        .target(
            name: "StreamFormats"
        ),
        // Session files (SPEC §5): the model with its events, reader and writer. No NIO either.
        .target(
            name: "SessionFormat",
            dependencies: ["RequestModel", "ClientEvents", "ProfileFormat", "LocatedYAML"]
        ),
        // Recorded sessions (SPEC §5): exchanges with their events, saved as YAML, replayed and compared.
        .target(
            name: "Sessions",
            dependencies: ["RequestModel", "SessionFormat", "ClientCore", "ClientEvents", "Profiles", "Locking", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // GraphQL documents and schemas (SPEC §13) on GraphQLSwift: the specification's validation
        // rules, those it leaves out, schema files.
        .target(
            name: "GraphQLTools",
            dependencies: ["RequestModel", "Locking", .product(name: "GraphQL", package: "GraphQL")]
        ),
        .target(
            name: "ExplorerApp",
            dependencies: ["RequestModel", "TUICore", "HTTPParsing", "ClientEvents", "ProfileFormat", "SessionFormat", "URITemplates", "GraphQLTools"]
        ),
        .target(
            name: "ClientCore",
            dependencies: [
                "RequestModel",
                "ClientEvents",
                "HTTPParsing",
                "Cookies",
                "URITemplates",
                "Locking",
                "StreamFormats",
                "CBrotli",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "DemoAPI",
            dependencies: [
                "RequestModel",
                "HTTPParsing",
                "Locking",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSCompression", package: "hummingbird-websocket"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "ExplorerTUI",
            dependencies: [
                "Terminal",
                "RequestModel",
                "CurlSyntax",
                "Locking",
                "LocatedYAML",
                "ProfileFormat",
                "TUICore",
                "ExplorerApp",
                "ClientCore",
                "DemoAPI",
                "GraphQLTools",
                "Profiles",
                "Sessions",
                "ImportExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ExplorerBench",
            dependencies: [
                "RequestModel",
                "GraphQLTools",
                "ClientCore",
                "HTTPParsing",
                "Locking",
                "DemoAPI",
                "ExplorerApp",
                "TUICore",
                "ImportExport",
                "Profiles",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // What every test target shares (test targets cannot import each other).
        .target(
            name: "TestSupport",
            dependencies: ["TestDefaults", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/TestSupport"
        ),
        // How many tests run at once when `swift test` is not told (see TestDefaults.c).
        .target(
            name: "TestDefaults",
            path: "Tests/TestDefaults"
        ),
        // The executable's own types (send's plan, the TUI's recorder), tested without the binary.
        .testTarget(
            name: "ExplorerTUITests",
            dependencies: ["TestSupport", "ExplorerTUI", "RequestModel", "ClientCore", "Profiles", "Sessions", "SessionFormat", "DemoAPI"]
        ),
        .testTarget(
            name: "TUICoreTests",
            dependencies: ["TestSupport", "TUICore", "HTTPParsing", "RequestModel"]
        ),
        .testTarget(
            name: "ExplorerAppTests",
            dependencies: ["TestSupport", "RequestModel", "ClientEvents", "ExplorerApp", "TUICore", "ClientCore", "Profiles", "Sessions", "GraphQLTools"]
        ),
        .testTarget(
            name: "ProfilesTests",
            dependencies: ["TestSupport", "RequestModel", "ProfileFormat", "Profiles", "ClientCore", "Cookies", "DemoAPI", "Locking"]
        ),
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "TestSupport", "RequestModel", "ClientEvents", "SessionFormat", "Sessions", "Profiles", "ClientCore", "DemoAPI", "CurlSyntax",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "LocatedYAMLTests",
            dependencies: ["LocatedYAML"]
        ),
        .testTarget(
            name: "StreamFormatsTests",
            dependencies: ["StreamFormats"]
        ),
        .testTarget(
            name: "RequestModelTests",
            dependencies: ["RequestModel"]
        ),
        .testTarget(
            name: "ImportExportTests",
            dependencies: ["TestSupport", "ImportExport", "RequestModel", "ProfileFormat", "LocatedYAML", "CurlSyntax", "URITemplates"]
        ),
        .testTarget(
            name: "GraphQLToolsTests",
            dependencies: ["TestSupport", "GraphQLTools", "RequestModel"]
        ),
        .testTarget(
            name: "HTTPParsingTests",
            dependencies: ["HTTPParsing", "Cookies", "URITemplates", "CurlSyntax"]
        ),
        .testTarget(
            name: "ClientCoreTests",
            dependencies: [
                "TestSupport", "TestDefaults", "RequestModel", "ClientEvents", "ClientCore", "DemoAPI", "Locking",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "DemoAPITests",
            dependencies: [
                "TestSupport",
                "DemoAPI",
                "StreamFormats",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "ExplorerCLITests",
            dependencies: ["TestSupport", "TestDefaults", "ClientCore", "DemoAPI", "RequestModel", "Sessions", "SessionFormat"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
