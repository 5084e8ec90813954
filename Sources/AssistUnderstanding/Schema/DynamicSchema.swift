public import AssistWire

/// A schema built at run time — typically from the user's own data, so that a model can only choose among
/// values that exist — and exported as JSON Schema for the model and for validation.
///
/// Objects never allow extra properties; a property is required unless marked optional; string choices
/// export as `anyOf` of `const`s (each choice can carry a description), integer ranges as
/// minimum/maximum, arrays with item bounds. Everything it exports is inside `JSONSchemaValidator`'s
/// supported keywords.
public indirect enum DynamicSchema: Sendable, Equatable {
    case object(properties: [Property], description: String? = nil)
    case string(choices: [Choice]? = nil, maxLength: Int? = nil, description: String? = nil)
    case integer(minimum: Int? = nil, maximum: Int? = nil, description: String? = nil)
    case number(minimum: Double? = nil, maximum: Double? = nil, description: String? = nil)
    case boolean(description: String? = nil)
    case array(of: DynamicSchema, minItems: Int? = nil, maxItems: Int? = nil, description: String? = nil)

    public struct Property: Sendable, Equatable {
        public var name: String
        public var schema: DynamicSchema
        public var optional: Bool
        public init(_ name: String, _ schema: DynamicSchema, optional: Bool = false) {
            self.name = name
            self.schema = schema
            self.optional = optional
        }
    }

    public struct Choice: Sendable, Equatable, ExpressibleByStringLiteral {
        public var value: String
        public var description: String?
        public init(_ value: String, description: String? = nil) {
            self.value = value
            self.description = description
        }
        public init(stringLiteral value: String) { self.init(value) }
    }

    /// The JSON Schema document.
    public var jsonSchema: JSONValue {
        var members: [String: JSONValue] = [:]
        func describe(_ description: String?) { if let description { members["description"] = .string(description) } }
        switch self {
        case .object(let properties, let description):
            members["type"] = "object"
            members["properties"] = .object(Dictionary(properties.map { ($0.name, $0.schema.jsonSchema) }, uniquingKeysWith: { _, last in last }))
            members["required"] = .array(properties.filter { !$0.optional }.map { .string($0.name) })
            members["additionalProperties"] = false
            describe(description)
        case .string(let choices, let maxLength, let description):
            members["type"] = "string"
            if let choices {
                members["anyOf"] = .array(choices.map { choice in
                    var option: [String: JSONValue] = ["const": .string(choice.value)]
                    if let description = choice.description { option["description"] = .string(description) }
                    return .object(option)
                })
            }
            if let maxLength { members["maxLength"] = .number(Double(maxLength)) }
            describe(description)
        case .integer(let minimum, let maximum, let description):
            members["type"] = "integer"
            if let minimum { members["minimum"] = .number(Double(minimum)) }
            if let maximum { members["maximum"] = .number(Double(maximum)) }
            describe(description)
        case .number(let minimum, let maximum, let description):
            members["type"] = "number"
            if let minimum { members["minimum"] = .number(minimum) }
            if let maximum { members["maximum"] = .number(maximum) }
            describe(description)
        case .boolean(let description):
            members["type"] = "boolean"
            describe(description)
        case .array(let items, let minItems, let maxItems, let description):
            members["type"] = "array"
            members["items"] = items.jsonSchema
            if let minItems { members["minItems"] = .number(Double(minItems)) }
            if let maxItems { members["maxItems"] = .number(Double(maxItems)) }
            describe(description)
        }
        return .object(members)
    }

    /// A validator for this schema (always constructible: the export uses supported keywords only).
    public var validator: JSONSchemaValidator {
        // Force-try is safe: `jsonSchema` emits only supported keywords, which the tests assert for every case.
        try! JSONSchemaValidator(schema: jsonSchema)
    }

    /// The property names of an object schema (empty for other kinds).
    public var propertyNames: [String] {
        if case .object(let properties, _) = self { return properties.map(\.name) }
        return []
    }
}
