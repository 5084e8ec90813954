import AssistHTTP
import Foundation

/// Between the connection machine's view of a request and response and the responder's (`AssistHTTP`).
enum RequestMapping {
    /// The responder's request: the target split into a percent-decoded path and the query as sent.
    static func request(_ read: HTTP1Connection.Request, clientAddress: String, viaTrustedProxy: Bool, serverPort: Int) -> HTTPRequest {
        var target = Substring(read.head.target)
        // The absolute form ("http://host/path") names the same resource as its path. The origin form, which
        // starts with "/", is every request but a proxy's: it is not searched (Foundation's search was a percent
        // of the request path's CPU).
        if target.first != "/", let scheme = target.range(of: "://") {
            let rest = target[scheme.upperBound...]
            target = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        let mark = target.firstIndex(of: "?")
        let path = percentDecodedPath(target[..<(mark ?? target.endIndex)])
        return HTTPRequest(method: HTTPMethod(read.head.method), path: path, query: mark.map { String(target[target.index(after: $0)...]) },
                           headers: read.head.fields.map { (HTTPFieldName($0.name), $0.value) }, body: read.body,
                           bodyTooLarge: read.bodyTooLarge, clientAddress: clientAddress, peerIsTrustedProxy: viaTrustedProxy,
                           serverPort: serverPort)
    }

    /// `%XX` escapes decoded (a malformed one kept as written); bytes that are not UTF-8 replaced.
    static func percentDecodedPath(_ path: Substring) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")) else { return String(path) }
        var bytes: [UInt8] = []
        let utf8 = Array(path.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = HTTPRequest.hexValue(utf8[index + 1]), let low = HTTPRequest.hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The reason phrase of a status (RFC 9110 §15); "Unknown" for a code it does not name.
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }
}
