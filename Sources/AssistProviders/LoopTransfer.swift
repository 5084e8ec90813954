import AssistCurl
import AssistEventLoop
import AssistGateway
import AssistUpstream

/// One streaming POST to a provider over the loop's own HTTP/1.1 client (`UpstreamExchange`), for the calls it can
/// take: plain HTTP to an address (`UpstreamTarget`). The answer is read as `CurlTransfer` reads it (`AnswerIntake`:
/// events, chunks, flow control, the end's meaning); only the bytes' way in differs.
///
/// Started on the calling thread's loop when there is one (a request's task runs on its connection's loop), else on
/// the curl loop's own (`CurlEventLoop.loopForNewTransfer`), so that both transports end with the same loops.
/// Flow control: the consumer holding `highWaterBytes` of text untaken pauses reading; taking it below half resumes.
///
/// `@unchecked Sendable`: `exchange` is touched only on `loop`'s thread (started, resumed and cancelled there through
/// `onLoop`; its delegate callbacks come there); `intake` is Sendable; the rest is immutable.
final class LoopTransfer: UpstreamExchangeDelegate, ProviderTransfer, @unchecked Sendable {
    private let intake: AnswerIntake
    private var exchange: UpstreamExchange?
    private let loop: EventLoop?

    /// Nil when the call is not one the loop client takes (TLS, a name to resolve, a field that would split the head).
    init?(_ call: WireCall, intake: AnswerIntake, router: CurlEventLoop) {
        guard let target = UpstreamTarget.cached(url: call.url), let request = target.post(fields: call.fields, body: call.body) else { return nil }
        self.intake = intake
        loop = router.loopForNewTransfer()
        exchange = UpstreamExchange(target: target, request: request, delegate: self)
    }

    func start() {
        guard let loop, let exchange else { return intake.finish(transportFailure: AnswerIntake.loopStopped) }
        if !loop.onLoop({ UpstreamClient.on(loop).start(exchange) }) {
            intake.finish(transportFailure: AnswerIntake.loopStopped)
        }
    }

    /// Stops the call; its connection closes at once, so the upstream sees its caller leave.
    func cancel() {
        guard let loop else { return }
        _ = loop.onLoop { [self] in exchange?.cancel() }
    }

    /// The consumer took `chunk`: reading resumes once below half the high-water mark.
    func consumed(_ chunk: ProviderChunk) {
        guard intake.consumed(chunk), let loop else { return }
        _ = loop.onLoop { [self] in exchange?.resume() }
    }

    // MARK: UpstreamExchangeDelegate, on the loop

    func upstreamHead(status: Int) { intake.status = status }

    func upstreamBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard intake.take(bytes) else {
            exchange?.cancel()  // the answer failed (the channel says why): nothing more is read
            return false
        }
        return intake.status != 200 || !intake.mustPause()
    }

    func upstreamEnded(_ failure: UpstreamFailure?) {
        intake.finish(transportFailure: failure == .loopEnded ? AnswerIntake.loopStopped : failure?.description)
        exchange = nil
    }
}
