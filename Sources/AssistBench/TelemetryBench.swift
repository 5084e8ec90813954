import Foundation
import LocalServers
import ScriptedUpstream

/// What trace export costs requests when the collector is slow or down (issue 33's goal: within 5 % of export
/// off). Three gateways on the same upstream: export off (the benchmarks' gateway), export on to a collector that
/// accepts and never answers (`tools/otlp_collector.py --mode hang`), and export on to a port nobody listens on.
/// The same open-loop load runs through each in turn, in interleaved blocks, repeated; medians of each block's p50
/// and p99, and the gateway's CPU per request.
struct TelemetryBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let rate = Int(environment["BENCH_TELEMETRY_RATE"] ?? "") ?? 500
        let seconds = Double(environment["BENCH_BLOCK_SECONDS"] ?? "") ?? 4
        let repetitions = Int(environment["BENCH_REPETITIONS"] ?? "") ?? 3
        let collector = try HangingCollector()
        defer { collector.stop() }
        let slow = try GatewayProcess(upstream: upstream.baseURL, port: try freeLoopbackPort(),
                                      environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(collector.port)"])
        defer { slow.stop() }
        let down = try GatewayProcess(upstream: upstream.baseURL, port: try freeLoopbackPort(),
                                      environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(try freeLoopbackPort())"])
        defer { down.stop() }
        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let paths = [("export off", gateway), ("collector hangs", slow), ("collector down", down)]
        for (_, process) in paths { _ = LatencyBench.streams(port: process.port, token: process.token()).run(rate: 200, seconds: 1) }

        var p50: [String: [Double]] = [:], p99: [String: [Double]] = [:], cpu: [String: [Double]] = [:], answered: [String: [Double]] = [:]
        for _ in 0..<repetitions {
            for (name, process) in paths {
                let before = process.cpuSeconds
                let result = LatencyBench.streams(port: process.port, token: process.token()).run(rate: rate, seconds: seconds)
                let n = result.latenciesMs.count
                p50[name, default: []].append(percentile(result.latenciesMs, 50))
                p99[name, default: []].append(percentile(result.latenciesMs, 99))
                cpu[name, default: []].append((process.cpuSeconds - before) / Double(max(1, n)) * 1e6)
                answered[name, default: []].append(100 * Double(n) / Double(max(1, n + result.failures)))
            }
        }
        print("T. Trace export against a collector that hangs or is down, \(rate)/s, \(repetitions) × \(Int(seconds)) s interleaved blocks, medians")
        print("   path              answered%   p50 ms   p99 ms   CPU µs/request   p50, p99 vs export off")
        let median = { (values: [Double]) in percentile(values, 50) }
        for (name, _) in paths {
            print(String(format: "   %-16@  %8.2f  %7.3f  %7.3f  %14.0f   %+.1f %%, %+.1f %%", name as NSString, median(answered[name]!),
                         median(p50[name]!), median(p99[name]!), median(cpu[name]!),
                         100 * (median(p50[name]!) / median(p50["export off"]!) - 1), 100 * (median(p99[name]!) / median(p99["export off"]!) - 1)))
        }
        print("   (goal: export on within 5 % of export off; every span the hanging collector was sent is dropped and counted)")
        print("")
    }
}

/// `tools/otlp_collector.py --mode hang`: accepts each export and never answers.
private final class HangingCollector {
    let process = Process()
    let input = Pipe()
    let port: Int

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "tools/otlp_collector.py", "/dev/null", "--mode", "hang", "--until-stdin-closes"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = Int(text.split(separator: "\n").first ?? "") else { throw BenchError("tools/otlp_collector.py did not start: \(text)") }
        self.port = port
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
