import AssistWire
import Foundation
import LocalServers
import NginxFront
import ScriptedUpstream
#if canImport(Glibc)
import Glibc
#endif

/// The gateway beside a plain reverse proxy: nginx (Debian, `proxy_buffering off`, no access log) in front of
/// the same scripted upstream, started here, measured in the same run. Each load runs in interleaved blocks
/// (direct, nginx, gateway; `BENCH_BLOCK_SECONDS`, 10 s) repeated `BENCH_REPETITIONS` times (3), and every
/// figure is the median over the repetitions. "Added" is a path's latency minus the direct path's in the same
/// repetition; CPU is user + system of all the gateway's threads, or of all nginx's processes.
struct CompareBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    /// nginx as nothing but a streaming reverse proxy, one worker per core as the gateway has one loop per core.
    static let plainProxy = NginxConfTemplate(text: """
        worker_processes auto;
        events { worker_connections 20000; }
        http {
            access_log off;
            client_body_temp_path client_body_temp;
            proxy_temp_path proxy_temp;
            fastcgi_temp_path fastcgi_temp;
            uwsgi_temp_path uwsgi_temp;
            scgi_temp_path scgi_temp;
            upstream scripted {
                @REPLICAS@
            }
            server {
                listen @LISTEN@;
                location / {
                    proxy_pass http://scripted;
                    proxy_http_version 1.1;
                    proxy_buffering off;
                    proxy_read_timeout 3600s;
                }
            }
        }
        """)

    /// One path's figures in one block.
    struct Block {
        var p50 = 0.0, p99 = 0.0, cpuMicrosecondsPerRequest = 0.0
    }

    func run() throws {
        print("0. Against nginx as a plain reverse proxy on the same scripted upstream, in the same run")
        guard FileManager.default.isExecutableFile(atPath: NginxServer.binary) else {
            print("   skipped: no \(NginxServer.binary)\n")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["BENCH_BLOCK_SECONDS"] ?? "") ?? 10
        let repetitions = Int(environment["BENCH_REPETITIONS"] ?? "") ?? 3
        let nginx = try NginxServer.start(replicas: [upstream.port], template: Self.plainProxy)
        defer { nginx.stop() }
        let nginxCPU = { processGroupCPUSeconds(nginx.processGroup ?? 0) }
        let gatewayCPU = { gateway.cpuSeconds }

        upstream.script = Script(tokens: (0..<8).map { "tok\($0) " })
        let direct = LatencyBench.directStreams(upstream)
        let viaNginx = OpenLoopLoad(port: nginx.port, request: direct.request, accept: direct.accept)
        let viaGateway = LatencyBench.streams(port: gateway.port, token: gateway.token())
        // BENCH_ASSIST_B=path: another build of `assist` as a fourth path in every repetition, so two builds are
        // compared in the same blocks rather than in runs minutes apart on a machine whose speed drifts.
        let other = try environment["BENCH_ASSIST_B"].map {
            try GatewayProcess(upstream: upstream.baseURL, port: freeLoopbackPort(), binary: URL(fileURLWithPath: $0))
        }
        defer { other?.stop() }
        let viaOther = other.map { LatencyBench.streams(port: $0.port, token: $0.token()) }
        for load in [direct, viaNginx, viaGateway] + (viaOther.map { [$0] } ?? []) { _ = load.run(rate: 200, seconds: 1) }  // warm up

        print(String(format: "   %d × %.0f-s blocks, interleaved (direct, nginx, gateway), medians; 8-token answers", repetitions, seconds))
        print("   load            direct p50/p99 ms   nginx added p50/p99   gateway added p50/p99   CPU/request nginx  gateway  ratio")
        // BENCH_COMPARE_LOADS picks some of them ("1,500": concurrency 1 and 500/s) and nothing else, for a profile of one
        // load (the tokens and streams phases measure the rest on their own); "memory" adds the idle streams' memory.
        let picked = Set((environment["BENCH_COMPARE_LOADS"] ?? "1,500,2000").split(separator: ",").map(String.init))
        let loads = [("concurrency 1", nil), ("500/s", 500), ("2000/s", 2000)].filter { picked.contains($0.1.map(String.init) ?? "1") }
        for (name, rate) in loads {
            var rows: [(direct: Block, nginx: Block, gateway: Block, other: Block?)] = []
            for _ in 0..<repetitions {
                let d = measure(direct, rate: rate, seconds: seconds, cpu: nil)
                let n = measure(viaNginx, rate: rate, seconds: seconds, cpu: nginxCPU)
                let g = measure(viaGateway, rate: rate, seconds: seconds, cpu: gatewayCPU)
                var o: Block?
                if let viaOther, let other { o = measure(viaOther, rate: rate, seconds: seconds, cpu: { other.cpuSeconds }) }
                rows.append((d, n, g, o))
            }
            func median(_ value: ((direct: Block, nginx: Block, gateway: Block, other: Block?)) -> Double) -> Double { percentile(rows.map(value), 50) }
            let nginxCPUPerRequest = median { $0.nginx.cpuMicrosecondsPerRequest }
            let gatewayCPUPerRequest = median { $0.gateway.cpuMicrosecondsPerRequest }
            print("   " + name.padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: " %7.3f / %-7.3f    %+.3f / %+.3f      %+7.3f / %+8.3f     %7.0f µs %7.0f µs  %5.1f×",
                         median { $0.direct.p50 }, median { $0.direct.p99 },
                         median { $0.nginx.p50 - $0.direct.p50 }, median { $0.nginx.p99 - $0.direct.p99 },
                         median { $0.gateway.p50 - $0.direct.p50 }, median { $0.gateway.p99 - $0.direct.p99 },
                         nginxCPUPerRequest, gatewayCPUPerRequest, gatewayCPUPerRequest / max(1, nginxCPUPerRequest)))
            if let path = environment["BENCH_ASSIST_B"] {
                print("     B = " + path + String(format: ": added p50/p99 %+.3f / %+.3f ms, CPU/request %.0f µs; B over this build, median of the repetitions' ratios: %.3f",
                                                 median { ($0.other?.p50 ?? .nan) - $0.direct.p50 }, median { ($0.other?.p99 ?? .nan) - $0.direct.p99 },
                                                 median { $0.other?.cpuMicrosecondsPerRequest ?? .nan },
                                                 median { ($0.other?.cpuMicrosecondsPerRequest ?? .nan) / max(1, $0.gateway.cpuMicrosecondsPerRequest) }))
            }
        }
        if environment["BENCH_COMPARE_LOADS"] == nil {
            try tokens(nginx: nginx, nginxCPU: nginxCPU)
        }
        if environment["BENCH_COMPARE_LOADS"] == nil || picked.contains("memory") {
            try idleStreams(nginx: nginx)
        }
        print("")
    }

    /// One block: an open loop at `rate`, or one request after another for `seconds` when `rate` is nil.
    private func measure(_ load: OpenLoopLoad, rate: Int?, seconds: Double, cpu: (() -> Double)?) -> Block {
        let before = cpu?() ?? 0
        let latencies = (rate.map { load.run(rate: $0, seconds: seconds) } ?? load.closedLoop(seconds: seconds)).latenciesMs
        let used = (cpu?() ?? before) - before
        return Block(p50: percentile(latencies, 50), p99: percentile(latencies, 99),
                     cpuMicrosecondsPerRequest: used / Double(max(1, latencies.count)) * 1e6)
    }

    /// CPU per relayed token of a 2,000-token answer, through nginx and through the gateway (support chat with
    /// its output cap raised, as `TokensBench`), one event per chunk and coalesced, interleaved, medians of
    /// 3 × `TokensBench.answers` answers.
    private func tokens(nginx: NginxServer, nginxCPU: @escaping () -> Double) throws {
        try TokensBench.withLongAnswers(upstream) { gateway, viaGateway in try TokensBench.withLongAnswers(upstream, coalesceDeltas: true) { coalescing, viaCoalescing in
            let paths: [(cpu: () -> Double, fetch: () throws -> Void)] = [
                (nginxCPU, { _ = try BlockingHTTP.request(port: nginx.port, method: "POST", path: "/v1/chat/completions", body: LatencyBench.directBody) }),
                ({ gateway.cpuSeconds }, viaGateway),
                ({ coalescing.cpuSeconds }, viaCoalescing),
            ]
            var perToken: [[Double]] = [[], [], []]
            for path in paths { for _ in 0..<3 { try path.fetch() } }  // warm up
            for _ in 0..<3 {
                for (index, path) in paths.enumerated() {
                    let before = path.cpu()
                    for _ in 0..<TokensBench.answers { try path.fetch() }
                    perToken[index].append((path.cpu() - before) / Double(TokensBench.answers * TokensBench.tokens) * 1e6)
                }
            }
            let (n, g, c) = (percentile(perToken[0], 50), percentile(perToken[1], 50), percentile(perToken[2], 50))
            print(String(format: "   CPU per relayed token, 2,000-token answer: nginx %.2f µs, gateway %.2f µs (%.1f×), with coalesceDeltas %.2f µs (%.1f×)",
                         n, g, g / max(0.001, n), c, c / max(0.001, n)))
        } }
    }

    /// Memory per idle open stream (an upstream that sends nothing for an hour): nginx's processes against the
    /// gateway's, each opened, measured and closed in turn.
    private func idleStreams(nginx: NginxServer) throws {
        let count = Int(ProcessInfo.processInfo.environment["BENCH_STREAMS"] ?? "") ?? 5000
        let saved = upstream.script
        defer { upstream.script = saved }
        upstream.script = Script(tokens: ["late"], firstTokenDelay: .seconds(3600))
        let group = nginx.processGroup ?? 0
        let nginxStreams = try IdleStreamsBench.open(
            count: count, port: nginx.port, request: LatencyBench.post(path: "/v1/chat/completions", headers: [], body: LatencyBench.directBody),
            resident: { processGroupResidentKiB(group) }, answered: { $0.contains("200 OK") })
        let nginxAfter = processGroupResidentKiB(group)
        let gatewayStreams = try IdleStreamsBench.open(
            count: count, port: gateway.port,
            request: LatencyBench.post(path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(gateway.token())")], body: LatencyBench.gatewayBody),
            resident: { gateway.residentKiB }, answered: { $0.contains("200 OK") })
        sleep(4)  // the gateway gives memory back once idle (checked every 2 s); issue 32 reads RSS 5 s after the burst
        let gatewayAfter = gateway.residentKiB
        let (n, g) = (nginxStreams.perStream, gatewayStreams.perStream)
        print(String(format: "   memory per idle open stream (%d streams): nginx %.1f KiB, gateway %.1f KiB (%.1f×)", count, n, g, g / max(0.1, n)))
        print(String(format: "   RSS 1 s (nginx) / 5 s (gateway) after they closed, against before: nginx %d → %d KiB (%+.0f%%), gateway %d → %d KiB (%+.0f%%)",
                     nginxStreams.before, nginxAfter, 100 * Double(nginxAfter - nginxStreams.before) / Double(max(1, nginxStreams.before)),
                     gatewayStreams.before, gatewayAfter, 100 * Double(gatewayAfter - gatewayStreams.before) / Double(max(1, gatewayStreams.before))))
    }
}

/// The processes of a process group (nginx's master and workers), from `/proc/*/stat`.
private func processGroupMembers(_ group: pid_t) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
        guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { return false }
        // After the parenthesised command: state, ppid, pgrp.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 3 && Int32(fields[2]) == group
    }
}

/// CPU (user + system) used so far by a process group's live processes, in seconds.
func processGroupCPUSeconds(_ group: pid_t) -> Double {
    processGroupMembers(group).reduce(0) { total, member in
        let stat = (try? String(contentsOfFile: "/proc/\(member)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return total }
        return total + (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// The resident set of a process group's live processes, in KiB.
func processGroupResidentKiB(_ group: pid_t) -> Int {
    processGroupMembers(group).reduce(0) { $0 + residentKiB(process: $1) }
}
