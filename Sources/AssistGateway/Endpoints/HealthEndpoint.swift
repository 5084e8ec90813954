import AssistHTTP
import AssistWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `GET /healthz`, answered from memory (a blocked database must not freeze the liveness check too):
///
///     {"status": "ok" | "degraded" | "unavailable",
///      "checks": {"storage": {"status": "ok" | "failing", "failedWrites"?, "since"?}, "model": {"status": "ok" | "starting"}},
///      "limits": {"openFiles": N}}
///
/// 200 for ok or degraded, 503 for unavailable. A model that is not ready makes the gateway unavailable;
/// failing audit writes make it degraded (requests are still served while rows are lost).
struct HealthEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle() async -> HTTPResponse {
        let modelReady = await dependencies.models.isReady()
        let storage = dependencies.state.storageHealth.report
        var storageCheck: [String: JSONValue] = ["status": .string(storage.status.rawValue)]
        if let since = storage.since {
            storageCheck["failedWrites"] = .number(Double(storage.failures))
            storageCheck["since"] = .string(ISO8601DateFormatter().string(from: since))
        }
        let status = !modelReady ? "unavailable" : storage.status == .ok ? "ok" : "degraded"
        let body: JSONValue = [
            "status": .string(status),
            "checks": ["storage": .object(storageCheck), "model": ["status": .string(modelReady ? "ok" : "starting")]],
            "limits": ["openFiles": .number(Double(Self.openFileLimit))],
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
