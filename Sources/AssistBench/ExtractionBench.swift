import AssistBudget
import AssistEvaluation
import AssistLocalModel
import AssistTelemetry
import AssistUnderstanding
import AssistWire
import Foundation

/// Extraction latency on the embedded model (SmolLM2-135M in llama-server), support triage prompts from
/// the golden set: each prompt under its walled JSON schema, then the same prompts without the schema
/// constraint (the baseline), p50/p95 of each. Then the budget questions written after the rules were frozen,
/// through the budget model path: how many ask the model, and its latency when they do; and smart search on the
/// travel requests written after the rules, the model filling what the rules leave.
struct ExtractionBench {
    func run() async throws {
        // `make bench` runs from the repository root, where the golden sets live.
        let golden = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("golden/support_triage.jsonl")
        let cases = try GoldenSet.load(golden)
        var settings = EmbeddedModel.configuration(port: 0)
        settings.contextSize = 2048
        settings.parallelSlots = 1
        let llama = LlamaServerSupervisor(configuration: settings)
        try await llama.start()
        defer { llama.stop() }
        let base = URL(string: llama.baseURL)!
        var results: [(name: String, latencies: [Double], valid: Int)] = []
        for constrained in [false, true] {
            let model = OpenAICompatibleModel(baseURL: base, maxTokens: 48, constrained: constrained)
            var latencies: [Double] = []
            var valid = 0
            for round in 0..<2 {
                for item in cases {
                    let schema = SupportTriage.schema(for: item.text)
                    let prompt = ModelPrompt(instructions: "Classify the customer's support message into one topic. Answer with JSON {\"topic\": ...}.",
                                             text: item.text)
                    let start = ContinuousClock.now
                    let answer = try? await model.respond(to: prompt, schema: schema)
                    let elapsed = ContinuousClock.now - start
                    if round == 1 {  // the first round warms the prompt cache
                        latencies.append(elapsed.milliseconds)
                        if let answer, schema.validator.isValid(answer) { valid += 1 }
                    }
                }
            }
            results.append((constrained ? "with schema" : "without schema", latencies, valid))
        }
        print("4. Extraction latency on the embedded model, \(cases.count) support-triage prompts (second pass)")
        for result in results {
            print(String(format: "   %-15@ p50 %6.1f ms  p95 %6.1f ms  answers valid under the schema: %d/%d", result.name as NSString,
                         percentile(result.latencies, 50), percentile(result.latencies, 95), result.valid, result.latencies.count))
        }
        let cost = percentile(results[1].latencies, 50) - percentile(results[0].latencies, 50)
        print(String(format: "   cost of the schema constraint: %+.1f ms at p50", cost))
        try await budgetModelPath(base)
        try await smartSearchModelPath(base)
    }

    /// Smart search end to end (rules, then the model for what they leave and the text signals) on the travel requests
    /// written after the rules were frozen (`golden/written-after/smart_search.third.jsonl`, both languages): p50 and
    /// p95 of every extraction, and of those that asked the model. Issue 30 holds the p50 under 300 ms.
    func smartSearchModelPath(_ base: URL) async throws {
        let golden = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("golden/written-after/smart_search.third.jsonl")
        let cases = try GoldenSet.load(golden)
        let model = GuardedModel(model: OpenAICompatibleModel(baseURL: base, maxTokens: 64), isEnabled: { true }, isAvailable: { true })
        let search = SmartSearch(model: model)
        var all: [Double] = [], asked: [Double] = []
        for round in 0..<2 {
            for item in cases {
                guard let today = DateResolver(today: item.today ?? "2027-02-15", locale: item.locale) else { continue }
                let start = ContinuousClock.now
                let result = await search.extract(item.text, today: today)
                let elapsed = ContinuousClock.now - start
                guard round == 1 else { continue }  // the first round warms the prompt cache
                let milliseconds = elapsed.milliseconds
                all.append(milliseconds)
                if result.source == "model" { asked.append(milliseconds) }
            }
        }
        print(String(format: "   smart search (written after the rules, en and tr): p50 %.1f ms  p95 %.1f ms over %d; the model asked on %d, p50 %.1f ms  p95 %.1f ms\n",
                     percentile(all, 50), percentile(all, 95), all.count, asked.count, percentile(asked, 50), percentile(asked, 95)))
    }

    /// The budget model path on `golden/written-after/budget.jsonl`: the demo user's merchants as choices, the most
    /// often paid first; only the questions whose schema is not empty call the model.
    func budgetModelPath(_ base: URL) async throws {
        let golden = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("golden/written-after/budget.jsonl")
        let cases = try GoldenSet.load(golden)
        let merchants = DemoData.merchants.sorted { ($0.perMonth, $1.name) > ($1.perMonth, $0.name) }.map(\.name)
        let model = GuardedModel(model: OpenAICompatibleModel(baseURL: base, maxTokens: 24), isEnabled: { true }, isAvailable: { true })
        var latencies: [Double] = []
        for round in 0..<2 {
            for item in cases {
                let understanding = BudgetUnderstanding(rules: FinanceUnderstander(merchants: merchants, today: item.today ?? "2026-11-29"),
                                                        model: model, merchantsByFrequency: merchants)
                let start = ContinuousClock.now
                let understood = await understanding.understandReporting(item.text, previous: nil)
                let elapsed = ContinuousClock.now - start
                if round == 1, understood.askedModel {
                    latencies.append(elapsed.milliseconds)
                }
            }
        }
        print(String(format: "   budget questions (written after the rules): the model asked on %d of %d, p50 %.1f ms  p95 %.1f ms\n",
                     latencies.count, cases.count, percentile(latencies, 50), percentile(latencies, 95)))
    }
}
