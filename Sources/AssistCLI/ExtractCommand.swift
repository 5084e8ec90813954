import AssistEvaluation
import AssistLocalModel
import AssistUnderstanding
import AssistWire
import Foundation

/// `assist extract FEATURE ...` for the understanding kit's features:
///
///     extract support_triage --text T                       {"topic","containsSensitiveNumbers","masked","source"}
///     extract smart_search --text T [--locale L] [--today YYYY-MM-DD]
///                                                           {"filters": {...}, "source", "dropped": [...]}
///     extract smart_search --batch FILE                     one result line per {"id","text","locale","today"} line
///     extract FEATURE --golden FILE                         the golden set's per-field, per-language table
///
/// `--offline` uses only the deterministic path; `--model-url` names an OpenAI-compatible base URL (with
/// `/v1`); otherwise the embedded model is started once for the whole command.
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
            case "--text", "--model-url", "--golden", "--batch", "--locale", "--today":
                guard index + 1 < arguments.count else { return Usage.fail("\(arguments[index]) needs a value") }
                options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
                index += 2
            default:
                return Usage.fail("unknown option \(arguments[index])")
            }
        }
        guard options["text"] != nil || options["golden"] != nil || options["batch"] != nil else {
            return Usage.fail("extract needs --text T, --batch FILE or --golden FILE")
        }
        let defaultToday = DateResolver.todayUTC
        if let today = options["today"], DateResolver(today: today) == nil { return Usage.fail("--today must be YYYY-MM-DD") }

        var supervisor: LlamaServerSupervisor?
        defer { supervisor?.stop() }
        let model = offline ? nil : await guardedModel(url: options["model-url"], started: &supervisor)

        let extract: @Sendable (String, String, String?) async -> (fields: [String: JSONValue], json: JSONValue, source: String, dropped: Int)
        if feature == "support_triage" {
            let triage = SupportTriage(model: model)
            extract = { text, _, _ in
                let result = await triage.triage(text)
                return (["topic": .string(result.topic.rawValue), "containsSensitiveNumbers": .bool(result.containsSensitiveNumbers)],
                        result.json, result.source.rawValue, 0)
            }
        } else {
            let search = SmartSearch(model: model)
            extract = { text, today, locale in
                let result = await search.extract(text, today: DateResolver(today: today, locale: locale)!)
                return (result.filters.json.objectValue ?? [:], result.json, result.source, result.dropped.count)
            }
        }

        if let golden = options["golden"] {
            let cases: [GoldenCase]
            do { cases = try GoldenSet.load(URL(fileURLWithPath: golden)) } catch { return Usage.fail("\(error)") }
            let report = await GoldenRunner().run(cases) { item in
                let result = await extract(item.text, item.today ?? defaultToday, item.locale)
                return Extraction(fields: result.fields, source: result.source, dropped: result.dropped)
            }
            print("\(feature), \(cases.count) cases, \(model == nil ? "deterministic path" : "model path")\n\(report.table)")
            for miss in report.misses { print("  miss: \(miss)") }
            return 0
        }
        if let batch = options["batch"] {
            guard let text = try? String(contentsOfFile: batch, encoding: .utf8) else { return Usage.fail("cannot read \(batch)") }
            for line in text.split(separator: "\n") {
                guard let input = try? JSONParser.parse(String(line)), let sentence = input["text"]?.stringValue else {
                    return Usage.fail("each --batch line needs {\"id\", \"text\"}: \(line.prefix(80))")
                }
                let result = await extract(sentence, input["today"]?.stringValue ?? options["today"] ?? defaultToday,
                                           input["locale"]?.stringValue ?? options["locale"])
                var output = result.json.objectValue ?? [:]
                output["id"] = input["id"] ?? .null
                print(JSONWriter.string(.object(output)))
            }
            return 0
        }
        print(JSONWriter.string(await extract(options["text"] ?? "", options["today"] ?? defaultToday, options["locale"]).json))
        return 0
    }

    /// The guarded model at `url`, or the embedded one started for this command; nil (deterministic path
    /// only) when neither can run.
    private static func guardedModel(url: String?, started: inout LlamaServerSupervisor?) async -> GuardedModel? {
        var baseURL = url.flatMap(URL.init(string:))
        if baseURL == nil {
            let llama = EmbeddedModel.supervisor(port: 0)
            do {
                try await llama.start()
                started = llama
                baseURL = URL(string: llama.baseURL)
            } catch {
                FileHandle.standardError.write(Data("assist: embedded model unavailable (\(error)); using the deterministic path\n".utf8))
            }
        }
        return baseURL.map { GuardedModel(model: OpenAICompatibleModel(baseURL: $0, maxTokens: 96), isEnabled: { true }, isAvailable: { true }) }
    }
}
