import AssistHTTP
import AssistWire

/// The gateway's response shapes: JSON bodies, and its one error shape. `Gateway.respond` is the only caller
/// of `error`, and adds `X-Request-Id` to every response.
enum Responses {
    static func json(_ status: HTTPStatus, _ body: JSONValue, extraHeaders: [HTTPField] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [(.contentType, "application/json"), (.cacheControl, "no-store")] + extraHeaders,
                     body: .bytes(JSONWriter.bytes(body)))
    }

    /// `{"error": {"code", "message", "requestId"}}`, with `Retry-After` when the client should wait, the
    /// rate-limit fields on a spent quota, and the bearer challenge on a 401.
    static func error(_ error: GatewayError, requestId: String) -> HTTPResponse {
        var headers: [HTTPField] = []
        if let retryAfter = error.retryAfterSeconds { headers.append((.retryAfter, String(retryAfter))) }
        if error.code == .quotaExceeded, let reset = error.retryAfterSeconds {
            headers += [(.rateLimitRemaining, "0"), (.rateLimitReset, String(reset))]
        }
        if error.status == .unauthorized { headers.append((.wwwAuthenticate, "Bearer")) }
        if !error.allowedMethods.isEmpty { headers.append((.allow, error.allowedMethods.map(\.rawValue).joined(separator: ", "))) }
        return json(error.status, ErrorBody(code: error.code, message: error.message, requestId: requestId).json, extraHeaders: headers)
    }
}
