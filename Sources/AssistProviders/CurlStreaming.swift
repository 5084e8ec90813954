public import AssistCurl

/// Where and how a provider's transfers run: the curl loop (a `Service` whoever builds the provider runs and stops;
/// its own by default, which starts with the first transfer made off any event loop and stops with
/// `loop.shutdown()`), the text a consumer may leave untaken before a transfer pauses, and libcurl's receive buffer
/// per transfer. Providers of every kind may share one.
///
/// Plain-HTTP calls to an address go to the loop client instead (`loopClient`, on by default; `LoopTransfer`), on the
/// same loops: this loop's own one serves the calls made off any event loop.
public struct CurlStreaming: Sendable {
    public let loop: CurlEventLoop
    /// Text the consumer has not yet taken above which the transfer is paused.
    public var highWaterBytes: Int
    /// libcurl's receive buffer per transfer (its default is 16 KiB). Streamed chunks are a few hundred bytes,
    /// and a thousand idle streams each touch their buffer: 1 KiB instead of 4 KiB saved 3 KiB per stream.
    public var receiveBufferBytes: Int
    /// Whether a call to a plain `http://` URL with an IPv4 address or `localhost` (`UpstreamTarget`) goes to the
    /// loop's own HTTP/1.1 client rather than libcurl. Off only to test libcurl's path on a local upstream.
    public var loopClient: Bool

    public init(loop: CurlEventLoop = CurlEventLoop(), highWaterBytes: Int = 16 * 1024, receiveBufferBytes: Int = 1024,
                loopClient: Bool = true) {
        self.loop = loop
        self.highWaterBytes = highWaterBytes
        self.receiveBufferBytes = receiveBufferBytes
        self.loopClient = loopClient
    }
}
