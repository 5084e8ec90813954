import AssistCurl
import CCurl
import ScriptedUpstream
import Testing

/// The body of a provider call is sent from our memory and given back once the response has begun, not held by
/// curl for as long as the stream stays open (`CurlRequestBody`).
@Suite("CurlRequestBody")
struct CurlRequestBodyTests {
    @Test("the upstream receives the body whole, and it is given back at the response's first header")
    func sentWholeThenGivenBack() throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["hi"]))
        defer { upstream.stop() }
        // Larger than one TCP segment and than curl's initial request buffer's share: sent in more than one piece.
        let body = Array("{\"model\":\"scripted\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"\(String(repeating: "ğ", count: 40_000))\"}]}".utf8)
        let requestBody = CurlRequestBody(body)
        let easy = try #require(CurlEasy.make(url: upstream.baseURL + "/chat/completions"))
        defer { curl_easy_cleanup(easy) }
        let headers = curl_slist_append(nil, "Content-Type: application/json")
        defer { curl_slist_free_all(headers) }
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, headers)
        requestBody.attach(to: easy)
        let context = Unmanaged.passRetained(Observed(body: requestBody, easy: easy))
        defer { context.release() }
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, context.toOpaque())
        assist_curl_easy_setopt_header(easy, observingHeaderCallback)
        assist_curl_easy_setopt_write(easy, discardingWriteCallback)

        #expect(requestBody.isHeld)
        requestBody.releaseIfSent(easy)  // nothing sent yet, no response: kept
        #expect(requestBody.isHeld)
        #expect(curl_easy_perform(easy) == CURLE_OK)
        #expect(!requestBody.isHeld)
        #expect(context.takeUnretainedValue().heldAtFirstHeader == true)  // released at a final status, not before
        #expect(upstream.requests.last?.body == body)
    }
}

/// What the header callback saw: whether the body was still held when the first header arrived.
private final class Observed {
    let body: CurlRequestBody
    let easy: UnsafeMutableRawPointer
    var heldAtFirstHeader: Bool?
    init(body: CurlRequestBody, easy: UnsafeMutableRawPointer) {
        self.body = body
        self.easy = easy
    }
}

private let observingHeaderCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    _, size, count, userData in
    guard let userData else { return 0 }
    let observed = Unmanaged<Observed>.fromOpaque(userData).takeUnretainedValue()
    if observed.heldAtFirstHeader == nil { observed.heldAtFirstHeader = observed.body.isHeld }
    observed.body.releaseIfSent(observed.easy)
    return size * count
}

private let discardingWriteCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    _, size, count, _ in size * count
}
