import AssistWire
import AssistTelemetry
import Foundation
import Glibc
import ScriptedUpstream

/// CPU a client spends waiting on a trickling stream (issue 31): `assist ask` (the client kit's transport on Linux)
/// against curl, each asking the gateway for the same answer while the upstream sends one token a second for 10 s;
/// twice each, interleaved, the median of each. The kit's old transport, URLSession, spent about a whole core here.
struct ClientBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run() throws {
        let previous = upstream.script
        upstream.script = Script(tokens: (0..<10).map { "word\($0) " }, interval: .seconds(1))
        defer { upstream.script = previous }
        let assist = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("assist")
        let token = gateway.token()
        let commands: [(name: String, arguments: [String])] = [
            ("assist ask", [assist.path, "ask", "support_chat", "--input", "message=Bagaj hakkım ne kadar?", "--locale", "tr-TR",
                            "--token", token, "--gateway", "http://127.0.0.1:\(gateway.port)"]),
            ("curl", ["/usr/bin/curl", "-sN", "-o", "/dev/null", "-X", "POST", "-H", "Authorization: Bearer \(token)",
                      "-H", "Content-Type: application/json", "--data-binary", String(decoding: LatencyBench.gatewayBody, as: UTF8.self),
                      "http://127.0.0.1:\(gateway.port)/v1/assist/stream"]),
        ]
        var samples: [String: [(cpu: Double, wall: Double, status: Int32)]] = [:]
        for _ in 0..<2 {
            for command in commands { samples[command.name, default: []].append(try measure(command.arguments)) }
        }
        print("7. A client waiting on a 10-s stream (one token a second) through the gateway, median of 2")
        for command in commands {
            let runs = samples[command.name] ?? []
            let cpu = percentile(runs.map(\.cpu), 50), wall = percentile(runs.map(\.wall), 50)
            print(String(format: "   %-11@ CPU %.3f s over %.1f s: %.2f %% of one core; exit statuses %@", command.name as NSString, cpu, wall,
                         cpu / wall * 100, runs.map { String($0.status) }.joined(separator: ",") as NSString))
        }
        print("")
    }

    /// Runs `arguments` to its end: the child's CPU (user + system, RUSAGE_CHILDREN around its wait), wall time, status.
    func measure(_ arguments: [String]) throws -> (cpu: Double, wall: Double, status: Int32) {
        func childrenCPU() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = childrenCPU()
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let wall = ContinuousClock.now - start
        return (childrenCPU() - before, wall.seconds, process.terminationStatus)
    }
}
