import AssistPostgres
import Testing

@Suite("PostgreSQL migrations")
struct PostgresMigrationTests {
    static let migrations = [
        PostgresMigration(version: 1, name: "a", sql: "CREATE TABLE a (x integer); INSERT INTO a VALUES (1);"),
        PostgresMigration(version: 2, name: "b", sql: "CREATE TABLE b (y integer); INSERT INTO a VALUES (2);"),
    ]

    @Test("replicas starting at once: one applies each migration, the others wait and apply nothing")
    func concurrentStart() async throws {
        let url = try await freshSchema()
        let clients = (0..<4).map { _ in PostgresClient(url: url) }
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for client in clients { group.addTask { try await PostgresMigrator.migrate(client, Self.migrations) } }
            return try await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        #expect(applied.sorted { $0.count > $1.count } == [[1, 2], [], [], []])
        #expect(try await PostgresMigrator.appliedVersions(clients[0]) == [1, 2])
        #expect(try await clients[1].query("SELECT x FROM a ORDER BY x").map { $0.int(0) } == [1, 2])  // each ran once
    }

    @Test("a later version is applied on the next start, the earlier ones are not run again")
    func laterVersion() async throws {
        let client = PostgresClient(url: try await freshSchema())
        #expect(try await PostgresMigrator.migrate(client, Self.migrations) == [1, 2])
        let third = PostgresMigration(version: 3, name: "c", sql: "INSERT INTO a VALUES (3)")
        #expect(try await PostgresMigrator.migrate(client, Self.migrations + [third]) == [3])
        #expect(try await PostgresMigrator.migrate(client, Self.migrations + [third]) == [])
        #expect(try await client.query("SELECT x FROM a ORDER BY x").map { $0.int(0) } == [1, 2, 3])
    }

    @Test("a failing migration leaves the schema as it was, with none of its run recorded")
    func failureRollsBack() async throws {
        let client = PostgresClient(url: try await freshSchema())
        let broken = PostgresMigration(version: 3, name: "broken", sql: "CREATE TABLE c (z integer); SELEC 1;")
        let error = await #expect(throws: PostgresError.self) { try await PostgresMigrator.migrate(client, Self.migrations + [broken]) }
        #expect(error?.sqlState == "42601")
        #expect(try await client.query("SELECT to_regclass('a') IS NULL, to_regclass('c') IS NULL").first?.values == ["t", "t"])
        #expect(try await PostgresMigrator.migrate(client, Self.migrations) == [1, 2])
    }

    @Test("the gateway's schema applies once and holds every store's table")
    func gatewaySchema() async throws {
        let stores = try await freshStores()
        #expect(try await PostgresMigrator.appliedVersions(stores.client) == PostgresSchema.migrations.map(\.version))
        #expect(try await PostgresMigrator.migrate(stores.client, PostgresSchema.migrations) == [])
        let tables = try await stores.client.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1").compactMap { $0.text(0) }
        #expect(tables == ["audit_log", "availability_counts", "device_keys", "feature_overrides", "feedback", "refusal_counts",
                           "schema_migrations", "summary_cache"])
    }
}
