import AssistEvaluation
import AssistLocalModel
import AssistUnderstanding
import AssistWire
import Foundation

/// `assist extract support_triage --text T [--offline] [--model-url URL]`: one JSON object on stdout,
/// `{"topic", "containsSensitiveNumbers", "masked", "source"}`. `--offline` uses only the deterministic
/// path; `--model-url` names an OpenAI-compatible base URL (with `/v1`); otherwise the embedded model is
/// started for the duration of the command. `--golden FILE` instead runs a golden set through the same
/// path and prints the per-field, per-language table (reported, not gated: exit 0).
enum ExtractCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        guard let feature = arguments.first, ["support_triage", "smart_search"].contains(feature) else {
            return Usage.fail("extract supports: support_triage, smart_search")
        }
        var options: [String: String] = [:]
        var offline = false
        var index = 1
        while index < arguments.count {
            switch arguments[index] {
            case "--offline":
                offline = true
                index += 1
            case "--text", "--model-url", "--golden", "--locale", "--today":
                guard index + 1 < arguments.count else { return Usage.fail("\(arguments[index]) needs a value") }
                options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
                index += 2
            default:
                return Usage.fail("unknown option \(arguments[index])")
            }
        }
        guard options["text"] != nil || options["golden"] != nil else { return Usage.fail("extract needs --text T or --golden FILE") }
        if feature == "smart_search" { return await smartSearch(options) }

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
        let triage = SupportTriage(model: model)
        if let golden = options["golden"] {
            let cases: [GoldenCase]
            do { cases = try GoldenSet.load(URL(fileURLWithPath: golden)) } catch { return Usage.fail("\(error)") }
            let report = await GoldenRunner().run(cases) { item in
                let result = await triage.triage(item.text)
                return Extraction(fields: ["topic": .string(result.topic.rawValue),
                                           "containsSensitiveNumbers": .bool(result.containsSensitiveNumbers)],
                                  source: result.source.rawValue)
            }
            print("support_triage, \(cases.count) cases, \(offline ? "deterministic path" : "model path")\n\(report.table)")
            for miss in report.misses { print("  miss: \(miss)") }
            return 0
        }
        let result = await triage.triage(options["text"] ?? "")
        print(JSONWriter.string(result.json))
        return 0
    }

    /// Smart search, deterministic path (the model path and `--batch` come next): prints
    /// `{"filters": {...}, "source": "fallback", "dropped": []}`, or the golden table with `--golden`.
    static func smartSearch(_ options: [String: String]) async -> Int32 {
        let defaultToday = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        func parse(_ text: String, today: String) -> JSONValue? {
            guard let resolver = DateResolver(today: today) else { return nil }
            return SearchParser(today: resolver).parse(text).json
        }
        if let golden = options["golden"] {
            let cases: [GoldenCase]
            do { cases = try GoldenSet.load(URL(fileURLWithPath: golden)) } catch { return Usage.fail("\(error)") }
            let report = await GoldenRunner().run(cases) { item in
                Extraction(fields: parse(item.text, today: item.today ?? defaultToday)?.objectValue ?? [:], source: "fallback")
            }
            print("smart_search, \(cases.count) cases, deterministic path\n\(report.table)")
            for miss in report.misses { print("  miss: \(miss)") }
            return 0
        }
        let today = options["today"] ?? defaultToday
        guard let filters = parse(options["text"] ?? "", today: today) else { return Usage.fail("--today must be YYYY-MM-DD") }
        print(JSONWriter.string(["filters": filters, "source": "fallback", "dropped": []]))
        return 0
    }
}
