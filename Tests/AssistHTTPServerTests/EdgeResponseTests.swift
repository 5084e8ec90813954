import AssistCrypto
@testable import AssistHTTPServer
import AssistWire
import Testing

/// The server's own refusals answer with the gateway's error body and request id, made in one place each
/// (`ErrorBody`, `RequestID`), so an app reads a 413 from the server as it reads a 429 from the gateway.
@Suite("The server's own refusals: the gateway's error body and request id")
struct EdgeResponseTests {
    /// The head's lines and the body of a whole response.
    func split(_ bytes: [UInt8]) -> (lines: [String], body: [UInt8]) {
        let text = Array(bytes)
        let end = (0..<(text.count - 3)).first { text[$0..<($0 + 4)].elementsEqual(Array("\r\n\r\n".utf8)) }!
        let head = String(decoding: text[..<end], as: UTF8.self)
        return (head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init), Array(text[(end + 4)...]))
    }

    @Test("a refusal's body is an ErrorBody whose id is the X-Request-Id, with a length that matches")
    func refusalBody() throws {
        let id = RequestID.make()
        let (lines, body) = split(EdgeResponse.bytes(.overloaded(retryAfter: 2), requestID: id))
        #expect(lines[0] == "HTTP/1.1 503 Service Unavailable")
        #expect(lines.contains("X-Request-Id: \(id)") && lines.contains("Retry-After: 2") && lines.contains("Content-Length: \(body.count)"))
        let error = try ErrorBody(json: JSONParser.parse(body))
        #expect(error.code == "overloaded" && error.requestId == id && !error.message.isEmpty)
    }

    @Test("a message with quotes, a backslash and a control character round-trips as JSON")
    func escapedMessage() throws {
        let message = "bad \"header\" \\ name\u{1}"
        let (_, body) = split(EdgeResponse.bytes(.invalid(message), requestID: "req_x"))
        let error = try ErrorBody(json: JSONParser.parse(body))
        #expect(error.code == "invalid_request" && error.message == message && error.requestId == "req_x")
    }

    @Test("request ids: req_ and 16 base64url characters, never repeated")
    func requestIDs() {
        let ids = (0..<1000).map { _ in RequestID.make() }
        #expect(Set(ids).count == ids.count)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(ids.allSatisfy { $0.hasPrefix("req_") && $0.count == 20 && $0.dropFirst(4).allSatisfy(alphabet.contains) })
    }
}
