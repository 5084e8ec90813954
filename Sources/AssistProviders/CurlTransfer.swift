import AssistCurl
import AssistEventLoop
import AssistGateway
import AssistWire
import CCurl
import Synchronization

/// One streaming POST to a provider, in the wire format a `ProviderWire` gives (its URL, fields, body and event
/// decoder): OpenAI's chat completions, Anthropic's messages, Gemini's streamGenerateContent.
///
/// Created on any thread; attached, fed and detached on its event loop's thread only (`CurlMulti`). Bytes are decoded as
/// server-sent events, each handed to the format's decoder, and its chunks yielded as `ProviderChunk`s; the stream
/// ends normally only if the decoder saw the format's end. Flow control: when the consumer has more than
/// `highWaterBytes` of text not yet taken, the write callback pauses the transfer; taking chunks below half of that
/// resumes it.
final class CurlTransfer: CurlTransferHandle, @unchecked Sendable {
    // `@unchecked Sendable`: everything but `flow` is touched only on its loop's thread (attach, the write
    // callback, detach; `loop` is set before the transfer is handed to that thread); `flow` is behind a
    // Mutex because the consumer may take chunks on another thread.
    private(set) var easy: UnsafeMutableRawPointer?
    private var headers: UnsafeMutablePointer<curl_slist>?
    private var sse = SSEDecoder(maxLineBytes: 1 << 20)
    private var status = 0
    private var errorBody: [UInt8] = []
    /// The format's decoder. An existential: one witness call per event, beside the event's own parsing.
    private var events: any ProviderEventDecoder
    private var retained: Unmanaged<CurlTransfer>?
    /// What `attach` hands to curl; dropped there.
    private var outgoing: (url: String, headers: [String], body: [UInt8])?
    /// The body curl sends, given back once the response has begun (`CurlRequestBody`).
    private var requestBody: CurlRequestBody?
    private let channel: ChunkChannel
    private let router: CurlEventLoop
    /// The event loop the transfer runs on, set by the router as it starts it (before any other use).
    var loop: EventLoop?
    let highWaterBytes: Int
    let receiveBufferBytes: Int
    /// Whether the text of the chunks in one delivery goes to the consumer as one chunk (`ProviderRequest.coalesceText`).
    let coalesce: Bool

    private struct Flow { var pendingBytes = 0; var paused = false }
    private let flow = Mutex(Flow())

    init(wire: some ProviderWire, request: ProviderRequest, channel: ChunkChannel,
         loop: CurlEventLoop, highWaterBytes: Int, receiveBufferBytes: Int) {
        // The format's fields first, then the call's trace context, whatever the format.
        let headers = wire.headers(for: request) + request.headers.map { "\($0.name): \($0.value)" }
        self.outgoing = (wire.url(for: request), headers, wire.body(for: request))
        self.events = wire.makeDecoder()
        self.channel = channel
        self.router = loop
        self.highWaterBytes = highWaterBytes
        self.receiveBufferBytes = receiveBufferBytes
        self.coalesce = request.coalesceText
    }

    /// Creates the easy handle and adds it to `multi`. Returns false (and fails the stream) if curl refuses.
    func attach(to multi: UnsafeMutableRawPointer) -> Bool {
        guard let (url, fields, body) = outgoing else { return false }
        outgoing = nil
        guard let easy = CurlEasy.make(url: url) else {
            channel.finish(throwing: ProviderError.transport("curl_easy_init failed"))
            return false
        }
        self.easy = easy
        assist_curl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, receiveBufferBytes)
        let requestBody = CurlRequestBody(body)
        requestBody.attach(to: easy)
        self.requestBody = requestBody
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for field in fields { list = curl_slist_append(list, field) }
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
        channel.finish(throwing: ProviderError.transport("the provider's curl loop has stopped"))
    }

    func unpause() {
        if let easy { curl_easy_pause(easy, CURLPAUSE_CONT) }
    }

    private func finish(_ result: CURLcode) {
        if result != CURLE_OK {
            channel.finish(throwing: ProviderError.transport(String(cString: curl_easy_strerror(result))))
        } else if status != 200 {
            channel.finish(throwing: ProviderError.http(status: status, body: String(decoding: errorBody, as: UTF8.self)))
        } else if !events.sawEnd {
            channel.finish(throwing: ProviderError.incomplete)
        } else {
            channel.finish()
        }
    }

    /// From the header callback: the body may be given back now (`CurlRequestBody.releaseIfSent`).
    fileprivate func requestBodySent(_ easy: UnsafeMutableRawPointer) { requestBody?.releaseIfSent(easy) }

    /// The consumer took `chunk`: credit its bytes back and resume a paused transfer once below half.
    func consumed(_ chunk: ProviderChunk) {
        guard case .text(let text) = chunk else { return }
        let resume = flow.withLock { flow in
            flow.pendingBytes -= text.utf8.count
            if flow.paused, flow.pendingBytes < highWaterBytes / 2 {
                flow.paused = false
                return true
            }
            return false
        }
        if resume { router.unpause(self) }
    }

    /// libcurl's write callback, on the loop thread. Returns `count` to take the bytes, or the pause value
    /// to have libcurl keep them and deliver them again after `unpause`.
    fileprivate func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let easy { requestBody?.releaseIfSent(easy) }  // an HTTP/2 response may begin before the body is all sent
        if status == 0, let easy {
            var code = 0
            assist_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
            status = code
        }
        guard status == 200 else {
            if errorBody.count < 4096 { errorBody.append(contentsOf: bytes.prefix(4096 - errorBody.count)) }
            return bytes.count
        }
        let mustPause = flow.withLock { flow in
            if flow.pendingBytes >= highWaterBytes { flow.paused = true }
            return flow.paused
        }
        if mustPause { return Int(assist_curl_writefunc_pause()) }
        // Each event is decoded where the SSE decoder holds it, and each chunk handed on as it is read: no
        // array of events, no String of an event's data, no array of chunks, once per relayed token.
        var text = ""
        var failure: (any Error)?
        let coalesce = coalesce
        do {
            _ = try sse.feed(bytes) { event in  // a failure stops it, and is kept in `failure`
                do {
                    try events.decode(event) { chunk in
                        if case .text(let piece) = chunk, coalesce {
                            text += piece
                            return
                        }
                        yield(text: &text)
                        yield(chunk)
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            yield(text: &text)  // the events before the long line were whole: their text is kept
            channel.finish(throwing: ProviderError.protocolViolation("event line too long"))
            return 0  // makes curl fail the transfer with a write error
        }
        if let failure {
            yield(text: &text)  // what arrived before the bad event is kept, as without coalescing
            channel.finish(throwing: failure)
            return 0
        }
        yield(text: &text)
        return bytes.count
    }
}

extension CurlTransfer {
    /// Hands `chunk` to the consumer, counting its text as pending.
    private func yield(_ chunk: ProviderChunk) {
        if case .text(let text) = chunk { flow.withLock { $0.pendingBytes += text.utf8.count } }
        channel.yield(chunk)
    }

    /// Hands text gathered from one delivery as one chunk, if there is any, and empties it.
    private func yield(text: inout String) {
        guard !text.isEmpty else { return }
        yield(.text(text))
        text = ""
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
