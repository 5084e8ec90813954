import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream

/// What a fallback after a refused connection adds to a stream's first token (issue 34's goal: under 5 ms). Two
/// gateways on the same upstream: the benchmarks' own (one target), and one whose alias lists first a port nobody
/// listens on, then the upstream. One request at a time through each, in interleaved blocks, repeated; medians of
/// each block's p50 and p99. The upstream answers at once (8 tokens, no delay), so a response's end is its first
/// token plus a few hundred microseconds of relaying, the same on both paths.
struct FallbackBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["BENCH_BLOCK_SECONDS"] ?? "") ?? 3
        let repetitions = Int(environment["BENCH_REPETITIONS"] ?? "") ?? 5
        let refused = "http://127.0.0.1:\(try freeLoopbackPort())/v1"
        let models: JSONValue = ["local-small": ["targets": [
            ["provider": "openai-compatible", "baseURL": .string(refused), "model": "refused"],
            ["provider": "openai-compatible", "baseURL": .string(upstream.baseURL), "model": .string(ScriptedUpstream.modelId)],
        ], "breaker": ["failures": 0]]]
        let fallback = try GatewayProcess(upstream: upstream.baseURL, port: try freeLoopbackPort(), models: models)
        defer { fallback.stop() }
        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let paths = [("one target", gateway), ("refused, then it", fallback)]
        for (_, process) in paths { _ = LatencyBench.streams(port: process.port, token: process.token()).closedLoop(seconds: 1) }

        var p50: [String: [Double]] = [:], p99: [String: [Double]] = [:], failures: [String: Int] = [:]
        for _ in 0..<repetitions {
            for (name, process) in paths {
                let result = LatencyBench.streams(port: process.port, token: process.token()).closedLoop(seconds: seconds)
                p50[name, default: []].append(percentile(result.latenciesMs, 50))
                p99[name, default: []].append(percentile(result.latenciesMs, 99))
                failures[name, default: 0] += result.failures
            }
        }
        let median = { (values: [Double]) in percentile(values, 50) }
        print("F. Fallback after a refused connection, concurrency 1, \(repetitions) × \(Int(seconds)) s interleaved blocks, medians")
        print("   path               p50 ms   p99 ms   failures")
        for (name, _) in paths {
            print(String(format: "   %-17@  %7.3f  %7.3f   %d", name as NSString, median(p50[name]!), median(p99[name]!), failures[name]!))
        }
        let added = median(p50["refused, then it"]!) - median(p50["one target"]!)
        print(String(format: "   added by the fallback: p50 %+.3f ms, p99 %+.3f ms (goal: under 5 ms; no breaker, so every request tries the refused port)",
                     added, median(p99["refused, then it"]!) - median(p99["one target"]!)))
        print("")
    }
}
