public import AssistCurl
public import AssistGateway

/// Anthropic's Messages API, streamed (see `AnthropicWire` for the request, `AnthropicEventDecoder` for the answer),
/// on the event loop of the request that asks, over the same transports as `OpenAICompatibleProvider`: the
/// same transfer, flow control and cancellation, only the format differs.
///
/// Its loop is the provider's background work (`CurlStreaming`).
public struct AnthropicProvider: ModelProvider {
    /// The `provider` a model target names to be served by this kind.
    public static let kind = "anthropic"

    /// Where and how its transfers run; providers of any kind may share one.
    public var streaming: CurlStreaming
    public var loop: CurlEventLoop { streaming.loop }

    public init(_ streaming: CurlStreaming = CurlStreaming()) { self.streaming = streaming }

    public func stream(_ request: ProviderRequest) -> ProviderStream { AnthropicWire().stream(request, on: streaming) }
}
