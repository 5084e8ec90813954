import AssistPostgres
import LocalServers
import Testing

@Suite("PostgreSQL client")
struct PostgresClientTests {
    @Test("parameters and results round-trip in text format: text, NULL, integers, doubles exactly, booleans")
    func roundTrip() async throws {
        let client = PostgresClient(url: try await freshSchema())
        let text = "Ünïcode 'quoted' \"double\" \\ back; -- not a comment 🚀"
        let rows = try await client.query("SELECT $1::text, $2::text, $3::bigint, $4::double precision, $5::double precision, $6::boolean, $7::boolean", [
            .text(text), .null, .integer(-9_223_372_036_854_775_807), .double(0.1), .double(1_790_000_000.123456), .bool(true), .bool(false),
        ])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.text(0) == text)
        #expect(row[1] == nil)
        #expect(row.int(2) == -9_223_372_036_854_775_807)
        #expect(row.double(3) == 0.1)
        #expect(row.double(4) == 1_790_000_000.123456)
        #expect(row.bool(5) == true && row.bool(6) == false)
        #expect(try await client.query("SELECT generate_series(1, 3)").map { $0.int(0) } == [1, 2, 3])
    }

    @Test("a refused statement throws its SQLSTATE without the row's values; the client goes on")
    func serverError() async throws {
        let client = PostgresClient(url: try await freshSchema())
        try await client.query("CREATE TABLE t (k text PRIMARY KEY)")
        try await client.query("INSERT INTO t VALUES ($1)", [.text("secret-value")])
        let error = await #expect(throws: PostgresError.self) { try await client.query("INSERT INTO t VALUES ($1)", [.text("secret-value")]) }
        #expect(error?.kind == .server && error?.sqlState == "23505")
        #expect(error?.description.contains("secret-value") == false)
        #expect(try await client.query("SELECT count(*) FROM t").first?.int(0) == 1)
        let nul = await #expect(throws: PostgresError.self) { try await client.query("SELECT $1::text", [.text("a\u{0}b")]) }
        #expect(nul?.kind == .invalidArgument)
    }

    @Test("concurrent work is committed in shared batches; a failing job rolls back alone")
    func groupCommit() async throws {
        let client = PostgresClient(url: try await freshSchema())
        try await client.query("CREATE TABLE t (k integer PRIMARY KEY)")
        let before = client.committedBatches
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<200 {
                group.addTask {
                    // Every tenth job inserts a key and then fails on a duplicate of it: all of its work must go.
                    let committed: Void? = try? await client.perform { statements -> Void in
                        try await statements.query("INSERT INTO t VALUES ($1)", [.int(i)])
                        if i % 10 == 0 { try await statements.query("INSERT INTO t VALUES ($1)", [.int(i)]) }
                    }
                    return committed != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 180)
        #expect(try await client.query("SELECT count(*), count(*) FILTER (WHERE k % 10 = 0) FROM t").first?.values == ["180", "0"])
        let batches = client.committedBatches - before
        #expect(batches < 200, "200 jobs in \(batches) commits")
    }

    @Test("two replicas' batches locking the same rows in opposite orders both commit: the loser's jobs run again one by one")
    func deadlockedBatches() async throws {
        let url = try await freshSchema()
        let replicas = [PostgresClient(url: url), PostgresClient(url: url)]
        try await replicas[0].perform { try await $0.execute("CREATE TABLE t (k integer PRIMARY KEY, n integer NOT NULL); INSERT INTO t VALUES (1, 0), (2, 0)") }
        let before = ContinuousClock.now
        let results = await withTaskGroup(of: Bool.self) { group in
            for (replica, first, second) in [(replicas[0], 1, 2), (replicas[1], 2, 1)] {
                // A job that keeps the runner busy, so that the next two are taken together, in this order.
                group.addTask { (try? await replica.query("SELECT pg_sleep(0.2)")) != nil }
                try? await Task.sleep(for: .milliseconds(20))
                group.addTask {
                    let done: Void? = try? await replica.perform { statements -> Void in
                        try await statements.query("UPDATE t SET n = n + 1 WHERE k = $1", [.int(first)])
                        try await statements.query("SELECT pg_sleep(0.3)")
                    }
                    return done != nil
                }
                try? await Task.sleep(for: .milliseconds(20))
                group.addTask { (try? await replica.query("UPDATE t SET n = n + 1 WHERE k = $1", [.int(second)])) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 6))
        #expect(try await replicas[1].query("SELECT n FROM t ORDER BY k").map { $0.int(0) } == [2, 2])
        #expect(ContinuousClock.now - before < .seconds(5))
    }

    @Test("past its capacity the queue refuses at once; after shutdown work is refused")
    func bounded() async throws {
        var settings = PostgresClient.Settings()
        settings.capacity = 4
        let client = PostgresClient(url: try await freshSchema(), settings: settings)
        let errors = await withTaskGroup(of: PostgresError?.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    do { try await client.query("SELECT pg_sleep(0.05)"); return nil } catch { return error as? PostgresError }
                }
            }
            return await group.reduce(into: [PostgresError?]()) { $0.append($1) }
        }
        #expect(errors.contains { $0?.kind == .busy })
        #expect(errors.contains { $0 == nil })
        client.shutdown()
        await #expect(throws: PostgresError(.shutDown, "the client was shut down")) { try await client.query("SELECT 1") }
    }

    @Test("a password comes from the URL; a wrong one is refused at once, and no message shows it")
    func password() async throws {
        let server = try await PostgresServer.shared()
        let database = "postgres"
        try await server.execute("DO $$ BEGIN CREATE ROLE assist_pw LOGIN PASSWORD 's3cret-pw'; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        let good = PostgresClient(url: "postgres://assist_pw:s3cret-pw@127.0.0.1:\(server.port)/\(database)")
        #expect(try await good.query("SELECT current_user").first?.text(0) == "assist_pw")
        let badURL = "postgres://assist_pw:wrong-pw@127.0.0.1:\(server.port)/\(database)"
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresError.self) { try await PostgresClient(url: badURL).connect() }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(error?.kind == .unreachable)
        #expect(error.map { !$0.description.contains("wrong-pw") } == true)
        #expect(PostgresClient.redacted(badURL) == "postgres://assist_pw:***@127.0.0.1:\(server.port)/\(database)")
        #expect(PostgresClient.redacted("postgres://u@h/db") == "postgres://u@h/db")
    }
}
