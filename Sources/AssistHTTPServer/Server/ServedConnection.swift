#if canImport(Glibc)
import Glibc
#endif

/// One accepted connection, on its loop's thread only (`ServerLoop` owns it): its socket, its protocol
/// (`HTTP1Connection`), the bytes waiting to be written, and the request being answered: the responder's task,
/// then a streamed body's writer and producer. What the machine decides, the loop carries out here.
final class ServedConnection {
    enum Phase {
        case open
        /// Answered and shut for writing; what the client still sends is read and dropped until it closes.
        case lingering
        case closed
    }

    /// What to do once every byte queued has been written.
    enum AfterFlush {
        case nothing
        case close
        case linger
    }

    /// What the connection's one deadline is for (`ServerLoop` keeps one FIFO per kind, each of one length).
    enum DeadlineKind {
        /// Between requests: the idle timeout closes quietly.
        case idle
        /// The request has begun: the header deadline answers 408.
        case request
        /// Bytes wait for a client that takes none: the idle timeout closes.
        case write
        case linger
    }

    let token: UInt64
    let descriptor: Int32
    /// The peer's address.
    let peer: String
    /// For a trusted proxy's connection: the client its current request is counted against, until it is answered.
    var requestAddress: String?
    let viaTrustedProxy: Bool
    /// The address the connection counts against in the ledger: its peer's, none for a trusted proxy's (whose
    /// requests count against their clients, `requestAddress`).
    var countedAs: String? { viaTrustedProxy ? nil : peer }
    /// Counted in the ledger (until closed; a connection refused at accept never is).
    var admitted: Bool
    var machine: HTTP1Connection
    var phase = Phase.open
    var afterFlush = AfterFlush.nothing

    /// Bytes to write, oldest first; `sent` of the first are written already.
    var outbound: [[UInt8]] = []
    var sent = 0
    var outboundBytes = 0
    /// The socket is in the loop's set, for `watched` (errors and hang-ups are always reported).
    var registered = false
    var watched: UInt32 = 0
    var readingPaused = false
    /// The client's FIN was handed to the machine (a level-triggered watch would report it again and again).
    var finished = false

    /// The request being answered: its responder's task until it answers, then the stream's producer.
    var task: Task<Void, Never>?
    var writer: StreamingBody?
    /// The writer has nothing buffered: the next write wakes the loop (`ServerLoop.pump`).
    var pumpWaiting = false
    /// A streamed response's head is queued but not yet written: it goes with the body's first bytes, in one write, or
    /// alone after the producer's first turn if it wrote none (`ServerLoop.releaseHead`); nothing asks for the socket's
    /// room before then (a write that wakes anyway sends it alone, which is fine).
    var headHeld = false
    /// Counted in the server's requests in flight: from delivery to the end of its response or its client.
    var inFlight = false
    /// Bumped with each request, so that a late answer to an earlier one is recognised.
    var generation: UInt64 = 0

    var deadline: (kind: DeadlineKind, at: ContinuousClock.Instant)?

    init(token: UInt64, descriptor: Int32, peer: String, viaTrustedProxy: Bool, admitted: Bool, machine: HTTP1Connection) {
        self.token = token
        self.descriptor = descriptor
        self.peer = peer
        self.viaTrustedProxy = viaTrustedProxy
        self.admitted = admitted
        self.machine = machine
    }

    func enqueue(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        outbound.append(bytes)
        outboundBytes += bytes.count
    }

    /// Writes what is queued without waiting, several buffers per call (`sendmsg`, gathering like `writev`). Returns false when the socket
    /// failed (the client is gone); true otherwise, with `outbound` holding what the socket did not take.
    /// The vectors point into `outbound`'s arrays, which are neither changed nor freed until `sendmsg` returns.
    func flush() -> Bool {
        while !outbound.isEmpty {
            let count = min(outbound.count, 16)
            var vectors = [iovec](repeating: iovec(), count: count)
            let written: Int = withExtendedLifetime(outbound) {
                for index in 0..<count {
                    outbound[index].withUnsafeBytes { raw in
                        let skip = index == 0 ? sent : 0
                        vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip), iov_len: raw.count - skip)
                    }
                }
                // sendmsg rather than writev: MSG_NOSIGNAL, so a client that reset the connection is an EPIPE to
                // handle, not a SIGPIPE that ends the process.
                return vectors.withUnsafeMutableBufferPointer { iov in
                    var message = msghdr()
                    message.msg_iov = iov.baseAddress
                    message.msg_iovlen = count
                    return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
                }
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
            consume(written)
        }
        return true
    }

    /// Writes `bytes[start..<end]` at once when nothing else waits (no copy), queueing what the socket does not
    /// take; behind queued bytes, queues them all. False when the socket failed.
    func write(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        guard start < end else { return true }
        guard outbound.isEmpty else {
            enqueue(Array(bytes[start..<end]))
            return flush()
        }
        var offset = start
        while offset < end {
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, end - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return false }
                enqueue(Array(bytes[offset..<end]))
                return true
            }
            offset += written
        }
        return true
    }

    private func consume(_ written: Int) {
        var left = written
        outboundBytes -= written
        while left > 0, let first = outbound.first {
            let remaining = first.count - sent
            if left >= remaining {
                left -= remaining
                outbound.removeFirst()
                sent = 0
            } else {
                sent += left
                left = 0
            }
        }
    }
}
