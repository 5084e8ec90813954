import AssistWire

/// One problem in a configuration file, named by its path (`features.itinerary_summary.maxOutputTokens`).
public struct ConfigIssue: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}

/// Every problem found in a configuration, not just the first, so one edit can fix them all.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public let issues: [ConfigIssue]
    public init(issues: [ConfigIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Strict reading of a JSON configuration: unknown keys and wrong types are issues with their path.
/// Reading goes on after an issue so every problem is reported at once.
///
/// It also records the shape it read (`ConfigShape`): every object's allowed keys, so the configuration
/// reference can be held to the decoder (`GatewayConfig.acceptedShape(of:)`).
struct ConfigReader {
    private(set) var issues: [ConfigIssue] = []
    private(set) var shape = ConfigShape()

    mutating func issue(_ path: String, _ message: String) {
        issues.append(ConfigIssue(path: path, message: message))
    }

    /// `a.b` + `c` → `a.b.c`; at the root (`""` or `"$"`) just the key, so paths read like the file's keys.
    static func join(_ path: String, _ key: String) -> String { path.isEmpty || path == "$" ? key : "\(path).\(key)" }

    /// The members of an object, after checking that no key outside `allowed` is present. Without `allowed`
    /// the object is a map whose keys are names the file chooses (feature ids, model aliases).
    /// `file` and `line` name the call site in the shape this reading records.
    mutating func object(_ value: JSONValue?, at path: String, allowed: Set<String>? = nil,
                         file: StaticString = #fileID, line: UInt = #line) -> [String: JSONValue]? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            issue(path, "must be an object")
            return nil
        }
        shape.record(path, allowed: allowed, site: "\(file):\(line)")
        if let allowed {
            for key in members.keys.sorted() where !allowed.contains(key) {
                issue(Self.join(path, key), "unknown key")
            }
        }
        return members
    }

    mutating func required(_ members: [String: JSONValue], _ key: String, at path: String) -> JSONValue? {
        guard let value = members[key] else {
            issue(Self.join(path, key), "is required")
            return nil
        }
        return value
    }

    mutating func string(_ members: [String: JSONValue], _ key: String, at path: String, required: Bool = true) -> String? {
        guard let value = required ? self.required(members, key, at: path) : members[key] else { return nil }
        if case .null = value, !required { return nil }
        guard let string = value.stringValue else {
            issue(Self.join(path, key), "must be a string")
            return nil
        }
        return string
    }

    mutating func int(_ members: [String: JSONValue], _ key: String, at path: String, default defaultValue: Int? = nil) -> Int? {
        guard let value = members[key] else {
            if defaultValue == nil { issue(Self.join(path, key), "is required") }
            return defaultValue
        }
        guard let int = value.intValue else {
            issue(Self.join(path, key), "must be an integer")
            return defaultValue
        }
        return int
    }

    mutating func number(_ members: [String: JSONValue], _ key: String, at path: String, default defaultValue: Double) -> Double {
        guard let value = members[key] else { return defaultValue }
        guard let number = value.numberValue else {
            issue(Self.join(path, key), "must be a number")
            return defaultValue
        }
        return number
    }

    mutating func bool(_ members: [String: JSONValue], _ key: String, at path: String, default defaultValue: Bool) -> Bool {
        guard let value = members[key] else { return defaultValue }
        guard let bool = value.boolValue else {
            issue(Self.join(path, key), "must be true or false")
            return defaultValue
        }
        return bool
    }

    mutating func strings(_ members: [String: JSONValue], _ key: String, at path: String) -> [String] {
        guard let value = members[key] else { return [] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            issue(Self.join(path, key), "must be an array of strings")
            return []
        }
        return array.compactMap(\.stringValue)
    }

    mutating func positive(_ value: Int?, at path: String) {
        if let value, value <= 0 { issue(path, "must be > 0") }
    }
}
