public import AssistCurl
public import AssistGateway

/// Google's Gemini API, streamed (see `GeminiWire` for the request, `GeminiEventDecoder` for the answer), over
/// libcurl's multi interface on the event loop of the request that asks, as `OpenAICompatibleProvider` is: the same
/// transfer, flow control and cancellation, only the format differs.
///
/// The loop is the provider's background work: whoever builds the provider runs and stops it. Providers of any
/// kind may share one loop.
public struct GeminiProvider: ModelProvider {
    /// The `provider` a model alias names to be served by this kind.
    public static let kind = "gemini"

    /// Where this provider's transfers run; a `Service` (its own loop, for callers on no loop).
    public let loop: CurlEventLoop
    /// Text the consumer has not yet taken above which the transfer is paused.
    public var highWaterBytes: Int
    /// libcurl's receive buffer per transfer (see `OpenAICompatibleProvider.receiveBufferBytes`).
    public var receiveBufferBytes: Int

    /// - Parameter loop: its own by default; the own loop starts with the first transfer made off any event
    ///   loop, and stops with `loop.shutdown()`.
    public init(loop: CurlEventLoop = CurlEventLoop(), highWaterBytes: Int = 16 * 1024, receiveBufferBytes: Int = 1024) {
        self.loop = loop
        self.highWaterBytes = highWaterBytes
        self.receiveBufferBytes = receiveBufferBytes
    }

    public func stream(_ request: ProviderRequest) -> ProviderStream {
        GeminiWire().stream(request, loop: loop, highWaterBytes: highWaterBytes, receiveBufferBytes: receiveBufferBytes)
    }
}
