// `make bench`: the gateway's overhead, disconnect propagation and memory per idle stream, each measured
// against a baseline taken in the same run on this machine. The scripted upstream runs in this process;
// the gateway (`assist serve`, release build) runs as its own process. The `nginx` phase (about 20 s) puts
// nginx, started from the shipped deploy/nginx.conf, in front of that gateway and measures hang-up → upstream
// cancel through it (p50/p99 over 200 streams) and the latency it adds at 200 requests/s, each against the
// gateway reached directly; it is skipped when /usr/sbin/nginx is missing. The `shared` phase (about 60 s, off
// unless BENCH_PHASES names it) starts its own redis-server and PostgreSQL (temporary directory, free ports, stopped
// at the end) and measures a second gateway with `storage.kind: "shared"` against the SQLite one (open loop at
// BENCH_SHARED_RATES=500,2000 for BENCH_SECONDS each), quota reserve+settle on Redis (32 callers, 5 s), audit rows
// into PostgreSQL (32 callers of record, 5 s; record(batch:) of 256 rows, 3 s) and an admin change's propagation
// from one shared replica to another (20 kill-switch toggles each way, p50/p99).
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream

let files = raiseFileLimit()
let upstream = try ScriptedUpstream(script: Script(tokens: (0..<8).map { "tok\($0) " }), threadPoolSize: 2)
// BENCH_GATEWAY_STORAGE: the main gateway's `storage` section as JSON (e.g. '{"kind": "sqlite", "journal": {"shipMilliseconds": 10}}'),
// to measure a setting against the default in the same conditions.
let storageSection = try ProcessInfo.processInfo.environment["BENCH_GATEWAY_STORAGE"].map { try JSONParser.parse(Array($0.utf8)) }
let gateway = try GatewayProcess(upstream: upstream.baseURL, port: freeLoopbackPort(), storage: storageSection)
defer { gateway.stop() }
print("Assist benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores, descriptor limit \(files)")
print("scripted upstream \(upstream.baseURL) (in process), gateway http://127.0.0.1:\(gateway.port) (own process)\n")

// BENCH_PHASES=latency,disconnect,streams,extraction,client,nginx,soak picks phases (client: about 45 s, the CPU
// `assist ask` spends waiting on a 10-s trickle against curl's); BENCH_STREAMS sets the idle-stream count;
// BENCH_RATES=500,2000 and BENCH_SECONDS set the latency phase's rates and length; BENCH_SOAK_SECONDS (600) and
// BENCH_SOAK_RATE (200) the soak's,
// BENCH_SOAK_PERIOD (30) its sampling period; BENCH_PHASES=shared (never by default) the shared-storage phase;
// BENCH_PHASES=guard (never by default: about a minute on the embedded model) the answer guard's cost;
// BENCH_PHASES=tokens (also in the default list) the CPU per relayed token of a 2,000-token answer (BENCH_ASSIST_B=path:
// that against another build of `assist`, in alternating blocks);
// BENCH_COMPARE_LOADS=500 runs only the compare phase's 500/s blocks (1 for concurrency 1, 2000), for a profile
// (with BENCH_ASSIST_B, that build's gateway is a fourth path in each repetition, and its CPU per request is given
// as a ratio to this build's);
// BENCH_PHASES=telemetry (also in the default list, about 40 s) trace export against a collector that hangs or is down;
// BENCH_PHASES=fallback (also in the default list, about 35 s) what a fallback after a refused connection adds to a stream;
// BENCH_PHASES=compare (first in the default list, about 6 min) the gateway against nginx as a plain reverse proxy on
// the same upstream, in BENCH_REPETITIONS (3) interleaved BENCH_BLOCK_SECONDS (10) blocks: added latency at concurrency
// 1, 500/s and 2,000/s, CPU per request and per token, memory per idle stream and after close, each as a ratio.
let environment = ProcessInfo.processInfo.environment
let phases = Set((environment["BENCH_PHASES"] ?? "compare,latency,disconnect,streams,extraction,client,nginx,tokens,telemetry,fallback,soak").split(separator: ",").map(String.init))
if phases.contains("compare") { try CompareBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("latency") { try LatencyBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("disconnect") { try DisconnectBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("streams") {
    try IdleStreamsBench(upstream: upstream, gateway: gateway).run(streams: Int(environment["BENCH_STREAMS"] ?? "") ?? 5000)
}
if phases.contains("extraction") { try await ExtractionBench().run() }
if phases.contains("client") { try ClientBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("nginx") { try NginxBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("shared") { try await SharedBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("guard") { try await GuardBench(upstream: upstream).run() }
if phases.contains("tokens") { try TokensBench(upstream: upstream).run() }
if phases.contains("telemetry") { try TelemetryBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("fallback") { try FallbackBench(upstream: upstream, gateway: gateway).run() }
if phases.contains("soak") {
    try SoakBench(upstream: upstream, gateway: gateway).run(seconds: Double(environment["BENCH_SOAK_SECONDS"] ?? "") ?? 600,
                                                            rate: Int(environment["BENCH_SOAK_RATE"] ?? "") ?? 200,
                                                            period: Double(environment["BENCH_SOAK_PERIOD"] ?? "") ?? 30)
}
