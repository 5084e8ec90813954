import AssistTestSupport
import AssistWire
import Foundation
import Testing

/// The README's command list and `assist --help` say the same thing (issue 31): every command the binary takes is
/// listed in both, with the same options. And the errors a newcomer meets first name what they are about and what to
/// do next.
@Suite("assist --help and the README agree; first errors say what to do")
struct HelpAgreesWithReadmeTests {
    /// Synopsis lines: a line at the outline's first indent starts one, a deeper line starting "[" continues it.
    static func synopses(_ lines: [Substring], indent: Int) -> [String] {
        var out: [String] = []
        for line in lines {
            let leading = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(leading)
            if leading == indent, rest.first?.isLetter == true {
                out.append(String(rest))
            } else if leading > indent, rest.first == "[", let last = out.popLast() {
                out.append(last + " " + rest)
            }
        }
        return out
    }

    @Test("every synopsis of assist --help is in the README's command list, and only those")
    func helpMatchesReadme() throws {
        let help = try AssistBinary.run(["--help"])
        #expect(help.status == 0)
        let fromHelp = Self.synopses(help.stdout.split(separator: "\n"), indent: 2).map { "assist " + $0 }
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The `assist` command\n\n```\n").dropFirst().first)
        let block = section.components(separatedBy: "\n```").first ?? ""
        let fromReadme = Self.synopses(block.split(separator: "\n"), indent: 0)
        #expect(fromHelp.count >= 14)
        #expect(fromHelp == fromReadme, "help:\n\(fromHelp.joined(separator: "\n"))\nREADME:\n\(fromReadme.joined(separator: "\n"))")
    }

    @Test("the README's request bodies of POST /v1/events and smart_search name what /openapi.json and the configuration accept")
    func requestBodiesMatchTheContract() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let openAPI = try JSONParser.parse(Array(try Data(contentsOf: root.appendingPathComponent("Sources/AssistGateway/Resources/openapi.json"))))
        let event = try #require(openAPI["components"]?["schemas"]?["AvailabilityEvent"])
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `POST /v1/events` |") })
        for key in event["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] { #expect(row.contains("\"\(key)\""), "\(key) in \(row)") }
        for field in ["platform", "state"] {
            let values = event["properties"]?[field]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(!values.isEmpty)
            #expect(row.contains("`\(field)`: " + values.joined(separator: ", ")), "\(field): \(values) in \(row)")
        }
        let config = try JSONParser.parse(Array(try Data(contentsOf: root.appendingPathComponent("Sources/AssistTravel/Resources/travel-config.json"))))
        let inputs = config["features"]?["smart_search"]?["inputSchema"]?["properties"]?.objectValue?.keys.sorted() ?? []
        #expect(inputs == ["text", "today"])
        #expect(readme.contains("`smart_search` (`{\"text\", \"today\"?}`"), "the README's smart_search body")
        // The feedback export's shape, which schemathesis holds the endpoint to.
        let export = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `GET /admin/feedback/export` |") })
        let exportKeys = openAPI["components"]?["schemas"]?["FeedbackExport"]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(exportKeys.sorted() == ["cases", "withoutInput"])
        for key in exportKeys { #expect(export.contains("\"\(key)\""), "\(key) in \(export)") }
    }

    @Test("every endpoint docs/operations.md tells an operator to watch or call is one /openapi.json serves, with that method")
    func operationsEndpointsExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let guide = try String(contentsOf: root.appendingPathComponent("docs/operations.md"), encoding: .utf8)
        let openAPI = try JSONParser.parse(Array(try Data(contentsOf: root.appendingPathComponent("Sources/AssistGateway/Resources/openapi.json"))))
        let paths = openAPI["paths"]?.objectValue ?? [:]
        var named = 0
        for method in ["GET", "POST", "PATCH"] {
            for piece in guide.components(separatedBy: "`\(method) /").dropFirst() {
                let path = "/" + (piece.prefix { !"` ?".contains($0) })
                named += 1
                #expect(paths[path]?[method.lowercased()] != nil, "\(method) \(path) in docs/operations.md is not in /openapi.json")
            }
        }
        #expect(named >= 8)
    }

    @Test("ask with no gateway names the URL and how to start one; check-config names the file and why it cannot read it")
    func errorsSayWhatToDo() throws {
        let free = "http://127.0.0.1:9"  // the discard port: nothing listens there
        let ask = try AssistBinary.run(["ask", "support_chat", "--input", "message=hi", "--token", "t", "--gateway", free])
        #expect(ask.status == 1)
        #expect(ask.stderr.contains("no gateway at \(free)") && ask.stderr.contains("make run"), "\(ask.stderr)")
        #expect(!ask.stderr.contains("NSURLErrorDomain") && !ask.stderr.contains("UserInfo"), "\(ask.stderr)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("absent.json").path
        let absent = try AssistBinary.run(["check-config", missing])
        #expect(absent.status == 1 && absent.stderr.contains("\(missing): cannot read: no such file"), "\(absent.stderr)")
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{,}".utf8).write(to: broken)
        let invalid = try AssistBinary.run(["check-config", broken.path])
        #expect(invalid.status == 1 && invalid.stderr.contains("\(broken.path): not valid JSON"), "\(invalid.stderr)")
    }
}
