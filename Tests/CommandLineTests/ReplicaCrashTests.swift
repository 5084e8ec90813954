import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import NginxFront
import ScriptedUpstream
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Replicas (issue 12) killed for real: `assist serve` processes with shared storage (one redis-server, one
/// PostgreSQL, both the tests' own, on free ports in temporary directories) SIGKILLed mid-work, where
/// `ReplicaTests` can only simulate a dead replica in-process. What a dead replica held must stay held until it
/// lapses or is closed, exactly once: its stream lease until the lease time, its quota reservation for good,
/// its audit rows (even those still in its local spool) after a restart on the same data directory.
@Suite("Replicas killed with SIGKILL", .serialized)
struct ReplicaCrashTests {
    @Test("stream cap across replicas: A SIGKILLed mid-stream holds the user's one slot on B until its lease lapses; its reservation still counts, once")
    func streamCapAfterSigkill() async throws {
        // A lease of 3 s, renewed every second: 2 to 3 s of it left at the kill, time enough for B's first check even
        // with both cores busy (a renewal round can be late).
        try await SharedReplicas.with(limits: ["maxConcurrentStreamsPerUser": 1, "streamLeaseSeconds": 3], requestsPerDay: 50) { cluster in
            async let startA = cluster.serve("a")
            async let startB = cluster.serve("b")
            let (a, b) = try await (startA, startB)

            // The user's one stream, on A, left open.
            let open = try await cluster.openStream(port: a.port, token: a.token)
            #expect(open.status == 200)
            #expect(open.headers["ratelimit-remaining"] == "49")
            let streamId = try #require(open.headers["x-request-id"])
            // Past its first lease time: A's renewals, not the lease it took, hold the slot now.
            try await Task.sleep(for: .milliseconds(3500))
            let refusedWhileAlive = try await cluster.stream(port: b.port, token: b.token)
            #expect(refusedWhileAlive.status == 429 && refusedWhileAlive.errorCode == "too_many_streams", "\(refusedWhileAlive.text)")
            // Its row, written ahead with the reservation as its tokens, has reached PostgreSQL.
            let started = try #require(await cluster.auditRows([streamId]) { $0.first?.status == "started" }.first, cluster.logs)
            #expect(started.status == "started" && started.instance == a.instance && started.tokens > 0, "\(started)")

            try await a.kill()
            let killed = ContinuousClock.now
            open.connection.close()
            // A renews no more, but its lease lives on until it lapses (Redis's clock): B still refuses, at once.
            let refused = try await cluster.stream(port: b.port, token: b.token)
            #expect(refused.status == 429 && refused.errorCode == "too_many_streams", "\(refused.text)")
            #expect(ContinuousClock.now - killed < .seconds(1), "the check ran within the lease")

            var admitted: TestResponse?
            while admitted == nil, ContinuousClock.now - killed < .seconds(10) {
                let response = try await cluster.stream(port: b.port, token: b.token)
                if response.status == 200 {
                    admitted = response
                } else {
                    #expect(response.status == 429 && response.errorCode == "too_many_streams", "\(response.text)")
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            let freedAfter = ContinuousClock.now - killed
            print("replica crash: A's stream slot free on B \(freedAfter) after SIGKILL (lease 3 s, renewed every 1 s)")
            let onB = try #require(admitted, "B never admitted the user's stream after A died\n\(cluster.logs)")
            #expect(freedAfter >= .seconds(1) && freedAfter < .seconds(6))
            guard case .done? = onB.events.last else { Issue.record("no done: \(onB.text)"); return }
            // 50 a day: A's unsettled reservation still counts, B's counts once, B's refusals took nothing.
            #expect(onB.headers["ratelimit-remaining"] == "48")

            // Redis counts two requests, and exactly A's reserved tokens plus B's settled ones.
            let bId = try #require(onB.headers["x-request-id"])
            let bRow = try #require(await cluster.auditRows([bId]) { $0.first?.status == "ok" }.first, cluster.logs)
            #expect(bRow.status == "ok" && bRow.instance == b.instance, "\(bRow)")
            var window = try await cluster.quotaWindow()
            #expect(window.requests == 2)
            #expect(window.tokens == started.tokens + bRow.tokens, "A reserved \(started.tokens), B used \(bRow.tokens)")
            // A never comes back: once its presence lease has lapsed, B closes A's open row as interrupted (B sweeps
            // every lease time), its reservation kept.
            let closed = try #require(await cluster.auditRows([streamId]) { $0.first?.status == "interrupted" }.first,
                                      "A's row still open \(ContinuousClock.now - killed) after the kill\n\(cluster.logs)")
            let closedAfter = ContinuousClock.now - killed
            print("replica crash: A's open row closed by B \(closedAfter) after SIGKILL (lease 3 s, sweeps every 3 s)")
            #expect(closed.status == "interrupted" && closed.tokens == started.tokens, "\(closed)")
            #expect(closedAfter < .seconds(10))

            // A back on its data directory later: nothing left to close, nothing counted again.
            let again = try await cluster.serve("a")
            #expect(again.instance == a.instance)
            #expect(try await cluster.auditRows([streamId]).first?.status == "interrupted")
            window = try await cluster.quotaWindow()
            #expect(window.requests == 2 && window.tokens == started.tokens + bRow.tokens)
            try await again.stop()
            try await b.stop()
        }
    }

    @Test("audit through a SIGKILL with a non-empty spool: after PostgreSQL and the replica are back, one row per request, in-flight ones interrupted")
    func auditSpoolThroughSigkill() async throws {
        try await SharedReplicas.with(limits: ["maxConcurrentStreamsPerUser": 100, "streamLeaseSeconds": 2], requestsPerDay: 1000) { cluster in
            let a = try await cluster.serve("a")
            // What the start wrote has been shipped: the spool is empty before PostgreSQL goes.
            #expect(try await cluster.eventually { try await cluster.spoolRows(port: a.port) == 0 })
            try await cluster.postgres.stop()

            let finished = 24, inFlight = 2
            var ids: [String] = []
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<finished { group.addTask { try await cluster.stream(port: a.port, token: a.token) } }
                for try await response in group {
                    #expect(response.status == 200, "\(response.text)")
                    if case .done? = response.events.last {} else { Issue.record("no done: \(response.text)") }
                    if let id = response.headers["x-request-id"] { ids.append(id) }
                }
            }
            #expect(ids.count == finished)
            var open: [(connection: TestConnection, id: String)] = []
            for _ in 0..<inFlight {
                let stream = try await cluster.openStream(port: a.port, token: a.token)
                #expect(stream.status == 200)
                open.append((stream.connection, try #require(stream.headers["x-request-id"])))
            }
            // Everything waits in the spool: a started and an ended row per finished request, a started row per open one.
            let waiting = try await cluster.spoolRows(port: a.port)
            #expect(waiting >= 2 * finished + inFlight, "spool rows: \(waiting)")

            try await a.kill()
            for stream in open { stream.connection.close() }
            let spool = URL(fileURLWithPath: a.dataDirectory).appendingPathComponent("audit-spool")
            let journals = try FileManager.default.contentsOfDirectory(atPath: spool.path).filter { $0.hasPrefix("journal.") }
            #expect(!journals.isEmpty, "\(journals)")

            try await cluster.postgres.startAgain()
            let restarted = try await cluster.serve("a")
            #expect(restarted.instance == a.instance)
            let all = ids + open.map(\.id)
            let rows = try await cluster.auditRows(all, within: .seconds(20)) { rows in
                rows.count == all.count && !rows.contains { $0.status == "started" }
            }
            #expect(rows.count == all.count, "one row per request: \(rows.count) of \(all.count)\n\(cluster.logs)")
            #expect(Set(rows.map(\.requestId)) == Set(all))
            #expect(rows.filter { ids.contains($0.requestId) }.allSatisfy { $0.status == "ok" }, "\(rows)")
            #expect(rows.filter { !ids.contains($0.requestId) }.map(\.status) == Array(repeating: "interrupted", count: inFlight))
            #expect(rows.allSatisfy { $0.instance == a.instance })
            // No row of this replica beyond these (none replayed under another id, none lost), and the spool drained.
            let instanceRows = try await cluster.postgres.query(
                "SELECT count(*) FROM audit_log WHERE instance = '\(a.instance)'", at: cluster.databaseURL)
            #expect(instanceRows.first?.first == String(all.count))
            #expect(try await cluster.eventually { try await cluster.spoolRows(port: restarted.port) == 0 })
            // The quota charged adds up to the rows: the interrupted keep their reservation, none counted twice.
            let window = try await cluster.quotaWindow()
            #expect(window.requests == all.count)
            #expect(window.tokens == rows.map(\.tokens).reduce(0, +))
            try await restarted.stop()
        }
    }

    @Test("behind the shipped nginx: the replica holding a stream is SIGKILLed; that stream ends without done, every new request is served by the other")
    func sigkillBehindNginx() async throws {
        try await SharedReplicas.with(limits: ["maxConcurrentStreamsPerUser": 10, "streamLeaseSeconds": 2, "trustedProxies": ["127.0.0.1"]],
                                      requestsPerDay: 1000) { cluster in
            async let startA = cluster.serve("a")
            async let startB = cluster.serve("b")
            let replicas = try await [startA, startB]
            let nginx = try await onOwnThread { try NginxServer.start(replicas: replicas.map(\.port)) }
            defer { nginx.stop() }
            let token = replicas[0].token

            var before: [String] = []
            for _ in 0..<6 {
                let response = try await cluster.stream(port: nginx.port, token: token)
                #expect(response.status == 200, "\(response.text)")
                before.append(try #require(response.headers["x-request-id"]))
            }
            let servedBefore = try await cluster.auditRows(before) { $0.count == before.count && $0.allSatisfy { $0.status == "ok" } }
            #expect(servedBefore.count == before.count && servedBefore.allSatisfy { $0.status == "ok" }, "\(servedBefore)")
            #expect(Set(servedBefore.map(\.instance)) == Set(replicas.map(\.instance)), "least_conn left a replica idle")

            // A stream through nginx, and the replica that holds it killed.
            let open = try await cluster.openStream(port: nginx.port, token: token)
            #expect(open.status == 200)
            let openId = try #require(open.headers["x-request-id"])
            let holder = try #require(await cluster.auditRows([openId]) { $0.first?.status == "started" }.first, cluster.logs)
            #expect(holder.status == "started", "\(holder)")
            let victim = try #require(replicas.first { $0.instance == holder.instance })
            let survivor = try #require(replicas.first { $0.instance != holder.instance })
            try await victim.kill()
            let cut = try await onOwnThread { try open.connection.readToEnd(timeout: .seconds(10)) }
            #expect(!TestResponse.events(in: cut).contains { if case .done = $0 { true } else { false } }, "the cut stream ends without done")

            var after: [String] = []
            for _ in 0..<6 {
                let response = try await cluster.stream(port: nginx.port, token: token)
                #expect(response.status == 200, "\(response.text)\n\(nginx.errorLog)")
                if case .done? = response.events.last {} else { Issue.record("no done: \(response.text)") }
                after.append(try #require(response.headers["x-request-id"]))
            }
            let servedAfter = try await cluster.auditRows(after) { $0.count == after.count && $0.allSatisfy { $0.status == "ok" } }
            #expect(servedAfter.count == after.count && servedAfter.allSatisfy { $0.status == "ok" }, "\(servedAfter)")
            #expect(servedAfter.allSatisfy { $0.instance == survivor.instance }, "\(servedAfter.map(\.instance))")
            // Each request reached the model once: nginx passed no POST on to a second replica, the cut stream's included.
            #expect(cluster.upstream.requests.count == before.count + 1 + after.count)
            try await survivor.stop()
        }
    }

    @Test("feedback on another replica finds the request; feedback export --config reads every replica's from PostgreSQL")
    func feedbackAcrossReplicas() async throws {
        try await SharedReplicas.with(limits: [:], requestsPerDay: 100) { cluster in
            let (a, b) = (try await cluster.serve("a"), try await cluster.serve("b"))
            func served(on replica: SharedReplicas.Served) async throws -> String {
                let response = try await cluster.stream(port: replica.port, token: replica.token)
                let id = try #require(response.headers["x-request-id"])
                _ = try await cluster.auditRows([id]) { $0.first?.status == "ok" }
                return id
            }
            func wrong(_ id: String, on replica: SharedReplicas.Served) async throws -> Int {
                try await testRequest(port: replica.port, method: "POST", path: "/v1/feedback", headers: [("Authorization", "Bearer \(replica.token)")],
                                      body: JSONWriter.bytes(["requestId": .string(id), "verdict": "wrong"])).status
            }
            let (onA, onB) = (try await served(on: a), try await served(on: b))
            #expect(try await wrong(onA, on: a) == 201)
            #expect(try await wrong(onB, on: a) == 201, "the request B served is found from A")
            let result = try await onOwnThread {
                try AssistBinary.run(["feedback", "export", "--config", cluster.configuration.path], environment: cluster.environment)
            }
            #expect(result.status == 0, "\(result.stderr)")
            let ids = result.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0))["id"]?.stringValue }
            // The input of a request is remembered by the replica that served it: B's, sent to A, has none to export.
            #expect(ids == ["fb-\(onA)"], "\(result.stdout)")
            #expect(result.stderr.contains("1 \"wrong\" verdicts skipped"), "\(result.stderr)")
            try await a.stop()
            try await b.stop()
        }
    }
}

/// Replicas as processes: `assist serve` with storage kind `shared`, each with a data directory of its own, all
/// on one redis-server and one PostgreSQL of the test's own, one scripted upstream, the same JWT secret and
/// admin token (as an operator deploys them). A request whose message is `slow` gets a stream that stalls after
/// its first token; any other gets a short answer.
final class SharedReplicas: Sendable {
    let directory: URL
    let redis: RedisServer
    let postgres: PostgresServer
    let databaseURL: String
    let upstream: ScriptedUpstream
    let configuration: URL
    let environment: [String: String]
    private let started = Mutex<[Process]>([])

    static let slowBody = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "slow"], "locale": "en-US"])
    static let quickBody = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "hi"], "locale": "en-US"])

    private init(directory: URL, redis: RedisServer, postgres: PostgresServer, databaseURL: String, upstream: ScriptedUpstream,
                 configuration: URL) {
        self.directory = directory
        self.redis = redis
        self.postgres = postgres
        self.databaseURL = databaseURL
        self.upstream = upstream
        self.configuration = configuration
        environment = ["ASSIST_REDIS_URL": redis.url + "/0", "ASSIST_DATABASE_URL": databaseURL,
                       "ASSIST_JWT_HS256_SECRET": UUID().uuidString + UUID().uuidString, "ASSIST_ADMIN_TOKEN": "admin-" + UUID().uuidString]
    }

    /// Starts Redis, PostgreSQL and the upstream, writes the configuration (the built-in travel one with shared
    /// storage, `limits` changed, `requestsPerDay` for support_chat at every trust level), runs `body`, then stops
    /// every process it started (by pid) and removes their directories, however `body` ended.
    static func with(limits: [String: JSONValue], requestsPerDay: Int, _ body: (SharedReplicas) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-replica-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let redis: RedisServer
        do {
            redis = try await RedisServer.start()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let cluster: SharedReplicas
        do {
            let postgres = try await PostgresServer.start()
            let upstream = try ScriptedUpstream(script: Script(tokens: ["Hello", ", ", "world", "."]), threadPoolSize: 4)
            upstream.chooser = { body in
                String(decoding: body, as: UTF8.self).contains("slow") ? Script(tokens: ["first "], ending: .stall) : nil
            }
            let configuration = directory.appendingPathComponent("replicas.json")
            try Data(try Self.configuration(limits: limits, requestsPerDay: requestsPerDay)).write(to: configuration)
            cluster = SharedReplicas(directory: directory, redis: redis, postgres: postgres, databaseURL: postgres.url(), upstream: upstream,
                                     configuration: configuration)
        } catch {
            await redis.remove()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        do {
            try await body(cluster)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    private static func configuration(limits: [String: JSONValue], requestsPerDay: Int) throws -> [UInt8] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let text = try Data(contentsOf: repository.appendingPathComponent("config/travel.json"))
        guard case .object(var root) = try JSONParser.parse(Array(text)), case .object(var limitMembers)? = root["limits"],
              case .object(var features)? = root["features"], case .object(var chat)? = features["support_chat"]
        else { throw Failure(description: "config/travel.json changed shape") }
        for (key, value) in limits { limitMembers[key] = value }
        root["limits"] = .object(limitMembers)
        let quota: JSONValue = ["requestsPerDay": .number(Double(requestsPerDay)), "tokensPerDay": 10_000_000]
        chat["quotas"] = ["trusted": quota, "degraded": quota, "untrusted": quota, "unavailable": quota]
        // The scripted upstream's text, relayed as it comes.
        chat["guard"] = nil
        chat["qualification"] = "unchecked"
        features["support_chat"] = .object(chat)
        root["features"] = .object(features)
        root["storage"] = ["kind": "shared", "connectSeconds": 20]
        root["qualification"] = ["results": .string(repository.appendingPathComponent("golden/qualification.json").path)]
        return JSONWriter.bytes(.object(root))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One `assist serve` process.
    struct Served: Sendable {
        let running: AssistBinary.Running
        let port: Int
        let token: String
        let dataDirectory: String
        /// Its instance id (`<data-dir>/instance-id`), as its audit rows carry it.
        let instance: String

        /// SIGKILL: no drain, no clean-up, nothing given back. Returns once the process is gone.
        func kill() async throws {
            Glibc.kill(running.process.processIdentifier, SIGKILL)
            try await running.exit(within: .seconds(10))
        }

        /// SIGTERM, and the drain `assist serve` does on it.
        func stop() async throws {
            Glibc.kill(running.process.processIdentifier, SIGTERM)
            try await running.exit(within: .seconds(20))
        }
    }

    /// Starts `assist serve` on a free port with the data directory `name` (the same name: the same directory,
    /// as a replica restarted in place) and returns once it prints its banner.
    func serve(_ name: String) async throws -> Served {
        let data = directory.appendingPathComponent("data-\(name)").path
        var lastFailure = ""
        for attempt in 1...3 {  // a free port can be taken by someone else before the gateway binds it
            let port = try freeLoopbackPort()
            let log = directory.appendingPathComponent("\(name)-\(port)-\(attempt).log")
            let running = try AssistBinary.start(["serve", "--config", configuration.path, "--upstream", upstream.baseURL, "--port", String(port),
                                                  "--data-dir", data], stderr: log, environment: environment)
            started.withLock { $0.append(running.process) }
            let banner = try await running.output(until: "Ctrl-C")
            if banner.contains("Ctrl-C"), let token = banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces) {
                let instance = try String(contentsOfFile: data + "/instance-id", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                return Served(running: running, port: port, token: token, dataDirectory: data, instance: instance)
            }
            Glibc.kill(running.process.processIdentifier, SIGKILL)
            try? await running.exit(within: .seconds(10))
            lastFailure = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        throw Failure(description: "assist serve (\(name)) did not start:\n\(lastFailure.suffix(3000))")
    }

    /// Every replica's standard error so far, for a failing expectation to show.
    var logs: Comment {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".log") }.sorted()) ?? []
        return Comment(rawValue: files.map { file in
            "--- \(file)\n" + String(((try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? "").suffix(2000))
        }.joined(separator: "\n"))
    }

    /// `POST /v1/assist/stream` (a short answer), read to the end.
    func stream(port: Int, token: String) async throws -> TestResponse {
        try await testRequest(port: port, method: "POST", path: "/v1/assist/stream",
                              headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: Self.quickBody)
    }

    /// A stream that stalls after its first token, left open: its connection once that token has arrived.
    func openStream(port: Int, token: String) async throws -> (connection: TestConnection, status: Int, headers: [String: String]) {
        try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: Self.slowBody)
            let head = try connection.readHead()
            if head.status == 200 { _ = try connection.read(until: "first") }
            return (connection, head.status, head.headers)
        }
    }

    /// An audit row as PostgreSQL holds it.
    struct AuditRow: Sendable, CustomStringConvertible {
        let requestId: String
        let status: String
        let tokens: Int
        let instance: String
        var description: String { "\(requestId) \(status) \(tokens) tokens on \(instance)" }
    }

    /// The rows of `ids` in PostgreSQL's `audit_log` (read there, not through the gateway), once `condition`
    /// holds of them or `within` has passed: then as they are, so the caller must still check what it waited for.
    /// PostgreSQL may be briefly unreachable meanwhile.
    func auditRows(_ ids: [String], within limit: Duration = .seconds(10),
                   until condition: ([AuditRow]) -> Bool = { _ in true }) async throws -> [AuditRow] {
        let list = ids.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ",")
        let sql = "SELECT request_id, status, input_tokens + output_tokens, instance FROM audit_log WHERE request_id IN (\(list)) ORDER BY id"
        let read: () async throws -> [AuditRow] = { [postgres, databaseURL] in
            try await postgres.query(sql, at: databaseURL).map { row in
                AuditRow(requestId: row[0] ?? "", status: row[1] ?? "", tokens: Int(row[2] ?? "") ?? -1, instance: row[3] ?? "")
            }
        }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let rows = try? await read(), condition(rows) { return rows }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await read()
    }

    /// support_chat's one quota window in Redis (this test's Redis holds no other), read there.
    func quotaWindow() async throws -> (requests: Int, tokens: Int) {
        let keys = try await redis.command(["KEYS", "assist:quota:*"]).strings
        guard keys.count == 1 else { throw Failure(description: "expected one quota window in Redis, found \(keys)") }
        let fields = try await redis.command(["HGETALL", keys[0]]).strings
        var values: [String: Int] = [:]
        for index in stride(from: 0, to: fields.count - 1, by: 2) { values[fields[index]] = Int(fields[index + 1]) }
        return (values["requests"] ?? 0, values["tokens"] ?? 0)
    }

    /// The replica's `assist_audit_spool_rows` from `/metrics`.
    func spoolRows(port: Int) async throws -> Int {
        let metrics = try await testRequest(port: port, path: "/metrics").text
        guard let line = metrics.split(separator: "\n").first(where: { $0.hasPrefix("assist_audit_spool_rows ") }),
              let value = Double(line.split(separator: " ").last ?? "") else {
            throw Failure(description: "no assist_audit_spool_rows in /metrics")
        }
        return Int(value)
    }

    /// Polls `condition` every 50 ms for up to `limit`; whether it held.
    func eventually(within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    /// SIGKILLs every `assist` still running and waits for it, then stops the upstream, Redis and PostgreSQL by
    /// their pids and removes the directory.
    private func remove() async {
        for process in started.withLock({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        }
        upstream.stop()
        await redis.remove()
        try? await postgres.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
