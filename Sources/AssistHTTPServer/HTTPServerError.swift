#if canImport(Glibc)
import Glibc
#endif

public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    case system(String, Int32)
    case startFailed(host: String, port: Int)
    case invalidHost(String)
    case invalidTrustedProxy(String)
    case alreadyStarted

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .startFailed(let host, let port): "could not listen on \(host):\(port) (address in use?)"
        case .invalidHost(let host): "invalid listen address \(host): use an IPv4 address such as 127.0.0.1"
        case .invalidTrustedProxy(let proxy): "invalid trusted proxy \(proxy): use an IPv4 address such as 10.0.0.2"
        case .alreadyStarted: "the server was started before (a server runs once)"
        }
    }
}
