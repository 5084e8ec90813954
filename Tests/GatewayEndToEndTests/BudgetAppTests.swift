import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// The budget app in the gateway: `POST /v1/budget/sms`, its own endpoint, for the signed-in user (the same import as
/// the CLI, behind the session token and audited; the imported spending then answers budget questions), and the
/// `askAnything` option of `budget_question`, held to the facts' numbers and the request's language.
@Suite("The budget app over HTTP: SMS import and ask anything")
struct BudgetAppTests {
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

    @Test("ask anything: off by default; on, a model answer with a number not in the facts is withheld and the template answers")
    func askAnything() async throws {
        func ask(_ harness: GatewayHarness, _ question: String) async throws -> TestResponse {
            try await testRequest(port: harness.port, method: "POST", path: "/v1/assist", headers: [("Authorization", "Bearer \(harness.token("u1"))")],
                                  body: JSONWriter.bytes(["feature": "budget_question", "input": ["question": .string(question), "today": "2026-12-01"],
                                                          "locale": "en-US"]))
        }
        let freeForm = "Was November a good month for my wallet?"
        let off = try GatewayHarness(script: Script(tokens: ["{}"]))
        let plain = try await ask(off, freeForm)
        #expect(plain.json?["answerSource"] == "template" && plain.json?["withheld"] == nil, "\(plain.text)")
        #expect(off.upstream.requests.allSatisfy { (try? JSONParser.parse($0.body))?["response_format"] != nil }, "no free-text call when off")

        let on = try GatewayHarness(features: ["budget_question": ["options": ["askAnything": true]]])
        on.upstream.chooser = { body in
            guard let json = try? JSONParser.parse(body) else { return nil }
            if json["response_format"] != nil { return Script(tokens: ["{}"]) }
            return Script(tokens: ["You spent ", "TRY 999.99 ", "in November, a calm month."])  // 999.99 is in no fact
        }
        let invented = try await ask(on, freeForm)
        #expect(invented.json?["answerSource"] == "template", "\(invented.text)")
        #expect(invented.json?["withheld"] == "number_not_in_facts:999.99")
        #expect(invented.json?["answer"] == plain.json?["answer"])

        // An answer that only repeats the facts' numbers, in English, is shown.
        let total = try #require(plain.json?["answer"]?.stringValue?.split(separator: " ").first { $0.contains(".") }.map(String.init))
        on.upstream.chooser = { body in
            guard let json = try? JSONParser.parse(body) else { return nil }
            if json["response_format"] != nil { return Script(tokens: ["{}"]) }
            return Script(tokens: ["In November you spent TRY \(total), which is not much at all."])
        }
        let grounded = try await ask(on, freeForm)
        #expect(grounded.json?["answerSource"] == "model" && grounded.json?["answer"]?.stringValue?.contains(total) == true, "\(grounded.text)")

        // Written in the wrong language: withheld.
        on.upstream.chooser = { body in
            guard let json = try? JSONParser.parse(body) else { return nil }
            if json["response_format"] != nil { return Script(tokens: ["{}"]) }
            return Script(tokens: ["Bu ay harcamanız çok düşük, tebrikler, böyle devam edin lütfen."])
        }
        #expect(try await ask(on, freeForm).json?["withheld"] == "language:tr")
    }
}
