public import AssistCurl
public import AssistGateway

/// Any OpenAI-compatible chat-completions server (llama-server, vLLM, Ollama, hosted providers), streamed
/// over libcurl's multi interface on the event loop of the request that asks (see `CurlEventLoop`).
///
/// The loop is the provider's background work: whoever builds the provider runs and stops it
/// (`GatewayAssembly.services` lists it). Copies of a provider share its loop.
public struct OpenAICompatibleProvider: ModelProvider {
    /// The `provider` a model alias names to be served by this kind.
    public static let kind = "openai-compatible"

    /// Where this provider's transfers run; a `Service` (its own loop, for callers on no loop).
    public let loop: CurlEventLoop
    /// Text the consumer has not yet taken above which the transfer is paused.
    public var highWaterBytes: Int
    /// libcurl's receive buffer per transfer (its default is 16 KiB). Streamed chunks are a few hundred bytes,
    /// and a thousand idle streams each touch their buffer: 1 KiB instead of 4 KiB saved 3 KiB per stream.
    public var receiveBufferBytes: Int

    /// - Parameter loop: its own by default; the own loop starts with the first transfer made off any event
    ///   loop, and stops with `loop.shutdown()`.
    public init(loop: CurlEventLoop = CurlEventLoop(), highWaterBytes: Int = 16 * 1024, receiveBufferBytes: Int = 1024) {
        self.loop = loop
        self.highWaterBytes = highWaterBytes
        self.receiveBufferBytes = receiveBufferBytes
    }

    public func stream(_ request: ProviderRequest) -> ProviderStream {
        OpenAIWire().stream(request, loop: loop, highWaterBytes: highWaterBytes, receiveBufferBytes: receiveBufferBytes)
    }
}
