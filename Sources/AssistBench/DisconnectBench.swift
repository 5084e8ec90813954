import AssistWire
import AssistTelemetry
import Foundation
import ScriptedUpstream
#if canImport(Glibc)
import Glibc
#endif

/// Time from a client hanging up on the gateway to the upstream seeing the gateway hang up, over 200
/// streams; the baseline is a client hanging up on the upstream directly.
struct DisconnectBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run(streams: Int = 200) throws {
        upstream.script = Script(tokens: (0..<10_000).map { "t\($0) " }, interval: .milliseconds(5))
        let direct = try measure(streams: streams, port: upstream.port, request: LatencyBench.post(
            path: "/v1/chat/completions", headers: [],
            body: JSONWriter.bytes(["model": "m", "stream": true, "messages": [["role": "user", "content": "hi"]]])))
        let viaGateway = try measure(streams: streams, port: gateway.port, request: LatencyBench.post(
            path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(gateway.token())")],
            body: LatencyBench.gatewayBody))
        print("2. Client disconnect → upstream sees its client leave, \(streams) streams each")
        for (name, values) in [("direct", direct), ("gateway", viaGateway)] {
            print(String(format: "   %-8@ p50 %.3f ms  p99 %.3f ms  max %.3f ms", name as NSString,
                         percentile(values, 50), percentile(values, 99), values.max() ?? .nan))
        }
        print(String(format: "   added by the gateway: p99 %+.3f ms (goal ≤ 5 ms p99)\n",
                     percentile(viaGateway, 99) - percentile(direct, 99)))
    }

    /// Hang-up → upstream disconnect for `streams` streams opened on `port` with `request`, in milliseconds.
    func measure(streams: Int, port: Int, request: [UInt8]) throws -> [Double] {
        var delays: [Double] = []
        for _ in 0..<streams {
            let index = upstream.requests.count
            guard let fd = OpenLoopLoad.connect(port: port, blocking: true) else { throw BenchError("connect failed") }
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: received, as: UTF8.self).contains("t0 ") {
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { throw BenchError("stream ended early") }
                received += buffer[0..<n]
            }
            let leftAt = ContinuousClock.now
            close(fd)
            var disconnectedAt: ContinuousClock.Instant?
            let deadline = ContinuousClock.now + .seconds(2)
            while disconnectedAt == nil, ContinuousClock.now < deadline {
                disconnectedAt = upstream.requests.dropFirst(index).first?.disconnectedAt
                if disconnectedAt == nil { usleep(50) }
            }
            guard let disconnectedAt else { throw BenchError("upstream never saw the disconnect") }
            delays.append((disconnectedAt - leftAt).milliseconds)
        }
        return delays
    }
}
