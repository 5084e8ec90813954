import AssistAuditSpool
import AssistGateway
import AssistPostgres
import Foundation
import LocalServers
import Testing

/// The audit spool through a PostgreSQL outage and through a crash of its own process. These stop the server,
/// so they run with the restart tests, one after another on the suite's private server.
extension PostgresRestartTests {
    @Test("PostgreSQL stopped during a burst: every record succeeds, reads see the spool, and after the restart there is exactly one row per request, in order, with its final status")
    func spoolThroughOutage() async throws {
        let server = try await Self.server()
        let url = try await server.createSchema()
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit)
        let shipper = RunningShipper(spool)
        for n in 0..<10 {
            let started = startedRow("req_before_\(n)")
            try await spool.record(started)
            try await spool.record(endedRow(started, .ok))
        }
        #expect(await eventually { spool.size.rows == 0 })

        try await server.stop()
        let callers = 20, perCaller = 25
        let clock = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for n in 0..<perCaller {
                        let started = startedRow("req_\(caller)_\(n)", at: 1_700_000_000 + Double(caller * perCaller + n))
                        try await spool.record(started)
                        try await spool.record(endedRow(started, finalStatus(n)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let burst = ContinuousClock.now - clock
        let requests = callers * perCaller
        #expect(spool.size.rows == 2 * requests)
        #expect(spool.gauges.first { $0.name == "assist_audit_spool_rows" }?.value == Double(2 * requests))
        // What is only in the journal is readable: feedback finds the request it refers to.
        #expect(try await spool.record(for: "req_3_7")?.status == finalStatus(7))
        #expect(try await spool.record(for: "req_3_7")?.maskedValues == 1)  // every field goes through the journal
        #expect(try await spool.record(for: "req_3_7")?.traceId == "0af7651916cd43dd8448eb211c80319c")
        #expect(try await spool.record(for: "req_3_7").map { [$0.target ?? "", String($0.attempts), String($0.costMicros ?? 0)] }
                == ["openai-compatible:small", "2", "450"])
        // Shipped, and PostgreSQL is down: unknown now, which is an error for the caller (a 503), never "no such row".
        await #expect(throws: (any Error).self) { try await spool.record(for: "req_before_1") }
        await #expect(throws: (any Error).self) { try await spool.recent(limit: 3) }

        try await server.startAgain()
        #expect(await eventually(within: .seconds(30)) { spool.size == .init(rows: 0, bytes: 0) })
        try await shipper.stop()
        let rows = try await remoteRows(url)
        print("audit spool outage: \(2 * requests) rows of \(requests) requests spooled in \(burst) with \(spool.journalSyncs) fsyncs "
              + "in all; remote rows after the restart: \(rows.count) for \(requests + 10) requests")
        #expect(rows.count == requests + 10)
        #expect(Set(rows.map(\.id)).count == rows.count)
        let byId = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, (position: $0, row: $1)) })
        for caller in 0..<callers {
            var previous = -1
            for n in 0..<perCaller {
                guard let (position, row) = byId["req_\(caller)_\(n)"] else {
                    Issue.record("req_\(caller)_\(n) missing")
                    continue
                }
                #expect(row.status == finalStatus(n).rawValue)
                #expect(row.time == 1_700_000_000 + Double(caller * perCaller + n))
                #expect(position > previous, "each caller's requests arrive in the order they were made")
                previous = position
            }
        }
        await spool.close()
    }

    @Test("a crash with rows in the spool and the shipped mark lost: the next process replays the journal, closes its interrupted requests, and there is exactly one row per request")
    func spoolReplayAfterCrash() async throws {
        let server = try await Self.server()
        let url = try await server.createSchema()
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let callers = 10, perCaller = 20
        let lostMark = try await crashingProcess(server: server, url: url, directory: directory, callers: callers, perCaller: perCaller)
        // The crash came after the remote commit of the first rows but before their shipped mark was synced.
        try lostMark.write(to: URL(fileURLWithPath: directory.spool + "/shipped"))

        // The next process starts while PostgreSQL is still down.
        let spool = try await reopenSpool(directory.spool, remote: PostgresAuditStore(client: PostgresClient(url: url)))
        let inFlight = callers * (perCaller / 5)  // every fifth request was mid-stream at the crash: started only
        let journaled = 2 * 20 + 2 * callers * perCaller - inFlight
        #expect(spool.recovery == .init(rows: journaled, tornBytes: 0, damagedRecords: 0))
        #expect(try await spool.closeInterrupted(instance: "gw_a") == inFlight)  // closed in the journal; remotely once shipped
        #expect(try await spool.record(for: "req_0_4")?.status == .interrupted)
        try await spool.record(startedRow("req_new", instance: "gw_a"))  // this run's request, after the close: stays open

        try await server.startAgain()
        let shipper = RunningShipper(spool)
        #expect(await eventually(within: .seconds(30)) { spool.size == .init(rows: 0, bytes: 0) })
        try await shipper.stop()
        let rows = try await remoteRows(url)
        print("audit spool crash: \(journaled) journal rows replayed; remote rows: \(rows.count) for \(20 + callers * perCaller + 1) requests")
        #expect(rows.count == 20 + callers * perCaller + 1)
        #expect(Set(rows.map(\.id)).count == rows.count)
        let status = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.status) })
        for n in 0..<20 { #expect(status["req_shipped_\(n)"] == "ok") }
        for caller in 0..<callers {
            for n in 0..<perCaller {
                #expect(status["req_\(caller)_\(n)"] == (n % 5 == 4 ? "interrupted" : finalStatus(n).rawValue))
            }
        }
        #expect(status["req_new"] == "started")
        await spool.close()
    }

    /// The first process: ships 20 requests, then PostgreSQL stops and a burst is only journaled, some requests
    /// never ending; its shipper stops without shipping them and the store is dropped without closing. Returns
    /// the shipped mark as it was before anything shipped.
    private func crashingProcess(server: PostgresServer, url: String, directory: SpoolDirectory, callers: Int,
                                 perCaller: Int) async throws -> Data {
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit)
        let mark = try Data(contentsOf: URL(fileURLWithPath: directory.spool + "/shipped"))
        let shipper = RunningShipper(spool)
        for n in 0..<20 {
            let started = startedRow("req_shipped_\(n)", instance: "gw_a")
            try await spool.record(started)
            try await spool.record(endedRow(started, .ok))
        }
        #expect(await eventually { spool.size.rows == 0 })
        try await server.stop()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for n in 0..<perCaller {
                        let started = startedRow("req_\(caller)_\(n)", instance: "gw_a")
                        try await spool.record(started)
                        if n % 5 != 4 { try await spool.record(endedRow(started, finalStatus(n))) }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await shipper.stop()  // its last attempt fails: PostgreSQL is down
        #expect(spool.size.rows == 2 * callers * perCaller - callers * (perCaller / 5))
        return mark
    }
}
