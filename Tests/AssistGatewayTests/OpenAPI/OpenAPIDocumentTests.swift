import AssistGateway
import AssistHTTP
import AssistUnderstanding
import AssistWire
import Testing

/// The served document itself: OpenAPI 3.1, one operation per route of the gateway, every schema within
/// what `JSONSchemaValidator` checks, and a checker that does notice when the document and the code part.
@Suite("The OpenAPI document")
struct OpenAPIDocumentTests {
    /// The gateway's routes (`Gateway.route`, `AdminEndpoint`): a route added without its operation fails here.
    static let routes: Set<String> = [
        "POST /v1/assist/stream", "POST /v1/assist", "GET /v1/features", "POST /v1/events", "POST /v1/feedback",
        "POST /v1/integrity/challenge", "POST /v1/integrity/appattest/register", "GET /admin/features",
        "PATCH /admin/features/{id}", "POST /admin/reload", "GET /admin/refusals", "GET /admin/audit", "GET /admin/feedback", "GET /admin/feedback/export",
        "POST /demo/token", "POST /v1/budget/sms", "GET /metrics", "GET /healthz", "GET /openapi.json",
    ]

    @Test("GET /openapi.json serves OpenAPI 3.1 without a token, one operation per route, each with its security")
    func served() async throws {
        let check = try await ContractCheck(InProcessGateway())
        let served = await check.expect(.get, "/openapi.json", as: nil, .ok)
        #expect(served.header(.contentType) == "application/json")
        let paths = try #require(check.contract.document["paths"]?.objectValue)
        var operations: Set<String> = []
        for (path, item) in paths {
            for method in (item.objectValue ?? [:]).keys { operations.insert("\(method.uppercased()) \(path)") }
        }
        #expect(operations == Self.routes)
        // Admin operations take the admin token; operations' endpoints none; everything else the session token.
        let schemes = check.contract.document["components"]?["securitySchemes"]?.objectValue ?? [:]
        #expect(schemes["sessionToken"]?["scheme"] == "bearer" && schemes["adminToken"]?["scheme"] == "bearer")
        #expect(check.contract.document["security"] == [["sessionToken": []]])
        for path in ["/admin/features", "/admin/reload", "/admin/refusals"] {
            #expect(paths[path]?.objectValue?.values.first?["security"] == [["adminToken": []]], "\(path)")
        }
        for path in ["/metrics", "/healthz", "/openapi.json"] { #expect(paths[path]?["get"]?["security"] == [], "\(path)") }
        // 405 on the document's path with another method, as for every routed path.
        check.expectUndocumented(.post, "/openapi.json", await check.gateway.send(.post, "/openapi.json", as: nil), 405, code: "method_not_allowed")
    }

    @Test("every schema of the document is within the keywords JSONSchemaValidator checks")
    func schemasWithinValidator() async throws {
        let contract = try await ContractCheck(InProcessGateway()).contract
        for (name, schema) in contract.document["components"]?["schemas"]?.objectValue ?? [:] {
            #expect(throws: Never.self, "\(name)") { _ = try contract.validator(for: schema) }
        }
        // Response schemas: JSON bodies directly, an event stream's events through its contentSchema.
        for (path, item) in contract.document["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] {
                for (status, response) in operation["responses"]?.objectValue ?? [:] {
                    for (media, content) in response["content"]?.objectValue ?? [:] {
                        let schema = media == "text/event-stream" ? content["schema"]?["properties"]?["data"]?["contentSchema"] : content["schema"]
                        let checked = try #require(schema, "\(method) \(path) \(status) \(media)")
                        #expect(throws: Never.self, "\(method) \(path) \(status)") { _ = try contract.validator(for: checked) }
                    }
                }
            }
        }
    }

    @Test("the checker fails when the document and the code disagree: a status, a body, an event, a header")
    func disagreementsAreCaught() async throws {
        let gateway = try InProcessGateway()
        let document = try await ContractCheck(gateway).contract.document
        func broken(_ edit: (inout JSONValue) -> Void) throws -> OpenAPIContract {
            var copy = document
            edit(&copy)
            return try OpenAPIContract(document: copy)
        }
        let refused = await gateway.stream(as: nil)
        let conforming = try OpenAPIContract(document: document)
        #expect(await conforming.problems(.post, "/v1/assist/stream", refused).isEmpty)

        let withoutStatus = try broken { $0.set("paths./v1/assist/stream.post.responses.401", nil) }
        let statusProblems = await withoutStatus.problems(.post, "/v1/assist/stream", refused)
        #expect(statusProblems.contains { $0.contains("401 is not documented") }, "\(statusProblems)")

        let otherCode = try broken { $0.set("components.responses.Unauthenticated.content.application/json.schema", ["$ref": "#/components/schemas/DeltaEvent"]) }
        #expect(await !otherCode.problems(.post, "/v1/assist/stream", refused).isEmpty)

        let textAsNumber = try broken { $0.set("components.schemas.DeltaEvent.properties.text", ["type": "number"]) }
        let eventProblems = await textAsNumber.problems(.post, "/v1/assist/stream", gateway.stream())
        #expect(eventProblems.contains { $0.contains("\"kind\":\"delta\"") || $0.contains("delta") }, "\(eventProblems)")

        let moreHeaders = try broken { $0.set("components.responses.Unauthenticated.headers.X-Missing", ["required": true, "schema": ["type": "string"]]) }
        let headerProblems = await moreHeaders.problems(.post, "/v1/assist/stream", refused)
        #expect(headerProblems.contains { $0.contains("X-Missing missing") }, "\(headerProblems)")
    }
}
