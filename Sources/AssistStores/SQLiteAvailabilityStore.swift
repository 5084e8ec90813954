public import AssistGateway
public import AssistSQLite
public import AssistWire

/// Availability report counts in SQLite, one upsert per report.
public final class SQLiteAvailabilityStore: AvailabilityStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS availability_counts (
                feature TEXT NOT NULL, platform TEXT NOT NULL, state TEXT NOT NULL, count INTEGER NOT NULL,
                PRIMARY KEY (feature, platform, state)
            ) WITHOUT ROWID
            """)
    }

    public func record(_ event: AvailabilityEvent) async throws {
        try await database.perform("""
            INSERT INTO availability_counts VALUES (?1, ?2, ?3, 1)
            ON CONFLICT (feature, platform, state) DO UPDATE SET count = count + 1
            """, [.text(event.feature), .text(event.platform), .text(event.state.rawValue)])
    }

    public func counts() async throws -> [AvailabilityCount: Int] {
        var result: [AvailabilityCount: Int] = [:]
        for row in try await database.perform("SELECT feature, platform, state, count FROM availability_counts") {
            guard let feature = row[0].text, let platform = row[1].text, let state = row[2].text.flatMap(ModelAvailability.init(rawValue:)),
                  let count = row[3].int else { continue }
            result[AvailabilityCount(feature: feature, platform: platform, state: state)] = count
        }
        return result
    }
}
