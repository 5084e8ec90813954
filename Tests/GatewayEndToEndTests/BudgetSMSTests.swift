import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

/// `POST /v1/budget/sms`, the budget app's own endpoint, for the signed-in user: the same import as the CLI, behind
/// the session token and audited; the imported spending then answers budget questions.
@Suite("Budget SMS import over HTTP")
struct BudgetSMSTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/bank-sms/sample.txt")

    func post(_ harness: GatewayHarness, _ body: JSONValue, user: String? = "u7") async throws -> TestResponse {
        try await testRequest(port: harness.port, method: "POST", path: "/v1/budget/sms",
                              headers: user.map { [("Authorization", "Bearer \(harness.token($0))")] } ?? [], body: JSONWriter.bytes(body))
    }

    @Test("stored, duplicates and unreadable lines by index; a dry run stores nothing; the import answers the next question")
    func importAndAsk() async throws {
        let harness = try GatewayHarness()
        let messages = JSONValue.array(try String(contentsOf: Self.sample, encoding: .utf8).components(separatedBy: "\n").map { .string($0) })
        let dry = try await post(harness, ["messages": messages, "dryRun": true])
        #expect(dry.status == 200, "\(dry.text)")
        #expect(dry.json?["wouldStore"] == 4 && dry.json?["stored"] == 0 && dry.json?["duplicates"] == 1)
        let imported = try await post(harness, ["messages": messages])
        #expect(imported.json?["stored"] == 4 && imported.json?["duplicates"] == 1)
        #expect(imported.json?["rejected"] == [["line": 3, "reason": "not a card payment message in a known format"]])
        #expect(imported.json?["transactions"]?.arrayValue?.first == ["line": 1, "date": "2026-11-12", "merchant": "Migros", "category": "groceries",
                                                                       "amountMinor": 124550, "currency": "TRY", "status": "stored"])
        #expect(try await post(harness, ["messages": messages]).json?["duplicates"] == 5)
        let audit = await harness.auditRow(imported.headers["x-request-id"])
        #expect(audit?.feature == "budget_sms_import" && audit?.status == .ok && audit?.reason == "stored=4 duplicates=1 rejected=1")

        let question = try await testRequest(port: harness.port, method: "POST", path: "/v1/assist",
                                             headers: [("Authorization", "Bearer \(harness.token("u7"))")], body: JSONWriter.bytes(
            ["feature": "budget_question", "input": ["question": "How much did I spend at Migros in November?", "today": "2026-12-01"], "locale": "en-US"]))
        #expect(question.json?["valueMinor"] == 124550 && question.json?["transactions"] == 1, "\(question.text)")
    }

    @Test("refusals: no token, no messages, a non-string, an unknown field, too many, GET")
    func refusals() async throws {
        let harness = try GatewayHarness()
        #expect(try await post(harness, ["messages": ["x"]], user: nil).status == 401)
        #expect(try await post(harness, ["messages": []]).errorCode == "invalid_input")
        #expect(try await post(harness, ["messages": [1]]).errorCode == "invalid_input")
        #expect(try await post(harness, ["messages": ["x"], "card": "4111"]).errorCode == "invalid_input")
        #expect(try await post(harness, ["messages": .array(Array(repeating: "x", count: 501))]).errorCode == "invalid_input")
        #expect(try await post(harness, ["messages": ["x"], "dryRun": "yes"]).errorCode == "invalid_input")
        #expect(try await testRequest(port: harness.port, path: "/v1/budget/sms", headers: [("Authorization", "Bearer \(harness.token())")]).status == 405)
    }
}
