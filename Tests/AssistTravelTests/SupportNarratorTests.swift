import AssistEvaluation
import AssistGateway
@testable import AssistTravel
import AssistGatewayEvaluation
import AssistWire
import Foundation
import Testing

/// The support narrator through `SupportChatBuilder`, as a request builds it: per triage topic and language the
/// policy section quoted word for word after a lead-in in that language, and the handover otherwise.
@Suite("Support narrator")
struct SupportNarratorTests {
    let fixture: NarratorFixture
    init() throws { fixture = try NarratorFixture() }

    /// Triage topics and the policy section each picks, written out here rather than read from the builder.
    static let topics = ["refund": "refund", "baggage": "baggage", "scheduleChange": "schedule_change", "payment": "payment"]

    func narration(topic: String?, locale: String, message: String = "A question") async throws -> String? {
        var input: [String: JSONValue] = ["message": .string(message)]
        if let topic { input["topic"] = .string(topic) }
        return try await SupportChatBuilder(travel: fixture.travel).build(try fixture.context("support_chat", user: "u1", input: input, locale: locale))
            .narration
    }

    @Test("each topic quotes its own section, verbatim with its title, after a lead-in in the user's language",
          arguments: ["en-US", "en-GB", "tr-TR"])
    func quotesTheSection(locale: String) async throws {
        let language = Locales.language(of: locale)
        let policy = try #require(fixture.data.policy[language])
        for (topic, name) in Self.topics {
            let text = try #require(try await narration(topic: topic, locale: locale), "\(topic) \(locale)")
            let section = try #require(policy.first { $0.section == name })
            #expect(text.contains("\u{201C}\(section.text)\u{201D}"), "\(topic) \(locale)")
            #expect(text.contains(section.title))
            for other in policy where other.section != name {
                #expect(!text.contains(other.text), "\(topic) quotes \(other.section)")
            }
            let leadIn = try #require(text.split(separator: "\n").first)
            #expect(leadIn.hasPrefix(language == "tr" ? "Destek politikamızın" : "Here is what our support policy says"), "\(leadIn)")
            #expect(LanguageMatchesLocale().violation(in: CheckedAnswer(text: text, locale: locale)) == nil, "\(topic) \(locale)")
        }
    }

    @Test("no topic, `other`, or a topic naming no section: the handover, with no policy in it", arguments: ["en-GB", "tr-TR"])
    func handsOver(locale: String) async throws {
        let turkish = locale.hasPrefix("tr")
        let policy = try #require(fixture.data.policy[Locales.language(of: locale)])
        for topic in [nil, "other", "lostProperty", ""] as [String?] {
            let text = try #require(try await narration(topic: topic, locale: locale, message: turkish ? "Merhaba" : "Hello"))
            #expect(text.contains(turkish ? "arkadaşımıza aktarıyorum" : "I'll pass you to a colleague"), "\(String(describing: topic))")
            #expect(!policy.contains { text.contains($0.text) || text.contains($0.title) })
            #expect(LanguageMatchesLocale().violation(in: CheckedAnswer(text: text, locale: locale)) == nil)
        }
    }

    @Test("every golden case's narration passes every check the built-in record names, whole and as the guard judges it")
    func goldenCasesPassTheChecks() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/support_chat.jsonl")
        let cases = try GoldenSet.load(url)
        let feature = try #require(fixture.config.features["support_chat"])
        #expect(feature.checks.count == 5 && feature.answerGuard != nil && feature.goldenSet != nil)
        let checks = feature.checks.compactMap(PropertyChecks.named)
        #expect(checks.count == feature.checks.count)
        for item in cases {
            let prompt = try await SupportChatBuilder(travel: fixture.travel).build(
                try fixture.context("support_chat", user: "u1", input: try #require(item.input), locale: item.locale))
            let narration = try #require(prompt.narration, "\(item.id)")
            let answer = CheckedAnswer(text: narration, locale: item.locale, support: GoldenEvaluation.supportReference(prompt))
            for check in checks { #expect(check.violation(in: answer) == nil, "\(item.id) \(check.name): \(narration)") }
            // Sentence by sentence, as the live guard releases it.
            let judge = PropertyCheckGuard().judge(prompt, feature: feature, locale: item.locale)
            var accepted = ""
            // Cut as the guard cuts: after ., ! or ? before whitespace, and at line breaks.
            let sentences = narration.replacingOccurrences(of: ". ", with: ".\u{1F}").replacingOccurrences(of: "\n", with: "\n\u{1F}")
                .split(separator: "\u{1F}").map(String.init)
            for (index, sentence) in sentences.enumerated() {
                #expect(judge.violation(of: sentence, after: accepted, final: index == sentences.count - 1) == nil, "\(item.id): \(sentence)")
                accepted += sentence
            }
        }
    }

    @Test("the narrator alone: a section missing from the policy hands over; other languages have no narration")
    func narratorAlone() throws {
        let english = try #require(fixture.data.policy["en"])
        #expect(SupportNarrator.section(forTopic: "baggage", in: english)?.section == "baggage")
        #expect(SupportNarrator.section(forTopic: "baggage", in: english.filter { $0.section != "baggage" }) == nil)
        #expect(SupportNarrator.section(forTopic: nil, in: english) == nil)
        #expect(SupportNarrator.narration(section: nil, locale: "en-US")?.hasPrefix("I'll pass you to a colleague") == true)
        #expect(SupportNarrator.narration(section: english[0], locale: "de-DE") == nil)
        #expect(SupportNarrator.narration(section: nil, locale: "fr-FR") == nil)
    }

    @Test("through the builder: the model still gets the narrowed policy, and German requests get no narration")
    func builderSetsNarration() async throws {
        let prompt = try await SupportChatBuilder(travel: fixture.travel).build(
            try fixture.context("support_chat", user: "u1", input: ["message": "Bagaj hakkım ne kadar?", "topic": "baggage"], locale: "tr-TR"))
        let baggage = try #require(fixture.data.policy["tr"]?.first { $0.section == "baggage" })
        #expect(prompt.messages[1].content.contains(baggage.text))
        #expect(prompt.narration == """
            Destek politikamızın \u{201C}Bagaj\u{201D} bölümünde şöyle yazıyor:

            \u{201C}\(baggage.text)\u{201D}

            Bu bilgi sorunuzu yanıtlamıyorsa sizi destek ekibimizden bir arkadaşımıza aktarabilirim.
            """)
        #expect(try await narration(topic: "baggage", locale: "de-DE") == nil)
    }
}
