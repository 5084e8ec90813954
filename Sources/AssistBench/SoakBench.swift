import AssistSQLite
import ScriptedUpstream
import Foundation

/// The soak: streams at a steady open-loop rate for a long time (10 minutes by default), to show that
/// nothing grows without bound and nothing is lost. Each period reports the gateway's resident set, its open
/// descriptors, the write-ahead log's size, and audit rows against requests sent; the summary compares the
/// first period with the last.
struct SoakBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    struct Sample {
        var elapsedSeconds: Double
        var requests: Int
        var ok: Int
        var p99Ms: Double
        var residentKiB: Int
        var descriptors: Int
        var walBytes: Int
        var auditRows: Int
        var startedRows: Int
    }

    func run(seconds: Double, rate: Int, period: Double = 30) throws {
        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let load = LatencyBench.streams(port: gateway.port, token: gateway.token())
        let database = try SQLiteDatabase(path: gateway.dataDirectory.appendingPathComponent("assist.sqlite").path)
        let rowsBefore = try Self.count(database, "SELECT count(*) FROM audit_log")

        print("6. Soak: \(rate) streams/s for \(Int(seconds)) s (8-token answers), sampled every \(Int(period)) s")
        print("   time s   requests   ok%     p99 ms   RSS MiB   fds   WAL MiB   audit rows   started")
        var samples: [Sample] = []
        var sent = 0, ok = 0
        let start = Date()
        while seconds - Date().timeIntervalSince(start) >= 1 {
            let result = load.run(rate: rate, seconds: min(period, seconds - Date().timeIntervalSince(start)))
            sent += result.latenciesMs.count + result.failures
            ok += result.latenciesMs.count
            let sample = Sample(
                elapsedSeconds: Date().timeIntervalSince(start), requests: sent, ok: ok, p99Ms: percentile(result.latenciesMs, 99),
                residentKiB: gateway.residentKiB, descriptors: gateway.openDescriptors, walBytes: gateway.walBytes,
                auditRows: try Self.count(database, "SELECT count(*) FROM audit_log") - rowsBefore,
                startedRows: try Self.count(database, "SELECT count(*) FROM audit_log WHERE status = 'started'"))
            samples.append(sample)
            print(String(format: "   %6.0f   %8d  %6.2f  %8.3f  %8.1f  %5d  %7.2f   %10d   %7d", sample.elapsedSeconds, sample.requests,
                         100 * Double(sample.ok) / Double(max(1, sample.requests)), sample.p99Ms, Double(sample.residentKiB) / 1024,
                         sample.descriptors, Double(sample.walBytes) / 1_048_576, sample.auditRows, sample.startedRows))
        }
        // Rows of requests still streaming at the last sample are written once they end.
        sleep(2)
        let rows = try Self.count(database, "SELECT count(*) FROM audit_log") - rowsBefore
        let open = try Self.count(database, "SELECT count(*) FROM audit_log WHERE status = 'started'")
        if let first = samples.first, let last = samples.last {
            print(String(format: "   start → end: RSS %.1f → %.1f MiB, descriptors %d → %d, WAL %.2f → %.2f MiB",
                         Double(first.residentKiB) / 1024, Double(last.residentKiB) / 1024, first.descriptors, last.descriptors,
                         Double(first.walBytes) / 1_048_576, Double(last.walBytes) / 1_048_576))
        }
        print("   audit rows / requests sent: \(rows) / \(sent) (\(rows == sent ? "one row per request" : "MISMATCH")), still started: \(open)")
        print("")
    }

    private static func count(_ database: SQLiteDatabase, _ sql: String) throws -> Int {
        try database.query(sql).first?.first?.int ?? 0
    }
}
