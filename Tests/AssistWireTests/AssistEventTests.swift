import AssistWire
import Testing

private func frame(_ json: String) -> [UInt8] { Array(("data: " + json + "\n\n").utf8) }

@Suite("AssistEvent")
struct AssistEventTests {
    // MARK: Frames

    @Test func deltaFrameEscapesQuotesAndNewlines() {
        let event = AssistEvent.delta(text: "Flight \"TK 1\"\nleaves at 14:30\\")
        #expect(event.sseFrame == frame(#"{"kind":"delta","text":"Flight \"TK 1\"\nleaves at 14:30\\"}"#))
    }

    @Test func deltaFrameKeepsMultiByteTextAsUTF8() {
        #expect(AssistEvent.delta(text: "İstanbul 🛫").sseFrame == frame(#"{"kind":"delta","text":"İstanbul 🛫"}"#))
        #expect(AssistEvent.delta(text: "").sseFrame == frame(#"{"kind":"delta","text":""}"#))
    }

    @Test func deltaFastPathMatchesTheGeneralEncoder() {
        for text in ["", "plain", "a\"b", "tab\tcr\r\u{01}", "Ağrı ✈️"] {
            let event = AssistEvent.delta(text: text)
            #expect(event.sseFrame == Array("data: ".utf8) + JSONWriter.bytes(event.json) + [0x0A, 0x0A], "\(text)")
        }
    }

    @Test func factsFrameIsTheFactsWithTheirKind() {
        #expect(AssistEvent.facts(["booking": ["id": "BK-1"]]).sseFrame == frame(#"{"booking":{"id":"BK-1"},"kind":"facts"}"#))
    }

    @Test func doneFrame() throws {
        let event = AssistEvent.done(finishReason: "stop", promptVersion: "2026-09-18.2")
        #expect(event.sseFrame == frame(#"{"finishReason":"stop","kind":"done","promptVersion":"2026-09-18.2"}"#))
        // `cached` appears only when true, and is read back.
        let cached = AssistEvent.done(finishReason: "stop", promptVersion: "v1", cached: true)
        #expect(cached.sseFrame == frame(#"{"cached":true,"finishReason":"stop","kind":"done","promptVersion":"v1"}"#))
        #expect(try AssistEvent(json: JSONParser.parse(Array(#"{"kind":"done","finishReason":"stop","promptVersion":"v1","cached":true}"#.utf8))) == cached)
    }

    @Test func errorFrame() {
        #expect(AssistEvent.error(code: .quotaExceeded).sseFrame == frame(#"{"code":"quota_exceeded","kind":"error"}"#))
        #expect(AssistEvent.error(code: "brand_new").sseFrame == frame(#"{"code":"brand_new","kind":"error"}"#))
    }

    @Test func pingIsACommentFrame() {
        #expect(SSEFrames.ping == Array(": ping\n\n".utf8))
    }

    // MARK: Decoding

    @Test(arguments: [
        AssistEvent.delta(text: "Merhaba \"dünya\"\nikinci satır"),
        AssistEvent.delta(text: ""),
        AssistEvent.done(finishReason: "length", promptVersion: "v1"),
        AssistEvent.error(code: .upstreamTimeout),
        AssistEvent.error(code: "future_code"),
        AssistEvent.facts(["booking": ["id": "BK-1", "version": 2, "segments": [["flight": "TK1", "departure": "2026-10-14T14:40:00+03:00"]]]]),
    ])
    func framesDecodeBackThroughSSEAndJSON(event: AssistEvent) throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(event.sseFrame)
        let only = try #require(events.count == 1 ? events.first : nil)
        #expect(only.type == "message")
        let decoded = try AssistEvent(json: JSONParser.parse(only.data))
        #expect(decoded == event)
    }

    @Test func unknownKindDecodesToNil() throws {
        #expect(try AssistEvent(json: ["kind": "reasoning", "text": "hmm"]) == nil)
        #expect(try AssistEvent(json: ["kind": ""]) == nil)
        #expect(try AssistEvent(json: ["kind": "Delta", "text": "x"]) == nil)
    }

    @Test func unknownErrorCodeIsKept() throws {
        #expect(try AssistEvent(json: ["kind": "error", "code": "new_thing"]) == .error(code: ErrorCode(rawValue: "new_thing")))
    }

    @Test func extraFieldsAreTolerated() throws {
        #expect(try AssistEvent(json: ["kind": "delta", "text": "x", "index": 3]) == .delta(text: "x"))
    }

    @Test func missingKindThrows() {
        let error = #expect(throws: WireError.self) { try AssistEvent(json: ["text": "x"]) }
        #expect(error?.path == "kind")
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": 1]) }
        #expect(throws: WireError.self) { try AssistEvent(json: .string("delta")) }
        #expect(throws: WireError.self) { try AssistEvent(json: .array([["kind": "delta"]])) }
    }

    @Test func deltaWithoutTextThrows() {
        let error = #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "delta"]) }
        #expect(error?.path == "text")
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "delta", "text": 5]) }
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "delta", "text": nil]) }
    }

    @Test func doneWithoutReasonOrVersionThrows() {
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "done", "promptVersion": "v1"]) }
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "done", "finishReason": "stop"]) }
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "done", "finishReason": "stop", "promptVersion": 2]) }
    }

    @Test func errorWithoutCodeThrows() {
        let error = #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "error"]) }
        #expect(error?.path == "code")
        #expect(throws: WireError.self) { try AssistEvent(json: ["kind": "error", "code": ["nested": "x"]]) }
    }

    @Test func wireErrorDescriptionIncludesPath() {
        #expect(WireError("delta without text", path: "text").description == "text: delta without text")
        #expect(WireError("no path").description == "no path")
    }

    @Test func errorBodyRoundTrips() throws {
        let body = ErrorBody(code: .tooManyStreams, message: "Too many streams", requestId: "req_abc")
        #expect(JSONWriter.string(body.json) == #"{"error":{"code":"too_many_streams","message":"Too many streams","requestId":"req_abc"}}"#)
        #expect(try ErrorBody(json: body.json) == body)
        #expect(throws: WireError.self) { try ErrorBody(json: ["code": "x"]) }
    }
}
