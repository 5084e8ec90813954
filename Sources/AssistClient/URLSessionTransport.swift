public import Foundation
import Synchronization
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// `AssistTransport` over URLSession's data delegate, which works on Linux (FoundationNetworking has no
/// `bytes(for:)`) and on Apple platforms alike. One session per transport, with the per-host connection
/// limit raised above URLSession's default of 6 so parallel streams do not queue behind each other.
public final class URLSessionTransport: AssistTransport {
    private let session: URLSession
    private let delegate: Delegate

    public init(maximumConnectionsPerHost: Int = 64, timeout: TimeInterval = 120) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = Delegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: URLRequest) -> AsyncThrowingStream<TransportEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        let task = session.dataTask(with: request)
        delegate.register(task.taskIdentifier, continuation)
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        task.resume()
        return stream
    }

    /// Routes URLSession's callbacks to the continuation of each task.
    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        private let streams = Mutex<[Int: AsyncThrowingStream<TransportEvent, any Error>.Continuation]>([:])

        func register(_ id: Int, _ continuation: AsyncThrowingStream<TransportEvent, any Error>.Continuation) {
            streams.withLock { $0[id] = continuation }
        }

        private func continuation(_ task: URLSessionTask) -> AsyncThrowingStream<TransportEvent, any Error>.Continuation? {
            streams.withLock { $0[task.taskIdentifier] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    headers[String(describing: name).lowercased()] = String(describing: value)
                }
                continuation(dataTask)?.yield(.head(status: http.statusCode, headers: headers))
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation(dataTask)?.yield(.body(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let continuation = streams.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            if let error {
                continuation?.finish(throwing: TransportError(error))
            } else {
                continuation?.finish()
            }
        }
    }
}
