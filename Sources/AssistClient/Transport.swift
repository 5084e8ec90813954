public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// What a transport reports while one HTTP exchange runs: the response head once, then body bytes as
/// they arrive. The stream ends when the body ends; a transport failure ends it with `TransportError`.
public enum TransportEvent: Sendable {
    case head(status: Int, headers: [String: String])
    case body(Data)
}

/// A failed connection or exchange; `cause` keeps the underlying error (URLError, POSIX error, ...).
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public let cause: any Error
    public init(_ cause: any Error) { self.cause = cause }
    public var description: String { "transport failed: \(cause)" }
}

/// Sends one request and streams its response. Ending the consumption (cancelling the consuming task or
/// releasing the stream) must cancel the request and close its connection: that is how the gateway
/// learns the user left. Header names in `.head` are lower-cased.
public protocol AssistTransport: Sendable {
    func send(_ request: URLRequest) -> AsyncThrowingStream<TransportEvent, any Error>
}

/// The transport a client uses unless given one: libcurl on an event loop on Linux (`CurlTransport`, since
/// FoundationNetworking's URLSession spins while it waits), URLSession elsewhere.
public enum PlatformTransport {
    public static func make() -> any AssistTransport {
        #if os(Linux)
        CurlTransport()
        #else
        URLSessionTransport()
        #endif
    }
}
