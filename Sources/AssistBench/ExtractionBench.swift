import AssistEvaluation
import AssistLocalModel
import AssistUnderstanding
import AssistWire
import Foundation

/// Extraction latency on the embedded model (SmolLM2-135M in llama-server), support triage prompts from
/// the golden set: each prompt under its walled JSON schema, then the same prompts without the schema
/// constraint (the baseline), p50/p95 of each.
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
                        latencies.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
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
        print(String(format: "   cost of the schema constraint: %+.1f ms at p50\n", cost))
    }
}
