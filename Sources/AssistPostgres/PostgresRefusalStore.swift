public import AssistGateway

/// Refusal counts in PostgreSQL (`refusal_counts`, migration 7), one row per (minute, endpoint, reason,
/// address), added to by upsert, as `SQLiteRefusalStore`. Every replica adds its own flushes to the same rows.
public final class PostgresRefusalStore: RefusalStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    /// All or nothing: one job, one transaction. Keys in a fixed order, so two replicas' flushes lock the
    /// rows they share in the same order and cannot deadlock.
    public func add(_ counts: [RefusalKey: Int]) async throws {
        guard !counts.isEmpty else { return }
        let ordered = counts.sorted { $0.key < $1.key }
        try await client.perform { statements in
            for (key, count) in ordered {
                try await statements.query("""
                    INSERT INTO refusal_counts (minute, endpoint, reason, address, count) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (minute, endpoint, reason, address) DO UPDATE SET count = refusal_counts.count + excluded.count
                    """, [.int(key.minute), .text(key.endpoint), .text(key.reason), .text(key.address), .int(count)])
            }
        }
    }

    public func counts(since minute: Int) async throws -> [RefusalKey: Int] {
        var result: [RefusalKey: Int] = [:]
        for row in try await client.query("SELECT minute, endpoint, reason, address, count FROM refusal_counts WHERE minute >= $1",
                                          [.int(minute)]) {
            guard let minute = row.int(0), let endpoint = row.text(1), let reason = row.text(2), let address = row.text(3),
                  let count = row.int(4) else { continue }
            result[RefusalKey(minute: minute, endpoint: endpoint, reason: reason, address: address)] = count
        }
        return result
    }

    public func removeCounts(before minute: Int) async throws {
        try await client.query("DELETE FROM refusal_counts WHERE minute < $1", [.int(minute)])
    }
}
