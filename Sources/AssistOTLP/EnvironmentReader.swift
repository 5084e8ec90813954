import AssistHTTP

/// How OpenTelemetry's environment variables are read: the value of a variable, trimmed, with empty meaning unset;
/// the first of several that is set (a signal's own variable before the general one); and the value types the
/// variables have (URLs, header lists, whole numbers), each checked with an error that names the variable.
///
/// Nothing here traps on any input: numbers are parsed by `Int(_:)`, which refuses what does not fit, and bytes are
/// only inspected, never indexed past their end.
struct EnvironmentReader {
    private let environment: [String: String]

    init(_ environment: [String: String]) { self.environment = environment }

    /// The variable's value with surrounding whitespace trimmed; nil when unset or empty.
    subscript(name: String) -> String? {
        guard let value = environment[name].map(Self.trimmed), !value.isEmpty else { return nil }
        return value
    }

    /// The first of `names` that is set, with its value.
    func first(_ names: String...) -> (String, String)? {
        for name in names { if let value = self[name] { return (name, value) } }
        return nil
    }

    /// The value of a signal's own variable (`specific`) if set, else of the general one, each read by `read`
    /// (given the variable's name, its value, and whether it is the specific one); both are read when both are set,
    /// so an unused mistake is still an error.
    func pair<Value>(_ specific: String, _ general: String,
                     _ read: (String, String, Bool) throws(OTLPEnvironmentError) -> Value) throws(OTLPEnvironmentError) -> Value? {
        var chosen: Value?
        if let value = self[general] { chosen = try read(general, value, false) }
        if let value = self[specific] { chosen = try read(specific, value, true) }
        return chosen
    }

    /// `value` if it is an `http://` or `https://` URL with a host and no whitespace or control characters.
    static func httpURL(_ value: String, variable: String) throws(OTLPEnvironmentError) -> String {
        let reason = "not an http:// or https:// URL with a host"
        let lowered = value.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            throw OTLPEnvironmentError(variable: variable, reason: reason)
        }
        let rest = value.utf8.dropFirst(scheme.utf8.count)
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.isEmpty, authority.first != UInt8(ascii: ":"), !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw OTLPEnvironmentError(variable: variable, reason: reason)
        }
        return value
    }

    /// A header list, W3C Baggage's shape as the OTLP exporter specification asks: `name=value` parts separated by
    /// commas, each name and value trimmed, each value percent-decoded. Empty parts (a trailing comma) are skipped.
    /// A name must be an HTTP token; a value may not hold control characters after decoding (a header cannot carry
    /// them, and a line break would forge another header). A name given twice keeps its last value.
    static func headers(_ value: String, variable: String) throws(OTLPEnvironmentError) -> [String: String] {
        var headers: [String: String] = [:]
        for (index, part) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let part = trimmed(String(part))
            if part.isEmpty { continue }
            let position = "entry \(index + 1)"
            guard let equals = part.firstIndex(of: "=") else {
                throw OTLPEnvironmentError(variable: variable, reason: "\(position) is not name=value")
            }
            let name = trimmed(String(part[..<equals]))
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPFieldName.isTokenByte) else {
                throw OTLPEnvironmentError(variable: variable, reason: "\(position) has a name that is not an HTTP token")
            }
            guard let decoded = percentDecoded(trimmed(String(part[part.index(after: equals)...]))) else {
                throw OTLPEnvironmentError(variable: variable, reason: "\(position) has a value that is not valid percent-encoded UTF-8")
            }
            guard !decoded.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                throw OTLPEnvironmentError(variable: variable, reason: "\(position) has a control character in its value")
            }
            headers[name] = decoded
        }
        return headers
    }

    /// A whole number in `range`.
    static func integer(_ value: String, in range: ClosedRange<Int>, variable: String, unit: String) throws(OTLPEnvironmentError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw OTLPEnvironmentError(variable: variable, reason: "not a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `%XX` sequences (either case) as their bytes; nil when a `%` is not followed by two hex digits or the bytes
    /// are not UTF-8.
    static func percentDecoded(_ text: String) -> String? { HTTPRequest.percentDecoded(text[...], plusAsSpace: false) }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }
}
