import AssistGateway
import AssistSQLite
import AssistTelemetry
public import AssistHTTP
public import AssistServices
public import Foundation
import Synchronization

/// The gateway as `assist serve` runs it: built at start-up when its storage can be opened and written, and
/// otherwise (a full disk, the database unreadable) answered by a `StorageUnavailableResponder` that says
/// why (`/healthz` 503, everything else 503 `audit_unavailable`) while the storage is tried again every
/// `retryInterval`, until the real gateway can take over, without a restart.
///
/// The contract a test can hold without timing it: the first attempt that begins once the storage can be
/// written succeeds. `/healthz` counts the attempts made (`checks.storage.attempts`), and the log line that
/// says the storage is available again names the attempt and how long it took. (An attempt builds the whole
/// assembly, about a second of CPU in a debug build, several on a loaded machine.)
///
/// Storage is ready when the assembly is built (the database opened, its schemas in place, the stored
/// overrides read), a write lands (a one-row table, `storage_check`: opening a database whose files cannot
/// grow may still succeed, and a gateway that cannot write must not report itself healthy), and this
/// instance's interrupted rows are closed. A configuration error is no storage error: it is thrown at once.
///
/// As a `Service` it runs the assembly's services (checkpoints, curl loop, refusal recorder) once there is an
/// assembly, and stops them, in order, when it is shut down.
public final class DeferredGateway: HTTPResponder, Service {
    public let name = "gateway"

    private enum State {
        /// Before the first attempt (which `start` makes before it returns the gateway).
        case starting
        /// Storage not ready: the stand-in answers; an assembly already built (its database opened) is kept
        /// for the next attempt.
        case waiting(StorageUnavailableResponder, built: GatewayAssembly?)
        case ready(GatewayAssembly, Gateway)
    }

    private let state: Mutex<State>
    private let build: @Sendable () throws -> GatewayAssembly
    private let dataDirectory: URL
    private let retryInterval: Duration
    private let modelReady: @Sendable () async -> Bool
    private let log: @Sendable (String) -> Void
    private let stopping = Latch()
    /// The storage error last logged: a retry that fails the same way is not logged again (its reason, with the
    /// free bytes of the moment, still updates `/healthz`).
    private let loggedError = Mutex<String?>(nil)

    /// Makes the first attempt and returns the gateway, ready or waiting for its storage (having logged why).
    /// Throws only a `ConfigError`, which no waiting will mend.
    public static func start(dataDirectory: URL, retryInterval: Duration = .seconds(5),
                             modelReady: @escaping @Sendable () async -> Bool,
                             log: @escaping @Sendable (String) -> Void,
                             build: @escaping @Sendable () throws -> GatewayAssembly) async throws -> DeferredGateway {
        let gateway = DeferredGateway(dataDirectory: dataDirectory, retryInterval: retryInterval, modelReady: modelReady, log: log, build: build)
        try await gateway.attempt()
        return gateway
    }

    private init(dataDirectory: URL, retryInterval: Duration, modelReady: @escaping @Sendable () async -> Bool,
                 log: @escaping @Sendable (String) -> Void, build: @escaping @Sendable () throws -> GatewayAssembly) {
        self.dataDirectory = dataDirectory
        self.retryInterval = retryInterval
        self.modelReady = modelReady
        self.log = log
        self.build = build
        state = Mutex(.starting)
    }

    /// The assembly, once storage is ready.
    public var assembly: GatewayAssembly? {
        state.withLock { state in
            if case .ready(let assembly, _) = state { return assembly }
            return nil
        }
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        // Only the responder is taken from the state: a copy of the whole state (an assembly) would sit in this
        // call's frame for as long as the request is answered, about 3 KiB per request in flight.
        let responder: Responder = state.withLock { state in
            switch state {
            case .ready(_, let gateway): .gateway(gateway)
            case .waiting(let standIn, _): .standIn(standIn)
            case .starting: .starting
            }
        }
        switch responder {
        case .gateway(let gateway): return await gateway.respond(to: request)
        case .standIn(let standIn): return await standIn.respond(to: request)
        case .starting: return await Self.notOpenedYet(request, modelReady: modelReady)
        }
    }

