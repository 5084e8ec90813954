import Foundation
import NginxFront
import ScriptedUpstream

/// The gateway behind nginx (the shipped deploy/nginx.conf, `NginxServer`) against the same gateway reached
/// directly, in the same run: the time from a client hanging up to the upstream seeing its call cancelled,
/// and the latency nginx adds to a whole stream at a moderate open-loop rate.
struct NginxBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run(streams: Int = 200, rate: Int = 200, seconds: Double = 5) throws {
        print("5. Through nginx (deploy/nginx.conf) in front of the gateway, against the gateway directly")
        guard FileManager.default.isExecutableFile(atPath: NginxServer.binary) else {
            print("   skipped: no \(NginxServer.binary) (scripts/setup.sh installs nginx-light)\n")
            return
        }
        let nginx = try NginxServer.start(replicas: [gateway.port])
        defer { nginx.stop() }
        let request = LatencyBench.post(path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(gateway.token())")],
                                        body: LatencyBench.gatewayBody)

        upstream.script = Script(tokens: (0..<10_000).map { "t\($0) " }, interval: .milliseconds(5))
        let disconnect = DisconnectBench(upstream: upstream, gateway: gateway)
        let direct = try disconnect.measure(streams: streams, port: gateway.port, request: request)
        let viaNginx = try disconnect.measure(streams: streams, port: nginx.port, request: request)
        print("   client hangs up → upstream sees its call cancelled, \(streams) streams each")
        for (name, values) in [("gateway", direct), ("nginx", viaNginx)] {
            print("   " + name.padding(toLength: 8, withPad: " ", startingAt: 0)
                  + String(format: " p50 %.3f ms  p99 %.3f ms  max %.3f ms", percentile(values, 50), percentile(values, 99), values.max() ?? .nan))
        }
        print(String(format: "   added by nginx: p50 %+.3f ms, p99 %+.3f ms (goal: p99 through nginx < 100 ms)",
                     percentile(viaNginx, 50) - percentile(direct, 50), percentile(viaNginx, 99) - percentile(direct, 99)))

        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let directLoad = LatencyBench.streams(port: gateway.port, token: gateway.token())
        let nginxLoad = LatencyBench.streams(port: nginx.port, token: gateway.token())
        _ = directLoad.run(rate: rate, seconds: 1)
        _ = nginxLoad.run(rate: rate, seconds: 1)
        let baseline = directLoad.run(rate: rate, seconds: seconds)
        let measured = nginxLoad.run(rate: rate, seconds: seconds)
        print("   whole 8-token stream, open loop at \(rate)/s for \(seconds) s")
        for (name, result) in [("gateway", baseline), ("nginx", measured)] {
            let n = result.latenciesMs.count + result.failures
            print("   " + name.padding(toLength: 8, withPad: " ", startingAt: 0)
                  + String(format: " n %6d  ok %6.2f%%  p50 %8.3f ms  p99 %8.3f ms", n, 100 * Double(result.latenciesMs.count) / Double(max(1, n)),
                           percentile(result.latenciesMs, 50), percentile(result.latenciesMs, 99)))
        }
        print(String(format: "   added by nginx: p50 %+.3f ms, p99 %+.3f ms\n",
                     percentile(measured.latenciesMs, 50) - percentile(baseline.latenciesMs, 50),
                     percentile(measured.latenciesMs, 99) - percentile(baseline.latenciesMs, 99)))
    }
}
