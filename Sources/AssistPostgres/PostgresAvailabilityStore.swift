public import AssistGateway
public import AssistWire

/// Availability report counts in PostgreSQL (`availability_counts`, migration 6): one upsert per report,
/// so every replica adds to the same counts.
public final class PostgresAvailabilityStore: AvailabilityStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    public func record(_ event: AvailabilityEvent) async throws {
        try await client.query("""
            INSERT INTO availability_counts (feature, platform, state, count) VALUES ($1, $2, $3, 1)
            ON CONFLICT (feature, platform, state) DO UPDATE SET count = availability_counts.count + 1
            """, [.text(event.feature), .text(event.platform), .text(event.state.rawValue)])
    }

    public func counts() async throws -> [AvailabilityCount: Int] {
        var result: [AvailabilityCount: Int] = [:]
        for row in try await client.query("SELECT feature, platform, state, count FROM availability_counts") {
            guard let feature = row.text(0), let platform = row.text(1), let state = row.text(2).flatMap(ModelAvailability.init(rawValue:)),
                  let count = row.int(3) else { continue }
            result[AvailabilityCount(feature: feature, platform: platform, state: state)] = count
        }
        return result
    }
}
