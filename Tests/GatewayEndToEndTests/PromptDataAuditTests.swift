import AssistGateway
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Issue 26's audit of every prompt builder: instructions and untrusted data travel in separate messages. Text a user
/// wrote (messages, history, questions, search text), data a user imported (merchant names) and third-party text
/// (a hotel's description) reach the model only in user or assistant messages, never in a system message, for every
/// feature the gateway serves, stream or structured, ask anything included.
@Suite("Every prompt builder keeps user and imported data out of system messages")
struct PromptDataAuditTests {
    /// A word no instruction, policy or example contains.
    static let marker = "Zqxjv"
    /// BK-2041's hotel description (third-party text in the travel data).
    static let hotelText = "Family room with a double bed"

    /// Each served feature's request, with the marker in every free-text field it takes (written so that each
    /// feature calls the model: triage only when two topics tie).
    static let requests: [String: (path: String, input: JSONValue)] = [
        "support_chat": ("/v1/assist/stream", ["message": .string("My bag \(marker) did not arrive"), "history": [
            ["role": "user", "text": .string("Earlier I wrote \(marker)")], ["role": "assistant", "text": .string("You said \(marker)")]]]),
        "itinerary_summary": ("/v1/assist/stream", ["bookingId": "BK-2041"]),
        "smart_search": ("/v1/assist", ["text": .string("cheap flights from \(marker) to Berlin next friday"), "today": "2026-12-01"]),
        "support_triage": ("/v1/assist", ["message": .string("\(marker): my bag is lost and I want a refund")]),
        "budget_question": ("/v1/assist", ["question": .string("Was November a good month for \(marker)?"), "today": "2026-12-01"]),
    ]

    @Test("a marker in every user-written and imported field is in no system message, and does reach the model as data")
    func noDataInSystemMessages() async throws {
        let harness = try EveryFeature.harness()
        #expect(Set(harness.assembly.dependencies.config.features.keys) == Set(Self.requests.keys), "every served feature is audited")
        let token = harness.token("u1")
        let imported = try await testRequest(port: harness.port, method: "POST", path: "/v1/budget/sms", headers: [("Authorization", "Bearer \(token)")],
                                             body: JSONWriter.bytes(["messages": [.string("Your card ending 1234 was charged 50.00 TRY at \(Self.marker) Market on 12/11/2026.")]]))
        #expect(imported.json?["stored"] == 1, "\(imported.text)")
        for (feature, request) in Self.requests.sorted(by: { $0.key < $1.key }) {
            let (response, bodies) = try await EveryFeature.send(harness, token: token, feature: feature, path: request.path, input: request.input)
            #expect(response.status == 200, "\(feature): \(response.text)")
            let calls = bodies.compactMap { try? JSONParser.parse($0) }
            #expect(!calls.isEmpty, "\(feature) called the model")
            var reachedAsData = false
            for call in calls {
                for message in call["messages"]?.arrayValue ?? [] {
                    let content = message["content"]?.stringValue ?? ""
                    let holdsData = content.contains(Self.marker) || content.contains(Self.hotelText)
                    if message["role"] == "system" {
                        #expect(!holdsData, "\(feature): a system message holds data: \(content)")
                    } else if holdsData {
                        reachedAsData = true
                    }
                }
            }
            #expect(reachedAsData, "\(feature): the planted data reached the model as data")
        }
    }
}
