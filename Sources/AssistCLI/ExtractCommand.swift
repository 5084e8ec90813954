import AssistLocalModel
import AssistUnderstanding
import AssistWire
import Foundation

/// `assist extract support_triage --text T [--offline] [--model-url URL]`: one JSON object on stdout,
/// `{"topic", "containsSensitiveNumbers", "masked", "source"}`. `--offline` uses only the deterministic
/// path; `--model-url` names an OpenAI-compatible base URL (with `/v1`); otherwise the embedded model is
/// started for the duration of the command.
enum ExtractCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.first == "support_triage" else {
            return Usage.fail("extract supports: support_triage (smart_search comes with the next issue step)")
        }
        var options: [String: String] = [:]
        var offline = false
        var index = 1
        while index < arguments.count {
            switch arguments[index] {
            case "--offline":
                offline = true
                index += 1
            case "--text", "--model-url":
                guard index + 1 < arguments.count else { return Usage.fail("\(arguments[index]) needs a value") }
                options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
                index += 2
            default:
                return Usage.fail("unknown option \(arguments[index])")
            }
        }
        guard let text = options["text"] else { return Usage.fail("extract needs --text T") }

        var supervisor: LlamaServerSupervisor?
        defer { supervisor?.stop() }
        var model: GuardedModel?
        if !offline {
            var baseURL = options["model-url"].flatMap(URL.init(string:))
            if baseURL == nil {
                let llama = EmbeddedModel.supervisor(port: 0)
                do {
                    try await llama.start()
                    supervisor = llama
                    baseURL = URL(string: llama.baseURL)
                } catch {
                    FileHandle.standardError.write(Data("assist: embedded model unavailable (\(error)); using the deterministic path\n".utf8))
                }
            }
            if let baseURL {
                model = GuardedModel(model: OpenAICompatibleModel(baseURL: baseURL, maxTokens: 32), isEnabled: { true }, isAvailable: { true })
            }
        }
        let result = await SupportTriage(model: model).triage(text)
        print(JSONWriter.string(result.json))
        return 0
    }
}
