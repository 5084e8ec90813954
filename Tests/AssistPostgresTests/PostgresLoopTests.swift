import AssistEventLoop
import AssistPostgres
import LocalServers
import Testing

/// The client on the event loops (issue 29): work runs on its caller's loop, over that loop's own connection,
/// and a transaction never moves to another connection.
@Suite("PostgreSQL client on the event loops")
struct PostgresLoopTests {
    /// Runs `work` in a task that prefers `loop`, as a request's task does.
    func onLoop<T: Sendable>(_ loop: EventLoop, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Task(executorPreference: loop) { try await work() }.value
    }

    @Test("work runs on its caller's loop, each loop over a connection of its own; callers on no loop share the client's")
    func connectionPerLoop() async throws {
        let client = PostgresClient(url: try await freshSchema())
        let loops = [try EventLoop(name: "test-a"), try EventLoop(name: "test-b")]
        defer { for loop in loops { loop.shutdown() } }
        func backend(on loop: EventLoop?) async throws -> Int {
            let work: @Sendable () async throws -> Int = {
                try await client.perform { statements in
                    #expect(EventLoop.current != nil, "on a loop, never a thread of the client's")
                    if let loop { #expect(EventLoop.current === loop, "on its caller's loop") }
                    return try await statements.query("SELECT pg_backend_pid()").first?.int(0) ?? -1
                }
            }
            if let loop { return try await onLoop(loop, work) }
            return try await work()
        }
        let a = try await backend(on: loops[0]), b = try await backend(on: loops[1]), own = try await backend(on: nil)
        #expect(Set([a, b, own]).count == 3, "three connections: \(a), \(b), \(own)")
        #expect(try await backend(on: loops[0]) == a, "the loop keeps its connection")
        #expect(try await backend(on: nil) == own)
    }

    @Test("a connection killed inside a transaction fails the rest of that work unsent; the next work reconnects")
    func transactionKeepsItsConnection() async throws {
        let url = try await freshSchema()
        let client = PostgresClient(url: url), killer = PostgresClient(url: url)
        try await client.query("CREATE TABLE t (k integer PRIMARY KEY)")
        let error = await #expect(throws: PostgresError.self) {
            try await client.perform { statements in
                try await statements.query("INSERT INTO t VALUES (1)")
                let pid = try await statements.query("SELECT pg_backend_pid()").first?.int(0) ?? -1
                try await killer.query("SELECT pg_terminate_backend($1)", [.int(pid)])
                try await statements.query("INSERT INTO t VALUES (2)")
            }
        }
        #expect(error?.kind == .connectionLost)
        #expect(try await client.query("SELECT count(*) FROM t").first?.int(0) == 0, "nothing of that work was committed")
        try await client.query("INSERT INTO t VALUES (3)")
        #expect(try await client.query("SELECT k FROM t").map { $0.int(0) } == [3])
    }

    @Test("a migration's script (several statements) runs between pipelined statements, in order")
    func scriptsBetweenStatements() async throws {
        let client = PostgresClient(url: try await freshSchema())
        let rows = try await client.perform { statements -> [Int?] in
            try await statements.query("CREATE TABLE t (k integer)")
            try await statements.execute("INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
            try await statements.query("INSERT INTO t VALUES ($1)", [.int(3)])
            return try await statements.query("SELECT k FROM t ORDER BY k").map { $0.int(0) }
        }
        #expect(rows == [1, 2, 3])
    }
}
