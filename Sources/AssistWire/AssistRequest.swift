/// What an app sends to `POST /v1/assist/stream`: a feature id, structured input and a locale.
///
/// There is deliberately no field for prompt text: the gateway builds every prompt itself from the
/// feature's template and data it reads for the authenticated user, so a tampered app cannot turn
/// the gateway into a free general-purpose model endpoint.
public struct AssistRequest: Sendable, Equatable {
    public var feature: String
    public var input: [String: JSONValue]
    public var locale: String

    public init(feature: String, input: [String: JSONValue], locale: String) {
        self.feature = feature
        self.input = input
        self.locale = locale
    }

    public static let allowedKeys: Set<String> = ["feature", "input", "locale"]

    /// Decodes a request body. Unknown top-level keys are rejected so a client cannot smuggle fields
    /// (such as a prompt) that a later version might accidentally honour.
    public init(json: JSONValue) throws(WireError) {
        guard case .object(let members) = json else { throw WireError("request body must be a JSON object") }
        if let unknown = members.keys.filter({ !Self.allowedKeys.contains($0) }).sorted().first {
            throw WireError("unknown field \"\(unknown)\"", path: unknown)
        }
        guard let feature = members["feature"]?.stringValue, !feature.isEmpty else {
            throw WireError("\"feature\" must be a non-empty string", path: "feature")
        }
        guard case .object(let input)? = members["input"] else {
            throw WireError("\"input\" must be an object", path: "input")
        }
        let locale: String
        switch members["locale"] {
        case nil: locale = "en-US"
        case .string(let value)? where Locales.isWellFormed(value): locale = value
        default: throw WireError("\"locale\" must be a BCP 47 tag such as \"tr-TR\"", path: "locale")
        }
        self.init(feature: feature, input: input, locale: locale)
    }

    public var json: JSONValue {
        .object(["feature": .string(feature), "input": .object(input), "locale": .string(locale)])
    }
}

/// A malformed wire message, with the JSON path of the offending field when there is one.
public struct WireError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let path: String?
    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}

/// Locale tags as the gateway accepts them: `ll` or `ll-RR` (language, optional region), at most 35 bytes.
public enum Locales {
    public static func isWellFormed(_ tag: String) -> Bool {
        // Over the bytes, once: every request's locale passes here, and Unicode properties and character counts
        // were most of the cost of reading a request body. A subtag is 2–8 ASCII letters or digits.
        guard tag.utf8.count <= 35 else { return false }
        var (subtags, length) = (1, 0)
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") {
                guard (2...8).contains(length) else { return false }
                (subtags, length) = (subtags + 1, 0)
                continue
            }
            guard (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else { return false }
            length += 1
        }
        return (2...8).contains(length) && subtags <= 3
    }

    /// The language subtag, lower-cased: "tr" for "tr-TR".
    public static func language(of tag: String) -> String {
        var rest = Substring(tag)
        while rest.first == "-" { rest = rest.dropFirst() }
        return String(rest.prefix { $0 != "-" }).lowercased()
    }
}
