import Synchronization

/// What refusals are counted by: the minute, the endpoint, the reason and the client's address.
///
/// Every part comes from a bounded set (`RefusalTally` bounds the addresses of a minute; endpoints are
/// named by route, not by the path a client sent; reasons are error codes and token rejections), so the
/// rows a minute can add are bounded however many refusals it sees.
public struct RefusalKey: Hashable, Sendable, Comparable {
    /// Whole minutes since 1970-01-01 UTC.
    public var minute: Int
    /// The route refused (`/v1/assist/stream`, `/admin/features/{id}`), never a client's own path.
    public var endpoint: String
    /// The audit's reason: the error code, or `unauthenticated:<why the token was refused>`.
    public var reason: String
    /// `HTTPRequest.clientAddress`, or `RefusalTally.otherAddress` past a minute's bound.
    public var address: String

    public init(minute: Int, endpoint: String, reason: String, address: String) {
        self.minute = minute
        self.endpoint = endpoint
        self.reason = reason
        self.address = address
    }

    /// The minute that holds `seconds` since 1970.
    public static func minute(of secondsSince1970: Double) -> Int { Int((secondsSince1970 / 60).rounded(.down)) }

    public static func < (a: RefusalKey, b: RefusalKey) -> Bool {
        (a.minute, a.endpoint, a.reason, a.address) < (b.minute, b.endpoint, b.reason, b.address)
    }
}

/// Refusal counts per `RefusalKey`, added to in batches by `RefusalRecorder`'s flushes.
public protocol RefusalStore: Sendable {
    /// Adds each count to its key's row, creating the row when there is none. All or nothing.
    func add(_ counts: [RefusalKey: Int]) async throws
    /// The counts of every minute from `minute` on.
    func counts(since minute: Int) async throws -> [RefusalKey: Int]
    /// Forgets the minutes before `minute` (retention).
    func removeCounts(before minute: Int) async throws
}

public final class InMemoryRefusalStore: RefusalStore {
    private let rows = Mutex<[RefusalKey: Int]>([:])

    public init() {}

    public func add(_ counts: [RefusalKey: Int]) async throws {
        rows.withLock { rows in for (key, count) in counts { rows[key, default: 0] += count } }
    }

    public func counts(since minute: Int) async throws -> [RefusalKey: Int] {
        rows.withLock { $0.filter { $0.key.minute >= minute } }
    }

    public func removeCounts(before minute: Int) async throws {
        rows.withLock { rows in rows = rows.filter { $0.key.minute >= minute } }
    }
}
