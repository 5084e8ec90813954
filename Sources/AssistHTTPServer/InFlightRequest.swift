import AssistHTTP
import AssistEventLoop
import CLinux
import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One request's life inside the server, from its headers to its completion callback.
///
/// libmicrohttpd calls the access handler several times per request; this object carries what happened
/// between calls. The responder runs in a Swift task while the connection is suspended; the task resumes
/// the connection when the response is ready, and the next access-handler call queues it.
final class InFlightRequest: Sendable {
    private enum Phase {
        /// Headers read; body being uploaded.
        case receiving
        /// Responder running in a task; connection suspended until it answers.
        case handling
        /// The responder answered; the next access-handler call queues this response.
        case ready(HTTPResponse)
        /// Response queued (a streaming body may still be running).
        case responded
        /// The client left before a response was queued.
        case abandoned
    }

    private struct State {
        /// Method, path and headers until the responder takes them with the body.
        var head: HTTPRequest?
        var phase: Phase = .receiving
        var body: [UInt8] = []
        var bodyTooLarge = false
        var tasks: [Task<Void, Never>] = []
        var writer: StreamingBody?
        /// The socket the loop watches for the client leaving, while it does.
        var watch: Int32?
        var clientGone = false
        /// libmicrohttpd reported the request over: its socket may be closed, and its number reused.
        var completed = false
    }

    let connection: ConnectionHandle
    private let server: ServerCore
    /// The loop whose daemon holds the connection: the responder's and the stream's tasks run on it.
    private let loop: EventLoop
    private let state: Mutex<State>
    /// When the body must have arrived by; set only when the edge handed the connection on before it had.
    private let bodyDeadline: ContinuousClock.Instant?

    /// - Parameter head: the request without its body, which the upload calls append.
    init(server: ServerCore, loop: EventLoop, connection: ConnectionHandle, head: HTTPRequest,
         bodyDeadline: ContinuousClock.Instant? = nil) {
        self.server = server
        self.loop = loop
        self.connection = connection
        self.bodyDeadline = bodyDeadline
        state = Mutex(State(head: head))
    }

    /// The body is still being received and its deadline has passed: the connection is to be closed.
    var receivingPastDeadline: Bool {
        guard let bodyDeadline, ContinuousClock.now > bodyDeadline else { return false }
        return state.withLock { state in
            if case .receiving = state.phase { return true }
            return false
        }
    }

    func appendBody(_ chunk: UnsafeBufferPointer<UInt8>) {
        state.withLock { state in
            if state.bodyTooLarge { return }
            if state.body.count + chunk.count > server.configuration.maxBodyBytes {
                state.bodyTooLarge = true
                state.body = []
            } else {
                state.body.append(contentsOf: chunk)
            }
        }
    }

    /// The final access-handler call of the upload: run the responder or queue its answer.
    func proceed() -> MHD_Result {
        enum Step { case start, queue(HTTPResponse), wait, close }
        let step: Step = state.withLock { state in
            switch state.phase {
            case .receiving: return .start
            case .ready(let response):
                state.phase = .responded
                return .queue(response)
            case .handling, .responded: return .wait
            case .abandoned: return .close
            }
        }
        switch step {
        case .start:
            return start()
        case .queue(let response):
            return queue(response)
        case .wait:
            return .YES
        case .close:
            return .NO
        }
    }

    /// Suspends the connection and runs the responder in a task; its answer resumes the connection.
    private func start() -> MHD_Result {
        // The body is in: the connection's timeout is the idle one again (it was the time left to the deadline).
        if bodyDeadline != nil { connection.setTimeout(seconds: server.configuration.idleTimeoutSeconds) }
        var request: HTTPRequest?
        let admitted = server.admit(self) {
            state.withLock { state in
                state.phase = .handling
                // The head is handed over, not kept: an open stream should not hold its request's headers.
                var head = state.head ?? HTTPRequest(method: .get, path: "/")
                head.body = state.body
                head.bodyTooLarge = state.bodyTooLarge
                request = head
                state.head = nil
                state.body = []
            }
            connection.suspend()
        }
        guard admitted, let request else {
            state.withLock { $0.phase = .responded }
            return queue(EdgeResponse.response(.shuttingDown, requestID: server.configuration.makeRequestID()))
        }
        watchForDisconnect()
        let responder = server.responder
        let task = Task(executorPreference: loop) { [self] in
            let response = await responder.respond(to: request)
            responded(response)
        }
        // Kept only while it runs (to cancel it if the client leaves); a finished task's handle is dropped.
        state.withLock { state in if case .handling = state.phase { state.tasks.append(task) } }
        return .YES
    }

