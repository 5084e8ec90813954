public import AssistCurl

/// Where and how a provider's transfers run: the curl loop (a `Service` whoever builds the provider runs and stops;
/// its own by default, which starts with the first transfer made off any event loop and stops with
/// `loop.shutdown()`), the text a consumer may leave untaken before a transfer pauses, and libcurl's receive buffer
/// per transfer. Providers of every kind may share one.
public struct CurlStreaming: Sendable {
    public let loop: CurlEventLoop
    /// Text the consumer has not yet taken above which the transfer is paused.
    public var highWaterBytes: Int
    /// libcurl's receive buffer per transfer (its default is 16 KiB). Streamed chunks are a few hundred bytes,
    /// and a thousand idle streams each touch their buffer: 1 KiB instead of 4 KiB saved 3 KiB per stream.
    public var receiveBufferBytes: Int

    public init(loop: CurlEventLoop = CurlEventLoop(), highWaterBytes: Int = 16 * 1024, receiveBufferBytes: Int = 1024) {
        self.loop = loop
        self.highWaterBytes = highWaterBytes
        self.receiveBufferBytes = receiveBufferBytes
    }
}
