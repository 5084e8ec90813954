import AssistTelemetry
import AssistGateway
import AssistHTTPServer
import AssistLocalModel
import AssistServer
import AssistServices
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `assist serve`: the gateway in the foreground until SIGINT/SIGTERM, then a graceful drain and exit 0
/// (1 if background work failed meanwhile; its failure is logged as it happens).
///
/// Everything in the background runs in one `ServiceGroup`, in this order: the embedded model (started
/// first, and healthy before anything else is built), the gateway (`DeferredGateway`, which runs the
/// assembly's services: SQLite checkpoints, the refusal recorder, the curl loop),
/// and the HTTP server (started before the group, so that a busy port fails the command at once). On a
/// signal the server drains first (stop accepting, wait, cancel, close); then the group stops the rest in
/// reverse order, the model last.
///
/// With storage kind `shared`, Redis and PostgreSQL are reached first (`SharedStorage.connect`: retried with
/// back-off for `storage.connectSeconds`, then exit 1 naming what could not be reached), the schema migrated,
/// and their clients run first in the gateway's services (stopped last).
///
/// Storage that cannot be opened or written (a full disk) does not stop the command: it says why, serves
/// `/healthz` as 503 and refuses requests with 503 `audit_unavailable` until the storage can be written,
/// then serves without a restart (see `DeferredGateway`). The data directory's secret must be readable.
enum ServeCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        let port: Int, modelPort: Int
        do {
            options = try Options(arguments, allowed: ["config", "port", "host", "data-dir", "upstream", "model-port", "log-format", "log-level"],
                                  flags: ["demo"])
            port = try options.int("port", default: 8080)
            modelPort = try options.int("model-port", default: 8081)
            try configureLog(options)
        } catch {
            return Usage.fail(error.message)
        }
        var config: GatewayConfig
        switch loadConfiguration(options["config"]) {
        case .success(let loaded): config = loaded
        case .failure(let error):
            FileHandle.standardError.write(Data("assist: invalid configuration\n\(error.message)\n".utf8))
            return 1
        }
        let host = options["host"] ?? "127.0.0.1"
        // The demo mints tokens for anyone who asks: only this machine may ask. Loopback is the first wall; the
        // log-in itself refuses proxies, forwarding headers and a Host other than loopback and this port (`LocalClient`).
        let demo = options["demo"] != nil
        if demo, !["127.0.0.1", "::1", "localhost"].contains(host) {
            return Usage.fail("--demo hands out tokens without a password: it listens on a loopback host only (127.0.0.1, ::1, localhost), not \(host)")
        }
        let dataDirectory = URL(fileURLWithPath: options["data-dir"] ?? ".assist")
        raiseFileDescriptorLimit()
        // Caught from here on: a signal during start-up drains as soon as the gateway is up.
        // A write to a client or a store that went away is an error for the code that wrote (EPIPE), never a
        // signal that ends the whole gateway: every socket write already asks so (MSG_NOSIGNAL); this covers any
        // library that does not.
        signal(SIGPIPE, SIG_IGN)
        guard let termination = TerminationSignal.catch() else {
            log("cannot catch SIGINT/SIGTERM: \(String(cString: strerror(errno)))")
            return 1
        }

        // Shared storage: both stores reached (retried for storage.connectSeconds) and migrated before anything
        // else starts; a replica that cannot reach them exits 1, naming them.
        var shared: SharedStorage?
        if config.storage.kind == .shared {
            do {
                try PrivateDirectory.prepare(dataDirectory)
                shared = try await SharedStorage.connect(config.storage, answerRetention: TimeInterval(config.limits.summaryRetentionDays) * 86_400,
                                                         auditSpool: dataDirectory.appendingPathComponent("audit-spool"), log: log)
            } catch {
                log("\(error)")
                return 1
            }
        }

        // The models as the configuration names them: the embedded llama-server only when some target names it
        // (the built-in configuration does); --upstream overrides every alias, for development.
        var supervisor: LlamaServerSupervisor?
        if let upstream = options["upstream"] {
            log("--upstream: every model alias points at \(upstream) (a development override; the configuration's targets are not used)")
            config = config.overridingUpstream(upstream)
        } else if config.usesEmbeddedModel {
            guard let llama = await EmbeddedModelProcess.start(dataDirectory: dataDirectory, port: modelPort, log: log) else { return 1 }
            supervisor = llama
            config = config.servingEmbeddedModel(at: llama.baseURL)
        }

        let modelReady: @Sendable () async -> Bool = { [supervisor] in await supervisor?.isHealthy() ?? true }
        let server: HTTPServer
        let group: ServiceGroup
        let token: String
        do {
            let (config, file, shared) = (config, options["config"], shared)
            // What a crash of this instance left open is closed before anything new is admitted (part of the
            // gateway's start, like the storage it needs).
            let gateway = try await DeferredGateway.start(dataDirectory: dataDirectory, modelReady: modelReady, log: log) {
                try GatewayAssembly(config: config, dataDirectory: dataDirectory, configurationFile: file, demo: demo, modelReady: modelReady,
                                    shared: shared)
            }
            let issuer = try gateway.assembly?.tokenIssuer() ?? HS256TokenIssuer(
                secret: try SecretStore.hs256Secret(environmentVariable: config.auth.hs256SecretEnv, dataDirectory: dataDirectory), settings: config.auth)
            token = issuer.token(for: "u1")
            server = try HTTPServer(configuration: GatewayAssembly.serverConfiguration(for: config, host: host, port: port), responder: gateway)
            group = ServiceGroup((supervisor.map { [$0] } ?? []) + [gateway, server])
            try server.start()
        } catch {
            log("\(error)")
            supervisor?.stop()
            return 1
        }
        group.start()

        let url = "http://\(host):\(server.port)"
        print("""
            Assist gateway listening on \(url)
            Development token for u1 (valid \(config.auth.tokenLifetimeSeconds / 60) min):
              \(token)
            Try:
              curl -N \(url)/v1/assist/stream -H 'Authorization: Bearer \(token)' -H 'Content-Type: application/json' -d '{"feature":"itinerary_summary","input":{"bookingId":"BK-2041"},"locale":"tr-TR"}'
            \(demo && config.pages.demo ? "Demo (travel app in a browser): \(url)/demo\n" : "")\
            \(config.pages.console ? "Operator console: \(url)/console (admin token: $ASSIST_ADMIN_TOKEN, else \(dataDirectory.path)/admin.token)\n" : "")\
            Ctrl-C stops (in-flight streams get \(Int(config.limits.drainSeconds)) s to finish).
            """)
        fflush(nil)  // flushes every stream; `stdout` itself is not concurrency-safe to name

        let signal = await termination.next()
        log("\(signal == SIGINT ? "SIGINT" : "SIGTERM"): draining for up to \(config.limits.drainSeconds) s")
        let drained = await GracefulShutdown.run(server, drain: .seconds(config.limits.drainSeconds))
        let failures = await group.shutdown()  // each failure was also logged as it happened
        log(drained ? "stopped" : "stopped (streams still running after the drain were cancelled)")
        return failures.isEmpty ? 0 : 1
    }

    @Sendable private static func log(_ message: String) { Logger().notice(message) }

    /// `--log-format text|json` (text by default) and `--log-level debug|info|notice|warning|error` (info: a line
    /// per request's end, and every notice, warning and error), for every line the process writes from here on.
    private static func configureLog(_ options: Options) throws(OptionError) {
        let formatName = options["log-format"] ?? "text", levelName = options["log-level"] ?? "info"
        guard let format = LogFormat(rawValue: formatName) else {
            throw OptionError("--log-format must be one of \(LogFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \(formatName)")
        }
        guard let level = LogLevel(name: levelName) else {
            throw OptionError("--log-level must be one of \(LogLevel.allCases.map(\.description).joined(separator: ", ")), not \(levelName)")
        }
        LogSystem.configure(level: level, format: format)
    }

    /// Thousands of streams need thousands of descriptors: raise the soft limit to the hard one.
    private static func raiseFileDescriptorLimit() {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }
}
