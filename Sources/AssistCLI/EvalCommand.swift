import AssistEvaluation
import AssistGatewayEvaluation
import AssistGateway
import AssistLocalModel
import AssistServer
import AssistWire
import Foundation

/// `assist eval [--feature F] [--upstream URL] [--config FILE] [--candidate] [--golden FILE] [--json FILE] [--junit FILE]
///  [--record [--results FILE]]`
///
/// Runs each feature's golden set (the record's `goldenSet`, or `--golden`) through the gateway's prompt
/// builder and provider path (a structured feature through its handler), prints progress and a per-check table, writes the reports, and exits
/// 1 when a feature's share of passing cases is below its `goldenPassThreshold` (2 for bad arguments).
/// Without `--upstream` the embedded model answers. It is the raw model that answers: no guard, no narrator.
///
/// `--record` keeps each locale's pass rate as the feature's qualification for this prompt version and the
/// model the upstream says it runs (`ModelIdentities`), in the configuration's `qualification.results` file
/// (`golden/qualification.json` for the built-in configuration, compiled in at the next build), or `--results`.
enum EvalCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, allowed: ["feature", "upstream", "config", "golden", "json", "junit", "results"],
                                  flags: ["candidate", "record"])
        } catch {
            return Usage.fail(error.message)
        }
        var config: GatewayConfig
        switch loadConfiguration(options["config"]) {
        case .success(let loaded): config = loaded
        case .failure(let error): return Usage.fail("invalid configuration\n\(error.message)")
        }
        let ids = options["feature"].map { [$0] }
            ?? config.features.values.filter { $0.goldenSet != nil }.map(\.id).sorted()
        if options["golden"] != nil, ids.count != 1 { return Usage.fail("--golden needs --feature") }

        var supervisor: LlamaServerSupervisor?
        defer { supervisor?.stop() }
        if let upstream = options["upstream"] {
            config = config.overridingUpstream(upstream)
        } else {
            let llama = EmbeddedModel.supervisor(port: 0)
            do {
                try await llama.start()
            } catch {
                FileHandle.standardError.write(Data("assist: embedded model unavailable: \(error)\n".utf8))
                return 1
            }
            supervisor = llama
            config = config.overridingUpstream(llama.baseURL)
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assist-eval-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let evaluation: GoldenEvaluation
        let identities: ModelIdentities
        do {
            let assembly = try GatewayAssembly(config: config, dataDirectory: scratch)
            evaluation = GoldenEvaluation(config: assembly.config, handlers: assembly.dependencies.handlers, models: assembly.dependencies.models)
            // The models are named as the gateway names them when it serves (so a recording is found).
            identities = assembly.dependencies.qualification.identities
        } catch {
            return Usage.fail("\(error)")
        }

        let recording = options["record"] != nil
        let resultsPath = options["results"]
            ?? options["config"].map { GatewayAssembly.resultsPath(config.qualification.results, configurationFile: $0) } ?? "golden/qualification.json"
        var recorded = QualificationResults()
        if recording, FileManager.default.fileExists(atPath: resultsPath) {
            do {
                recorded = try QualificationResults(json: try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: resultsPath)))))
            } catch {
                return Usage.fail("cannot read \(resultsPath): \(error)")
            }
        }

        var summaries: [EvaluationSummary] = []
        for id in ids {
            let feature: FeatureRecord, checks: [any PropertyCheck], cases: [GoldenCase]
            do {
                feature = try evaluation.feature(id, candidate: options["candidate"] != nil)
                checks = try evaluation.checks(for: feature)
                guard let path = options["golden"] ?? feature.goldenSet else { return Usage.fail("\(id) names no golden set") }
                cases = try GoldenSet.load(URL(fileURLWithPath: path))
            } catch {
                return Usage.fail("\(error)")
            }
            FileHandle.standardError.write(Data("\(id) \(feature.promptVersion): \(cases.count) cases, checks \(checks.map(\.name).joined(separator: ", "))\n".utf8))
            let report = await GoldenRunner().run(cases, checks: checks, progress: { done, total, result in
                let verdict = result.passed ? "ok" : "FAIL " + result.failures.map(\.check).joined(separator: ", ")
                FileHandle.standardError.write(Data("[\(done)/\(total)] \(result.id) \(result.locale) \(verdict)\n".utf8))
            }, answer: { await evaluation.answer($0, feature: feature) })
            let summary = EvaluationSummary(feature: id, promptVersion: feature.promptVersion, threshold: feature.goldenPassThreshold, report: report)
            summaries.append(summary)
            print("\n\(id) (promptVersion \(feature.promptVersion))\n\(report.table)")
            for item in report.cases where !item.passed {
                for failure in item.failures { print("  \(item.id) \(item.locale) \(failure.check): \(failure.detail)") }
            }
            let percent = { (share: Double) in String(format: "%.1f%%", share * 100) }
            print("\(summary.passed ? "PASS" : "FAIL") \(id): \(percent(report.passRate)) of cases pass every check (threshold \(percent(summary.threshold)))")
            if recording, let alias = config.models[feature.model] {
                guard let model = await identities.identity(of: alias, apiKey: evaluation.models.apiKey(for: alias)) else {
                    return Usage.fail("\(alias.baseURL) serves several models, none named \(alias.model): nothing to record the results for")
                }
                let now = ISO8601DateFormatter().string(from: Date())
                for (locale, items) in Dictionary(grouping: report.cases, by: \.locale).sorted(by: { $0.key < $1.key }) {
                    let passed = items.filter(\.passed).count
                    recorded.record(.init(passed: passed, cases: items.count, recordedAt: now),
                                    for: .init(feature: id, locale: locale, promptVersion: feature.promptVersion, model: model))
                    print("recorded \(id) \(locale) on \(model): \(passed)/\(items.count)")
                }
            }
        }
        if recording {
            do {
                try Data(Self.lines(recorded.json).utf8).write(to: URL(fileURLWithPath: resultsPath))
            } catch {
                return Usage.fail("cannot write \(resultsPath): \(error)")
            }
            FileHandle.standardError.write(Data("assist: qualification results written to \(resultsPath)\n".utf8))
        }

        do {
            if let path = options["json"] {
                let json: JSONValue = ["features": .array(summaries.map(\.json))]
                try Data(JSONWriter.bytes(json)).write(to: URL(fileURLWithPath: path))
            }
            if let path = options["junit"] {
                try Data(EvaluationSummary.junit(summaries).utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            return Usage.fail("cannot write report: \(error)")
        }
        return summaries.allSatisfy(\.passed) ? 0 : 1
    }

    /// The results file with one result per line, so that a recording's diff shows what changed.
    static func lines(_ json: JSONValue) -> String {
        guard case .array(let rows)? = json["results"] else { return JSONWriter.string(json) + "\n" }
        return "{\"results\": [\n" + rows.map { "  " + JSONWriter.string($0) }.joined(separator: ",\n") + "\n]}\n"
    }
}
