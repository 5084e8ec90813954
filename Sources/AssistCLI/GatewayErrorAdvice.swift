import AssistClient
import AssistCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `assist ask` prints when a request to a gateway fails: the code, what happened in words that name the
/// gateway's URL, and what to do next. Never a Foundation error dump (`NSURLErrorDomain Code=-1004 "(null)"`).
enum GatewayErrorAdvice {
    static func message(for error: AssistClientError, gateway: URL) -> String {
        let url = gateway.absoluteString
        switch error {
        case .transport(let transport):
            return "\(error.code): \(transportAdvice(transport.cause, url: url))"
        case .unauthenticated:
            return "unauthenticated: the gateway at \(url) refused the token; pass --user ID for a development token "
                + "(the gateway must share its data dir or secret), or a fresh --token"
        case .incomplete:
            return "incomplete_stream: the stream from \(url) ended without done, so the answer may be cut short; "
                + "the gateway's log (its stderr) says why"
        case .http(404, let code) where code == "feature_not_found":
            return "\(code): the gateway at \(url) serves no such feature; GET \(url)/v1/features lists them"
        default:
            return "\(error.code): \(error)"
        }
    }

    static func transportAdvice(_ cause: any Error, url: String) -> String {
        switch Failure(cause) {
        case .refused: "no gateway at \(url): start one with `make run` (or `assist serve`), or pass --gateway URL"
        case .unresolved: "cannot resolve the host of \(url): check --gateway"
        case .timedOut: "the gateway at \(url) did not answer in time: is it overloaded, or behind a firewall?"
        case .other(let what): "the connection to \(url) failed: \(what)"
        }
    }

    /// What went wrong with a connection, whichever transport reported it (libcurl on Linux, URLSession elsewhere).
    private enum Failure {
        case refused, unresolved, timedOut
        case other(String)

        init(_ cause: any Error) {
            if let failure = cause as? CurlExchange.Failure {
                self = failure.isRefused ? .refused : failure.isUnresolved ? .unresolved : failure.isTimeout ? .timedOut : .other(failure.message)
            } else if let failure = cause as? URLError {
                switch failure.code {
                case .cannotConnectToHost: self = .refused
                case .cannotFindHost, .dnsLookupFailed: self = .unresolved
                case .timedOut: self = .timedOut
                default: self = .other("URLError \(failure.code.rawValue)")
                }
            } else {
                self = .other(String(describing: type(of: cause)))
            }
        }
    }
}
