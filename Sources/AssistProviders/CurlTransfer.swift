import AssistCurl
import AssistEventLoop
import AssistGateway
import AssistWire
import CCurl

/// One streaming POST to a provider, in the wire format a `ProviderWire` gives (its URL, fields, body and event
/// decoder): OpenAI's chat completions, Anthropic's messages, Gemini's streamGenerateContent.
///
/// Created on any thread; attached, fed and detached on its event loop's thread only (`CurlMulti`). Bytes are decoded as
/// server-sent events, each handed to the format's decoder, and its chunks yielded as `ProviderChunk`s; the stream
/// ends normally only if the decoder saw the format's end. Flow control: when the consumer has more than
/// `highWaterBytes` of text not yet taken, the write callback pauses the transfer; taking chunks below half of that
/// resumes it.
final class CurlTransfer: CurlTransferHandle, ProviderTransfer, @unchecked Sendable {
    // `@unchecked Sendable`: everything but `intake` is touched only on its loop's thread (attach, the write
    // callback, detach; `loop` is set before the transfer is handed to that thread); `intake` is Sendable, as the
    // consumer may take chunks on another thread.
    private(set) var easy: UnsafeMutableRawPointer?
    private var headers: UnsafeMutablePointer<curl_slist>?
    private var retained: Unmanaged<CurlTransfer>?
    /// What `attach` hands to curl; dropped there.
    private var outgoing: WireCall?
    /// The body curl sends, given back once the response has begun (`CurlRequestBody`).
    private var requestBody: CurlRequestBody?
    private let intake: AnswerIntake
    private let router: CurlEventLoop
    /// The event loop the transfer runs on, set by the router as it starts it (before any other use).
    var loop: EventLoop?
    let receiveBufferBytes: Int

    init(_ call: WireCall, intake: AnswerIntake, loop: CurlEventLoop, receiveBufferBytes: Int) {
        self.outgoing = call
        self.intake = intake
        self.router = loop
        self.receiveBufferBytes = receiveBufferBytes
    }

    /// Creates the easy handle and adds it to `multi`. Returns false (and fails the stream) if curl refuses.
    func attach(to multi: UnsafeMutableRawPointer) -> Bool {
        guard let call = outgoing else { return false }
        outgoing = nil
        guard let easy = CurlEasy.make(url: call.url) else {
            intake.finish(transportFailure: "curl_easy_init failed")
            return false
        }
        self.easy = easy
        assist_curl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, receiveBufferBytes)
        let requestBody = CurlRequestBody(call.body)
        requestBody.attach(to: easy)
        self.requestBody = requestBody
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for field in call.fields { list = curl_slist_append(list, field) }
        headers = list
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, list)
        let me = Unmanaged.passRetained(self)
        retained = me
        assist_curl_easy_setopt_ptr(easy, CURLOPT_WRITEDATA, me.toOpaque())
        assist_curl_easy_setopt_ptr(easy, CURLOPT_PRIVATE, me.toOpaque())
        assist_curl_easy_setopt_write(easy, curlWriteCallback)
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, me.toOpaque())
        assist_curl_easy_setopt_header(easy, curlHeaderCallback)
        curl_multi_add_handle(multi, easy)
        return true
    }

    /// Removes the handle (closing its connection if the transfer was still running) and ends the stream.
    /// `result` is nil when the consumer cancelled.
    func detach(from multi: UnsafeMutableRawPointer, result: CURLcode?) {
        CurlEasy.release(easy, from: multi, headers: headers)
        easy = nil
        headers = nil
        requestBody?.release()
        requestBody = nil
        if let result { finish(result) }
        retained?.release()
        retained = nil
    }

    /// Fails the stream because the loop stopped (or had stopped) before the transfer could end.
    func abandon() {
        intake.finish(transportFailure: AnswerIntake.loopStopped)
    }

    func unpause() {
        if let easy { curl_easy_pause(easy, CURLPAUSE_CONT) }
    }

    private func finish(_ result: CURLcode) {
        intake.finish(transportFailure: result == CURLE_OK ? nil : String(cString: curl_easy_strerror(result)))
    }

    /// From the header callback: the body may be given back now (`CurlRequestBody.releaseIfSent`).
    fileprivate func requestBodySent(_ easy: UnsafeMutableRawPointer) { requestBody?.releaseIfSent(easy) }

    /// Starts the transfer on the router's loop for it (`CurlEventLoop.start`).
    func start() { router.start(self) }

    /// Stops the transfer: its handle is removed, closing its connection (`CurlEventLoop.cancel`).
    func cancel() { router.cancel(self) }

    /// The consumer took `chunk`: resume a paused transfer once below half the high-water mark.
    func consumed(_ chunk: ProviderChunk) {
        if intake.consumed(chunk) { router.unpause(self) }
    }

    /// libcurl's write callback, on the loop thread. Returns `count` to take the bytes, or the pause value
    /// to have libcurl keep them and deliver them again after `unpause`.
    fileprivate func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let easy { requestBody?.releaseIfSent(easy) }  // an HTTP/2 response may begin before the body is all sent
        if intake.status == 0, let easy {
            var code = 0
            assist_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
            intake.status = code
        }
        if intake.status == 200, intake.mustPause() { return Int(assist_curl_writefunc_pause()) }
        return intake.take(bytes) ? bytes.count : 0  // 0 makes curl fail the transfer with a write error
    }
}

private let curlWriteCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, userData in
    guard let userData else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
    return CurlEasy.bytes(data, size: size, count: count, transfer.receive)
}

/// libcurl's header callback: the response has begun, so the request body may be given back.
private let curlHeaderCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    _, size, count, userData in
    guard let userData else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
    if let easy = transfer.easy { transfer.requestBodySent(easy) }
    return size * count
}
