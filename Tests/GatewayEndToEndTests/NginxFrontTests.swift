import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Glibc
import ScriptedUpstream
import Synchronization
import Testing

/// Replicas behind the shipped nginx configuration (deploy/nginx.conf): balancing and failover, what passes
/// through unchanged (error bodies, request ids, the client's address), and the body limit. The streaming
/// bounds (nothing buffered, a hang-up cancelling within 100 ms) are TimingTests' `NginxStreamingTests`.
@Suite("Replicas behind nginx")
struct NginxFrontTests {
    /// A stream through nginx read to its end, with the replica that served it (from its audit row).
    func served(_ cluster: ReplicasBehindNginx) async throws -> Int? {
        let response = try await cluster.stream()
        guard response.status == 200, case .done? = response.events.last else { return nil }
        return await cluster.auditRow(response.headers["x-request-id"])?.replica
    }

    @Test("requests spread over the replicas; a replica that dies is skipped, new requests are served by the others")
    func replicaKilled() async throws {
        let cluster = try await ReplicasBehindNginx(count: 3)
        var before: [Int] = []
        for _ in 0..<9 { before.append(try #require(await served(cluster), "\(cluster.errorLog)")) }
        #expect(Set(before) == [0, 1, 2], "least_conn left a replica idle: \(before)")

        cluster.stopReplica(1)
        var after: [Int] = []
        for _ in 0..<9 { after.append(try #require(await served(cluster), "a request failed with a replica down:\n\(cluster.errorLog)")) }
        #expect(!after.contains(1))
        #expect(Set(after) == [0, 2])
        // Every request reached the upstream exactly once: none was run twice by a retry.
        #expect(cluster.upstream.requests.count == 18)

        cluster.stopReplica(0)
        cluster.stopReplica(2)
        let none = try await cluster.stream()
        #expect(none.status == 503)
        #expect(none.errorCode == ErrorCode.unavailable.rawValue)
        #expect(none.headers["content-type"] == "application/json")
        #expect(none.headers["retry-after"] == "1")
        #expect(none.headers["x-request-id"] == none.json?["error"]?["requestId"]?.stringValue)
    }

    @Test("a POST that reached a replica is never passed to another: the replica that dropped it answers 503 through nginx")
    func noRetryOncePosted() async throws {
        let silent = try SilentReplica()
        let cluster = try await ReplicasBehindNginx(count: 1, extraReplicaPorts: [silent.port])
        var statuses: [Int] = []
        var dropped: TestResponse?
        for _ in 0..<6 where dropped == nil {
            let before = silent.requests
            let response = try await cluster.stream()
            statuses.append(response.status)
            if silent.requests > before { dropped = response }
        }
        let refused = try #require(dropped, "nginx never chose the silent replica: \(statuses)")
        #expect(refused.status == 503)
        #expect(refused.errorCode == ErrorCode.unavailable.rawValue)
        // The upstream saw exactly the requests that were answered 200: the dropped one ran nowhere else.
        #expect(cluster.upstream.requests.count == statuses.filter { $0 == 200 }.count)
        #expect(statuses.filter { $0 != 200 }.count == 1)
    }

    @Test("a gateway's error body, status and headers pass through unchanged; X-Request-Id is the gateway's, never the client's")
    func errorsPassThrough() async throws {
        let cluster = try await ReplicasBehindNginx(count: 2)
        let viaNginx = try await cluster.stream(user: nil, headers: [("X-Request-Id", "client-chosen-id")])
        let direct = try await testRequest(port: cluster.replicas[0].port, method: "POST", path: "/v1/assist/stream",
                                           headers: [("Content-Type", "application/json")], body: GatewayHarness.uncachedBody)
        #expect(viaNginx.status == 401)
        #expect(viaNginx.errorCode == ErrorCode.unauthenticated.rawValue)
        let id = try #require(viaNginx.headers["x-request-id"])
        #expect(id != "client-chosen-id" && id.hasPrefix("req_"))
        #expect(viaNginx.json?["error"]?["requestId"]?.stringValue == id)
        // The same answer as straight from a replica, but for the request's own id.
        #expect(viaNginx.text.replacingOccurrences(of: id, with: "ID")
                == direct.text.replacingOccurrences(of: direct.headers["x-request-id"] ?? "-", with: "ID"))
        for header in ["content-type", "cache-control", "www-authenticate"] {
            #expect(viaNginx.headers[header] == direct.headers[header], "\(header)")
        }

        let unknown = try await cluster.stream(body: GatewayHarness.body(feature: "no_such_feature"))
        #expect(unknown.status == 400 && unknown.errorCode == ErrorCode.unknownFeature.rawValue)
        #expect(unknown.json?["error"]?["requestId"]?.stringValue == unknown.headers["x-request-id"])

        // A stream's id names its audit row on the replica that served it.
        let ok = try await cluster.stream(headers: [("X-Request-Id", "client-chosen-id")])
        #expect(ok.status == 200)
        let row = try #require(await cluster.auditRow(ok.headers["x-request-id"]))
        #expect(row.row.requestId == ok.headers["x-request-id"])
    }

    @Test("/metrics is not served through nginx (each replica is scraped on its own address), in the gateway's error shape")
    func metricsStayInside() async throws {
        let cluster = try await ReplicasBehindNginx(count: 1)
        let outside = try await testRequest(port: cluster.port, path: "/metrics")
        #expect(outside.status == 404 && outside.errorCode == ErrorCode.notFound.rawValue)
        #expect(outside.json?["error"]?["requestId"]?.stringValue == outside.headers["x-request-id"])
        #expect(try await testRequest(port: cluster.replicas[0].port, path: "/metrics").status == 200)
    }

    @Test("a body at limits.maxBodyBytes passes; one byte over is refused by nginx with the gateway's JSON error, reaching no replica")
    func bodyLimit() async throws {
        let cluster = try await ReplicasBehindNginx(count: 2)
        let limit = 16 * 1024
        let body = GatewayHarness.uncachedBody
        let atLimit = body + Array(repeating: UInt8(ascii: " "), count: limit - body.count)
        let fits = try await cluster.stream(body: atLimit)
        #expect(fits.status == 200)
        #expect(fits.events.last == .done(finishReason: "stop", promptVersion: "2026-12-02.1"))

        let over = try await cluster.stream(body: atLimit + [UInt8(ascii: " ")])
        #expect(over.status == 413)
        #expect(over.headers["content-type"] == "application/json")
        #expect(over.errorCode == ErrorCode.payloadTooLarge.rawValue)
        let id = try #require(over.headers["x-request-id"])
        #expect(over.json?["error"]?["requestId"]?.stringValue == id)
        #expect(id.wholeMatch(of: /req_[0-9a-f]{16}/) != nil)
        #expect(cluster.upstream.requests.count == 1)
        #expect(await cluster.auditRow(id, timeout: .milliseconds(200)) == nil)
        // nginx answered it itself: its access log (written as the request ends) names no replica for it.
        var logged = false
        for _ in 0..<200 where !logged {
            logged = cluster.accessLog.split(separator: "\n").contains { $0.contains(" 413 ") && $0.contains("upstream=- ") && $0.contains(id) }
            if !logged { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(logged, "\(cluster.accessLog)")

        // A replica refuses the same body with the same code.
        let direct = try await testRequest(port: cluster.replicas[0].port, method: "POST", path: "/v1/assist/stream",
                                           headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(cluster.token())")],
                                           body: atLimit + [UInt8(ascii: " ")])
        #expect(direct.status == 413 && direct.errorCode == ErrorCode.payloadTooLarge.rawValue)
    }

    @Test("the demo log-in is refused through nginx: as deployed (nginx a trusted proxy) and with nginx not listed as one")
    func demoLogInNotThroughNginx() async throws {
        for trusted: JSONValue in [["127.0.0.1"], []] {
            let cluster = try await ReplicasBehindNginx(count: 1, limits: ["trustedProxies": trusted], demo: true)
            // The client names the replica's own loopback address and port, as a local browser would.
            let viaNginx = try await testRequest(port: cluster.port, method: "POST", path: "/demo/token",
                                                 headers: [("Content-Type", "application/json"), ("Host", "127.0.0.1:\(cluster.replicas[0].port)")],
                                                 body: Array(#"{"user":"u1"}"#.utf8))
            #expect(viaNginx.status == 403, "trusted \(trusted): \(viaNginx.text)")
            #expect(viaNginx.errorCode == ErrorCode.forbidden.rawValue)
            #expect(viaNginx.json?["token"] == nil)
        }
    }

    @Test("the replica counts the client's own address (X-Forwarded-For from nginx), not nginx's, nor one the client forged")
    func clientAddress() async throws {
        let cluster = try await ReplicasBehindNginx(count: 2)
        let port = cluster.port
        let status = try await onOwnThread {
            let connection = try TestConnection(port: port, from: "127.0.0.2")
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Content-Type", "application/json"), ("X-Forwarded-For", "192.0.2.9")], body: GatewayHarness.uncachedBody)
            return RawResponse(try connection.readToEnd(timeout: .seconds(10))).status
        }
        #expect(status == 401)
        var addresses: [String: Double] = [:]
        for replica in cluster.replicas {
            let token = String(decoding: try SecretStore.adminToken(dataDirectory: replica.dataDirectory), as: UTF8.self)
            let answer = try await testRequest(port: replica.port, path: "/admin/refusals?minutes=5", headers: [("Authorization", "Bearer \(token)")])
            for row in answer.json?["counts"]?.arrayValue ?? [] {
                addresses[row["address"]?.stringValue ?? "", default: 0] += row["count"]?.numberValue ?? 0
            }
        }
        #expect(addresses == ["127.0.0.2": 1])
    }
}

/// An upstream that accepts a connection, reads the request and hangs up without answering: a replica that
/// died with a request in hand.
final class SilentReplica: Sendable {
    /// What the accepting thread shares with the owner (not the owner itself, so that dropping it stops the thread).
    private final class State: Sendable {
        let accepted = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    private let state = State()

    /// Connections accepted and dropped so far.
    var requests: Int { state.accepted.load(ordering: .acquiring) }

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else {
            close(listener)
            throw Failure(description: "cannot listen: \(errno)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let state = self.state
        Thread {
            while !state.stopped.load(ordering: .acquiring) {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 65536)
                var received: [UInt8] = []
                while !received.contains(UInt8(ascii: "}")) {  // the JSON body's end: the request is all in
                    var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 2000) > 0 else { break }
                    let count = recv(connection, &buffer, buffer.count, 0)
                    guard count > 0 else { break }
                    received += buffer[0..<count]
                }
                state.accepted.add(1, ordering: .releasing)
                close(connection)
            }
            close(listener)
        }.start()
    }

    deinit { state.stopped.store(true, ordering: .releasing) }
}
