import AssistWire
import Foundation
import ScriptedUpstream
#if canImport(Glibc)
import Glibc
#endif

/// Memory per idle stream: N streams open through the gateway at once, each waiting on an upstream that
/// sends nothing, kept alive by 1 s pings. Reported as the growth of the gateway's resident set divided by N.
struct IdleStreamsBench {
    let upstream: ScriptedUpstream
    let gateway: GatewayProcess

    func run(streams: Int) throws {
        upstream.script = Script(tokens: ["late"], firstTokenDelay: .seconds(3600))
        let request = LatencyBench.post(
            path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(gateway.token())")],
            body: LatencyBench.gatewayBody)
        sleep(1)
        let before = gateway.residentKiB
        let upstreamBefore = residentKiB(process: "self")
        var sockets: [Int32] = []
        var failures = 0
        for _ in 0..<streams {
            guard let fd = OpenLoopLoad.connect(port: gateway.port, blocking: true) else { failures += 1; continue }
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            sockets.append(fd)
        }
        // Every stream must have its headers and first ping before we measure.
        var open = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        for fd in sockets {
            var pollEntry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pollEntry, 1, 10_000) == 1, recv(fd, &buffer, buffer.count, 0) > 0,
               String(decoding: buffer, as: UTF8.self).contains("200 OK") {
                open += 1
            } else {
                failures += 1
            }
        }
        sleep(3)  // pings flow; allocator settles
        let after = gateway.residentKiB
        if ProcessInfo.processInfo.environment["BENCH_SMAPS"] != nil { print(gateway.memoryMap) }
        let upstreamStreams = upstream.requests.filter { $0.disconnectedAt == nil && !$0.finished }.count
        print("3. \(streams) concurrent idle streams with 1 s pings")
        print("   streams open: \(open) (failed \(failures)), upstream streams held: \(upstreamStreams)")
        print("   gateway RSS: \(before) KiB before, \(after) KiB with the streams open")
        print(String(format: "   per stream: %.1f KiB (goal ≤ 32 KiB)", Double(after - before) / Double(max(1, open))))
        print(String(format: "   for comparison, the scripted upstream (same HTTP server, no provider call): %.1f KiB per stream",
                     Double(residentKiB(process: "self") - upstreamBefore) / Double(max(1, open))))
        for fd in sockets { close(fd) }
        sleep(1)
        let closed = gateway.residentKiB
        sleep(3)  // the gateway gives memory back once idle (checked every 2 s)
        print("   gateway RSS after they closed: \(closed) KiB after 1 s, \(gateway.residentKiB) KiB after 4 s (base \(before) KiB)\n")
    }
}

