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
    @Test("the provider's header goes on the request, computed over the exact method, path and body sent")
    func attached() async throws {
        let seen = Mutex<(method: String, path: String, body: [UInt8])?>(nil)
        let provider = PlayIntegrityProvider { method, path, body in
            seen.withLock { $0 = (method, path, body) }
            return "tok.en.from.play.api"
        }
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.done(finishReason: "stop", promptVersion: "v1")])]))
        let kit = AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport, accessToken: { "t" }, integrity: provider)
        for try await _ in kit.stream(summaryRequest) {}
        let sent = try #require(transport.requests.withLock { $0.first })
        #expect(sent.value(forHTTPHeaderField: "X-Assist-Integrity") == "playintegrity token=tok.en.from.play.api")
        let call = try #require(seen.withLock { $0 })
        #expect(call.method == "POST" && call.path == "/v1/assist/stream")
        #expect(Data(call.body) == sent.httpBody)
    }

    @Test("a provider with nothing to offer sends no header; the header round-trips through its parser")
    func none() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.done(finishReason: "stop", promptVersion: "v1")])]))
        let kit = AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport, accessToken: { "t" },
                               integrity: PlayIntegrityProvider { _, _, _ in nil })
        for try await _ in kit.stream(summaryRequest) {}
        #expect(transport.requests.withLock { $0.first }?.value(forHTTPHeaderField: "X-Assist-Integrity") == nil)
        let header = IntegrityHeader(scheme: "appattest", parameters: ["keyId": "a2V5", "assertion": "YXNz", "challenge": "c"])
        #expect(IntegrityHeader(header.value) == header)
        #expect(IntegrityHeader("appattest") == nil)
        #expect(IntegrityHeader("appattest keyId") == nil)
        #expect(IntegrityHeader("appattest a=1, a=2") == nil)
        #expect(IntegrityClientData.make(method: "post", path: "/v1/assist", bodySHA256Base64: "h", challenge: "c") == "POST\n/v1/assist\nh\nc")
    }
}
