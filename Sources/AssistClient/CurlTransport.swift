#if os(Linux)
import AssistCurl
import Foundation
public import FoundationNetworking

/// `AssistTransport` over libcurl on an event loop: the client kit's transport on Linux. FoundationNetworking's
/// URLSession there keeps a core busy for as long as a stream is open (an `assist ask` burned 8 s of CPU over a
/// 10-s trickle, and starved the embedded model); this one sleeps in epoll between events.
///
/// Every transport of the process shares one loop (one thread, started by the first request, alive as long as the
/// process, as URLSession's delegate thread is), so a stream outlives the transport that sent it and a client
/// made per request costs no thread. Ending the consumption cancels the exchange, which closes its connection at
/// once: the gateway sees the user leave.
public final class CurlTransport: AssistTransport {
    private static let loop = CurlEventLoop()
    private let idleSeconds: Int

    /// - Parameter idleSeconds: how long a response may send nothing before it fails (URLSession's
    ///   `timeoutIntervalForRequest`).
    public init(idleSeconds: Int = 120) {
        self.idleSeconds = idleSeconds
    }

    public func send(_ request: URLRequest) -> AsyncThrowingStream<TransportEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        guard let url = request.url?.absoluteString else {
            continuation.finish(throwing: TransportError(URLError(.badURL)))
            return stream
        }
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let exchange = CurlExchange(
            method: request.httpMethod ?? "GET", url: url, headers: headers, body: request.httpBody.map { Array($0) },
            idleSeconds: idleSeconds,
            deliver: { event in
                switch event {
                case .head(let status, let headers): continuation.yield(.head(status: status, headers: headers))
                case .body(let bytes): continuation.yield(.body(Data(bytes)))
                }
            },
            end: { error in
                if let error { continuation.finish(throwing: TransportError(error)) } else { continuation.finish() }
            })
        let loop = Self.loop
        continuation.onTermination = { termination in
            if case .cancelled = termination { loop.cancel(exchange) }
        }
        loop.start(exchange)
        return stream
    }
}
#endif
