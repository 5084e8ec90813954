import AssistUnderstanding
import AssistWire
import Foundation
import Testing

/// The official JSON-Schema-Test-Suite (draft 2020-12), read in place from `Tests/Fixtures` (MIT;
/// provenance in `Tests/Fixtures/README.md`).
///
/// Every group whose schema uses only supported keywords must pass all its cases. Groups that use other
/// keywords are excluded — by keyword, in one list, with a count — and the list is asserted, so a change in
/// coverage is a visible change to this file.
@Suite("JSON-Schema-Test-Suite draft2020-12")
struct JSONSchemaTestSuiteTests {
    struct Group: Sendable, CustomTestStringConvertible {
        let file: String
        let description: String
        let schema: JSONValue
        let cases: [(description: String, data: JSONValue, valid: Bool)]
        var testDescription: String { "\(file): \(description)" }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/json-schema-test-suite/draft2020-12").standardized

    static let groups: [Group] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
        return files.flatMap { file -> [Group] in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
                  let json = try? JSONParser.parse(Array(data)), let groups = json.arrayValue else { return [] }
            return groups.map { group in
                Group(file: file, description: group["description"]?.stringValue ?? "", schema: group["schema"] ?? .null,
                      cases: (group["tests"]?.arrayValue ?? []).map { ($0["description"]?.stringValue ?? "", $0["data"] ?? .null, $0["valid"] == true) })
            }
        }
    }()

    static var supported: [Group] { groups.filter { JSONSchemaValidator.unsupportedKeywords(in: $0.schema).isEmpty } }

    @Test("the suite is present and most of it is in scope")
    func coverage() {
        let excluded = Self.groups.filter { !JSONSchemaValidator.unsupportedKeywords(in: $0.schema).isEmpty }
        var byKeyword: [String: Int] = [:]
        for group in excluded {
            for keyword in JSONSchemaValidator.unsupportedKeywords(in: group.schema) { byKeyword[keyword.hasPrefix("$ref:") ? "$ref (not local)" : keyword, default: 0] += 1 }
        }
        // The one explicit list of what is out of scope, with how many groups each keyword excludes.
        #expect(byKeyword == Self.expectedExclusions, "\(byKeyword.sorted { $0.key < $1.key })")
        #expect(Self.groups.count == 175)
        #expect(excluded.count == 36)
        #expect(Self.supported.count >= Self.groups.count * 3 / 5, "\(Self.supported.count) of \(Self.groups.count) groups in scope")
    }

    /// Out of scope, by keyword → groups it excludes (a group can count under several keywords).
    static let expectedExclusions: [String: Int] = [
        "$id": 18, "$ref (not local)": 18, "prefixItems": 6, "patternProperties": 3, "$anchor": 2,
        "unevaluatedProperties": 1, "dependentSchemas": 1, "propertyNames": 1, "multipleOf": 1, "not": 1,
        "if": 1, "then": 1, "else": 1,
    ]

    @Test("every in-scope case validates as the suite says", arguments: supported)
    func group(_ group: Group) throws {
        let validator = try JSONSchemaValidator(schema: group.schema)
        for testCase in group.cases {
            #expect(validator.isValid(testCase.data) == testCase.valid, "\(testCase.description): \(validator.validate(testCase.data))")
        }
    }
}
