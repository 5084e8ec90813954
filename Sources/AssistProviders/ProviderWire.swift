import AssistCurl
package import AssistGateway
package import AssistWire

/// One provider's wire format: what the shared streaming transfers (`LoopTransfer`, `CurlTransfer`) need to speak to it.
///
/// The transfers own everything the formats share (the POST on an event loop, flow control, cancelling, coalescing,
/// a non-200 answer as `ProviderError.http`); a format says only where to send a request, with which
/// fields (its key among them) and body, and how to read the server-sent events that come back. So a new provider is
/// a wire and a decoder, and never a second copy of the pausing and cancelling that are easy to get subtly wrong.
protocol ProviderWire: Sendable {
    associatedtype Decoder: ProviderEventDecoder

    /// The streaming endpoint for `request` (its `baseURL` with the format's path).
    func url(for request: ProviderRequest) -> String
    /// The format's own header fields, as `Name: value`: content type, accept, the key. The transfer adds
    /// `request.headers` (the trace context) after them, for every format.
    func headers(for request: ProviderRequest) -> [String]
    /// The JSON body of the streaming call.
    func body(for request: ProviderRequest) -> [UInt8]
    /// A fresh decoder for one call's answer.
    func makeDecoder() -> Decoder
}

/// Reads one call's server-sent events, in order, into chunks. Stateful: a format may learn in one event what it
/// reports in a later one (Anthropic's input tokens, given at the start, are reported with the output's at the end).
///
/// Pure (bytes in, chunks out, no I/O), so it can be tested and fuzzed without a server.
package protocol ProviderEventDecoder {
    /// The chunks one event carries (often none: pings, block boundaries). Throws `ProviderError` when the event
    /// is not the format's (`protocolViolation`, never quoting it) or is the provider failing mid-stream (as the
    /// format's decoder classifies it, e.g. `.http(status: 529, body: "")` for an overloaded model).
    mutating func decode(_ event: SSEDecoder.Event) throws -> [ProviderChunk]
    /// The same, for an event lent by the decoder (`SSEDecoder.feed(_:each:)`), each chunk handed to `sink`
    /// as it is read: how the transfer calls it, once per relayed token. By default the event is copied and
    /// given to `decode(_:)`; a format on the hot path (OpenAI's) reads the bytes where they are.
    mutating func decode(_ event: SSEDecoder.EventView, into sink: (ProviderChunk) -> Void) throws
    /// Whether what has been read is a whole answer, so that the body ending now is a normal end: the format's
    /// end marker was seen (`[DONE]`, `message_stop`), or, for a format without one, its last piece was.
    var sawEnd: Bool { get }
}

extension ProviderEventDecoder {
    package mutating func decode(_ event: SSEDecoder.EventView, into sink: (ProviderChunk) -> Void) throws {
        for chunk in try decode(event.event) { sink(chunk) }
    }
}

extension ProviderWire {
    /// `base` (with or without a trailing slash) followed by `path`.
    static func endpoint(_ base: String, _ path: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }

    /// Starts `request` in this format: on the loop client (`LoopTransfer`) when its URL is plain HTTP to an address
    /// (a local model, a scripted upstream, a sidecar) and `streaming.loopClient` allows it, else over libcurl
    /// (TLS, names to resolve). Either way the stream every provider hands out, with its flow control (`consumed`)
    /// and cancellation wired to the transfer.
    func stream(_ request: ProviderRequest, on streaming: CurlStreaming) -> ProviderStream {
        let channel = ChunkChannel()
        let call = WireCall(self, request)
        let intake = AnswerIntake(decoder: makeDecoder(), channel: channel, highWaterBytes: streaming.highWaterBytes,
                                  coalesce: request.coalesceText)
        let transfer: any ProviderTransfer = (streaming.loopClient ? LoopTransfer(call, intake: intake, router: streaming.loop) : nil)
            ?? CurlTransfer(call, intake: intake, loop: streaming.loop, receiveBufferBytes: streaming.receiveBufferBytes)
        channel.onCancel { transfer.cancel() }
        transfer.start()
        return ProviderStream(channel, consumed: { transfer.consumed($0) }, cancel: {
            transfer.cancel()
            channel.finish(throwing: CancellationError())
        })
    }
}

/// What `ProviderWire.stream` asks of a transfer, whichever transport it is: start it, stop it (its connection closes,
/// so the upstream sees its caller leave), and credit back what the consumer took (flow control).
protocol ProviderTransfer: Sendable {
    func start()
    func cancel()
    func consumed(_ chunk: ProviderChunk)
}

/// One call as its wire gives it: the URL, the header fields (the format's, then the call's trace context), the body.
struct WireCall: Sendable {
    var url: String
    var fields: [String]
    var body: [UInt8]

    init(_ wire: some ProviderWire, _ request: ProviderRequest) {
        url = wire.url(for: request)
        // The format's fields first, then the call's trace context, whatever the format.
        fields = wire.headers(for: request) + request.headers.map { "\($0.name): \($0.value)" }
        body = wire.body(for: request)
    }
}
