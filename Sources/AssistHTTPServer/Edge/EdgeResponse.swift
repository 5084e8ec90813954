import AssistHTTP
import AssistWire
#if canImport(Glibc)
import Glibc
#endif

/// The JSON error the server itself answers with, the gateway's own (`ErrorBody`, with an id from `RequestID`):
/// `{"error":{"code":…,"message":…,"requestId":…}}` with `Content-Type: application/json`, the id again in
/// `X-Request-Id`, `Connection: close`, and `Retry-After` when the refusal is about load.
enum EdgeResponse {
    /// The raw bytes of the response, for a refusal the connection machine writes itself.
    static func bytes(_ rejection: EdgeRejection, requestID: String) -> [UInt8] {
        let body = jsonBody(rejection, requestID: requestID)
        var head = "HTTP/1.1 \(rejection.status) \(rejection.reasonPhrase)\r\n"
        head += "Date: \(httpDate())\r\n"
        for (name, value) in headers(rejection, requestID: requestID) { head += "\(name.rawName): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The same answer as a response (one the server gives in place of the responder).
    static func response(_ rejection: EdgeRejection, requestID: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: rejection.status), headers: headers(rejection, requestID: requestID),
                     body: .bytes(jsonBody(rejection, requestID: requestID)))
    }

    private static func headers(_ rejection: EdgeRejection, requestID: String) -> [HTTPField] {
        var fields: [HTTPField] = [(.contentType, "application/json"), (.requestId, requestID), (.connection, "close")]
        if let seconds = rejection.retryAfterSeconds { fields.append((.retryAfter, String(seconds))) }
        return fields
    }

    private static func jsonBody(_ rejection: EdgeRejection, requestID: String) -> [UInt8] {
        JSONWriter.bytes(ErrorBody(code: ErrorCode(rawValue: rejection.code), message: rejection.message, requestId: requestID).json)
    }

    /// The current time as an HTTP date (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
