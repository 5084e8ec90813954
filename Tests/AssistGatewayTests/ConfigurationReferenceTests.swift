import AssistGateway
import AssistWire
import Foundation
import Testing

/// Holds `docs/configuration.md` to the strict decoder, so that a key cannot be accepted without its entry nor
/// documented after the decoder stopped accepting it.
///
/// The page names each key in a field table (a table whose first header cell is `Field`), one row per key path,
/// the path as the row's first cell in one code span: `` `features.*.maxOutputTokens` ``. The decoder's key paths
/// come from `GatewayConfig.acceptedShape(of:)`, reading the built-in configuration, the page's own complete
/// example ("Every field at once"), which has every optional section so that every strict object is read, and the
/// built-in configuration with the keys only SQLite storage takes.
@Suite("Configuration reference")
struct ConfigurationReferenceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let reference = repository.appendingPathComponent("docs/configuration.md")
    static let builtIn = repository.appendingPathComponent("Sources/AssistTravel/Resources/travel-config.json")
    static let decoderSources = repository.appendingPathComponent("Sources/AssistGateway")

    /// One row of a field table: the key path it documents, its cells, and its line in the page.
    struct FieldRow {
        let path: String
        let cells: [String]
        let line: Int
    }

    @Test("every key path the decoder accepts has a row in docs/configuration.md")
    func everyAcceptedKeyIsDocumented() throws {
        let documented = Set(try Self.fieldRows().map(\.path))
        let undocumented = try Self.acceptedShapes().keyPaths.subtracting(documented)
        #expect(undocumented.isEmpty, "accepted by the decoder, missing from docs/configuration.md: \(undocumented.sorted())")
    }

    @Test("every row of docs/configuration.md names a key path the decoder accepts, once")
    func everyDocumentedKeyIsAccepted() throws {
        let rows = try Self.fieldRows()
        let stale = Set(rows.map(\.path)).subtracting(try Self.acceptedShapes().keyPaths)
        #expect(stale.isEmpty, "documented, but not accepted by the decoder: \(stale.sorted())")
        let repeated = Dictionary(grouping: rows, by: \.path).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "documented more than once: \(repeated)")
    }

    @Test("every row gives a type, a default, bounds, an example and a meaning")
    func everyRowIsComplete() throws {
        for row in try Self.fieldRows() {
            #expect(row.cells.count == 6 && !row.cells.contains(""),
                    "docs/configuration.md:\(row.line): \(row.path) needs six cells (field, type, default, bounds, example, meaning)")
        }
    }

    /// Every object the decoder reads with a set of allowed keys is read by one of its `allowed:` sites; a section
    /// the readings lack would leave its keys out of the shape. Sites are counted per file, since a call spanning
    /// several lines is recorded at one of them.
    @Test("the readings reach every object the decoder reads with allowed keys")
    func readingsReachEveryStrictObject() throws {
        let reached = Dictionary(grouping: try Self.acceptedShapes().sites) { site in String(site.prefix { $0 != ":" }) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.decoderSources.path).filter { $0.hasSuffix(".swift") }
        var counted = 0
        for file in files.sorted() {
            let source = try String(contentsOf: Self.decoderSources.appendingPathComponent(file), encoding: .utf8)
            guard source.contains("inout ConfigReader") else { continue }
            let sites = source.components(separatedBy: "allowed:").count - 1
            let fileID = "AssistGateway/" + URL(fileURLWithPath: file).lastPathComponent
            #expect((reached[fileID]?.count ?? 0) == sites, "\(file): \(sites) reads with allowed keys, reached: \(reached[fileID]?.sorted() ?? [])")
            counted += sites
        }
        #expect(counted > 10, "the decoder's sources were not found under \(Self.decoderSources.path)")
    }

    @Test("the complete example is a configuration the gateway accepts")
    func completeExampleIsValid() throws {
        let config = try GatewayConfig.load(Array(try Self.completeExample().utf8), knownBuilders: ["support_chat"])
        #expect(config.storage.kind == .shared)
        #expect(config.features["support_chat"]?.candidate?.percentage == 10)
    }

    // MARK: - Reading the page and the decoder

    /// The key paths and the `allowed:` sites of the built-in configuration's reading and the complete example's.
    static func acceptedShapes() throws -> (keyPaths: Set<String>, sites: Set<String>) {
        let shapes = [try GatewayConfig.acceptedShape(of: Array(try Data(contentsOf: builtIn))),
                      try GatewayConfig.acceptedShape(of: Array(try completeExample().utf8)),
                      try GatewayConfig.acceptedShape(of: try sqliteOnlyKeys())]
        return (shapes.reduce(into: Set()) { $0.formUnion($1.keyPaths) }, shapes.reduce(into: Set()) { $0.formUnion($1.strictReadSites) })
    }

    /// The built-in configuration with the keys only SQLite storage takes (`storage.journal`), which the complete
    /// example, on shared storage, cannot have.
    static func sqliteOnlyKeys() throws -> [UInt8] {
        var json = try JSONParser.parse(Array(try Data(contentsOf: builtIn)))
        json.set("storage", ["kind": "sqlite", "journal": ["maxBacklog": 65_536, "rewriteBytes": 1_048_576, "shipMilliseconds": 100]])
        return JSONWriter.bytes(json)
    }

    /// The first JSON block after the heading "## Every field at once".
    static func completeExample() throws -> String {
        let lines = try String(contentsOf: reference, encoding: .utf8).components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Every field at once"), "docs/configuration.md has no complete example")
        let start = try #require(lines[heading...].firstIndex(of: "```json"), "the complete example has no JSON block")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"), "the complete example's JSON block is not closed")
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    /// The rows of every field table, in page order. A first cell that is not one code span is recorded as an issue.
    static func fieldRows() throws -> [FieldRow] {
        let lines = try String(contentsOf: reference, encoding: .utf8).components(separatedBy: "\n")
        var rows: [FieldRow] = []
        var inFieldTable = false
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("|") else {
                inFieldTable = false
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first == "Field" {
                inFieldTable = true
                continue
            }
            guard inFieldTable, !line.hasPrefix("|---") else { continue }
            let first = cells.first ?? ""
            guard first.count > 2, first.hasPrefix("`"), first.hasSuffix("`"), first.filter({ $0 == "`" }).count == 2 else {
                Issue.record("docs/configuration.md:\(index + 1): a field row's first cell must be one key path in backticks: \(first)")
                continue
            }
            rows.append(FieldRow(path: String(first.dropFirst().dropLast()), cells: Array(cells), line: index + 1))
        }
        return rows
    }
}
