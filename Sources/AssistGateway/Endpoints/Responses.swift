import AssistHTTPServer
import AssistWire

/// Builds HTTP responses in the gateway's one error shape and its JSON conventions.
enum Responses {
    static func json(_ status: Int, _ body: JSONValue, requestId: String, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status,
                     headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store"), ("X-Request-Id", requestId)] + extraHeaders,
                     body: .bytes(JSONWriter.bytes(body)))
    }

    static func error(_ error: GatewayError, requestId: String) -> HTTPResponse {
        var headers: [(name: String, value: String)] = []
        if let retryAfter = error.retryAfterSeconds { headers.append(("Retry-After", String(retryAfter))) }
        if error.code == .quotaExceeded, let reset = error.retryAfterSeconds {
            headers += [("RateLimit-Remaining", "0"), ("RateLimit-Reset", String(reset))]
        }
        if error.status == 401 { headers.append(("WWW-Authenticate", "Bearer")) }
        return json(error.status, ErrorBody(code: error.code, message: error.message, requestId: requestId).json,
                    requestId: requestId, extraHeaders: headers)
    }
}
