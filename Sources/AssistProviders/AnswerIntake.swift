import AssistGateway
import AssistWire
import Synchronization

/// What both transfers (libcurl's `CurlTransfer`, the loop client's `LoopTransfer`) do with a provider's answer:
/// a non-200 body kept (up to 4 KiB) for the error, a 200 body read as server-sent events through the format's
/// decoder into `ProviderChunk`s on the channel, the text not yet taken counted for flow control, and the end
/// classified (`finish`). One copy, so the two transports cannot differ in what an answer means.
///
/// `@unchecked Sendable`: `sse`, `status`, `errorBody` and `events` are touched only on the transfer's loop thread
/// (the transfer feeds it there, and finishes it there or before it is started); `flow` is behind a Mutex because the
/// reader calls `consumed` on any thread; the rest is immutable.
final class AnswerIntake: @unchecked Sendable {
    private struct Flow { var pendingBytes = 0; var paused = false }

    /// What a call fails with when the loop it runs on has stopped, or the provider's own loop was shut down, whichever
    /// transport carried it (the curl loop is the provider's router for both).
    static let loopStopped = "the provider's curl loop has stopped"

    let channel: ChunkChannel
    let highWaterBytes: Int
    /// Whether the text of the chunks in one delivery goes to the consumer as one chunk (`ProviderRequest.coalesceText`).
    let coalesce: Bool
    // Loop-thread only. Apart, not in one struct: the SSE decoder's closure uses the format's decoder while the SSE
    // decoder is being fed, and two accesses to one stored struct would overlap.
    private var sse = SSEDecoder(maxLineBytes: 1 << 20)
    /// The response's status, once known (0 before).
    var status = 0
    private var errorBody: [UInt8] = []
    /// The format's decoder. An existential: one witness call per event, beside the event's own parsing.
    private var events: any ProviderEventDecoder
    private let flow = Mutex(Flow())

    init(decoder: any ProviderEventDecoder, channel: ChunkChannel, highWaterBytes: Int, coalesce: Bool) {
        events = decoder
        self.channel = channel
        self.highWaterBytes = highWaterBytes
        self.coalesce = coalesce
    }

    /// Whether the consumer has more text untaken than the high-water mark: the transfer pauses (and `consumed`
    /// says when to resume).
    func mustPause() -> Bool {
        flow.withLock { flow in
            if flow.pendingBytes >= highWaterBytes { flow.paused = true }
            return flow.paused
        }
    }

    /// Reads body bytes. Returns false when the answer failed (the channel is finished with why): the transfer stops.
    func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard status == 200 else {
            if errorBody.count < 4096 { errorBody.append(contentsOf: bytes.prefix(4096 - errorBody.count)) }
            return true
        }
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
            return false
        }
        yield(text: &text)  // what arrived before a bad event is kept, as without coalescing
        if let failure {
            channel.finish(throwing: failure)
            return false
        }
        return true
    }

    /// Ends the channel: with `transportFailure` when the transfer failed, else by what was read (a non-200 status
    /// as `ProviderError.http`, an answer without the format's end as `incomplete`).
    func finish(transportFailure: String?) {
        if let transportFailure {
            channel.finish(throwing: ProviderError.transport(transportFailure))
        } else if status != 200 {
            channel.finish(throwing: ProviderError.http(status: status, body: String(decoding: errorBody, as: UTF8.self)))
        } else if !events.sawEnd {
            channel.finish(throwing: ProviderError.incomplete)
        } else {
            channel.finish()
        }
    }

    /// The consumer took `chunk`: its bytes are credited back. Returns true when a paused transfer must resume
    /// (below half the high-water mark).
    func consumed(_ chunk: ProviderChunk) -> Bool {
        guard case .text(let text) = chunk else { return false }
        return flow.withLock { flow in
            flow.pendingBytes -= text.utf8.count
            if flow.paused, flow.pendingBytes < highWaterBytes / 2 {
                flow.paused = false
                return true
            }
            return false
        }
    }

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
