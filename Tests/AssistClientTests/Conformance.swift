import AssistWire
import Foundation

/// The language-neutral cases in `conformance/` that every Assist client runs (see its README).
enum Conformance {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../conformance").standardized

    static func document(_ name: String) -> JSONValue? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { return nil }
        return try? JSONParser.parse(Array(data))
    }

    /// The file's cases; none when it cannot be read (each suite's first test then fails on the count).
    static func cases(_ name: String) -> [JSONValue] { document(name)?["cases"]?.arrayValue ?? [] }
}
