import AssistHTTP
import AssistTestSupport
import AssistUnderstanding
import AssistWire
import Foundation

/// The gateway's OpenAPI document as a checker of real responses: for a request's method and path, is the
/// response's status documented, its content type one the document lists, each required header there, and
/// its body valid against the documented schema?
///
/// Schemas are checked with the project's own `JSONSchemaValidator`: each response schema is wrapped as
/// `{"$defs": <components.schemas>, "allOf": [schema]}` with `#/components/schemas/X` rewritten to
/// `#/$defs/X`, so its `$ref`s resolve inside one schema document. The validator refuses a keyword it does
/// not support, so a schema outside its subset fails here rather than being half-checked. An event stream is
/// documented the OpenAPI 3.1 way (the schema of one event, its `data` a JSON string with a
/// `contentSchema`): every `data:` line of the body is parsed and checked against that `contentSchema`.
struct OpenAPIContract {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    let document: JSONValue
    /// `components.schemas`, references rewritten into `$defs`.
    private let definitions: JSONValue

    init(document: JSONValue) throws {
        guard document["openapi"]?.stringValue?.hasPrefix("3.1.") == true, document["paths"]?.objectValue != nil else {
            throw Invalid(description: "not an OpenAPI 3.1 document")
        }
        self.document = document
        definitions = Self.rewritingReferences(document["components"]?["schemas"] ?? [:])
    }

    /// The operation documented for `method` on a concrete `path` (`/admin/features/x` is `/admin/features/{id}`).
    func operation(_ method: HTTPMethod, _ path: String) -> JSONValue? {
        let paths = document["paths"]?.objectValue ?? [:]
        let item = paths[path] ?? paths.first { Self.template($0.key, matches: path) }?.value
        return item?[method.rawValue.lowercased()]
    }

    /// A validator for `schema` (a schema of this document), components included; throws when the validator
    /// does not support one of its keywords.
    func validator(for schema: JSONValue) throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: ["$defs": definitions, "allOf": [Self.rewritingReferences(schema)]])
    }

    /// Everything wrong with `exchange` as the answer to `method path`; empty when it conforms. `streamed`: the
    /// text of a stream that already ran (else a streamed body is run here).
    func problems(_ method: HTTPMethod, _ path: String, _ exchange: Exchange, streamed: String? = nil) async -> [String] {
        let status = exchange.status.code
        guard let operation = operation(method, path) else { return ["\(method) \(path) is not documented"] }
        guard let documented = operation["responses"]?[String(status)].map(resolve) else {
            return ["\(method) \(path): status \(status) is not documented"]
        }
        var problems: [String] = []
        for (name, header) in documented["headers"]?.objectValue ?? [:] where resolve(header)["required"]?.boolValue == true {
            if exchange.response.header(HTTPFieldName(name)) == nil { problems.append("\(status): required header \(name) missing") }
        }
        let content = documented["content"]?.objectValue ?? [:]
        let contentType = exchange.response.header(.contentType).map(Self.mediaType)
        guard let contentType else {
            if !content.isEmpty { problems.append("\(status): no Content-Type, documented \(content.keys.sorted())") }
            if case .bytes(let bytes) = exchange.response.body, !bytes.isEmpty { problems.append("\(status): a body without a Content-Type") }
            return problems
        }
        guard let schema = content[contentType]?["schema"] else {
            return problems + ["\(status): Content-Type \(contentType) not documented (\(content.keys.sorted()))"]
        }
        switch contentType {
        case "application/json":
            guard let json = exchange.json else { return problems + ["\(status): body is not JSON"] }
            problems += validate(json, against: schema).map { "\(status) body \($0)" }
        case "text/event-stream":
            var text = streamed
            if text == nil { text = await exchange.body().text }
            problems += events(in: text ?? "", against: schema)
        case "text/plain":
            if case .bytes(let bytes) = exchange.response.body, String(validating: bytes, as: UTF8.self) == nil {
                problems.append("\(status): text/plain body is not UTF-8")
            }
        default:
            problems.append("\(status): the contract does not check \(contentType) bodies")
        }
        return problems
    }

    /// Checks a stream's lines: blank, `: comment`, or `data: <one event as JSON>`.
    private func events(in text: String, against schema: JSONValue) -> [String] {
        guard schema["properties"]?["data"]?["contentMediaType"]?.stringValue == "application/json",
              let eventSchema = schema["properties"]?["data"]?["contentSchema"] else {
            return ["text/event-stream: the schema must describe data as application/json with a contentSchema"]
        }
        var problems: [String] = []
        var count = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix(":") {
            guard line.hasPrefix("data: "), let json = try? JSONParser.parse(String(line.dropFirst(6))) else {
                problems.append("event stream: unexpected line \(line.prefix(80))")
                continue
            }
            count += 1
            problems += validate(json, against: eventSchema).map { "event \(JSONWriter.string(json)): \($0)" }
        }
        if count == 0 { problems.append("event stream without events") }
        return problems
    }

    private func validate(_ value: JSONValue, against schema: JSONValue) -> [String] {
        do {
            return try validator(for: schema).validate(value).map(\.description)
        } catch {
            return ["schema not checkable: \(error)"]
        }
    }

    /// Follows a `#/components/...` reference (a response, a header), or returns the value itself.
    private func resolve(_ value: JSONValue) -> JSONValue {
        guard let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/") else { return value }
        var current = document
        for key in reference.dropFirst(2).split(separator: "/") {
            guard let next = current[String(key)] else { return value }
            current = next
        }
        return resolve(current)
    }

    /// `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    static func template(_ template: String, matches path: String) -> Bool {
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == given.count && zip(parts, given).allSatisfy { part, segment in
            part.hasPrefix("{") && part.hasSuffix("}") ? !segment.isEmpty : part == segment
        }
    }

    static func rewritingReferences(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var rewritten: [String: JSONValue] = [:]
            for (key, member) in members {
                if key == "$ref", let reference = member.stringValue, reference.hasPrefix("#/components/schemas/") {
                    rewritten[key] = .string("#/$defs/" + reference.dropFirst("#/components/schemas/".count))
                } else {
                    rewritten[key] = rewritingReferences(member)
                }
            }
            return .object(rewritten)
        case .array(let elements): return .array(elements.map(rewritingReferences))
        default: return value
        }
    }
}
