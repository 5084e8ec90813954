// swift-tools-version:6.0
// Assist: the gateway (server), the client kit, and two reference apps. The target list is the architecture,
// each layer depending only on the ones above it:
//   C shims (Debian libraries); AssistServices (the lifecycle of background work: Service, ServiceGroup)
//   → contract: AssistWire (request, events, errors, JSON, SSE), shared by gateway and client
//   → client kit: AssistClient, AssistUnderstanding, AssistEvaluation (golden sets, checks)
//   → HTTP seam: AssistHTTP (request, response, responder, body writer)
//   → core: AssistGateway (admission pipeline, reservation, streaming, stores' protocols), over AssistCrypto and AssistServices
//   → adapters: AssistHTTPServer (our own HTTP/1.1 on the event loops), AssistUpstream (our own HTTP/1.1 client), AssistProviders (it and libcurl), AssistSQLite, AssistStores,
//               AssistIntegrity (App Attest, Play Integrity), AssistLocalModel (llama-server), AssistOTLP (traces out)
//   → evaluation of gateway features: AssistGatewayEvaluation
//   → apps: AssistTravel, AssistBudget (and AssistBudgetPostgres, its stores for replicas)
//   → assembly: AssistServer
//   → CLI: AssistCLI (and the tools: ScriptedUpstream, LocalServers, NginxFront, AssistBench)
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
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // The wire contract shared by gateway and client: request, events, errors, JSON values, SSE.
        .target(name: "AssistWire", linkerSettings: [.linkedLibrary("m")]),

        // The client kit an app links: streaming client, session state, route decider, offline cache.
        // Depends on the wire contract only, and on Linux on libcurl's loop (FoundationNetworking's URLSession spins a
        // core while it waits for a stream's next event); nothing server-side.
        .target(name: "AssistClient", dependencies: ["AssistWire", .target(name: "AssistCurl", condition: .when(platforms: [.linux]))]),
        // The understanding kit: run-time schemas and their validator, guarded on-device model calls, walls.
        .target(
            name: "AssistUnderstanding", dependencies: ["AssistWire", "AssistClient"],
            resources: [.embedInCode("Resources/gazetteer.json")]
        ),
        // Evaluation: golden sets, the runner that scores a path field by field, property checks, reports.
        .target(name: "AssistEvaluation", dependencies: ["AssistWire", "AssistUnderstanding", "AssistTelemetry"]),

        // SHA-256, HMAC, keys, signatures, certificates and ciphers through OpenSSL 3; no hand-written primitives.
        // Base64url, and request ids from the kernel's CSPRNG (`RequestID`, the one maker of them).
        .target(name: "AssistCrypto", dependencies: ["COpenSSL", "AssistTelemetry"]),
        // Telemetry's vocabulary, below everything that logs: the one process log (text or JSON lines), W3C
        // trace context, and sampling. No dependencies.
        .target(name: "AssistTelemetry"),
        // Background work with one lifecycle: a Service runs until shut down; a ServiceGroup starts services in
        // order and stops them in reverse.
        .target(name: "AssistServices", dependencies: ["AssistTelemetry"]),
        // The event loop: one thread per core waiting on epoll and running, on that thread, its descriptors'
        // callbacks, the C libraries it drives and the Swift jobs of the tasks that prefer it (a TaskExecutor).
        .target(name: "AssistEventLoop", dependencies: ["AssistServices", "CLinux"]),
        // libcurl's multi interface on the event loop: the transfers of a provider and of the client kit on Linux.
        .target(name: "AssistCurl", dependencies: ["AssistEventLoop", "AssistServices", "CCurl"]),

        // The HTTP seam: request, response, responder, the streaming body writer, and HTTP's vocabulary.
        // The gateway, integrity and the scripted upstream speak it; a server shell implements it.
        .target(name: "AssistHTTP"),

        // The gateway core: config, auth, the admission pipeline and reservation, answer cache, streaming,
        // audit, metrics, endpoints, and the protocols of every store, provider and verifier.
        .target(
            name: "AssistGateway", dependencies: ["AssistWire", "AssistCrypto", "AssistHTTP", "AssistServices", "AssistTelemetry"],
            resources: [.embedInCode("Resources/openapi.json")]
        ),

        // Adapters. The HTTP/1.1 server: a pure connection machine, served on the event loops.
        .target(name: "AssistHTTPServer", dependencies: ["AssistWire", "AssistCrypto", "AssistHTTP", "AssistEventLoop", "CLinux", "AssistServices", "AssistTelemetry"]),
        // Model providers: OpenAI-compatible chat completions, Anthropic's messages and Gemini's streamGenerateContent,
        // on the requests' event loops: over AssistUpstream for plain HTTP to an address, else over libcurl multi.
        // Our own HTTP/1.1 client on the event loops, for upstreams reached without TLS or a resolver (a local model):
        // a pure response reader, connections kept per origin, one read buffer per loop.
        .target(name: "AssistUpstream", dependencies: ["AssistEventLoop", "AssistHTTP"]),
        .target(name: "AssistProviders", dependencies: ["AssistGateway", "AssistWire", "AssistCurl", "AssistUpstream", "AssistEventLoop", "CCurl"]),
        // SQLite: one connection per database file, WAL, checkpoints. Shared by the stores and the apps.
        .target(name: "AssistSQLite", dependencies: ["CSQLite", "AssistServices", "AssistTelemetry"]),
        // The gateway's stores in SQLite: quota, audit, answers, feedback, overrides, device keys, challenges.
        .target(name: "AssistStores", dependencies: ["AssistGateway", "AssistSQLite", "AssistWire", "AssistCrypto", "AssistServices"]),
        // Redis over hiredis: a client with its own thread per connection, quotas, challenges, leases, pub/sub.
        .target(name: "AssistRedis", dependencies: ["AssistGateway", "AssistServices", "AssistCrypto", "AssistEventLoop", "CHiredis", "CLinux"]),
        // PostgreSQL over libpq: a client on the event loops, one pipelined connection per loop (bounded queue,
        // deadlines, group commit, reconnection), versioned migrations, LISTEN/NOTIFY, and the gateway's record stores.
        .target(name: "AssistPostgres", dependencies: ["CLibPQ", "AssistGateway", "AssistServices", "AssistTelemetry", "AssistWire", "AssistCrypto",
                                                       "AssistEventLoop"]),
        // The audit spool: an append-only journal in front of an audit store (PostgreSQL's, across replicas),
        // shipped to it in batches off the request's path.
        .target(name: "AssistAuditSpool", dependencies: ["AssistGateway", "AssistWire", "AssistServices", "AssistTelemetry"]),
        // Client integrity: App Attest and Play Integrity verdicts, verified with OpenSSL.
        .target(
            name: "AssistIntegrity", dependencies: ["AssistCrypto", "AssistWire", "AssistGateway", "AssistHTTP"],
            resources: [.embedInCode("Resources/apple-app-attestation-root-ca.pem")]
        ),
        // Traces out over OTLP/HTTP: the request's protobuf and JSON encodings, settings from OTEL_* variables, and
        // an exporter with its own thread that posts batches with libcurl and never blocks the spans' producers.
        .target(name: "AssistOTLP", dependencies: ["AssistTelemetry", "AssistServices", "AssistCurl", "AssistHTTP", "CCurl"]),
        // The embedded llama-server as a supervised child process.
        .target(name: "AssistLocalModel", dependencies: ["CLinux", "AssistServices", "AssistTelemetry"]),

        // Evaluation of the gateway's features: golden sets through its prompt builders and providers,
        // checks on structured answers, feedback exported as golden cases.
        .target(name: "AssistGatewayEvaluation", dependencies: ["AssistEvaluation", "AssistGateway", "AssistUnderstanding", "AssistWire", "AssistHTTP"]),

        // Travel reference app: data, built-in configuration, prompt builders, smart search.
        .target(
            name: "AssistTravel",
            dependencies: ["AssistGateway", "AssistSQLite", "AssistWire", "AssistUnderstanding", "AssistGatewayEvaluation", "AssistEvaluation"],
            resources: [.embedInCode("Resources/travel-data.json"), .embedInCode("Resources/travel-config.json"),
                        .embedInCode("Resources/qualification.json")]
        ),
        // Budget reference app: transactions in SQLite, questions understood, answers computed, replies templated.
        .target(name: "AssistBudget", dependencies: ["AssistUnderstanding", "AssistSQLite", "AssistWire", "AssistGateway", "AssistGatewayEvaluation", "AssistCrypto", "AssistEvaluation"]),
        // The budget app's stores in PostgreSQL, for replicas (storage kind `shared`): an adapter of the app, apart
        // from it, so the app (and its fuzz target) does not link libpq.
        .target(name: "AssistBudgetPostgres", dependencies: ["AssistBudget", "AssistPostgres", "AssistWire"]),

        // The browser pages (the travel demo and the operators' console): plain HTML, CSS and JavaScript, embedded.
        .target(
            name: "AssistPages", dependencies: ["AssistGateway"],
            resources: [.embedInCode("Resources/demo.html"), .embedInCode("Resources/demo.js"), .embedInCode("Resources/console.html"),
                        .embedInCode("Resources/console.js"), .embedInCode("Resources/sse.js"), .embedInCode("Resources/pages.css"),
                        .embedInCode("Resources/page.js")]
        ),

        // Assembly of the running gateway: configuration, data dir, stores (SQLite, or Redis and PostgreSQL for
        // replicas), providers, integrity, server, drain.
        .target(
            name: "AssistServer",
            dependencies: ["AssistGateway", "AssistProviders", "AssistStores", "AssistSQLite", "AssistTravel", "AssistBudget", "AssistBudgetPostgres",
                           "AssistPages", "AssistHTTPServer",
                           "AssistGatewayEvaluation", "AssistIntegrity", "AssistCrypto", "AssistServices", "AssistHTTP", "AssistRedis", "AssistPostgres",
                           "AssistAuditSpool", "AssistWire", "AssistOTLP", "AssistTelemetry", "CLinux"]
        ),
        .executableTarget(
            name: "AssistCLI",
            dependencies: ["AssistServer", "AssistServices", "AssistGateway", "AssistClient", "AssistUnderstanding", "AssistLocalModel", "AssistEvaluation",
                           "AssistGatewayEvaluation", "AssistBudget", "AssistIntegrity", "AssistHTTPServer", "AssistWire", "AssistCrypto", "AssistSQLite",
                           "AssistStores", "AssistCurl", "AssistTelemetry", "CLinux"]
        ),

        // A provider upstream (OpenAI, Anthropic and Gemini formats) that streams on a schedule, fails on command and
        // records disconnects.
        // For tests and benchmarks only; `assist serve` never uses it.
        .target(name: "ScriptedUpstream", dependencies: ["AssistHTTP", "AssistHTTPServer", "AssistWire"]),
        .executableTarget(name: "ScriptedUpstreamServer", dependencies: ["ScriptedUpstream"]),
        // Real servers on this machine, for tests and benchmarks only: redis-server and PostgreSQL (initdb, pg_ctl as
        // the postgres user when root) in temporary directories on free loopback ports, stopped by pid, restarted;
        // the children's spawning; a free loopback port.
        .target(name: "LocalServers", dependencies: ["CLinux", "CLibPQ"]),
        // nginx in front of replicas, started from the shipped deploy/nginx.conf on free loopback ports. For
        // tests and benchmarks only.
        .target(name: "NginxFront", dependencies: ["LocalServers"]),
        .executableTarget(
            name: "AssistBench",
            dependencies: ["AssistGateway", "AssistLocalModel", "AssistTravel", "AssistWire", "ScriptedUpstream", "CLinux",
                           "AssistUnderstanding", "AssistEvaluation", "AssistSQLite", "NginxFront", "AssistRedis", "AssistPostgres",
                           "LocalServers", "AssistBudget", "AssistTelemetry"]
        ),

        // Test support. Light: a blocking HTTP/1.0 test client over raw sockets (exact bytes, timeouts, hanging
        // up at will), an in-memory body writer, software App Attest, the third-party vectors.
        .target(name: "AssistTestSupport", dependencies: ["AssistWire", "AssistClient", "AssistCrypto", "AssistHTTP"], path: "Tests/Support"),
        // Heavy: a live gateway (its HTTP server, curl, SQLite, travel data) before a scripted upstream; replicas behind
        // nginx; evaluation samples.
        .target(
            name: "GatewayTestSupport",
            dependencies: ["AssistServer", "AssistGateway", "AssistHTTPServer", "AssistTravel", "AssistWire", "AssistTestSupport",
                           "ScriptedUpstream", "AssistEvaluation", "AssistGatewayEvaluation", "AssistServices", "NginxFront"],
            path: "Tests/GatewaySupport"
        ),

        // One test target per module, fast and run in parallel...
        .testTarget(name: "AssistWireTests", dependencies: ["AssistWire", "AssistTestSupport"]),
        .testTarget(name: "AssistCryptoTests", dependencies: ["AssistCrypto"]),
        .testTarget(name: "AssistServicesTests", dependencies: ["AssistServices"]),
        .testTarget(name: "AssistTelemetryTests", dependencies: ["AssistTelemetry"]),
        .testTarget(name: "AssistOTLPTests", dependencies: ["AssistOTLP", "AssistTelemetry"]),
        .testTarget(name: "AssistEventLoopTests", dependencies: ["AssistEventLoop", "AssistServices"]),
        .testTarget(name: "AssistHTTPServerTests", dependencies: ["AssistHTTPServer", "AssistHTTP", "AssistWire", "AssistCrypto"]),
        .testTarget(name: "AssistUpstreamTests", dependencies: ["AssistUpstream", "AssistEventLoop"]),
        .testTarget(name: "AssistProvidersTests", dependencies: ["AssistProviders", "AssistGateway", "AssistWire", "AssistCurl", "CCurl", "ScriptedUpstream"]),
        .testTarget(name: "AssistIntegrityTests", dependencies: ["AssistIntegrity", "AssistCrypto", "AssistWire", "AssistTestSupport"]),
        .testTarget(name: "AssistClientTests", dependencies: ["AssistClient", "AssistWire", "AssistCrypto"]),
        .testTarget(name: "AssistUnderstandingTests", dependencies: ["AssistUnderstanding", "AssistWire", "AssistClient", "AssistEvaluation", "AssistTestSupport"]),
        .testTarget(
            name: "AssistGatewayTests",
            dependencies: ["AssistGateway", "AssistWire", "AssistHTTP", "AssistCrypto", "AssistTestSupport", "AssistGatewayEvaluation",
                           "AssistUnderstanding", "AssistTelemetry", "AssistServices"]
        ),
        .testTarget(name: "AssistStoresTests", dependencies: ["AssistStores", "AssistSQLite", "AssistGateway", "AssistWire", "AssistTestSupport"]),
        .testTarget(name: "AssistRedisTests", dependencies: ["AssistRedis", "AssistGateway", "LocalServers"]),
        .testTarget(name: "AssistPostgresTests", dependencies: ["AssistPostgres", "AssistAuditSpool", "AssistGateway", "AssistWire", "LocalServers", "AssistBudget", "AssistBudgetPostgres", "AssistSQLite", "AssistEventLoop"]),
        .testTarget(name: "AssistBudgetTests", dependencies: ["AssistBudget", "AssistGateway", "AssistSQLite", "AssistEvaluation", "AssistUnderstanding", "AssistWire", "AssistTestSupport"]),
        .testTarget(
            name: "AssistEvaluationTests",
            dependencies: ["AssistEvaluation", "AssistGatewayEvaluation", "AssistTravel", "AssistServer", "AssistWire", "ScriptedUpstream",
                           "GatewayTestSupport", "AssistTestSupport"]
        ),
        .testTarget(name: "AssistTravelTests", dependencies: ["AssistTravel", "AssistGateway", "AssistSQLite", "AssistWire", "AssistEvaluation", "AssistGatewayEvaluation"]),
        // ...and the gateway live, through sockets, where they matter.
        .testTarget(
            name: "GatewayEndToEndTests",
            dependencies: ["AssistServer", "AssistGateway", "AssistStores", "AssistSQLite", "AssistCrypto", "ScriptedUpstream", "AssistWire",
                           "AssistTestSupport", "AssistClient", "AssistEvaluation", "AssistGatewayEvaluation", "GatewayTestSupport",
                           "AssistBudget", "AssistHTTPServer", "AssistServices", "LocalServers"]
        ),
        // Replicas: several live gateways in one test process sharing one redis-server and one PostgreSQL schema,
        // as `assist serve` assembles them with storage kind `shared` (in `make test`'s middle pass).
        .testTarget(
            name: "ReplicaTests",
            dependencies: ["AssistServer", "AssistGateway", "AssistHTTPServer", "AssistServices", "AssistTestSupport", "AssistTravel", "AssistWire",
                           "LocalServers", "ScriptedUpstream", "AssistRedis", "AssistPostgres", "AssistAuditSpool"]
        ),
        // Tests with timing bounds (a disconnect noticed within 100 ms, real timeouts, pings): `make test` runs
        // them alone, first, so CPU-heavy tests cannot stall them.
        .testTarget(
            name: "TimingTests",
            dependencies: ["AssistHTTPServer", "AssistHTTP", "AssistServices", "AssistClient", "AssistCurl", "AssistProviders", "AssistGateway", "AssistServer", "AssistWire", "ScriptedUpstream",
                           "AssistTestSupport", "GatewayTestSupport", "AssistSQLite"]
        ),
        // Tests that start programs (the assist binary, the embedded llama-server, Python oracles; replicas as processes
        // on their own redis-server and PostgreSQL, behind nginx, SIGKILLed): run last, as they keep both cores busy
        // and a child inherits open descriptors.
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["AssistGateway", "AssistServer", "AssistHTTPServer", "AssistLocalModel", "AssistUnderstanding", "AssistEvaluation",
                           "AssistWire", "AssistCrypto", "ScriptedUpstream", "AssistTestSupport", "GatewayTestSupport", "AssistServices",
                           "AssistSQLite", "LocalServers", "NginxFront", "AssistTravel", "AssistOTLP", "AssistTelemetry"]
        ),
    ]
)

// Upcoming language features that catch mistakes: every module a file uses is imported by that file
// (MemberImportVisibility), an import is internal unless it is part of the module's API
// (InternalImportsByDefault), and existential types are spelled `any` (ExistentialAny).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
