@testable import AssistUpstream
import Testing

@Suite("Upstream: which URLs the loop client takes, and the request it writes")
struct UpstreamTargetTests {
    @Test("plain HTTP to an IPv4 address or localhost, with its port and path")
    func taken() throws {
        let target = try #require(UpstreamTarget(url: "http://127.0.0.1:8080/v1/chat/completions?x=1"))
        #expect(target.origin == UpstreamTarget.Origin(address: 0x7F00_0001, port: 8080))
        #expect(target.path == "/v1/chat/completions?x=1" && target.hostField == "127.0.0.1:8080")
        let local = try #require(UpstreamTarget(url: "HTTP://LocalHost/"))
        #expect(local.origin.port == 80 && local.origin.address == 0x7F00_0001 && local.path == "/")
        #expect(UpstreamTarget(url: "http://10.0.0.2:9")?.path == "/")
        #expect(UpstreamTarget(url: "http://10.0.0.2?q")?.path == "/?q")
    }

    @Test("TLS, names, IPv6, user info, bad ports and odd addresses are left to libcurl", arguments: [
        "https://127.0.0.1/v1", "http://example.com/v1", "http://[::1]:80/", "http://user@127.0.0.1/", "http://127.0.0.1:0/",
        "http://127.0.0.1:65536/", "http://127.0.0.1:/", "http://127.0.0.01/", "http://256.0.0.1/", "http://1.2.3/", "ftp://127.0.0.1/",
        "http://127.0.0.1/a b",
    ])
    func leftToCurl(_ url: String) {
        #expect(UpstreamTarget(url: url) == nil)
    }

    @Test("the cached parse answers as a fresh one, for taken and refused URLs, also past the cache's limit")
    func cached() {
        let urls = ["http://127.0.0.1:8080/v1/chat/completions", "https://127.0.0.1/v1", "http://example.com/v1"]
            + (0...UpstreamTarget.cacheLimit).map { "http://10.0.0.\($0 % 250 + 1):\($0 + 1)/v\($0)" }
        for _ in 0..<2 {
            for url in urls { #expect(UpstreamTarget.cached(url: url) == UpstreamTarget(url: url), "\(url)") }
        }
        #expect(UpstreamTarget.cached(url: "http://10.0.0.7:7/p")?.origin == UpstreamTarget.Origin(address: 0x0A00_0007, port: 7))
    }

    @Test("a POST with Host and Content-Length; a field with CR or LF is refused")
    func post() throws {
        let target = try #require(UpstreamTarget(url: "http://127.0.0.1:9/v1/x"))
        let bytes = try #require(target.post(fields: ["Content-Type: application/json"], body: Array("{}".utf8)))
        #expect(String(decoding: bytes, as: UTF8.self)
            == "POST /v1/x HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Length: 2\r\nContent-Type: application/json\r\n\r\n{}")
        #expect(target.post(fields: ["X: a\r\nY: b"], body: []) == nil)
    }
}
