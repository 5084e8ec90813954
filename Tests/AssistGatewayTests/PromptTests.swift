import AssistGateway
import AssistWire
import Testing

@Suite("Prompt")
struct PromptTests {
    func feature(instructions: String) throws -> FeatureRecord {
        var json = ConfigFixture.json
        json.set("features.support_chat.template.instructions", .string(instructions))
        return try #require(try ConfigFixture.load(json).features["support_chat"])
    }

    @Test func instructionsFillInLanguageAndLocale() throws {
        let record = try feature(instructions: "Answer in {{language}} ({{locale}}). Again: {{language}}.")
        let context = PromptContext(user: "u1", feature: record, input: [:], locale: "tr-TR")
        #expect(context.instructions == "Answer in Turkish (tr-TR). Again: Turkish.")
    }

    @Test func builtInInstructionsNameTheLanguage() throws {
        let record = try #require(try ConfigFixture.load().features["itinerary_summary"])
        let context = PromptContext(user: "u1", feature: record, input: ["bookingId": "B1"], locale: "de-DE")
        #expect(context.instructions.contains("in German."))
        #expect(!context.instructions.contains("{{"))
    }

    @Test func instructionsWithoutPlaceholdersAreUnchanged() throws {
        let record = try feature(instructions: "Be brief. {language} stays.")
        let context = PromptContext(user: "u1", feature: record, input: [:], locale: "en-US")
        #expect(context.instructions == "Be brief. {language} stays.")
    }

    @Test func unknownOrUnclosedPlaceholdersAreLeftAsWritten() throws {
        let record = try feature(instructions: "{{name}} in {{language}}, {{locale}}{{language}} then {{unclosed")
        let context = PromptContext(user: "u1", feature: record, input: [:], locale: "en-GB")
        #expect(context.instructions == "{{name}} in English, en-GBEnglish then {{unclosed")
    }

    @Test(arguments: [("tr-TR", "Turkish"), ("tr", "Turkish"), ("EN-gb", "English"), ("de-AT", "German"),
                      ("ar-EG", "Arabic"), ("pt-BR", "Portuguese")])
    func languageNamesComeFromTheLanguageSubtag(locale: String, name: String) {
        #expect(LanguageNames.english(for: locale) == name)
    }

    @Test func unknownLanguageFallsBackToTheLocale() {
        #expect(LanguageNames.english(for: "ja-JP") == "the language of locale ja-JP")
    }

    @Test func estimatedTokensAddFourPerMessage() {
        let prompt = Prompt(messages: [
            ChatMessage(role: .system, content: "abcdefgh"),  // 2
            ChatMessage(role: .user, content: ""),            // 0
            ChatMessage(role: .assistant, content: "a b c"),  // 3 words
        ])
        #expect(prompt.estimatedTokens == (2 + 4) + (0 + 4) + (3 + 4))
        #expect(Prompt(messages: []).estimatedTokens == 0)
    }

    @Test func chatRolesUseTheOpenAINames() {
        #expect(ChatMessage.Role.system.rawValue == "system")
        #expect(ChatMessage.Role.user.rawValue == "user")
        #expect(ChatMessage.Role.assistant.rawValue == "assistant")
    }
}
