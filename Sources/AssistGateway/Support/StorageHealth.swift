public import Foundation
import Synchronization

/// Whether the gateway's storage takes writes, as its last writes found it: kept in memory so that
/// `GET /healthz` answers without touching the database (a database blocked by another process must
/// not freeze the liveness check too).
///
/// Two kinds of writes report here: the request's own (an audit row; `succeeded`, `failed`), and those a
/// background writer makes for it later (the request journal's batches into SQLite; `backgroundSucceeded`,
/// `backgroundFailed`). Storage is failing while either is; one kind succeeding does not clear the other.
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

        /// Returns whether writes had been failing until now.
        mutating func succeeded() -> Bool {
            defer { self = State() }
            return status == .failing
        }

        /// Returns whether this is the first failure of a run.
        mutating func failed(at time: Date) -> Bool {
            failures += 1
            guard status == .ok else { return false }
            (status, since) = (.failing, time)
            return true
        }
    }

    private let state = Mutex(State())
    private let background = Mutex(State())

    public init() {}

    /// A write succeeded. Returns whether storage had been failing until now.
    @discardableResult
    func succeeded() -> Bool {
        state.withLock { $0.succeeded() }
    }

    /// A write failed at `time`. Returns whether this is the first failure of a run (worth a log line).
    @discardableResult
    func failed(at time: Date) -> Bool {
        state.withLock { $0.failed(at: time) }
    }

    /// A background write succeeded. Returns whether background writes had been failing until now.
    @discardableResult
    public func backgroundSucceeded() -> Bool {
        background.withLock { $0.succeeded() }
    }

    /// A background write failed at `time`. Returns whether this is the first failure of a run.
    @discardableResult
    public func backgroundFailed(at time: Date) -> Bool {
        background.withLock { $0.failed(at: time) }
    }

    /// The status, the writes failed since storage began failing, and when it began (for `/healthz`).
    var report: (status: Status, failures: Int, since: Date?) {
        let (own, later) = (state.withLock { $0 }, background.withLock { $0 })
        let since = [own.since, later.since].compactMap { $0 }.min()
        return (own.status == .failing || later.status == .failing ? .failing : .ok, own.failures + later.failures, since)
    }
}
