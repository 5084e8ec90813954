import AssistWire
public import Foundation

/// Why a stream could not start or did not finish.
public enum AssistClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401: the session token was missing, expired or refused; get a new one.
    case unauthenticated
    /// 429: over quota or too many streams; a retry is allowed from `retryAfter` on.
    case rateLimited(retryAfter: Date, code: ErrorCode)
    /// 503: the gateway cannot serve now (`quota_unavailable`, `audit_unavailable`, `overloaded`, `shutting_down`);
    /// a retry is worth it, from `retryAfter` on when the gateway said when.
    case unavailable(retryAfter: Date?, code: ErrorCode)
    /// Any other non-2xx answer, with the error code from the body (`unknown` when there was none).
    case http(status: Int, code: ErrorCode)
    /// The gateway ended the stream with an `error` event (`upstream_failed`, `upstream_timeout`, ...).
    case stream(code: ErrorCode)
    /// The stream ended without `done` or `error`: the answer may be cut short.
    case incomplete
    /// The connection failed; the `TransportError` keeps the underlying error (URLError, ...).
    case transport(TransportError)

    public var description: String {
        switch self {
        case .unauthenticated: "unauthenticated"
        case .rateLimited(let date, let code): "\(code): retry after \(date)"
        case .unavailable(let date, let code): "\(code): unavailable\(date.map { ", retry after \($0)" } ?? "")"
        case .http(let status, let code): "HTTP \(status): \(code)"
        case .stream(let code): "stream error: \(code)"
        case .incomplete: "stream ended without done"
        case .transport(let error): "\(error)"
        }
    }

    /// Equal when the cases and their values are; transport errors compare by their description (the
    /// underlying errors are not `Equatable`).
    public static func == (lhs: AssistClientError, rhs: AssistClientError) -> Bool {
        switch (lhs, rhs) {
        case (.unauthenticated, .unauthenticated), (.incomplete, .incomplete): true
        case (.rateLimited(let a, let x), .rateLimited(let b, let y)): a == b && x == y
        case (.unavailable(let a, let x), .unavailable(let b, let y)): a == b && x == y
        case (.http(let a, let x), .http(let b, let y)): a == b && x == y
        case (.stream(let x), .stream(let y)): x == y
        case (.transport(let a), .transport(let b)): a.description == b.description
        default: false
        }
    }

    /// The feature is switched off or outside this user's rollout: the app should hide it, not show an error.
    public var hidesFeature: Bool { code == .featureDisabled }

    /// The stable code for logs and exit messages.
    public var code: ErrorCode {
        switch self {
        case .unauthenticated: .unauthenticated
        case .rateLimited(_, let code), .unavailable(_, let code), .http(_, let code), .stream(let code): code
        case .incomplete: "incomplete_stream"
        case .transport: "transport_failed"
        }
    }

    /// When a retry makes sense again: 429's time (1 s when the gateway did not say), 503's when it said.
    public var retryAfter: Date? {
        switch self {
        case .rateLimited(let date, _): date
        case .unavailable(let date, _): date
        default: nil
        }
    }

    /// Maps a non-2xx response (`conformance/responses.json` holds the cases every client agrees on).
    static func from(status: Int, headers: [String: String], body: Data, now: Date) -> AssistClientError {
        let code = (try? ErrorBody(json: JSONParser.parse(Array(body))))?.code ?? "unknown"
        switch status {
        case 401: return .unauthenticated
        case 429:
            let delay = headers["retry-after"].flatMap { RetryAfter.parse($0, now: now) } ?? now.addingTimeInterval(1)
            return .rateLimited(retryAfter: delay, code: code)
        case 503: return .unavailable(retryAfter: headers["retry-after"].flatMap { RetryAfter.parse($0, now: now) }, code: code)
        default: return .http(status: status, code: code)
        }
    }
}

/// `Retry-After` in both of its forms (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    public static func parse(_ value: String, now: Date) -> Date? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return now.addingTimeInterval(TimeInterval(seconds)) }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
