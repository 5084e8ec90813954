import AssistHTTP

/// The header fields of one request head, checked line by line, with what the edge needs of them gathered
/// on the way: the body's framing, the Host count, whether the client will close, `Expect`, and the last
/// `X-Forwarded-For` address.
struct FieldLines {
    /// Fields the head carries: one per header line, plus one per further cookie pair (the bound is on these).
    private(set) var fieldCount = 0
    /// Bytes of the Cookie values.
    private(set) var cookieBytes = 0
    /// Each Content-Length seen; nil for one too large to be a length at all.
    private var contentLengths: [Int?] = []
    private var transferEncodings = 0
    private var hosts = 0
    private var connectionClose = false
    private var keepAlive = false
    private var expectsContinue = false
    private var forwardedFor: String?
    private var fields: [RequestField] = []

    /// Checks one header line (without its CRLF); the first thing wrong with it, if anything.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> EdgeRejection? {
        guard let first = line.first, first != HTTPBytes.space, first != HTTPBytes.tab else {
            return .invalid("folded header lines are not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .invalid("a header line has no colon") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPBytes.isToken) else { return .invalid("a header name is not a token") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == HTTPBytes.space || byte == HTTPBytes.tab { value = value.dropFirst() }
        while let byte = value.last, byte == HTTPBytes.space || byte == HTTPBytes.tab { value = value.dropLast() }
        guard value.allSatisfy(HTTPBytes.isFieldValue) else { return .invalid("a header value contains a control character") }
        fieldCount += 1
        let text = String(decoding: value, as: UTF8.self)
        let fieldName = String(decoding: name, as: UTF8.self)
        fields.append(RequestField(name: fieldName, value: text))
        switch ASCIICase.lowercased(fieldName) {  // a token: ASCII; no copy when already lowercase
        case "content-length":
            guard !value.isEmpty, value.allSatisfy(HTTPBytes.isDigit) else { return .invalid("Content-Length must be a number") }
            contentLengths.append(Self.decimal(value))
        case "transfer-encoding":
            transferEncodings += 1
            guard text.lowercased() == "chunked" else { return .invalid("the only transfer coding accepted is chunked") }
        case "host":
            hosts += 1
        case "connection":
            for option in text.split(separator: ",") {
                switch option.trimmingSpaces.lowercased() {
                case "close": connectionClose = true
                case "keep-alive": keepAlive = true
                default: break
                }
            }
        case "expect":
            expectsContinue = text.lowercased() == "100-continue"
        case "x-forwarded-for":
            forwardedFor = text.split(separator: ",", omittingEmptySubsequences: false).last.map { String($0.trimmingSpaces) }
        case "cookie":
            fieldCount += value.filter { $0 == UInt8(ascii: ";") }.count
            cookieBytes += value.count + 1
        default:
            break
        }
        return nil
    }

    /// Checks the fields together and completes `head` with what they say about the body and the connection.
    func finish(into head: inout RequestHead) -> EdgeRejection? {
        if hosts > 1 { return .invalid("more than one Host header") }
        if head.minorVersion == 1, hosts == 0 { return .invalid("an HTTP/1.1 request needs a Host header") }
        if contentLengths.count > 1 { return .invalid("more than one Content-Length header") }
        if transferEncodings > 1 { return .invalid("more than one Transfer-Encoding header") }
        if transferEncodings == 1 {
            if head.minorVersion == 0 { return .invalid("HTTP/1.0 has no transfer codings") }
            if !contentLengths.isEmpty { return .invalid("Content-Length and Transfer-Encoding together") }
            head.framing = .chunked
        } else if let length = contentLengths.first {
            guard let length else { return .payloadTooLarge }
            head.framing = length == 0 ? .none : .length(length)
        }
        head.closeRequested = connectionClose || (head.minorVersion == 0 && !keepAlive)
        head.expectsContinue = expectsContinue
        head.forwardedFor = forwardedFor
        head.fields = fields
        return nil
    }

    /// A decimal number of digits only; nil when it does not fit in an `Int`.
    private static func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var value = 0
        for digit in digits {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }
}

/// The byte classes of RFC 9110/9112 the edge checks.
enum HTTPBytes {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
    /// VCHAR: printable ASCII without space.
    static func isVisible(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }
    /// What a request line may hold: printable ASCII and spaces.
    static func isRequestLine(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }
    /// What a field value (and so a whole field line) may hold: VCHAR, obs-text, space and tab.
    static func isFieldValue(_ byte: UInt8) -> Bool { byte == tab || byte == space || isVisible(byte) || byte >= 0x80 }
    static func isFieldLine(_ byte: UInt8) -> Bool { isFieldValue(byte) }

    /// tchar: the characters of a method, a header name or a token (`HTTPFieldName.isTokenByte`'s table).
    static func isToken(_ byte: UInt8) -> Bool { HTTPFieldName.isTokenByte(byte) }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (optional whitespace, OWS).
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
