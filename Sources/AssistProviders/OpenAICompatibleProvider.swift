public import AssistCurl
public import AssistGateway

/// Any OpenAI-compatible chat-completions server (llama-server, vLLM, Ollama, hosted providers), streamed on the
/// event loop of the request that asks (see `CurlEventLoop`): over the loop's own HTTP/1.1 client for plain HTTP
/// to an address, over libcurl's multi interface for the rest (`ProviderWire.stream`).
///
/// The loop is the provider's background work: whoever builds the provider runs and stops it
/// (`GatewayAssembly.services` lists it). Copies of a provider share its loop.
public struct OpenAICompatibleProvider: ModelProvider {
    /// The `provider` a model target names to be served by this kind.
    public static let kind = "openai-compatible"

    /// Where and how its transfers run; providers of any kind may share one.
    public var streaming: CurlStreaming
    public var loop: CurlEventLoop { streaming.loop }

    public init(_ streaming: CurlStreaming = CurlStreaming()) { self.streaming = streaming }

    /// The same as `init(CurlStreaming(...))`, as tests and tools spell it.
    public init(loop: CurlEventLoop = CurlEventLoop(), highWaterBytes: Int = 16 * 1024, receiveBufferBytes: Int = 1024) {
        self.init(CurlStreaming(loop: loop, highWaterBytes: highWaterBytes, receiveBufferBytes: receiveBufferBytes))
    }

    public func stream(_ request: ProviderRequest) -> ProviderStream { OpenAIWire().stream(request, on: streaming) }
}
