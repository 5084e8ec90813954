public import AssistWire

/// A feature's input schema: the JSON Schema subset the gateway enforces on `input` before anything else
/// runs (types, required properties, unknown properties, string lengths, enums, number ranges, array bounds).
///
/// Compiled once from the configuration; an unsupported keyword is a configuration error rather than a
/// silently ignored rule.
public indirect enum InputSchema: Sendable {
    case string(minLength: Int?, maxLength: Int?, choices: [String]?)
    case integer(minimum: Double?, maximum: Double?)
    case number(minimum: Double?, maximum: Double?)
    case boolean
    case array(items: InputSchema, minItems: Int?, maxItems: Int?)
    case object(properties: [String: InputSchema], required: Set<String>, additionalProperties: Bool)

    public struct Error: Swift.Error, Sendable, Equatable {
        public let message: String
        public let path: String?
    }

    /// The keywords each type accepts; any other keyword is a configuration error, so a rule written for the
    /// wrong type (an `enum` on an integer, `maxLength` on an array) cannot be silently ignored.
    static let keywordsByType: [String: Set<String>] = [
        "string": ["minLength", "maxLength", "enum"],
        "integer": ["minimum", "maximum"],
        "number": ["minimum", "maximum"],
        "boolean": [],
        "array": ["items", "minItems", "maxItems"],
        "object": ["properties", "required", "additionalProperties"],
    ]
    static let commonKeywords: Set<String> = ["type", "description"]

    public init(_ json: JSONValue) throws(Error) {
        try self.init(json, path: nil)
    }

    private init(_ json: JSONValue, path: String?) throws(Error) {
        func at(_ key: String) -> String { path.map { "\($0).\(key)" } ?? key }
        guard case .object(let members) = json else { throw Error(message: "must be an object", path: path) }
        guard let type = members["type"]?.stringValue, let allowed = Self.keywordsByType[type] else {
            throw Error(message: "must be one of string, integer, number, boolean, array, object", path: at("type"))
        }
        for key in members.keys.sorted() where !Self.commonKeywords.contains(key) && !allowed.contains(key) {
            throw Error(message: "unsupported schema keyword for type \(type)", path: at(key))
        }
        func bound(_ key: String) throws(Error) -> Double? {
            guard let value = members[key] else { return nil }
            guard let number = value.numberValue else { throw Error(message: "must be a number", path: at(key)) }
            return number
        }
        func int(_ key: String) throws(Error) -> Int? {
            guard let value = members[key] else { return nil }
            guard let int = value.intValue, int >= 0 else { throw Error(message: "must be a non-negative integer", path: at(key)) }
            return int
        }
        switch type {
        case "string":
            var choices: [String]?
            if let values = members["enum"] {
                guard let array = values.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
                    throw Error(message: "must be an array of strings", path: at("enum"))
                }
                choices = array.compactMap(\.stringValue)
            }
            self = .string(minLength: try int("minLength"), maxLength: try int("maxLength"), choices: choices)
        case "integer":
            self = .integer(minimum: try bound("minimum"), maximum: try bound("maximum"))
        case "number":
            self = .number(minimum: try bound("minimum"), maximum: try bound("maximum"))
        case "boolean":
            self = .boolean
        case "array":
            guard let items = members["items"] else { throw Error(message: "is required for arrays", path: at("items")) }
            self = .array(items: try InputSchema(items, path: at("items")), minItems: try int("minItems"), maxItems: try int("maxItems"))
        case "object":
            var properties: [String: InputSchema] = [:]
            if let value = members["properties"] {
                guard case .object(let props) = value else { throw Error(message: "must be an object", path: at("properties")) }
                for (name, schema) in props { properties[name] = try InputSchema(schema, path: at("properties.\(name)")) }
            }
            var required: Set<String> = []
            if let value = members["required"] {
                guard let names = value.arrayValue?.compactMap(\.stringValue), names.count == value.arrayValue?.count else {
                    throw Error(message: "must be an array of strings", path: at("required"))
                }
                for name in names where properties[name] == nil {
                    throw Error(message: "names \"\(name)\", which is not a property", path: at("required"))
                }
                required = Set(names)
            }
            var additional = true
            if let value = members["additionalProperties"] {
                guard let flag = value.boolValue else { throw Error(message: "must be true or false", path: at("additionalProperties")) }
                additional = flag
            }
            self = .object(properties: properties, required: required, additionalProperties: additional)
        default:
            throw Error(message: "must be one of string, integer, number, boolean, array, object", path: at("type"))
        }
    }

    /// Checks `value`; the error's path starts at `root` (e.g. `input.history[2].role`).
    public func validate(_ value: JSONValue, at root: String = "input") throws(Error) {
        func fail(_ message: String) -> Error { Error(message: message, path: root) }
        switch self {
        case .string(let minLength, let maxLength, let choices):
            guard let string = value.stringValue else { throw fail("must be a string") }
            let length = string.count
            if let minLength, length < minLength { throw fail("must be at least \(minLength) characters") }
            if let maxLength, length > maxLength { throw fail("must be at most \(maxLength) characters") }
            if let choices, !choices.contains(string) { throw fail("must be one of \(choices.joined(separator: ", "))") }
        case .integer(let minimum, let maximum), .number(let minimum, let maximum):
            guard let number = value.numberValue else { throw fail("must be a number") }
            if case .integer = self, number.rounded() != number { throw fail("must be an integer") }
            if let minimum, number < minimum { throw fail("must be >= \(minimum)") }
            if let maximum, number > maximum { throw fail("must be <= \(maximum)") }
        case .boolean:
            guard value.boolValue != nil else { throw fail("must be true or false") }
        case .array(let items, let minItems, let maxItems):
            guard let array = value.arrayValue else { throw fail("must be an array") }
            if let minItems, array.count < minItems { throw fail("must have at least \(minItems) items") }
            if let maxItems, array.count > maxItems { throw fail("must have at most \(maxItems) items") }
            for (index, element) in array.enumerated() { try items.validate(element, at: "\(root)[\(index)]") }
        case .object(let properties, let required, let additionalProperties):
            guard let members = value.objectValue else { throw fail("must be an object") }
            for name in required.sorted() where members[name] == nil {
                throw Error(message: "is required", path: "\(root).\(name)")
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let schema = properties[name] {
                    try schema.validate(member, at: "\(root).\(name)")
                } else if !additionalProperties {
                    throw Error(message: "is not an allowed field", path: "\(root).\(name)")
                }
            }
        }
    }
}
