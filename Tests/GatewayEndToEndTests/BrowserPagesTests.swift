import AssistCrypto
import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

/// `/demo`, `/console` and `POST /demo/token` over real sockets: served only where what they stand on is on,
/// always under the strict Content-Security-Policy. (What the pages do is tested in Chromium: BrowserTests.)
@Suite("Browser pages and the demo log-in")
struct BrowserPagesTests {
    func get(_ harness: GatewayHarness, _ path: String) async throws -> TestResponse {
        try await testRequest(port: harness.port, path: path)
    }

    func logIn(_ harness: GatewayHarness, _ body: String, method: String = "POST", headers: [(String, String)] = []) async throws -> TestResponse {
        try await testRequest(port: harness.port, method: method, path: "/demo/token", headers: [("Content-Type", "application/json")] + headers,
                              body: Array(body.utf8))
    }

    @Test("with --demo: both pages and their files, each under the strict policy; the log-in gives a working short-lived token")
    func demoOn() async throws {
        let harness = try GatewayHarness(demo: true)
        for path in ["/demo", "/console", "/pages/demo.js", "/pages/console.js", "/pages/page.js", "/pages/sse.js", "/pages/pages.css"] {
            let page = try await get(harness, path)
            #expect(page.status == 200, "\(path)")
            let policy = page.headers["content-security-policy"] ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"), "\(path)")
            #expect(page.headers["x-content-type-options"] == "nosniff")
        }
        #expect(try await get(harness, "/demo").text.contains("<script src=\"/pages/demo.js\""))
        #expect(try await get(harness, "/pages/demo.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(try await testRequest(port: harness.port, method: "POST", path: "/demo").status == 405)

        let login = try await logIn(harness, #"{"user":"u2"}"#)
        #expect(login.status == 200, "\(login.text)")
        #expect(login.json?["name"] == "Oliver Bennett" && login.json?["locale"] == "en-GB" && login.json?["expiresIn"] == 900)
        #expect(login.json?["bookings"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["BK-2063", "BK-2088"])
        #expect(login.json?["bookings"]?.arrayValue?.first?["route"] == "LHR → IST → DXB")
        let token = try #require(login.json?["token"]?.stringValue)
        let claims = try JSONParser.parse(try #require(Base64URL.decode(String(token.split(separator: ".")[1]))))
        let lifetime = (claims["exp"]?.intValue ?? 0) - (claims["iat"]?.intValue ?? 0)
        #expect(lifetime == 900)
        let features = try await testRequest(port: harness.port, path: "/v1/features", headers: [("Authorization", "Bearer \(token)")])
        #expect(features.status == 200)

        #expect(try await logIn(harness, #"{"user":"u9"}"#).errorCode == "invalid_input")
        #expect(try await logIn(harness, #"{"user":"u1","admin":true}"#).errorCode == "invalid_input")
        #expect(try await logIn(harness, "[]").errorCode == "invalid_request")
        #expect(try await logIn(harness, "", method: "GET").status == 405)
    }

    @Test("over a socket the log-in answers only this machine: Host of loopback and the gateway's port, no forwarding, no proxy")
    func demoOnlyForThisMachine() async throws {
        let harness = try GatewayHarness(demo: true)
        let port = harness.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)"] {
            let accepted = try await logIn(harness, #"{"user":"u1"}"#, headers: [("Host", host)])
            #expect(accepted.status == 200, "\(host): \(accepted.text)")
        }
        let refusals: [(String, [(String, String)])] = [
            ("X-Forwarded-For", [("X-Forwarded-For", "203.0.113.9")]),
            ("Forwarded", [("Forwarded", "for=203.0.113.9;proto=https")]),
            ("X-Real-IP", [("X-Real-IP", "203.0.113.9")]),
            ("a rebinding page's Host", [("Host", "evil.example:\(port)")]),
            ("another port", [("Host", "127.0.0.1:\(port == 65535 ? port - 1 : port + 1)")]),
        ]
        for (name, headers) in refusals {
            let refused = try await logIn(harness, #"{"user":"u1"}"#, headers: headers)
            #expect(refused.status == 403, "\(name): \(refused.text)")
            #expect(refused.errorCode == "forbidden", "\(name)")
            #expect(refused.json?["token"] == nil)
        }

        // A peer that is a trusted proxy speaks for someone else, even when it sends nothing that says so.
        let behindProxy = try GatewayHarness(limits: ["trustedProxies": ["127.0.0.1"]], demo: true)
        let viaProxy = try await testRequest(port: behindProxy.port, method: "POST", path: "/demo/token",
                                             headers: [("Content-Type", "application/json")], body: Array(#"{"user":"u1"}"#.utf8))
        #expect(viaProxy.status == 403, "\(viaProxy.text)")
        #expect(viaProxy.errorCode == "forbidden")
        #expect(viaProxy.json?["error"]?["message"]?.stringValue?.contains("proxy") == true)
    }

    @Test("without --demo the demo is 404 and the console stays; each page can be turned off in config")
    func pagesOff() async throws {
        let plain = try GatewayHarness()
        #expect(try await get(plain, "/demo").status == 404)
        #expect(try await get(plain, "/pages/demo.js").status == 404)
        #expect(try await logIn(plain, #"{"user":"u1"}"#).status == 404)
        #expect(try await get(plain, "/console").status == 200)
        #expect(try await get(plain, "/pages/sse.js").status == 200)

        let off = try GatewayHarness(demo: true, pages: ["demo": false, "console": false])
        for path in ["/demo", "/console", "/pages/sse.js", "/pages/console.js"] { #expect(try await get(off, path).status == 404, "\(path)") }
        #expect(try await logIn(off, #"{"user":"u1"}"#).status == 404)
        #expect(try await get(off, "/healthz").status == 200)
    }
}
