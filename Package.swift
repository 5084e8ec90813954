// swift-tools-version:6.0
// Assist: the gateway (server) and, later, the client kit. The target list is the architecture:
//   C shims → wire contract → HTTP server / crypto → gateway core → providers, stores → travel → CLI.
import PackageDescription

let package = Package(
    name: "Assist",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "assist", targets: ["AssistCLI"]),
        .library(name: "AssistWire", targets: ["AssistWire"]),
        .library(name: "AssistClient", targets: ["AssistClient"]),
    ],
    targets: [
        // C libraries from Debian, each behind a shim header (variadic functions and macros need wrappers).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),

        // The wire contract shared by gateway and client: request, events, errors, JSON values, SSE.
        .target(name: "AssistWire", linkerSettings: [.linkedLibrary("m")]),
        // The client kit an app links: streaming client, session state, route decider, offline cache.
        // Depends on the wire contract only (no libcurl, nothing server-side).
        .target(name: "AssistClient", dependencies: ["AssistWire"]),
        // The understanding kit: run-time schemas and their validator, guarded on-device model calls, walls.
        .target(
            name: "AssistUnderstanding", dependencies: ["AssistWire", "AssistClient"],
            resources: [.embedInCode("Resources/gazetteer.json")]
        ),
        // Evaluation: golden sets and the runner that scores an extraction path field by field.
        .target(name: "AssistEvaluation", dependencies: ["AssistWire", "AssistUnderstanding"]),
        // SHA-256, HMAC and randomness through OpenSSL 3; no hand-written primitives.
        .target(name: "AssistCrypto", dependencies: ["COpenSSL"]),
        // Client integrity: App Attest and Play Integrity verdicts, verified with OpenSSL.
        .target(
            name: "AssistIntegrity", dependencies: ["AssistCrypto", "AssistWire", "AssistGateway", "AssistHTTPServer"],
            resources: [.embedInCode("Resources/apple-app-attestation-root-ca.pem")]
        ),
        // A small HTTP/1.1 server over libmicrohttpd with suspend/resume streaming bodies.
        .target(name: "AssistHTTPServer", dependencies: ["CMicroHTTPD", "CLinux"]),
        // The gateway core: config, auth, integrity, features, quota, prompts, streaming, audit, endpoints.
        .target(name: "AssistGateway", dependencies: ["AssistWire", "AssistCrypto", "AssistHTTPServer"]),
        // Model providers: OpenAI-compatible chat completions over libcurl multi.
        .target(name: "AssistProviders", dependencies: ["AssistGateway", "AssistWire", "CCurl"]),
        // SQLite-backed stores: quota, audit.
        .target(name: "AssistStores", dependencies: ["AssistGateway", "AssistWire", "CSQLite"]),
        // The embedded llama-server as a supervised child process.
        .target(name: "AssistLocalModel", dependencies: ["AssistGateway", "CLinux"]),
        // Travel reference app: data, built-in configuration, prompt builders.
        .target(
            name: "AssistTravel",
            dependencies: ["AssistGateway", "AssistStores", "AssistWire"],
            resources: [.embedInCode("Resources/travel-data.json"), .embedInCode("Resources/travel-config.json")]
        ),
        // Budget reference app: transactions in SQLite, questions understood, answers computed, replies templated.
        .target(name: "AssistBudget", dependencies: ["AssistUnderstanding", "AssistStores", "AssistWire"]),
        // Assembly of the running gateway: configuration, data dir, stores, provider, server, drain.
        .target(
            name: "AssistServer",
            dependencies: ["AssistGateway", "AssistProviders", "AssistStores", "AssistTravel", "AssistLocalModel", "AssistHTTPServer",
                           "AssistUnderstanding", "AssistEvaluation", "AssistIntegrity"]
        ),
        // An OpenAI-compatible upstream that streams on a schedule, fails on command and records disconnects.
        // For tests and benchmarks only; `assist serve` never uses it.
        .target(name: "ScriptedUpstream", dependencies: ["AssistHTTPServer", "AssistWire"]),
        .executableTarget(
            name: "AssistCLI",
            dependencies: ["AssistServer", "AssistClient", "AssistUnderstanding", "AssistLocalModel", "AssistEvaluation", "AssistBudget",
                           "AssistIntegrity"]
        ),
        .executableTarget(name: "ScriptedUpstreamServer", dependencies: ["ScriptedUpstream"]),
        .executableTarget(
            name: "AssistBench",
            dependencies: ["AssistGateway", "AssistLocalModel", "AssistTravel", "AssistWire", "ScriptedUpstream", "CLinux",
                           "AssistUnderstanding", "AssistEvaluation"]
        ),

        // A blocking HTTP/1.0 test client over raw sockets: exact bytes, timeouts, and hanging up at will.
        .target(name: "AssistTestSupport", dependencies: ["AssistWire", "AssistClient", "AssistCrypto"], path: "Tests/Support"),

        .testTarget(name: "AssistWireTests", dependencies: ["AssistWire"]),
        .testTarget(name: "AssistCryptoTests", dependencies: ["AssistCrypto"]),
        .testTarget(name: "AssistIntegrityTests", dependencies: ["AssistIntegrity", "AssistCrypto", "AssistWire", "AssistTestSupport"]),
        .testTarget(name: "AssistClientTests", dependencies: ["AssistClient"]),
        .testTarget(name: "AssistUnderstandingTests", dependencies: ["AssistUnderstanding", "AssistWire", "AssistClient", "AssistEvaluation"]),
        .testTarget(name: "AssistHTTPServerTests", dependencies: ["AssistHTTPServer", "AssistTestSupport"]),
        .testTarget(name: "AssistGatewayTests", dependencies: ["AssistGateway", "AssistWire"]),
        .testTarget(name: "AssistProvidersTests", dependencies: ["AssistProviders", "ScriptedUpstream"]),
        .testTarget(name: "AssistStoresTests", dependencies: ["AssistStores"]),
        .testTarget(name: "AssistBudgetTests", dependencies: ["AssistBudget", "AssistStores", "AssistEvaluation", "AssistUnderstanding", "AssistWire"]),
        .testTarget(
            name: "AssistEvaluationTests",
            dependencies: ["AssistEvaluation", "AssistServer", "AssistGateway", "AssistWire", "ScriptedUpstream", "AssistTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "AssistTravelTests", dependencies: ["AssistTravel", "AssistGateway", "AssistStores", "AssistWire"]),
        .testTarget(
            name: "GatewayEndToEndTests",
            dependencies: ["AssistServer", "AssistGateway", "AssistHTTPServer", "AssistStores", "AssistLocalModel", "AssistCrypto",
                           "ScriptedUpstream", "AssistWire", "AssistTestSupport", "AssistClient", "AssistUnderstanding", "AssistEvaluation"]
        ),
    ]
)
