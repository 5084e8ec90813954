public import AssistGateway
import AssistSQLite
import Foundation
import Synchronization

/// The quota of a gateway on SQLite storage, decided in memory and journaled (issue 32, item 3).
///
/// The process owns its data directory (`RequestJournal`'s lock), so its memory is the quota's authority: a
/// reservation is decided under a lock, exactly as `SQLiteQuotaStore`'s upsert decides it (concurrent requests
/// against a limit of K admit exactly K), and written to the journal before it is granted, or held in the
/// request step's write group (`JournalWriteGroup`), whose failed commit undoes it; a settlement is journaled,
/// then counted. SQLite takes both in the background, and at start the windows are read back from it
/// after the journal's replay, so a restart, or a SIGKILL, keeps every count. Windows before the clock's day are
/// dropped from memory as it advances (a settlement across midnight still reaches SQLite's row).
public final class JournaledQuotaStore: QuotaStore {
    private struct Usage { var requests = 0; var tokens = 0 }
    private struct Windows {
        var usage: [QuotaKey: Usage] = [:]
        var day: UTCDay
    }

    private let windows: Mutex<Windows>
    private let shipper: RequestJournalShipper
    private let clock: any WallClock

    /// Starts from SQLite's windows of the clock's day and later (read after the journal's replay).
    public init(shipper: RequestJournalShipper, clock: any WallClock) throws {
        self.shipper = shipper
        self.clock = clock
        let today = UTCDay(containing: clock.now())
        var windows = Windows(day: today)
        for window in try shipper.database.transaction({ try SQLiteQuotaStore.windows(from: today, $0) }) {
            windows.usage[window.key] = Usage(requests: window.requests, tokens: window.tokens)
        }
        self.windows = Mutex(windows)
    }

    public func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision {
        guard limits.requests >= 1, tokens >= 0, tokens <= limits.tokens else { return .exceeded }
        let today = UTCDay(containing: clock.now())
        let decision: QuotaDecision = windows.withLock { windows in
            if windows.day < today {
                windows.usage = windows.usage.filter { $0.key.day >= today }
                windows.day = today
            }
            var usage = windows.usage[key] ?? Usage()
            guard usage.requests < limits.requests, usage.tokens <= limits.tokens - tokens else { return .exceeded }
            usage.requests += 1
            usage.tokens += tokens
            windows.usage[key] = usage
            return .admitted(remainingRequests: limits.requests - usage.requests, remainingTokens: limits.tokens - usage.tokens)
        }
        guard case .admitted = decision else { return decision }
        let uncount: @Sendable () -> Void = { [self] in
            self.windows.withLock { windows in
                windows.usage[key]?.requests -= 1
                windows.usage[key]?.tokens -= tokens
            }
        }
        // Not journaled, so not granted: the count goes back.
        try JournalWriteGroup.write(.reserve(key, tokens: tokens), to: shipper, undo: uncount)
        return decision
    }

    /// Journaled first: a settlement the journal refuses leaves the reservation counted (never less), here as in
    /// SQLite. Held in a write group, it is counted once the group is committed.
    public func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws {
        let count: @Sendable () -> Void = { [self] in
            self.windows.withLock { windows in
                guard var usage = windows.usage[key] else { return }
                usage.tokens = max(0, usage.tokens - reservedTokens + actualTokens)
                windows.usage[key] = usage
            }
        }
        try JournalWriteGroup.write(.settle(key, reserved: reservedTokens, actual: actualTokens), to: shipper, then: count)
    }

    /// Requests and tokens counted for `key` (tests, diagnostics).
    public func usage(for key: QuotaKey) -> (requests: Int, tokens: Int) {
        windows.withLock { ($0.usage[key]?.requests ?? 0, $0.usage[key]?.tokens ?? 0) }
    }
}

/// The audit log of a gateway on SQLite storage: rows journaled on the request's path, in SQLite once the shipper
/// has them. Every read ships what is waiting first, so it sees every row written before it.
public final class JournaledAuditStore: AuditStore {
    private let shipper: RequestJournalShipper
    private let store: SQLiteAuditStore

    public init(shipper: RequestJournalShipper, store: SQLiteAuditStore) {
        self.shipper = shipper
        self.store = store
    }

    /// Held in the current write group when there is one (`JournalWriteGroup`), else appended at once.
    public func record(_ record: AuditRecord) async throws {
        try JournalWriteGroup.write(.row(record), to: shipper)
    }

    public func closeInterrupted(instance: String) async throws -> Int {
        try await shipper.ship()
        return try await store.closeInterrupted(instance: instance)
    }

    public func instancesWithOpenRows() async throws -> Set<String> {
        try await shipper.ship()
        return try await store.instancesWithOpenRows()
    }

    public func recent(limit: Int) async throws -> [AuditRecord] {
        try await shipper.ship()
        return try await store.recent(limit: limit)
    }

    public func record(for requestId: String) async throws -> AuditRecord? {
        try await shipper.ship()
        return try await store.record(for: requestId)
    }
}
