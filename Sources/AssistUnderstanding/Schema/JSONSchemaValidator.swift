public import AssistWire
import Foundation

/// Validates JSON values against the JSON Schema (2020-12) keywords that `DynamicSchema` emits and that
/// feature configurations use: type, enum, const, properties, required, additionalProperties, items,
/// minItems/maxItems, minimum/maximum, minLength/maxLength, pattern, anyOf, oneOf, allOf, and local
/// `$ref` into the same document (`#`, `#/$defs/…`, any JSON pointer). Annotations (`$schema`, `$comment`,
/// `title`, `description`, `default`, `examples`, `format`) are accepted and ignored, as 2020-12 does.
///
/// It works on `JSONValue`, never on `JSONSerialization` output, because Linux reports `false` as `0`.
/// A schema using any other keyword is refused up front (`unsupportedKeywords`), not half-checked.
public struct JSONSchemaValidator: Sendable {
    public static let supportedKeywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
        "minimum", "maximum", "minLength", "maxLength", "pattern", "anyOf", "oneOf", "allOf", "$ref", "$defs",
    ]
    public static let annotationKeywords: Set<String> = ["$schema", "$comment", "title", "description", "default", "examples", "format"]

    public struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// Where in the instance (`/filters/adults`).
        public let instancePath: String
        public let message: String
        public var description: String { "\(instancePath.isEmpty ? "/" : instancePath): \(message)" }
    }

    public let schema: JSONValue

    /// Fails when the schema uses a keyword outside the supported set, or a `$ref` that leaves the document.
    public init(schema: JSONValue) throws(WireError) {
        if let keyword = Self.unsupportedKeywords(in: schema).first {
            throw WireError("unsupported schema keyword \"\(keyword)\"")
        }
        self.schema = schema
    }

    /// Every unsupported keyword the schema uses (sorted), including `$ref`s that are not local (`$ref:…`).
    public static func unsupportedKeywords(in schema: JSONValue) -> [String] {
        var found = Set<String>()
        collectUnsupported(schema, into: &found)
        return found.sorted()
    }

    private static func collectUnsupported(_ schema: JSONValue, into found: inout Set<String>) {
        guard case .object(let members) = schema else { return }
        for (keyword, value) in members {
            if !supportedKeywords.contains(keyword) && !annotationKeywords.contains(keyword) { found.insert(keyword) }
            switch keyword {
            case "properties", "$defs":
                for sub in value.objectValue?.values.map({ $0 }) ?? [] { collectUnsupported(sub, into: &found) }
            case "items", "additionalProperties":
                collectUnsupported(value, into: &found)
            case "anyOf", "oneOf", "allOf":
                for sub in value.arrayValue ?? [] { collectUnsupported(sub, into: &found) }
            case "$ref":
                if value.stringValue?.hasPrefix("#") != true { found.insert("$ref:\(value.stringValue ?? "?")") }
            default: break
            }
        }
    }

    public func isValid(_ instance: JSONValue) -> Bool { validate(instance).isEmpty }

    /// Every failure found (empty when valid).
    public func validate(_ instance: JSONValue) -> [Failure] {
        var failures: [Failure] = []
        check(instance, against: schema, path: "", depth: 0, failures: &failures)
        return failures
    }

    private func check(_ instance: JSONValue, against schema: JSONValue, path: String, depth: Int, failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instancePath: path, message: message)) }
        guard depth < 64 else { return fail("schema recursion too deep") }
        switch schema {
        case .bool(true): return
        case .bool(false): return fail("no value is allowed here")
        case .object: break
        default: return fail("invalid schema")
        }

        if let reference = schema["$ref"]?.stringValue {
            if let target = resolve(reference) {
                check(instance, against: target, path: path, depth: depth + 1, failures: &failures)
            } else {
                fail("unresolvable $ref \(reference)")
            }
        }
        if let types = schema["type"] {
            let names = types.stringValue.map { [$0] } ?? types.arrayValue?.compactMap(\.stringValue) ?? []
            if !names.contains(where: { Self.matches(instance, type: $0) }) { fail("must be of type \(names.joined(separator: " or "))") }
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { Self.equal($0, instance) }) { fail("must be one of the enumerated values") }
        if let constant = schema["const"], !Self.equal(constant, instance) { fail("must equal the constant") }

        switch instance {
        case .number(let number):
            if let minimum = schema["minimum"]?.numberValue, number < minimum { fail("must be >= \(minimum)") }
            if let maximum = schema["maximum"]?.numberValue, number > maximum { fail("must be <= \(maximum)") }
        case .string(let string):
            let length = string.unicodeScalars.count
            if let minimum = schema["minLength"]?.numberValue, Double(length) < minimum { fail("must be at least \(Int(minimum)) characters") }
            if let maximum = schema["maxLength"]?.numberValue, Double(length) > maximum { fail("must be at most \(Int(maximum)) characters") }
            if let pattern = schema["pattern"]?.stringValue, !PatternCache.matches(pattern, string) { fail("must match \(pattern)") }
        case .array(let elements):
            if let minimum = schema["minItems"]?.numberValue, Double(elements.count) < minimum { fail("must have at least \(Int(minimum)) items") }
            if let maximum = schema["maxItems"]?.numberValue, Double(elements.count) > maximum { fail("must have at most \(Int(maximum)) items") }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() { check(element, against: items, path: "\(path)/\(index)", depth: depth + 1, failures: &failures) }
            }
        case .object(let members):
            let properties = schema["properties"]?.objectValue ?? [:]
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
                fail("\(name) is required")
            }
            for (name, value) in members {
                let child = "\(path)/\(Self.escape(name))"
                if let property = properties[name] {
                    check(value, against: property, path: child, depth: depth + 1, failures: &failures)
                } else if let additional = schema["additionalProperties"] {
                    check(value, against: additional, path: child, depth: depth + 1, failures: &failures)
                }
            }
        default: break
        }

        if let all = schema["allOf"]?.arrayValue {
            for sub in all { check(instance, against: sub, path: path, depth: depth + 1, failures: &failures) }
        }
        if let any = schema["anyOf"]?.arrayValue, !any.contains(where: { passes(instance, $0, path: path, depth: depth) }) {
            fail("must match at least one of anyOf")
        }
        if let one = schema["oneOf"]?.arrayValue {
            let matching = one.filter { passes(instance, $0, path: path, depth: depth) }.count
            if matching != 1 { fail("must match exactly one of oneOf (matched \(matching))") }
        }
    }

    private func passes(_ instance: JSONValue, _ schema: JSONValue, path: String, depth: Int) -> Bool {
        var local: [Failure] = []
        check(instance, against: schema, path: path, depth: depth + 1, failures: &local)
        return local.isEmpty
    }

    /// Resolves a local reference: `#` or a JSON pointer after `#` (with `~0`, `~1` and percent-encoding).
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = String(reference.dropFirst()).removingPercentEncoding ?? ""
        if pointer.isEmpty { return schema }
        guard pointer.hasPrefix("/") else { return nil }
        var current = schema
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let members): guard let next = members[key] else { return nil }; current = next
            case .array(let elements): guard let index = Int(key), elements.indices.contains(index) else { return nil }; current = elements[index]
            default: return nil
            }
        }
        return current
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number): true
        case ("integer", .number(let n)): n.rounded() == n
        default: false
        }
    }

    /// JSON equality: numbers by value (1 == 1.0), booleans never equal to numbers, objects by members, and
    /// strings by code points — Swift's `==` on strings treats "é" and "e\u{301}" as equal, JSON does not.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in
                y.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }.map { equal(value, $0.value) } ?? false
            }
        default: return a == b
        }
    }

    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

/// Compiled patterns, shared: schemas are validated often and patterns are few.
enum PatternCache {
    /// `nonisolated(unsafe)`: NSCache is documented as safe to use from several threads at once, and a
    /// compiled NSRegularExpression is immutable.
    nonisolated(unsafe) private static let cache = NSCache<NSString, NSRegularExpression>()

    /// ECMA-262 `pattern` semantics as far as ICU agrees: an unanchored search over the whole string.
    static func matches(_ pattern: String, _ string: String) -> Bool {
        let regex: NSRegularExpression
        if let cached = cache.object(forKey: pattern as NSString) {
            regex = cached
        } else {
            guard let compiled = try? NSRegularExpression(pattern: pattern) else { return false }
            cache.setObject(compiled, forKey: pattern as NSString)
            regex = compiled
        }
        return regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
