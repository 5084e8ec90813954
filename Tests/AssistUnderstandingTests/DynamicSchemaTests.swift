import AssistUnderstanding
import AssistWire
import Testing

@Suite("DynamicSchema")
struct DynamicSchemaTests {
    /// A search schema built from what the text signalled: only two candidate cities, a bounded count.
    let schema = DynamicSchema.object(properties: [
        .init("destination", .string(choices: ["Lisbon", .init("Porto", description: "Oporto")])),
        .init("adults", .integer(minimum: 1, maximum: 9)),
        .init("nonstop", .boolean(), optional: true),
        .init("tags", .array(of: .string(maxLength: 12), minItems: 0, maxItems: 3), optional: true),
    ], description: "search filters")

    @Test("exports JSON Schema with required, no extra properties, anyOf choices and bounds")
    func export() throws {
        let json = schema.jsonSchema
        #expect(json["type"] == "object")
        #expect(json["additionalProperties"] == false)
        #expect(json["required"] == ["destination", "adults"])
        #expect(json["description"] == "search filters")
        #expect(json["properties"]?["destination"]?["anyOf"] == [["const": "Lisbon"], ["const": "Porto", "description": "Oporto"]])
        #expect(json["properties"]?["adults"] == ["type": "integer", "minimum": 1, "maximum": 9])
        #expect(json["properties"]?["tags"]?["maxItems"] == 3)
        #expect(JSONSchemaValidator.unsupportedKeywords(in: json).isEmpty)
        #expect(schema.propertyNames == ["destination", "adults", "nonstop", "tags"])
    }

    @Test("its validator accepts what the schema allows and names what it does not", arguments: [
        (#"{"destination":"Lisbon","adults":2}"#, true),
        (#"{"destination":"Lisbon","adults":2,"nonstop":true,"tags":["beach"]}"#, true),
        (#"{"destination":"Madrid","adults":2}"#, false),
        (#"{"destination":"Lisbon","adults":0}"#, false),
        (#"{"destination":"Lisbon","adults":2.5}"#, false),
        (#"{"destination":"Lisbon"}"#, false),
        (#"{"destination":"Lisbon","adults":2,"price":100}"#, false),
        (#"{"destination":"Lisbon","adults":2,"nonstop":0}"#, false),
        (#"{"destination":"Lisbon","adults":2,"tags":["a","b","c","d"]}"#, false),
        (#"{"destination":"Lisbon","adults":2,"tags":["a very long tag indeed"]}"#, false),
    ])
    func validation(text: String, valid: Bool) throws {
        let value = try JSONParser.parse(text)
        #expect(schema.validator.isValid(value) == valid, "\(schema.validator.validate(value))")
    }

    @Test("failures carry the instance path")
    func failurePaths() throws {
        let failures = schema.validator.validate(try JSONParser.parse(#"{"destination":"Lisbon","adults":2,"tags":[1]}"#))
        #expect(failures.map(\.instancePath) == ["/tags/0"])
    }
}
