public import AssistWire
public import Foundation

/// One golden case: an input sentence with its locale, and the field values a correct answer has.
public struct GoldenCase: Sendable, Equatable {
    public init(id: String, text: String, locale: String, today: String? = nil, expected: [String: JSONValue],
                extra: [String: JSONValue] = [:]) {
        self.extra = extra
        self.id = id
        self.text = text
        self.locale = locale
        self.today = today
        self.expected = expected
    }

    public var id: String
    public var text: String
    public var locale: String
    /// The date relative expressions resolve against (YYYY-MM-DD), for features that read dates.
    public var today: String?
    public var expected: [String: JSONValue]
    /// Any other field of the line (e.g. `previous`, the question a follow-up follows; `input`, `user`).
    public var extra: [String: JSONValue]

    /// The feature input of a property-checked case.
    public var input: [String: JSONValue]? { extra["input"]?.objectValue }

    public var language: String { Locales.language(of: locale) }
}

/// A golden set: JSON lines in `golden/`, either `{"id", "text", "locale", ["today",] "expected": {field: value}}`
/// (scored field by field) or `{"id", "locale", "input": {...}, ["user",] ...}` (a feature's input, whose
/// answer is held to the feature's property checks; other members land in `extra`).
public enum GoldenSet {
    public struct Error: Swift.Error, CustomStringConvertible {
        public let description: String
    }

    public static func load(_ url: URL) throws -> [GoldenCase] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").enumerated().map { index, line in
            let json: JSONValue
            do { json = try JSONParser.parse(String(line)) } catch {
                throw Error(description: "\(url.lastPathComponent):\(index + 1): \(error)")
            }
            // A property-checked case has an `input` instead of text and expected values.
            guard let id = json["id"]?.stringValue, let locale = json["locale"]?.stringValue,
                  let text = json["text"]?.stringValue ?? (json["input"]?.objectValue != nil ? "" : nil),
                  let expected = json["expected"]?.objectValue ?? (json["input"]?.objectValue != nil ? [:] : nil) else {
                throw Error(description: "\(url.lastPathComponent):\(index + 1): needs id, locale, and text with expected or input")
            }
            let known: Set<String> = ["id", "text", "locale", "today", "expected"]
            let extra = (json.objectValue ?? [:]).filter { !known.contains($0.key) }
            return GoldenCase(id: id, text: text, locale: locale, today: json["today"]?.stringValue, expected: expected, extra: extra)
        }
    }
}
