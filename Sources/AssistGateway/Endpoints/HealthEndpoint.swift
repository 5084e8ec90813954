import AssistHTTP
import AssistWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `GET /healthz`, answered from memory (a blocked database must not freeze the liveness check too):
///
///     {"status": "ok" | "degraded" | "unavailable",
///      "checks": {"storage": {"status": "ok" | "failing" | "unavailable", "failedWrites"?, "since"?, "reason"?, "attempts"?},
///                 "model": {"status": "ok" | "starting"},
///                 "redis"?, "postgres"?: {"status": "ok" | "unavailable" | "spooling", "reason"?, "since"?},
///                 "qualification": {"status": "ok" | "narrated", "locales": [{"feature", "locale", "writer", "reason"}]}},
///      "limits": {"openFiles": N}}
///
/// 200 for ok or degraded, 503 for unavailable. A model that is not ready, or storage that could not be
/// opened at all (`StorageUnavailableResponder`: a full disk at start-up), makes the gateway unavailable;
/// failing audit writes make it degraded (rows are lost, or requests refused while audit fails closed).
/// With shared storage, `redis` and `postgres` report what the `StoreMonitor` last found: a store the replica
/// cannot serve without (Redis with `onRedisDown: "closed"`, PostgreSQL with `audit.onFailure: "closed"`) makes
/// it unavailable while it cannot be reached, any other makes it degraded.
struct HealthEndpoint: Sendable {
    let dependencies: GatewayDependencies

    /// What the storage check reports.
    enum Storage {
        /// Audit writes, as the last ones found them.
        case writes(StorageHealth.Status, failures: Int, since: Date?)
        /// The database could not be opened or written at all; `reason` says why, after `attempts` tries.
        case unavailable(reason: String, since: Date, attempts: Int)
    }

    @inline(never)  // see Gateway.route
    func handle() async -> HTTPResponse {
        let storage = dependencies.state.storageHealth.report
        return Self.response(modelReady: await dependencies.models.isReady(),
                             storage: .writes(storage.status, failures: storage.failures, since: storage.since),
                             stores: dependencies.state.storeMonitor.reports, qualification: await qualificationCheck())
    }

    /// The stream features' locales the model does not write now, and why, from what is known without asking an
    /// upstream (a model not asked yet stands as its configured name). Never changes the status: a narrated
    /// locale is served, by design, but an operator should see it (a configuration copied without its results).
    func qualificationCheck() async -> JSONValue {
        let identities = dependencies.qualification.identities
        let locales = await dependencies.qualification.decisions(dependencies.config) { _, target in identities.known(of: target) }
            .filter { $0.feature.kind == .stream && $0.decision.writer != .model }.map(\.json)
        return ["status": .string(locales.isEmpty ? "ok" : "narrated"), "locales": .array(locales)]
    }

    static func response(modelReady: Bool, storage: Storage, stores: [StoreMonitor.Report] = [], qualification: JSONValue? = nil) -> HTTPResponse {
        var storageCheck: [String: JSONValue]
        let storageStatus: String
        switch storage {
        case .writes(let status, let failures, let since):
            storageStatus = status == .ok ? "ok" : "degraded"
            storageCheck = ["status": .string(status.rawValue)]
            if let since {
                storageCheck["failedWrites"] = .number(Double(failures))
                storageCheck["since"] = .string(ISO8601DateFormatter().string(from: since))
            }
        case .unavailable(let reason, let since, let attempts):
            storageStatus = "unavailable"
            storageCheck = ["status": "unavailable", "reason": .string(reason), "since": .string(ISO8601DateFormatter().string(from: since)),
                            "attempts": .number(Double(attempts))]
        }
        var checks: [String: JSONValue] = ["storage": .object(storageCheck), "model": ["status": .string(modelReady ? "ok" : "starting")]]
        if let qualification { checks["qualification"] = qualification }
        var status = !modelReady ? "unavailable" : storageStatus
        for store in stores {
            switch store.status {
            case .ok:
                checks[store.name] = ["status": "ok"]
            case .unavailable(let reason, let since):
                checks[store.name] = ["status": .string(store.whenDown), "reason": .string(reason),
                                      "since": .string(ISO8601DateFormatter().string(from: since))]
                if store.critical { status = "unavailable" } else if status == "ok" { status = "degraded" }
            }
        }
        let body: JSONValue = [
            "status": .string(status), "checks": .object(checks), "limits": ["openFiles": .number(Double(Self.openFileLimit))],
        ]
        return Responses.json(status == "unavailable" ? .serviceUnavailable : .ok, body)
    }

    /// The soft limit on open descriptors (what bounds the connections this process can hold).
    static var openFileLimit: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Int(clamping: limit.rlim_cur)
    }
}
