import AssistGateway
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Issue 28: personal numbers never reach a provider, whatever the client sent. Every served feature's request
/// carries a card number, an IBAN, a phone number and a passport number in every free-text field; the scripted
/// upstream's record of what the gateway sent is then searched with checks written here (Luhn, ISO 7064), not the
/// gateway's own masker.
@Suite("Personal numbers are masked before any provider call, for every feature")
struct ProviderMaskingTests {
    /// Four values: a Luhn-valid card, a valid IBAN, a Turkish mobile number and a passport number.
    static let planted = "card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32, phone +90 532 123 45 67, passport U12345678"

    /// Each served feature's request with `planted` in every free-text field, and how many fields that is.
    static let requests: [String: (path: String, input: JSONValue, fields: Int)] = [
        "support_chat": ("/v1/assist/stream", ["message": .string("My bag did not arrive. \(planted)"), "history": [
            ["role": "user", "text": .string("Earlier: \(planted)")], ["role": "assistant", "text": .string("You said \(planted)")]]], 3),
        "itinerary_summary": ("/v1/assist/stream", ["bookingId": "BK-2041"], 0),
        "smart_search": ("/v1/assist", ["text": .string("cheap flights from Zqxjv to Berlin next friday, \(planted)"), "today": "2026-12-01"], 1),
        "support_triage": ("/v1/assist", ["message": .string("my bag is lost and I want a refund, \(planted)")], 1),
        "budget_question": ("/v1/assist", ["question": .string("Was November a good month? \(planted)"), "today": "2026-12-01"], 1),
    ]

    @Test("no request body the gateway sends holds a Luhn-valid card, a valid IBAN, the phone or the passport; the audit counts them")
    func nothingSensitiveReachesTheProvider() async throws {
        let harness = try EveryFeature.harness()
        #expect(Set(harness.assembly.dependencies.config.features.keys) == Set(Self.requests.keys), "every served feature is checked")
        let token = harness.token("u1")
        var masked = 0
        for (feature, request) in Self.requests.sorted(by: { $0.key < $1.key }) {
            let (response, sent) = try await EveryFeature.send(harness, token: token, feature: feature, path: request.path, input: request.input)
            #expect(response.status == 200, "\(feature): \(response.text)")
            let bodies = sent.map { String(decoding: $0, as: UTF8.self) }
            #expect(!bodies.isEmpty, "\(feature) called the model")
            for body in bodies {
                #expect(Self.luhnValidRuns(in: body).isEmpty, "\(feature): \(Self.luhnValidRuns(in: body))")
                #expect(Self.validIBANs(in: body).isEmpty, "\(feature): \(Self.validIBANs(in: body))")
                #expect(!Self.digits(of: body).contains("905321234567"), "\(feature): the phone number")
                #expect(!body.contains("U12345678"), "\(feature): the passport number")
            }
            if request.fields > 0 {
                #expect(bodies.contains { $0.contains("**** **** **** 1111") }, "\(feature): the kit's card placeholder reached the model")
            }
            let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
            #expect(row.maskedValues == 4 * request.fields, "\(feature)")
            masked += row.maskedValues
        }
        let metrics = try await testRequest(port: harness.port, path: "/metrics")
        #expect(metrics.text.contains("assist_masked_values_total{stage=\"input\"} \(masked)"), "\(metrics.text)")
    }

    /// Maximal runs of 13 to 19 digits (single spaces or dashes between them allowed) whose digits pass Luhn.
    static func luhnValidRuns(in text: String) -> [String] {
        var runs: [String] = []
        var current = ""
        var pendingSeparator = false
        func close() {
            let digits = current.filter(\.isNumber)
            if (13...19).contains(digits.count), luhn(digits) { runs.append(current) }
            current = ""
            pendingSeparator = false
        }
        for character in text {
            if character.isASCII, character.isNumber {
                current.append(character)
                pendingSeparator = false
            } else if (character == " " || character == "-"), !current.isEmpty, !pendingSeparator {
                current.append(character)
                pendingSeparator = true
            } else {
                close()
            }
        }
        close()
        return runs
    }

    static func luhn(_ digits: String) -> Bool {
        let values = digits.reversed().map { Int(String($0))! }
        let sum = values.enumerated().reduce(0) { total, item in
            let (index, value) = item
            return total + (index % 2 == 1 ? (value * 2 > 9 ? value * 2 - 9 : value * 2) : value)
        }
        return sum % 10 == 0
    }

    /// Strings shaped like an IBAN (two letters, two digits, then 11 to 30 letters or digits, spaces allowed
    /// between groups of four) whose ISO 7064 mod-97 check gives 1.
    static func validIBANs(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{1,4}){3,8}"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let candidate = String(text[Range(match.range, in: text)!]).replacingOccurrences(of: " ", with: "")
            guard (15...34).contains(candidate.count) else { return nil }
            let rearranged = candidate.dropFirst(4) + candidate.prefix(4)
            var remainder = 0
            for character in rearranged {
                let value = character.isNumber ? Int(String(character))! : Int(character.unicodeScalars.first!.value) - 55
                remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97
            }
            return remainder == 1 ? candidate : nil
        }
    }

    static func digits(of text: String) -> String { text.filter { $0.isASCII && $0.isNumber } }
}