    private func responded(_ response: HTTPResponse) {
        let queued = state.withLock { state in
            guard case .handling = state.phase, !state.clientGone else { return false }
            state.tasks = []
            state.phase = .ready(response)
            server.resume(connection)
            return true
        }
        if !queued { Self.runUnsent(response) }
    }

    /// A response that will never be sent (its client left first) still runs its streamed body, with a
    /// writer whose client is gone: whatever the producer holds for the request is given back by its own
    /// code path, as for a client that leaves mid-stream.
    private static func runUnsent(_ response: HTTPResponse) {
        guard case .stream(let produce) = response.body else { return }
        let writer = StreamingBody(highWaterBytes: 1, resumeConnection: {})
        writer.clientDisconnected()
        Task { await produce(writer) }
    }

    private func watchForDisconnect() {
        let fd = connection.socket
        guard fd >= 0 else { return }
        connection.daemon.watchPeer(fd: fd) { [weak self] event in self?.peer(event) }
        state.withLock { $0.watch = fd }
    }

    /// What the loop saw of the client (`LoopDaemon.watchPeer`).
    ///
    /// A reset or a failed socket (`gone`) means the client left. A FIN alone (`halfClosed`) is ambiguous: a
    /// client that closed its socket and one that only shut down its sending side (its request is all sent,
    /// it still reads) look the same until the server writes. Before the response is queued it is taken as a
    /// half-close: the request is answered, and the watch narrows to hang-ups, which the kernel reports once a
    /// write to a client that has really gone is answered with a reset (for a stream, its first bytes). Once a
    /// response is streaming, a FIN means the client left, as before: cancelled at once.
    private func peer(_ event: PeerEvent) {
        if event == .gone { return clientDisconnected() }
        enum Next { case nothing, rewatch(Int32), disconnect }
        let next: Next = state.withLock { state in
            guard let watch = state.watch else { return .nothing }  // completed meanwhile
            switch state.phase {
            case .handling, .ready: return .rewatch(watch)
            case .receiving, .responded, .abandoned: return .disconnect
            }
        }
        switch next {
        case .nothing: return
        case .disconnect: return clientDisconnected()
        case .rewatch(let fd):
            // On the loop, as `completed()` is: a connection being closed is never watched again.
            guard state.withLock({ $0.watch != nil }) else { return }
            connection.daemon.watchPeer(fd: fd, halfClose: false) { [weak self] event in self?.peer(event) }
        }
    }

