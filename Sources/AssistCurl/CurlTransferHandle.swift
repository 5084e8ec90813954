public import AssistEventLoop
public import CCurl

/// The transfers a `CurlMulti` drives: the provider's streaming POST (`CurlTransfer`) and the client kit's exchange
/// (`CurlExchange`). Loop-confined once started: `attach`, `detach` and `unpause` run on the transfer's loop thread
/// only; `loop` is set before the transfer is handed to that thread.
public protocol CurlTransferHandle: AnyObject, Sendable {
    /// The event loop the transfer runs on, set by `CurlEventLoop.start` before any other use.
    var loop: EventLoop? { get set }
    /// Creates the easy handle, with CURLOPT_PRIVATE set to this object, and adds it to `multi`. Returns false
    /// (having failed its consumer) if curl refuses.
    func attach(to multi: UnsafeMutableRawPointer) -> Bool
    /// Removes the handle (closing its connection if it still runs) and ends the consumer's stream with
    /// `result`; nil when the consumer cancelled.
    func detach(from multi: UnsafeMutableRawPointer, result: CURLcode?)
    /// Fails the consumer because the loop stopped before the transfer could end.
    func abandon()
    /// Resumes a transfer its write callback paused.
    func unpause()
}
