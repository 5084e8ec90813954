import AssistClient
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that plays a prepared response: a head, then body pieces, optionally failing at the end.
/// It records requests and whether the consumer ended the exchange early.
final class FakeTransport: AssistTransport {
    struct Reply: Sendable {
        var status = 200
        var headers: [String: String] = ["x-request-id": "req_test", "ratelimit-remaining": "7", "ratelimit-reset": "3600"]
        var pieces: [Data] = []
        var failure: TransportError?
        /// Keep the exchange open after the pieces (a stream that has not ended yet).
        var hang = false
    }

    let reply: Mutex<Reply>
    let requests = Mutex<[URLRequest]>([])
    let cancelled = Mutex(false)

    init(_ reply: Reply) { self.reply = Mutex(reply) }

    func send(_ request: URLRequest) -> AsyncThrowingStream<TransportEvent, any Error> {
        requests.withLock { $0.append(request) }
        let reply = self.reply.withLock { $0 }
        let (stream, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        continuation.onTermination = { [self] termination in
            if case .cancelled = termination { cancelled.withLock { $0 = true } }
        }
        continuation.yield(.head(status: reply.status, headers: reply.headers))
        for piece in reply.pieces { continuation.yield(.body(piece)) }
        if let failure = reply.failure {
            continuation.finish(throwing: failure)
        } else if !reply.hang {
            continuation.finish()
        }
        return stream
    }

    static func sse(_ events: [AssistEvent], comment: Bool = true) -> Data {
        var bytes: [UInt8] = comment ? Array(": ping\n\n".utf8) : []
        for event in events { bytes += event.sseFrame }
        return Data(bytes)
    }
}

func client(_ transport: FakeTransport, now: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> AssistClient {
    AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport, accessToken: { "token-1" }, clock: { now })
}

let summaryRequest = AssistRequest(feature: "itinerary_summary", input: ["bookingId": "BK-2041"], locale: "tr-TR")
