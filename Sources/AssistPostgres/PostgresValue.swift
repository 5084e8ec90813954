/// A statement parameter, sent in PostgreSQL's text format: the server parses it as the type its place in
/// the statement calls for (`$1` compared with a `bigint` column is read as a `bigint`).
public enum PostgresValue: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case null

    public static func int(_ value: Int) -> PostgresValue { .integer(Int64(value)) }
    public static func optional(_ value: String?) -> PostgresValue { value.map { .text($0) } ?? .null }
    public static func optional(_ value: Double?) -> PostgresValue { value.map { .double($0) } ?? .null }

    /// The text PostgreSQL is sent, nil for NULL. Doubles print their shortest exact form ("0.1", "1e-05",
    /// "inf", "nan"), which float8's input reads back to the same value.
    var rendered: String? {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .double(let value): value.description
        case .bool(let value): value ? "true" : "false"
        case .null: nil
        }
    }
}

/// One row of a result, each column as the server's text output, nil for NULL.
public struct PostgresRow: Sendable, Equatable {
    public let values: [String?]

    public init(_ values: [String?]) { self.values = values }

    public var count: Int { values.count }
    public subscript(_ column: Int) -> String? { column < values.count ? values[column] : nil }

    public func text(_ column: Int) -> String? { self[column] }
    public func int(_ column: Int) -> Int? { self[column].flatMap { Int($0) } }
    public func double(_ column: Int) -> Double? { self[column].flatMap { Double($0) } }
    /// `boolean` prints as "t" or "f".
    public func bool(_ column: Int) -> Bool? {
        switch self[column] {
        case "t", "true": true
        case "f", "false": false
        default: nil
        }
    }
}
