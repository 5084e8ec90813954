import Foundation
import Synchronization

/// Whether the gateway's storage takes writes, as its last writes found it: kept in memory so that
/// `GET /healthz` answers without touching the database (a database blocked by another process must
/// not freeze the liveness check too).
public final class StorageHealth: Sendable {
    public enum Status: String, Sendable {
        case ok
        /// The last audit write failed: rows are being lost.
        case failing
    }

    private struct State {
        var status = Status.ok
        var since: Date?
        var failures = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// A write succeeded. Returns whether storage had been failing until now.
    @discardableResult
    func succeeded() -> Bool {
        state.withLock { state in
            defer { state = State() }
            return state.status == .failing
        }
    }

    /// A write failed at `time`. Returns whether this is the first failure of a run (worth a log line).
    @discardableResult
    func failed(at time: Date) -> Bool {
        state.withLock { state in
            state.failures += 1
            guard state.status == .ok else { return false }
            state.status = .failing
            state.since = time
            return true
        }
    }

    /// The status, the writes failed since storage began failing, and when it began (for `/healthz`).
    var report: (status: Status, failures: Int, since: Date?) { state.withLock { ($0.status, $0.failures, $0.since) } }
}
