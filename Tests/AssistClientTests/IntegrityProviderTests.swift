import AssistClient
import AssistWire
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integrity providers in the client kit")
struct IntegrityProviderTests {
    @Test("the provider's header goes on the request, computed over the exact method, path, body and session token sent")
    func attached() async throws {
        let seen = Mutex<(method: String, path: String, body: [UInt8], sessionToken: String)?>(nil)
        let provider = PlayIntegrityProvider { method, path, body, sessionToken in
            seen.withLock { $0 = (method, path, body, sessionToken) }
            return "tok.en.from.play.api"
        }
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.done(finishReason: "stop", promptVersion: "v1")])]))
        // A token provider that refreshes: each call gives a new token, and the proof must cover the one sent.
        let issued = Mutex(0)
        let accessToken: @Sendable () async throws -> String = { "session-\(issued.withLock { $0 += 1; return $0 })" }
        let kit = AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport, accessToken: accessToken, integrity: provider)
        for try await _ in kit.stream(summaryRequest) {}
        let sent = try #require(transport.requests.withLock { $0.first })
        #expect(sent.value(forHTTPHeaderField: "X-Assist-Integrity") == "playintegrity token=tok.en.from.play.api")
        let call = try #require(seen.withLock { $0 })
        #expect(call.method == "POST" && call.path == "/v1/assist/stream")
        #expect(Data(call.body) == sent.httpBody)
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(call.sessionToken)")
        #expect(issued.withLock { $0 } == 1)
    }

    @Test("a provider with nothing to offer sends no header; the header round-trips through its parser")
    func none() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.done(finishReason: "stop", promptVersion: "v1")])]))
        let kit = AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport, accessToken: { "t" },
                               integrity: PlayIntegrityProvider { _, _, _, _ in nil })
        for try await _ in kit.stream(summaryRequest) {}
        #expect(transport.requests.withLock { $0.first }?.value(forHTTPHeaderField: "X-Assist-Integrity") == nil)
        let header = IntegrityHeader(scheme: "appattest", parameters: ["keyId": "a2V5", "assertion": "YXNz", "challenge": "c"])
        #expect(IntegrityHeader(header.value) == header)
        #expect(IntegrityHeader("appattest") == nil)
        #expect(IntegrityHeader("appattest keyId") == nil)
        #expect(IntegrityHeader("appattest a=1, a=2") == nil)
        #expect(IntegrityClientData.make(method: "post", path: "/v1/assist", bodySHA256Base64: "h", sessionSHA256Base64: "s", challenge: "c")
            == "POST\n/v1/assist\nh\ns\nc")
        #expect(IntegrityClientData.make(method: "GET", path: "/v1/features", bodySHA256Base64: "h", sessionSHA256Base64: "s") == "GET\n/v1/features\nh\ns")
    }
}
