import AssistGateway
import AssistWire
import Testing

private func compile(_ text: String) throws -> InputSchema {
    try InputSchema(JSONParser.parse(text))
}

/// The validation error for `input` (JSON text), or nil (recorded) when it passes.
private func failure(_ schema: InputSchema, _ input: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> InputSchema.Error? {
    let value = try JSONParser.parse(input)
    return #expect(throws: InputSchema.Error.self, sourceLocation: sourceLocation) { try schema.validate(value) }
}

/// The compile error for `text`, or nil (recorded) when it compiles.
private func compileFailure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputSchema.Error? {
    let json = try JSONParser.parse(text)
    return #expect(throws: InputSchema.Error.self, sourceLocation: sourceLocation) { try InputSchema(json) }
}

private let supportChat = #"""
{
  "type": "object",
  "properties": {
    "message": { "type": "string", "minLength": 1, "maxLength": 2000 },
    "history": {
      "type": "array", "maxItems": 10,
      "items": {
        "type": "object",
        "properties": {
          "role": { "type": "string", "enum": ["user", "assistant"] },
          "text": { "type": "string", "minLength": 1, "maxLength": 2000, "description": "what was said" }
        },
        "required": ["role", "text"],
        "additionalProperties": false
      }
    }
  },
  "required": ["message"],
  "additionalProperties": false
}
"""#

extension InputSchema.Error {
    /// "path: message", or just the message at the root of a schema.
    var summary: String { path.map { "\($0): \(message)" } ?? message }
}

@Suite("InputSchema")
struct InputSchemaTests {
    let chat: InputSchema
    init() throws { chat = try compile(supportChat) }

    @Test func validInputPasses() throws {
        try chat.validate(JSONParser.parse(#"{"message":"Bagajım nerede?"}"#))
        try chat.validate(JSONParser.parse(#"{"message":"x","history":[{"role":"user","text":"a"},{"role":"assistant","text":"b"}]}"#))
        try chat.validate(JSONParser.parse(#"{"message":"x","history":[]}"#))
    }

    @Test func missingRequiredPropertyNamesItsPath() throws {
        let error = try failure(chat, #"{"history":[]}"#)
        #expect(error?.summary == "input.message: is required")
    }

    @Test func additionalPropertyIsRejectedWithItsPath() throws {
        let error = try failure(chat, #"{"message":"hi","extra":1}"#)
        #expect(error?.path == "input.extra")
        #expect(error?.message == "is not an allowed field")
    }

    @Test func additionalPropertiesAllowedByDefault() throws {
        let open = try compile(#"{"type":"object","properties":{"a":{"type":"string"}}}"#)
        try open.validate(JSONParser.parse(#"{"a":"x","b":[1,2],"c":null}"#))
        #expect(try failure(open, #"{"a":1,"b":2}"#)?.path == "input.a")
    }

    @Test func stringLengthBoundsCountCharacters() throws {
        try chat.validate(["message": .string(String(repeating: "İ", count: 2000))])
        try chat.validate(["message": .string(String(repeating: "🛫", count: 2000))])
        let long = #expect(throws: InputSchema.Error.self) {
            try chat.validate(["message": .string(String(repeating: "a", count: 2001))])
        }
        #expect(long?.summary == "input.message: must be at most 2000 characters")
        #expect(try failure(chat, #"{"message":""}"#)?.message == "must be at least 1 characters")
    }

    @Test func enumRejectsOtherValuesAtANestedPath() throws {
        let error = try failure(chat, #"{"message":"x","history":[{"role":"user","text":"a"},{"role":"system","text":"b"}]}"#)
        #expect(error?.path == "input.history[1].role")
        #expect(error?.message == "must be one of user, assistant")
    }

    @Test func nestedObjectErrorsHaveIndexedPaths() throws {
        #expect(try failure(chat, #"{"message":"x","history":[{"role":"user","text":"a"},{"role":"user"}]}"#)?.path
            == "input.history[1].text")
        #expect(try failure(chat, #"{"message":"x","history":[{"role":"user","text":"a","at":1}]}"#)?.path
            == "input.history[0].at")
        #expect(try failure(chat, #"{"message":"x","history":["hi"]}"#)?.summary
            == "input.history[0]: must be an object")
    }

    @Test func arrayMaxItemsIsEnforced() throws {
        let item = #"{"role":"user","text":"t"}"#
        let ten = "[" + Array(repeating: item, count: 10).joined(separator: ",") + "]"
        let eleven = "[" + Array(repeating: item, count: 11).joined(separator: ",") + "]"
        try chat.validate(JSONParser.parse(#"{"message":"x","history":"# + ten + "}"))
        let error = try failure(chat, #"{"message":"x","history":"# + eleven + "}")
        #expect(error?.summary == "input.history: must have at most 10 items")
    }

    @Test func arrayMinItemsAndTypeAreEnforced() throws {
        let schema = try compile(#"{"type":"array","minItems":2,"items":{"type":"integer"}}"#)
        try schema.validate([1, 2], at: "ids")
        #expect(throws: InputSchema.Error.self) { try schema.validate([1], at: "ids") }
        #expect(throws: InputSchema.Error.self) { try schema.validate(["ids": []], at: "ids") }
        let error = #expect(throws: InputSchema.Error.self) { try schema.validate([1, 2.5], at: "ids") }
        #expect(error?.summary == "ids[1]: must be an integer")
    }

    @Test func booleanAndIntegerAreDistinct() throws {
        let schema = try compile(#"{"type":"object","properties":{"flag":{"type":"boolean"},"count":{"type":"integer"}}}"#)
        try schema.validate(JSONParser.parse(#"{"flag":false,"count":0}"#))
        try schema.validate(JSONParser.parse(#"{"flag":true,"count":-3}"#))
        #expect(try failure(schema, #"{"flag":0}"#)?.summary == "input.flag: must be true or false")
        #expect(try failure(schema, #"{"count":false}"#)?.path == "input.count")
        #expect(try failure(schema, #"{"count":true}"#)?.path == "input.count")
        #expect(try failure(schema, #"{"count":1.5}"#)?.message == "must be an integer")
        #expect(try failure(schema, #"{"flag":"true"}"#)?.path == "input.flag")
    }

    @Test func numberRangeIsEnforced() throws {
        let schema = try compile(#"{"type":"number","minimum":0.5,"maximum":2}"#)
        try schema.validate(0.5)
        try schema.validate(2)
        try schema.validate(1.25)
        #expect(throws: InputSchema.Error.self) { try schema.validate(0.49) }
        #expect(throws: InputSchema.Error.self) { try schema.validate(2.01) }
        #expect(throws: InputSchema.Error.self) { try schema.validate("1") }
    }

    @Test func topLevelInputMustBeAnObject() throws {
        #expect(try failure(chat, "[]")?.summary == "input: must be an object")
        #expect(try failure(chat, "null")?.path == "input")
    }

    // MARK: Compilation

    @Test func unsupportedKeywordIsRejectedAtCompileTime() throws {
        let nested = try compileFailure(#"{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]+$"}}}"#)
        #expect(nested?.summary == "properties.code.pattern: unsupported schema keyword for type string")
        #expect(try compileFailure(#"{"type":"string","format":"email"}"#)?.path == "format")
        #expect(try compileFailure(#"{"type":"object","$schema":"x"}"#)?.path == "$schema")
        #expect(try compileFailure(#"{"type":"array","items":{"type":"string","oneOf":[]}}"#)?.path == "items.oneOf")
    }

    @Test func keywordsOfAnotherTypeAreRejectedNotIgnored() throws {
        #expect(try compileFailure(#"{"type":"integer","enum":[1,2]}"#)?.summary == "enum: unsupported schema keyword for type integer")
        #expect(try compileFailure(#"{"type":"boolean","enum":[true]}"#)?.path == "enum")
        #expect(try compileFailure(#"{"type":"integer","maxLength":2}"#)?.path == "maxLength")
        #expect(try compileFailure(#"{"type":"string","minimum":3}"#)?.path == "minimum")
        #expect(try compileFailure(#"{"type":"string","items":{"type":"string"}}"#)?.path == "items")
        #expect(try compileFailure(#"{"type":"string","required":["x"]}"#)?.path == "required")
        #expect(try compileFailure(#"{"type":"array","items":{"type":"string"},"properties":{}}"#)?.path == "properties")
    }

    @Test func boundsMustBeNumbers() throws {
        #expect(try compileFailure(#"{"type":"integer","minimum":"5"}"#)?.summary == "minimum: must be a number")
        #expect(try compileFailure(#"{"type":"number","maximum":null}"#)?.path == "maximum")
        let schema = try InputSchema(JSONParser.parse(#"{"type":"integer","minimum":-3,"maximum":3}"#))
        #expect(throws: InputSchema.Error.self) { try schema.validate(-100) }
        try schema.validate(3)
    }

    @Test func malformedSchemasAreRejectedWithTheirPath() throws {
        #expect(try compileFailure(#"{"type":"date"}"#)?.path == "type")
        #expect(try compileFailure(#"{"minLength":1}"#)?.path == "type")
        #expect(try compileFailure(#"{"type":"array"}"#)?.path == "items")
        #expect(try compileFailure(#"{"type":"object","properties":{"a":{"type":"string"}},"required":["b"]}"#)?.path == "required")
        #expect(try compileFailure(#"{"type":"object","required":[1]}"#)?.path == "required")
        #expect(try compileFailure(#"{"type":"string","enum":["a",1]}"#)?.path == "enum")
        #expect(try compileFailure(#"{"type":"string","maxLength":-1}"#)?.path == "maxLength")
        #expect(try compileFailure(#"{"type":"string","minLength":1.5}"#)?.path == "minLength")
        #expect(try compileFailure(#"{"type":"array","items":{"type":"string"},"maxItems":"3"}"#)?.path == "maxItems")
        #expect(try compileFailure(#"{"type":"object","additionalProperties":"no"}"#)?.path == "additionalProperties")
        #expect(try compileFailure(#"{"type":"object","properties":[]}"#)?.path == "properties")
        #expect(try compileFailure(#"{"type":"object","properties":{"a":{"type":"bool"}}}"#)?.path == "properties.a.type")
        #expect(try compileFailure("[]")?.summary == "must be an object")
    }

    @Test func customRootPrefixesErrorPaths() throws {
        let error = #expect(throws: InputSchema.Error.self) { try chat.validate(["message": 5], at: "body") }
        #expect(error?.path == "body.message")
    }
}
