import AssistEvaluation
import AssistGatewayEvaluation
import AssistGateway
import AssistLocalModel
import AssistServer
import AssistWire
import Foundation
import Synchronization

/// `assist eval [--feature F] [--upstream URL] [--config FILE] [--target N] [--candidate] [--golden FILE] [--json FILE]
///  [--junit FILE] [--record [--results FILE]]`
///
/// Runs each feature's golden set (the record's `goldenSet`, or `--golden`) through the gateway's prompt
/// builder and provider path (a structured feature through its handler), prints progress and a per-check table, writes the reports, and exits
/// 1 when a feature's share of passing cases is below its `goldenPassThreshold` (2 for bad arguments).
/// Without `--upstream` the embedded model answers. It is the raw model that is judged: no guard, no narrator.
/// A feature with an answer guard is then run once more as the gateway serves it (`ServedAnswers`: admission,
/// qualification, the guard and the narrator, on a scratch data directory with its quotas lifted), and both
/// rates are printed per locale, the served one beside the raw one.
///
/// `--record` keeps each locale's pass rate as the feature's qualification for this prompt version and the
/// model the upstream says it runs (`ModelIdentities`), in the configuration's `qualification.results` file
/// (`golden/qualification.json` for the built-in configuration, compiled in at the next build), or `--results`.
///
/// An alias with several targets is evaluated one target at a time (`--target N`, from 0, the first by default): each
/// answer then comes from that target's model, and is recorded for it. The gateway lets the model write a locale
/// only when every target that may answer is qualified for it.
enum EvalCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, allowed: ["feature", "upstream", "config", "golden", "json", "junit", "results", "target"],
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

        if let text = options["target"] {
            guard let index = Int(text), index >= 0 else { return Usage.fail("--target needs a target's index, from 0") }
            do {
                config = try config.narrowed(toTarget: index, of: ids.compactMap { config.features[$0]?.model })
            } catch {
                return Usage.fail("\(error)")
            }
        }
        var supervisor: LlamaServerSupervisor?
        defer { supervisor?.stop() }
        if let upstream = options["upstream"] {
            config = config.overridingUpstream(upstream)
        } else if config.usesEmbeddedModel {
            let llama = EmbeddedModel.supervisor(port: 0)
            do {
                try await llama.start()
            } catch {
                FileHandle.standardError.write(Data("assist: embedded model unavailable: \(error)\n".utf8))
                return 1
            }
            supervisor = llama
            config = config.servingEmbeddedModel(at: llama.baseURL)
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assist-eval-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let evaluation: GoldenEvaluation
        let identities: ModelIdentities
        let served: ServedAnswers
        do {
            let assembly = try GatewayAssembly(config: Self.unmetered(config), dataDirectory: scratch)
            let issuer = assembly.tokenIssuer()
            served = ServedAnswers(gateway: assembly.gateway, token: { issuer.token(for: $0) })
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
        if recording {
            do {
                recorded = try GatewayAssembly.readResults(at: resultsPath) ?? recorded
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
            if feature.answerGuard != nil {
                let writers = Mutex<[String: String]>([:])
                let servedReport = await GoldenRunner().run(cases, checks: checks, answer: { item in
                    let prompt = try? await evaluation.prompt(for: item, feature: feature).get()
                    return await served.answer(item, feature: feature, prompt: prompt).map { answer in
                        writers.withLock { $0[item.id + "\u{1F}" + item.locale] = answer.source?.rawValue ?? "model" }
                        return answer.answer
                    }
                })
                print(Self.servedTable(raw: report, served: servedReport, writers: writers.withLock { $0 }))
                for item in servedReport.cases where !item.passed {
                    for failure in item.failures { print("  served \(item.id) \(item.locale) \(failure.check): \(failure.detail)") }
                }
            }
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

    /// Every feature's quotas lifted: the served run is an evaluation on a scratch directory, not a user.
    static func unmetered(_ config: GatewayConfig) -> GatewayConfig {
        var config = config
        for id in config.features.keys {
            for level in TrustLevel.allCases { config.features[id]?.quotas[level] = QuotaLimits(requests: 1_000_000, tokens: 1_000_000_000) }
        }
        return config
    }

    /// Per locale: cases passing every check, raw and as served, and how many the narrator wrote.
    static func servedTable(raw: GoldenRunner.Report, served: GoldenRunner.Report, writers: [String: String]) -> String {
        var lines = ["locale   raw model        served           by narrator"]
        for locale in Set(raw.cases.map(\.locale)).sorted() {
            func share(_ report: GoldenRunner.Report) -> String {
                let cases = report.cases.filter { $0.locale == locale }
                let passed = cases.filter(\.passed).count
                return "\(passed)/\(cases.count) (" + String(format: "%.0f%%", cases.isEmpty ? 0 : Double(passed) * 100 / Double(cases.count)) + ")"
            }
            let narrated = served.cases.filter { $0.locale == locale && writers[$0.id + "\u{1F}" + locale] == "narrator" }.count
            lines.append(locale.padding(toLength: 9, withPad: " ", startingAt: 0) + share(raw).padding(toLength: 17, withPad: " ", startingAt: 0)
                         + share(served).padding(toLength: 17, withPad: " ", startingAt: 0) + String(narrated))
        }
        return lines.joined(separator: "\n")
    }

    /// The results file with one result per line, so that a recording's diff shows what changed.
    static func lines(_ json: JSONValue) -> String {
        guard case .array(let rows)? = json["results"] else { return JSONWriter.string(json) + "\n" }
        return "{\"results\": [\n" + rows.map { "  " + JSONWriter.string($0) }.joined(separator: ",\n") + "\n]}\n"
    }
}
