import AssistWire
import Foundation
import ScriptedUpstream

/// Added latency: the same 8-token answer fetched from the upstream directly and through the gateway's full
/// path (auth, feature and input checks, booking read from SQLite, quota reservation and settlement, audit
/// row), at fixed open-loop rates.
struct LatencyBench {
    /// What the gateway benchmarks send: a feature whose answers are generated every time (an itinerary
    /// summary is stored after the first and shared while in flight, which would measure the cache, not
    /// the path), reading its data (policy sections) for the user like any prompt builder.
    static let gatewayBody = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "Bagaj hakkım ne kadar?"], "locale": "tr-TR"])

    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run() throws {
        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let direct = Self.directStreams(upstream)
        let viaGateway = Self.streams(port: gateway.port, token: gateway.token())

        // Warm up both paths (connection caches, SQLite pages, allocator).
        _ = direct.run(rate: 200, seconds: 1)
        _ = viaGateway.run(rate: 200, seconds: 1)

        print("1. Added latency (request start → end of stream), open loop, 8-token answers")
        print("   rate      path      n      ok%     p50 ms   p99 ms")
        let environment = ProcessInfo.processInfo.environment
        let rates = (environment["BENCH_RATES"] ?? "500,2000").split(separator: ",").compactMap { Int($0) }
        for rate in rates {
            let seconds = Double(environment["BENCH_SECONDS"] ?? "") ?? (rate >= 2000 ? 3.0 : 4.0)
            let baseline = direct.run(rate: rate, seconds: seconds)
            let cpuBefore = gateway.cpuSeconds
            let measured = viaGateway.run(rate: rate, seconds: seconds)
            let cpuPerRequest = (gateway.cpuSeconds - cpuBefore) / Double(max(1, measured.latenciesMs.count)) * 1e6
            for (name, result) in [("direct", baseline), ("gateway", measured)] { Self.printRow(rate: rate, path: name, result) }
            let p50 = percentile(measured.latenciesMs, 50) - percentile(baseline.latenciesMs, 50)
            let p99 = percentile(measured.latenciesMs, 99) - percentile(baseline.latenciesMs, 99)
            print(String(format: "   %4d/s   added: p50 %+.3f ms, p99 %+.3f ms (ratio gateway/direct p99 %.2f×; goal ≤ 1 ms p99 added)",
                         rate, p50, p99, percentile(measured.latenciesMs, 99) / percentile(baseline.latenciesMs, 99)))
            print(String(format: "            gateway CPU: %.0f µs per request (all threads, user + system)", cpuPerRequest))
        }
        print("")
    }

    /// The gateway benchmarks' request (`gatewayBody` for `token`) as an open-loop load on `port`, a
    /// response counted once its `done` event has arrived.
    static func streams(port: Int, token: String) -> OpenLoopLoad {
        OpenLoopLoad(port: port, request: post(path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")], body: gatewayBody),
                     accept: { String(decoding: $0.suffix(120), as: UTF8.self).contains("\"kind\":\"done\"") })
    }

    /// A chat-completions request straight to the scripted upstream (which answers its script whatever is asked).
    static let directBody = JSONWriter.bytes(["model": "m", "stream": true, "max_tokens": 400, "messages": [["role": "user", "content": "hi"]]])

    /// The baseline: the same scripted answer straight from the upstream, counted at its `[DONE]`.
    static func directStreams(_ upstream: ScriptedUpstream) -> OpenLoopLoad {
        OpenLoopLoad(port: upstream.port,
                     request: post(path: "/v1/chat/completions", headers: [], body: directBody),
                     accept: { String(decoding: $0.suffix(32), as: UTF8.self).contains("[DONE]") })
    }

    /// One row of a latency table: rate, path, requests, share answered, p50 and p99.
    static func printRow(rate: Int, path: String, _ result: OpenLoopLoad.Result) {
        let n = result.latenciesMs.count + result.failures
        print(String(format: "   %4d/s   %-8@ %6d  %6.2f  %8.3f %8.3f", rate, path as NSString, n,
                     100 * Double(result.latenciesMs.count) / Double(max(1, n)),
                     percentile(result.latenciesMs, 50), percentile(result.latenciesMs, 99)))
    }

    static func post(path: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "POST \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
