import AssistGateway
import AssistLocalModel
import AssistTravel
import AssistWire
import ScriptedUpstream
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `assist serve` as its own process (so its memory can be read alone), configured for load: the built-in
/// travel configuration with quotas and the per-user stream cap out of the way, and a 1 s ping.
final class GatewayProcess {
    let port: Int
    let secret = "bench-secret-\(getpid())"
    private let process = Process()
    /// The gateway's data directory (its SQLite database and log).
    let dataDirectory: URL

    /// - Parameters:
    ///   - environment: more environment for the gateway (e.g. ASSIST_REDIS_URL, ASSIST_DATABASE_URL, ASSIST_ADMIN_TOKEN).
    ///   - storage: the configuration's `storage` section (e.g. `{"kind": "shared"}`); nil keeps the default (SQLite).
    ///   - features: keys to set per feature record (e.g. a `guard`).
    ///   - models: the configuration's model aliases, served as written; nil points every alias at `upstream`.
    ///   - binary: the `assist` to run; nil runs the one beside this benchmark's executable.
    init(upstream: String, port: Int, environment: [String: String] = [:], storage: JSONValue? = nil,
         features edits: [String: [String: JSONValue]] = [:], models: JSONValue? = nil, binary: URL? = nil) throws {
        self.port = port
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-bench-\(getpid())-\(port)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let configFile = dataDirectory.appendingPathComponent("bench.json")
        try Data(Self.configuration(storage: storage, features: edits, models: models)).write(to: configFile)
        let binary = binary ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("assist")
        let arguments = ["serve", "--config", configFile.path] + (models == nil ? ["--upstream", upstream] : [])
            + ["--port", String(port), "--data-dir", dataDirectory.path]
        // BENCH_GATEWAY_PREFIX runs the gateway under a tool, e.g. "valgrind --tool=massif --massif-out-file=/tmp/m.out".
        if let prefix = ProcessInfo.processInfo.environment["BENCH_GATEWAY_PREFIX"]?.split(separator: " ").map(String.init), !prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = prefix + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["ASSIST_JWT_HS256_SECRET": secret]) { _, new in new }
            .merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        // Its log (a line per request at `info`) goes to a file, as a served gateway's does: a pipe to this process
        // would wake a reader for every request and charge those wake-ups to the gateway's CPU and latency.
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        for _ in 0..<3000 {
            if HealthProbe.status(host: "127.0.0.1", port: port, path: "/healthz") == 200 { return }
            usleep(20_000)
        }
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        throw BenchError("gateway did not become healthy on port \(port); its log ends:\n" + log.split(separator: "\n").suffix(20).joined(separator: "\n"))
    }

    /// Where the gateway's standard error goes.
    var logFile: URL { dataDirectory.appendingPathComponent("gateway.log") }

    func token(user: String = "u1") -> String {
        HS256TokenIssuer(secret: Array(secret.utf8), settings: AuthSettings()).token(for: user)
    }

    /// Resident set size of the gateway process, in KiB.
    var residentKiB: Int { AssistBench.residentKiB(process: String(process.processIdentifier)) }

    /// Descriptors the gateway process has open.
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? 0
    }

    /// Bytes in the database's write-ahead log (0 when there is none).
    var walBytes: Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: dataDirectory.appendingPathComponent("assist.sqlite-wal").path)
        return (attributes?[.size] as? Int) ?? 0
    }

    /// CPU time the gateway process has used so far (user + system), in seconds.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // Fields after the parenthesised command name; utime and stime are the 12th and 13th of those.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The gateway's memory by mapping kind (`/proc/PID/smaps_rollup`), for investigating the figure above.
    /// Where the resident set is: the ten largest mappings by RSS (`/proc/PID/smaps`), anonymous ones named by
    /// their size, so a heap arena, a thread stack and a library's data tell apart.
    var memoryMap: String {
        // Read to the end: /proc reports a size of 0, and reading by size stops after the first page.
        guard let data = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/smaps")?.readDataToEndOfFile() else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        var mappings: [(name: String, kib: Int)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), range.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                let bounds = range.split(separator: "-").compactMap { UInt64($0, radix: 16) }
                let sizeKiB = bounds.count == 2 ? (bounds[1] - bounds[0]) / 1024 : 0
                mappings.append((fields.count > 5 ? String(fields[5]) : "[anon \(sizeKiB) KiB]", 0))
            } else if fields.first == "Rss:", fields.count > 1, let kib = Int(fields[1]), !mappings.isEmpty {
                mappings[mappings.count - 1].kib = kib
            }
        }
        return mappings.sorted { $0.kib > $1.kib }.prefix(10).map { "     \($0.kib) KiB  \($0.name)" }.joined(separator: "\n")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    static func configuration(storage: JSONValue? = nil, features edits: [String: [String: JSONValue]] = [:],
                              models: JSONValue? = nil) throws -> [UInt8] {
        guard case .object(var root) = try JSONParser.parse(TravelApp.builtinConfigurationBytes),
              case .object(var limits)? = root["limits"], case .object(var features)? = root["features"] else {
            throw BenchError("built-in configuration changed shape")
        }
        limits["maxConcurrentStreamsPerUser"] = 100_000
        limits["pingSeconds"] = 1
        limits["firstTokenTimeoutSeconds"] = 3600
        limits["idleTimeoutSeconds"] = 3600
        limits["drainSeconds"] = 1
        // Every stream comes from 127.0.0.1: no limit per address, and room for all of them.
        limits["maxConnectionsPerAddress"] = 0
        limits["maxConnections"] = 100_000
        root["limits"] = .object(limits)
        // The scripted upstream's text is relayed as it comes (a guard only where an edit asks for one): unchecked.
        for (id, feature) in ScriptedFeatures.unchecked(features) {
            guard case .object(var record) = feature, case .object(var quotas)? = record["quotas"] else { continue }
            for level in quotas.keys { quotas[level] = ["requestsPerDay": 100_000_000, "tokensPerDay": 1_000_000_000_000] }
            record["quotas"] = .object(quotas)
            for (key, value) in edits[id] ?? [:] { record[key] = value }
            features[id] = .object(record)
        }
        root["features"] = .object(features)
        if let storage { root["storage"] = storage }
        if let models { root["models"] = models }
        // The file is written elsewhere: the results it names are the repository's (make bench runs from its root).
        root["qualification"] = ["results": .string(FileManager.default.currentDirectoryPath + "/golden/qualification.json")]
        return JSONWriter.bytes(.object(root))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Raises the descriptor limit to its hard maximum (thousands of streams).
func raiseFileLimit() -> Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Int(limit.rlim_cur)
}


/// The resident set of a process (`"self"` for this one), in KiB, from `/proc/<pid>/status`.
func residentKiB(process: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
