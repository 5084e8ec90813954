// libFuzzer target: AssistProviders' event decoders for Anthropic's and Gemini's streams, which read what a provider
// (or anything between it and us) sends. Any bytes, cut into server-sent events, go through a fresh decoder of each
// format, event by event until it throws: a decoder throws only `ProviderError`, classifies a failure as a retryable
// status (429 or 5xx) or a protocol violation that never quotes the event, yields no empty text, and once it has seen
// its end it keeps seeing it.
import AssistGateway
import AssistProviders
import AssistWire

private func run(_ decoder: inout some ProviderEventDecoder, _ events: [SSEDecoder.Event]) {
    for event in events {
        let ended = decoder.sawEnd
        do {
            for chunk in try decoder.decode(event) {
                if case .text(let text) = chunk, text.isEmpty { fatalError("an empty text chunk") }
            }
        } catch let error as ProviderError {
            switch error {
            case .http(let status, let body):
                guard status == 429 || (500...599).contains(status), body.isEmpty else { fatalError("unexpected status \(status) or body") }
            case .protocolViolation(let message):
                if event.data.utf8.count >= 16, message.contains(event.data) { fatalError("the violation quotes the event") }
            case .transport, .incomplete:
                fatalError("a decoder reported \(error)")
            }
            return
        } catch {
            fatalError("not a ProviderError: \(error)")
        }
        if ended, !decoder.sawEnd { fatalError("the end was forgotten") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var sse = SSEDecoder(maxLineBytes: 1 << 16)
    let events: [SSEDecoder.Event]
    do { events = try sse.feed(UnsafeBufferPointer(start: data, count: size)) } catch { return 0 }
    var anthropic = AnthropicEventDecoder()
    run(&anthropic, events)
    var gemini = GeminiEventDecoder()
    run(&gemini, events)
    return 0
}