    private func queue(_ response: HTTPResponse) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        var producer: (@Sendable (any ResponseBodyWriter) async -> Void)?
        var writer: StreamingBody?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .stream(let produce):
            let (connection, server) = (self.connection, self.server)
            let configuration = server.configuration
            let bodyWriter = StreamingBody(highWaterBytes: configuration.streamHighWaterBytes, pace: configuration.readPace) {
                server.resume(connection)
            }
            mhdResponse = MHD_create_response_from_callback(
                assist_mhd_size_unknown(), configuration.streamBlockBytes, streamContentReader,
                Unmanaged.passRetained(StreamReaderContext(writer: bodyWriter, connection: connection,
                                                           idleTimeoutSeconds: configuration.idleTimeoutSeconds)).toOpaque(),
                streamContentReaderFree)
            paceByReading(connection)
            producer = produce
            writer = bodyWriter
        }
        guard let mhdResponse else {
            Self.runUnsent(response)
            return .NO
        }
        // One request per connection: a second one would reach libmicrohttpd's parser without the edge's checks.
        for header in response.headers where header.name != .connection {
            MHD_add_response_header(mhdResponse, header.name.rawName, header.value)
        }
        MHD_add_response_header(mhdResponse, HTTPFieldName.connection.rawName, "close")
        let result = MHD_queue_response(connection.pointer, UInt32(response.status.code), mhdResponse)
        MHD_destroy_response(mhdResponse)
        if let producer, let writer {
            let task = Task(executorPreference: loop) {
                await producer(writer)
                writer.finish()
            }
            let gone: Bool = state.withLock { state in
                state.writer = writer
                state.tasks.append(task)
                return state.clientGone
            }
            if gone { task.cancel(); writer.clientDisconnected() }
        }
        return result
    }

    /// While a body streams, its client is held to a rate of reading (`ReadPace`, checked by the
    /// `ReadPaceMonitor`) instead of libmicrohttpd's idle timeout, which counts only libmicrohttpd's own
    /// writes: with the socket's buffers full, a client reading steadily but slower than the producer let it
    /// write nothing for longer than the timeout, and was cut while still reading. The socket is also kept
    /// from taking more than the body's buffer ahead of what the client has accepted (`TCP_NOTSENT_LOWAT`;
    /// by default the kernel would take megabytes), so that what the server's reader takes follows the
    /// client's reading, and a stalled client holds back the producer within kilobytes. The idle timeout
    /// comes back at the body's end (see `streamContentReader`). From libmicrohttpd's thread.
    private func paceByReading(_ connection: ConnectionHandle) {
        _ = assist_tcp_limit_unsent(connection.socket, Int32(clamping: server.configuration.streamHighWaterBytes))
        connection.setTimeout(seconds: 0)
    }

    /// The periodic check of the client's reading (`ReadPaceMonitor`): a stalled client's response ends.
    func checkReadPace(at now: ContinuousClock.Instant) {
        guard let writer = state.withLock({ $0.writer }), writer.checkPace(at: now) else { return }
        clientStalled()
    }

    /// The client stopped reading: end the response as if it had left (its producer cancelled, so the
    /// provider call is too), and close the connection. libmicrohttpd would not notice by itself: it waits
    /// for the socket to take bytes, which it never will. The socket is shut down (with a reset at its close,
    /// `SO_LINGER` 0, so the kernel drops what it still holds), which wakes libmicrohttpd to close it; under
    /// the lock, so never after `completed()`, when the socket's number may already belong to another.
    private func clientStalled() {
        let (tasks, writer): ([Task<Void, Never>], StreamingBody?) = state.withLock { state in
            guard !state.clientGone, !state.completed else { return ([], nil) }
            state.clientGone = true
            // Before the socket is shut down: its close may complete the request on libmicrohttpd's thread first.
            state.writer?.markStalled()
            let fd = connection.socket
            if fd >= 0 {
                var reset = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                shutdown(fd, Int32(SHUT_RDWR))
            }
            return (state.tasks, state.writer)
        }
        writer?.clientDisconnected()
        for task in tasks { task.cancel() }
    }

    /// The server is stopping: end this request as if its client had left.
    func abort() { clientDisconnected() }

    /// The loop saw the peer hang up: stop the work done for it and let the server close the connection.
    func clientDisconnected() {
        let (tasks, writer, resume): ([Task<Void, Never>], StreamingBody?, Bool) = state.withLock { state in
            guard !state.clientGone else { return ([], nil, false) }
            state.clientGone = true
            var resume = false
            if case .handling = state.phase {
                state.phase = .abandoned
                resume = true
            }
            return (state.tasks, state.writer, resume)
        }
        for task in tasks { task.cancel() }
        writer?.clientDisconnected()
        if resume { server.resume(connection) }
    }

    /// Cancels the responder or stream task (graceful shutdown after the drain timeout).
    func cancel() {
        let tasks = state.withLock { $0.tasks }
        for task in tasks { task.cancel() }
    }

    /// libmicrohttpd's completion callback: the request is over, one way or another.
    func completed() {
        let (tasks, writer, watch): ([Task<Void, Never>], StreamingBody?, Int32?) =
            state.withLock { state in
                defer {
                    state.watch = nil
                    state.completed = true
                }
                return (state.tasks, state.writer, state.watch)
            }
        if let watch { connection.daemon.unwatchPeer(fd: watch) }
        // A stream that is still producing lost its client (errors end streams early); stop it.
        for task in tasks { task.cancel() }
        writer?.clientDisconnected()
        server.untrack(self)
    }
}

/// The context libmicrohttpd hands back to the content reader.
final class StreamReaderContext {
    let writer: StreamingBody
    let connection: ConnectionHandle
    /// What the connection's idle timeout goes back to once the body has ended (see `paceByReading`).
    let idleTimeoutSeconds: Int
    init(writer: StreamingBody, connection: ConnectionHandle, idleTimeoutSeconds: Int) {
        self.writer = writer
        self.connection = connection
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}

let streamContentReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    let context = Unmanaged<StreamReaderContext>.fromOpaque(cls!).takeUnretainedValue()
    let destination = UnsafeMutableRawBufferPointer(start: buffer, count: max)
    switch context.writer.read(into: destination, suspend: context.connection.suspend) {
    case .bytes(let count): return count
    case .suspended: return 0
    case .endOfStream:
        // What is left to send is libmicrohttpd's last few bytes: a client that takes none of them is let go
        // after the idle timeout, as before the body.
        context.connection.setTimeout(seconds: context.idleTimeoutSeconds)
        return assist_mhd_end_of_stream()
    case .clientGone: return assist_mhd_end_with_error()
    }
}

let streamContentReaderFree: MHD_ContentReaderFreeCallback = { cls in
    Unmanaged<StreamReaderContext>.fromOpaque(cls!).release()
}