    private enum Responder {
        case gateway(Gateway)
        case standIn(StorageUnavailableResponder)
        case starting
    }

    @inline(never)
    private static func notOpenedYet(_ request: HTTPRequest, modelReady: @escaping @Sendable () async -> Bool) async -> HTTPResponse {
        await StorageUnavailableResponder(reason: "not opened yet", since: Date(), retryAfterSeconds: 1, modelReady: modelReady)
            .respond(to: request)
    }

    /// Tries the storage once; on success the real gateway answers from now on.
    private func attempt() async throws {
        let began = ContinuousClock.now
        let (previous, built): (StorageUnavailableResponder?, GatewayAssembly?)
        switch state.withLock({ $0 }) {
        case .ready: return
        case .starting: (previous, built) = (nil, nil)
        case .waiting(let standIn, let assembly): (previous, built) = (standIn, assembly)
        }
        var assembly = built
        do {
            let ready = try assembly ?? build()
            assembly = ready
            try Self.checkWrites(ready)
            let interrupted = try await ready.dependencies.closeInterruptedRequests()
            if interrupted > 0 { log("closed \(interrupted) requests an earlier run left unfinished (audited as interrupted)") }
            state.withLock { $0 = .ready(ready, ready.gateway) }
            if let previous {
                log("storage is available again: serving requests (attempt \(previous.attempts + 1), which took "
                    + "\(Self.seconds(ContinuousClock.now - began)) s)")
            }
        } catch let error as ConfigError {
            throw error
        } catch {
            let reason = StorageDiagnosis.describe(error, dataDirectory: dataDirectory)
            let retrySeconds = max(1, Int(retryInterval.components.seconds))
            let standIn = StorageUnavailableResponder(reason: reason, since: previous?.since ?? Date(), attempts: (previous?.attempts ?? 0) + 1,
                                                      retryAfterSeconds: retrySeconds, modelReady: modelReady)
            state.withLock { $0 = .waiting(standIn, built: assembly) }
            let text = "\(error)"
            if loggedError.withLock({ logged in defer { logged = text }; return logged != text }) {
                log("storage unavailable: \(reason). /healthz answers 503 and requests 503 audit_unavailable until it can be "
                    + "written; trying again every \(retrySeconds) s")
            }
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f", duration.seconds)
    }

    /// A write that must land: a single row rewritten in a table of its own.
    private static func checkWrites(_ assembly: GatewayAssembly) throws {
        try assembly.database.execute("""
            CREATE TABLE IF NOT EXISTS storage_check (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at REAL NOT NULL);
            INSERT OR REPLACE INTO storage_check (id, checked_at) VALUES (1, julianday('now'));
            """)
    }

    /// Tries the storage until it is ready, then runs the assembly's services until `shutdown()`. Throws when
    /// one of them failed (each failure was logged as it happened), or a configuration error turned up.
    public func run() async throws {
        while assembly == nil {
            let deadline = ContinuousClock.now + retryInterval
            while ContinuousClock.now < deadline {
                if stopping.isOpen || Task.isCancelled { return }
                try? await Task.sleep(for: .milliseconds(100))
            }
            try await attempt()
        }
        guard let assembly else { return }
        let services = ServiceGroup(assembly.services)
        services.start()
        await stopping.wait(onCancel: shutdown)
        let failures = await services.shutdown()
        if !failures.isEmpty { throw BackgroundWorkFailed(count: failures.count) }
    }

    public func shutdown() { stopping.open() }

    /// The assembly's services that failed (each already logged).
    public struct BackgroundWorkFailed: Error, CustomStringConvertible {
        public let count: Int
        public var description: String { "\(count) of the gateway's background services failed (see above)" }
    }
}
