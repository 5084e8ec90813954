import AssistGateway
import AssistPostgres
import AssistRedis
import AssistWire
import CLinux
import Foundation
import LocalServers
import ScriptedUpstream
#if canImport(Glibc)
import Glibc
#endif

/// Shared storage (Redis + PostgreSQL) against SQLite, in the same run: the latency a gateway with
/// `storage.kind: "shared"` adds, quota reserve+settle on Redis, audit rows into PostgreSQL, and how long an
/// admin change on one replica takes to show on another. Starts its own redis-server (deploy/redis.conf) and
/// PostgreSQL (initdb + pg_ctl, as the postgres user when root, with PostgreSQL's durable defaults) in
/// temporary directories on free ports (`LocalServers`), and stops them at the end, also on error.
struct SharedBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run() async throws {
        print("7. Shared storage (Redis + PostgreSQL) against SQLite")
        try await RedisServer.with(configuration: RedisServer.shippedConfiguration) { redis in
            let postgres = try await PostgresServer.start(durability: .durable)
            do {
                print("   redis-server on 127.0.0.1:\(redis.port), PostgreSQL on 127.0.0.1:\(postgres.port) "
                      + "(\(redis.directory.path), \(postgres.directory))")
                try await measure(redisURL: redis.url + "/0", databaseURL: try await postgres.createDatabase("assist"))
            } catch {
                try? await postgres.remove()
                throw error
            }
            try await postgres.remove()
        }
        print("")
    }

    private func measure(redisURL: String, databaseURL: String) async throws {
        let adminToken = "bench-admin-\(getpid())"
        let environment = ["ASSIST_REDIS_URL": redisURL, "ASSIST_DATABASE_URL": databaseURL, "ASSIST_ADMIN_TOKEN": adminToken]
        let storage: JSONValue = .object(["kind": .string("shared"), "connectSeconds": .number(30)])
        let replicaA = try GatewayProcess(upstream: upstream.baseURL, port: freeLoopbackPort(), environment: environment, storage: storage)
        defer { replicaA.stop() }
        try addedLatency(shared: replicaA)
        try await quota(url: redisURL)
        try await audit(url: databaseURL)
        let replicaB = try GatewayProcess(upstream: upstream.baseURL, port: freeLoopbackPort(), environment: environment, storage: storage)
        defer { replicaB.stop() }
        try propagation(from: replicaA, to: replicaB, adminToken: adminToken)
    }

    // MARK: 7a. added latency

    private func addedLatency(shared: GatewayProcess) throws {
        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let direct = LatencyBench.directStreams(upstream)
        let sqlite = LatencyBench.streams(port: gateway.port, token: gateway.token())
        let sharedLoad = LatencyBench.streams(port: shared.port, token: shared.token())
        _ = direct.run(rate: 200, seconds: 1)
        _ = sqlite.run(rate: 200, seconds: 1)
        _ = sharedLoad.run(rate: 200, seconds: 1)
        print("   a. added latency (request start → end of stream), open loop, 8-token answers")
        print("   rate      path      n      ok%     p50 ms   p99 ms")
        let environment = ProcessInfo.processInfo.environment
        let rates = (environment["BENCH_SHARED_RATES"] ?? "500,2000").split(separator: ",").compactMap { Int($0) }
        for rate in rates {
            let seconds = Double(environment["BENCH_SECONDS"] ?? "") ?? 3
            let results = [("direct", direct.run(rate: rate, seconds: seconds)), ("sqlite", sqlite.run(rate: rate, seconds: seconds)),
                           ("shared", sharedLoad.run(rate: rate, seconds: seconds))]
            for (name, result) in results { LatencyBench.printRow(rate: rate, path: name, result) }
            let base = results[0].1.latenciesMs, lite = results[1].1.latenciesMs, shared = results[2].1.latenciesMs
            print(String(format: "   %4d/s   added over direct: sqlite p50 %+.3f p99 %+.3f ms; shared p50 %+.3f p99 %+.3f ms",
                         rate, percentile(lite, 50) - percentile(base, 50), percentile(lite, 99) - percentile(base, 99),
                         percentile(shared, 50) - percentile(base, 50), percentile(shared, 99) - percentile(base, 99)))
        }
    }

    // MARK: 7b. quota on Redis

    private func quota(url: String, callers: Int = 32, seconds: Double = 5) async throws {
        let client = RedisClient(url: try RedisURL(url))
        defer { client.shutdown() }
        let store = RedisQuotaStore(client: client)
        try await store.prepare()
        let day = UTCDay(containing: Date())
        let limits = QuotaLimits(requests: 1_000_000_000, tokens: 1_000_000_000_000)
        let (latencies, errors, elapsed) = try await Self.concurrently(callers: callers, seconds: seconds) { caller, _ in
            let key = QuotaKey(user: "bench-\(caller)", feature: "support_chat", day: day)
            guard case .admitted = try await store.reserve(key, tokens: 400, limits: limits) else { throw BenchError("quota exceeded") }
            try await store.settle(key, reservedTokens: 400, actualTokens: 37)
        }
        print(String(format: "   b. quota reserve+settle on Redis, %d callers for %.0f s: %.0f pairs/s, p50 %.3f ms, p99 %.3f ms per pair (%d errors)",
                     callers, seconds, Double(latencies.count) / elapsed, percentile(latencies, 50), percentile(latencies, 99), errors))
    }

    // MARK: 7c. audit rows into PostgreSQL

    private func audit(url: String, callers: Int = 32, seconds: Double = 5) async throws {
        let client = PostgresClient(url: url)
        defer { client.shutdown() }
        let audit = try await PostgresStores.open(client: client).audit
        let run = getpid()
        @Sendable func row(_ id: String) -> AuditRecord {
            AuditRecord(requestId: id, time: Date(), user: "u1", feature: "support_chat", promptVersion: "v1", model: "m",
                        trust: "none", status: .ok, inputTokens: 120, outputTokens: 37, timeToFirstTokenMs: 12, totalMs: 40)
        }
        let batchesBefore = client.committedBatches
        let (latencies, errors, elapsed) = try await Self.concurrently(callers: callers, seconds: seconds) { caller, i in
            try await audit.record(row("bench-\(run)-\(caller)-\(i)"))
        }
        let batches = client.committedBatches - batchesBefore
        print(String(format: "   c. audit rows into PostgreSQL, record() from %d callers for %.0f s: %.0f rows/s, p50 %.3f ms, p99 %.3f ms (%.1f rows per commit, %d errors)",
                     callers, seconds, Double(latencies.count) / elapsed, percentile(latencies, 50), percentile(latencies, 99),
                     Double(latencies.count) / Double(max(1, batches)), errors))
        var rows = 0
        var batchLatencies: [Double] = []
        let start = Monotonic.nanoseconds()
        while Monotonic.seconds(since: start) < 3 {
            let batch = (0..<256).map { row("bench-\(run)-batch-\(rows + $0)") }
            let began = Monotonic.nanoseconds()
            try await audit.record(batch: batch)
            batchLatencies.append(Monotonic.milliseconds(since: began))
            rows += batch.count
        }
        let batchElapsed = Monotonic.seconds(since: start)
        print(String(format: "      record(batch:) of 256 rows, one after another for %.0f s: %.0f rows/s, p50 %.1f ms, p99 %.1f ms per batch",
                     batchElapsed, Double(rows) / batchElapsed, percentile(batchLatencies, 50), percentile(batchLatencies, 99)))
    }

    /// `callers` tasks each calling `operation` in a loop for `seconds`: every call's latency in ms, the errors, the time taken.
    private static func concurrently(callers: Int, seconds: Double,
                                     _ operation: @escaping @Sendable (Int, Int) async throws -> Void) async throws -> ([Double], Int, Double) {
        let start = Monotonic.nanoseconds()
        let end = start + UInt64(seconds * 1e9)
        let results = await withTaskGroup(of: ([Double], Int).self) { group in
            for caller in 0..<callers {
                group.addTask {
                    var latencies: [Double] = []
                    var errors = 0
                    var i = 0
                    while Monotonic.nanoseconds() < end {
                        let began = Monotonic.nanoseconds()
                        do {
                            try await operation(caller, i)
                            latencies.append(Monotonic.milliseconds(since: began))
                        } catch {
                            errors += 1
                        }
                        i += 1
                    }
                    return (latencies, errors)
                }
            }
            var all: ([Double], Int) = ([], 0)
            for await (latencies, errors) in group {
                all.0 += latencies
                all.1 += errors
            }
            return all
        }
        return (results.0, results.1, Monotonic.seconds(since: start))
    }

    // MARK: 7d. admin-change propagation

    private func propagation(from a: GatewayProcess, to b: GatewayProcess, adminToken: String, trials: Int = 20) throws {
        let feature = "support_chat"
        let userToken = b.token()
        func listed() throws -> Bool {
            let response = try BlockingHTTP.request(port: b.port, method: "GET", path: "/v1/features",
                                                    headers: [("Authorization", "Bearer \(userToken)")])
            guard response.status == 200 else { throw BenchError("GET /v1/features on B: \(response.status)") }
            return response.body.contains("\"\(feature)\"")
        }
        guard try listed() else { throw BenchError("\(feature) is not listed on B before the trials") }
        var fromSend: [Double] = []
        var fromAcknowledgement: [Double] = []
        for trial in 0..<(2 * trials) {
            let enabled = trial % 2 == 1
            let body = JSONWriter.bytes(["enabled": .bool(enabled)])
            let sent = Monotonic.nanoseconds()
            let response = try BlockingHTTP.request(port: a.port, method: "PATCH", path: "/admin/features/\(feature)",
                                                    headers: [("Authorization", "Bearer \(adminToken)"), ("Content-Type", "application/json")],
                                                    body: body)
            guard response.status == 200 else { throw BenchError("PATCH on A: \(response.status) \(response.body)") }
            let acknowledged = Monotonic.nanoseconds()
            let deadline = acknowledged + 10_000_000_000
            while try listed() != enabled {
                guard Monotonic.nanoseconds() < deadline else { throw BenchError("B did not reflect enabled=\(enabled) within 10 s") }
            }
            let seen = Monotonic.nanoseconds()
            fromSend.append(Double(seen - sent) / 1e6)
            fromAcknowledgement.append(Double(seen - acknowledged) / 1e6)
        }
        print(String(format: "   d. admin change on replica A → seen by replica B (GET /v1/features), %d changes (kill switch off/on):",
                     fromSend.count))
        print(String(format: "      from PATCH sent: p50 %.2f ms, p99 %.2f ms; from A's 200: p50 %.2f ms, p99 %.2f ms",
                     percentile(fromSend, 50), percentile(fromSend, 99),
                     percentile(fromAcknowledgement, 50), percentile(fromAcknowledgement, 99)))
    }
}

/// One blocking HTTP/1.0 request over its own connection (the server closes it): status and body.
enum BlockingHTTP {
    static func request(port: Int, method: String, path: String, headers: [(String, String)] = [],
                        body: [UInt8] = []) throws -> (status: Int, body: String) {
        guard let fd = OpenLoopLoad.connect(port: port, blocking: true) else { throw BenchError("cannot connect to \(port)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw BenchError("send to \(port) failed") }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received.append(contentsOf: buffer[0..<n]); continue }
            if n == 0 { break }
            throw BenchError("receive from \(port) failed")
        }
        let text = String(decoding: received, as: UTF8.self)
        guard text.count >= 12, let status = Int(text.dropFirst(9).prefix(3)) else { throw BenchError("no HTTP response from \(port)") }
        let bodyStart = text.range(of: "\r\n\r\n")?.upperBound ?? text.endIndex
        return (status, String(text[bodyStart...]))
    }
}
