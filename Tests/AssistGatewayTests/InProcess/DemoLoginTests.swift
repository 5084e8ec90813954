import AssistGateway
import AssistHTTP
import AssistWire
import Testing

/// `POST /demo/token` mints a token for anyone who asks, so it answers only someone at this machine
/// (`LocalClient`): not through a proxy, not with a forwarding header, and only with a `Host` of loopback and the
/// gateway's own port (a DNS-rebinding page names its own host). Everything else is 403 `forbidden`.
@Suite("The demo log-in answers only this machine")
struct DemoLoginTests {
    static let port = 8080

    /// A log-in for u1 as the server's edge would hand it over: from a trusted proxy or not, on `port`.
    func logIn(_ gateway: InProcessGateway, headers: [HTTPField], peerIsTrustedProxy: Bool = false,
               serverPort: Int? = DemoLoginTests.port) async -> Exchange {
        let request = HTTPRequest(method: .post, path: "/demo/token", headers: headers, body: JSONWriter.bytes(["user": "u1"]),
                                  clientAddress: "127.0.0.1", peerIsTrustedProxy: peerIsTrustedProxy, serverPort: serverPort)
        return Exchange(response: await gateway.gateway.respond(to: request))
    }

    @Test("a browser on this machine, at 127.0.0.1, localhost or [::1] with the gateway's port, gets a token")
    func local() async throws {
        let gateway = try InProcessGateway(demo: true)
        for host in ["127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080"] {
            let answer = await logIn(gateway, headers: [(.host, host), (.contentType, "application/json")])
            #expect(answer.status == .ok, "\(host): \(String(describing: answer.json))")
            #expect(answer.json?["user"] == "u1" && answer.json?["token"]?.stringValue?.isEmpty == false, "\(host)")
        }
        // Port 80 may go unwritten.
        #expect(await logIn(gateway, headers: [(.host, "localhost")], serverPort: 80).status == .ok)
    }

    @Test("refused with 403 forbidden", arguments: [
        ("X-Forwarded-For", [(HTTPFieldName("X-Forwarded-For"), "203.0.113.9")], false, "forwarding header"),
        ("Forwarded", [(HTTPFieldName("Forwarded"), "for=203.0.113.9")], false, "forwarding header"),
        ("X-Real-IP", [(HTTPFieldName("X-Real-IP"), "203.0.113.9")], false, "forwarding header"),
        ("X-Forwarded-Host", [(HTTPFieldName("x-forwarded-host"), "127.0.0.1:8080")], false, "forwarding header"),
        ("a trusted proxy as the peer", [], true, "through a proxy"),
        ("Host of another name (DNS rebinding)", [(HTTPFieldName.host, "evil.example:8080")], false, "Host"),
        ("Host of another port", [(HTTPFieldName.host, "127.0.0.1:9090")], false, "Host"),
        ("Host without the port", [(HTTPFieldName.host, "127.0.0.1")], false, "Host"),
        ("Host with the port written otherwise", [(HTTPFieldName.host, "127.0.0.1:08080")], false, "Host"),
        ("Host of a loopback name's look-alike", [(HTTPFieldName.host, "localhost.evil.example:8080")], false, "Host"),
        ("no Host", [], false, "Host"),
    ] as [(String, [HTTPField], Bool, String)])
    func refused(_ name: String, extra: [HTTPField], viaProxy: Bool, because: String) async throws {
        let gateway = try InProcessGateway(demo: true)
        var headers = extra
        if !headers.contains(where: { $0.name == .host }) && name != "no Host" { headers.append((.host, "127.0.0.1:8080")) }
        let answer = await logIn(gateway, headers: headers, peerIsTrustedProxy: viaProxy)
        #expect(answer.status == .forbidden, "\(name): \(String(describing: answer.json))")
        #expect(answer.errorCode == ErrorCode.forbidden.rawValue)
        #expect(answer.json?["error"]?["message"]?.stringValue?.contains(because) == true, "\(String(describing: answer.json))")
        #expect(answer.json?["token"] == nil)
    }

    @Test("a request that came through no socket is not local; without --demo the path stays 404 whoever asks")
    func noSocketAndDemoOff() async throws {
        let gateway = try InProcessGateway(demo: true)
        #expect(await logIn(gateway, headers: [(.host, "127.0.0.1:8080")], serverPort: nil).errorCode == "forbidden")
        let off = try InProcessGateway()
        let answer = await logIn(off, headers: [(.host, "evil.example"), ("X-Forwarded-For", "203.0.113.9")])
        #expect(answer.status == .notFound)
    }
}
