import AssistEvaluation
import AssistWire
import Foundation
import Testing

/// The support answer checks (issue 28), on answers written here the way a small model fails, against the travel
/// policy's baggage section.
@Suite("Support answer checks")
struct SupportChecksTests {
    static let baggage = "Economy tickets include one checked bag of up to 23 kg for each adult and child; business tickets include two "
        + "checked bags of up to 32 kg each. Cabin baggage is limited to one piece of up to 8 kg (55 x 40 x 23 cm). Refunds appear within 7–14 days."
    static let reference = SupportReference(policy: baggage, sectionTerms: ["bag", "bags", "baggage", "luggage", "kg"],
                                            userText: "My bag did not arrive on flight 1759, booking of 3 people.")

    func answer(_ text: String, locale: String = "en-GB") -> CheckedAnswer {
        CheckedAnswer(text: text, locale: locale, support: Self.reference)
    }

    @Test("no_repetition: a sentence said twice, a word or a pair in a run; not an ordinary answer")
    func repetition() {
        let check = NoRepetition()
        #expect(check.violation(in: answer("Bu 4 1 1 1 1 1 1 1")) != nil)
        #expect(check.violation(in: answer("Ask for a refund of the ticket. Then wait. Ask for a refund of the ticket.")) != nil)
        #expect(check.violation(in: answer("the fee the fee the fee is charged")) != nil)
        #expect(check.violation(in: answer("Economy tickets include one checked bag of up to 23 kg. Business tickets include two bags.")) == nil)
        #expect(check.violation(in: answer("Very very good.")) == nil)
        #expect(check.scope == .answerSoFar)
    }

    @Test("no_sensitive_numbers: a card, an IBAN or a phone number in the answer; not the kit's placeholder or a weight")
    func sensitiveNumbers() {
        let check = NoSensitiveNumbers()
        #expect(check.violation(in: answer("We will refund 4111 1111 1111 1111 today.")) != nil)
        #expect(check.violation(in: answer("Transfer to TR33 0006 1005 1978 6457 8413 26.")) != nil)
        #expect(check.violation(in: answer("Call us on +90 532 123 45 67.")) != nil)
        #expect(check.violation(in: answer("We will refund the card ending **** **** **** 1111.")) == nil)
        #expect(check.violation(in: answer("Up to 23 kg, 55 x 40 x 23 cm.")) == nil)
    }

    @Test("numbers_in_policy: every number is the policy's or the user's; one from nowhere is named")
    func numbers() {
        let check = NumbersInPolicy()
        #expect(check.violation(in: answer("You may check one bag of up to 23 kg; cabin bags up to 8 kg (55 x 40 x 23 cm).")) == nil)
        #expect(check.violation(in: answer("Flight 1759 for 3 people: 23 kg each.")) == nil)
        #expect(check.violation(in: answer("Refunds take 7 to 14 days.")) == nil)
        #expect(check.violation(in: answer("You may check two bags of 30 kg.")) == "numbers in neither the policy nor the message: 30")
        #expect(check.violation(in: answer("It costs 1,500 EUR.")) == "numbers in neither the policy nor the message: 1500")
        #expect(check.violation(in: CheckedAnswer(text: "23 kg", locale: "en-GB")) == "no policy to compare with")
        #expect(NumbersInPolicy.numbers(in: "7–14 days, 1,500 and 2.5 kg, 14.40.") == ["7", "14", "1500", "2.5", "14.40"])
    }

    @Test("addresses_section: the opening names the section's subject, Turkish case endings included; no section, no judgement")
    func section() {
        let check = AddressesSection()
        #expect(check.violation(in: answer("Your checked bag may weigh up to 23 kg.")) == nil)
        #expect(check.violation(in: answer("You can ask for a refund of your ticket within a day.")) != nil)
        let turkish = SupportReference(policy: "", sectionTerms: ["bagaj", "valiz", "kg"], userText: "")
        #expect(check.violation(in: CheckedAnswer(text: "Bagajınız 23 kiloya kadar olabilir.", locale: "tr-TR", support: turkish)) == nil)
        let none = SupportReference(policy: "", sectionTerms: [], userText: "")
        #expect(check.violation(in: CheckedAnswer(text: "A colleague will follow up.", locale: "en-GB", support: none)) == nil)
        #expect(check.scope == .opening(12))
    }

    @Test("the reference round-trips through the prompt's JSON; another kind is not read as one")
    func referenceJSON() {
        #expect(SupportReference(json: Self.reference.json) == Self.reference)
        #expect(SupportReference(json: ["kind": "booking"]) == nil)
    }

    @Test("the golden set covers every policy section and the no-section topic in English and Turkish, and card numbers")
    func goldenSet() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/support_chat.jsonl")
        let cases = try GoldenSet.load(url)
        #expect(Set(cases.map(\.id)).count == cases.count)
        for topic in ["refund", "baggage", "scheduleChange", "payment", "other"] {
            let languages = Set(cases.filter { $0.input?["topic"]?.stringValue == topic }.map { Locales.language(of: $0.locale) })
            #expect(languages == ["en", "tr"], "\(topic)")
        }
        #expect(cases.contains { $0.locale == "en-GB" } && cases.contains { $0.locale == "en-US" })
        #expect(cases.filter { $0.extra["covers"]?.arrayValue?.contains("card-number") == true }.count >= 2)
    }
}
