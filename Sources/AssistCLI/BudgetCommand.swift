import AssistBudget
import AssistEvaluation
import AssistLocalModel
import AssistGateway
import AssistSQLite
import AssistStores
import AssistUnderstanding
import AssistWire
import Foundation

/// `assist budget ask "QUESTION" [--user u1] [--today D] [--json] [--offline] [--locale L] [--data-dir DIR]`
/// and `assist budget chat` (one question per stdin line, follow-ups inherit from the previous question).
/// Understand (rules; the embedded model picks a merchant or category they left empty, unless `--offline`) → compute
/// over the user's transactions in SQLite → reply from a template. `--golden FILE` prints the rules' table.
/// `assist budget import-sms FILE [--user u1] [--dry-run]`: bank SMS messages, one per line, into the user's
/// transactions (`SMSImport`): each line stored, a duplicate, or not understood (by line number, never guessed).
enum BudgetCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        guard let mode = arguments.first, ["ask", "chat", "import-sms"].contains(mode) else { return Usage.fail("budget takes ask, chat or import-sms") }
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var question: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if ["--json", "--offline", "--dry-run"].contains(argument) {
                flags.insert(argument)
                index += 1
            } else if ["--user", "--today", "--locale", "--data-dir", "--golden"].contains(argument), index + 1 < arguments.count {
                options[String(argument.dropFirst(2))] = arguments[index + 1]
                index += 2
            } else if !argument.hasPrefix("--"), question == nil {
                question = argument
                index += 1
            } else {
                return Usage.fail("unknown or incomplete option \(argument)")
            }
        }
        let user = options["user"] ?? "u1"
        let today = options["today"] ?? DateResolver.todayUTC
        guard DateResolver(today: today) != nil else { return Usage.fail("--today must be YYYY-MM-DD") }
        let store: SQLiteBudgetStore
        do {
            let directory = URL(fileURLWithPath: options["data-dir"] ?? ".assist")
            try PrivateDirectory.prepare(directory)
            store = try SQLiteBudgetStore(database: SQLiteDatabase(path: directory.appendingPathComponent("assist.sqlite").path))
            if user == "u1" { try await store.seed(user: user, with: DemoData.transactions()) }
        } catch {
            return Usage.fail("cannot open the budget data: \(error)")
        }
        if mode == "import-sms" {
            guard let file = question else { return Usage.fail("budget import-sms FILE [--user U] [--dry-run]") }
            return await importSMS(file: file, user: user, store: store, dryRun: flags.contains("--dry-run"))
        }
        let byFrequency: [String]
        do { byFrequency = try await store.merchantsByFrequency(user: user) } catch { return Usage.fail("cannot read the budget data: \(error)") }
        let merchants = byFrequency.sorted()  // the order the rules try them in, by name
        let understander = FinanceUnderstander(merchants: merchants, today: today)
        var supervisor: LlamaServerSupervisor?
        defer { supervisor?.stop() }
        var model: GuardedModel?
        if !flags.contains("--offline") {
            let llama = EmbeddedModel.supervisor(port: 0)
            if (try? await llama.start()) != nil {
                supervisor = llama
                model = GuardedModel(model: OpenAICompatibleModel(baseURL: URL(string: llama.baseURL)!, maxTokens: 24),
                                     isEnabled: { true }, isAvailable: { true })
            }
        }
        let understanding = BudgetUnderstanding(rules: understander, model: model,
                                                merchantsByFrequency: byFrequency)

        if let golden = options["golden"] {
            guard let cases = try? GoldenSet.load(URL(fileURLWithPath: golden)) else { return Usage.fail("cannot read \(golden)") }
            let report = await GoldenRunner().run(cases) { item in
                let local = FinanceUnderstander(merchants: merchants, today: item.today ?? today)
                let previous = item.extra["previous"]?.stringValue.map { local.understand($0) }
                return Extraction(fields: local.understand(item.text, previous: previous).json.objectValue ?? [:], source: "fallback")
            }
            print("budget, \(cases.count) questions, deterministic path\n\(report.table)")
            for miss in report.misses { print("  miss: \(miss)") }
            if model != nil { await reportModelPath(cases, merchants: merchants, today: today, understanding: understanding) }
            return 0
        }

        var previous: FinanceQuestion?
        func reply(to text: String) async -> Int32 {
            let locale = options["locale"] ?? (text.contains { "çğıöşüÇĞİÖŞÜ".contains($0) } ? "tr-TR" : "en-US")
            let (understood, source) = await understanding.understand(text, previous: previous)
            previous = understood
            do {
                let answer = try await BudgetAnswerer(store: store, user: user, locale: locale).answer(understood)
                if flags.contains("--json") {
                    print(JSONWriter.string(["question": understood.json, "source": .string(source), "reply": .string(answer.reply)]))
                } else {
                    print(answer.reply)
                }
                return 0
            } catch {
                FileHandle.standardError.write(Data("assist: \(error)\n".utf8))
                return 1
            }
        }
        if mode == "ask" {
            guard let question else { return Usage.fail("budget ask needs a QUESTION") }
            return await reply(to: question)
        }
        while let line = readLine() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if await reply(to: text) != 0 { return 1 }
        }
        return 0
    }

    /// One line per message: what was stored (or would be, with `--dry-run`), what was already there, what could not
    /// be read; then the counts. Exit 0 when every line was read, 1 when some could not be.
    static func importSMS(file: String, user: String, store: SQLiteBudgetStore, dryRun: Bool) async -> Int32 {
        guard let text = file == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                                     : try? String(contentsOfFile: file, encoding: .utf8) else { return Usage.fail("cannot read \(file)") }
        let lines: [SMSImport.Line]
        do {
            lines = try await SMSImport(store: store).run(text.components(separatedBy: "\n"), user: user, dryRun: dryRun)
        } catch {
            return Usage.fail("cannot store the transactions: \(error)")
        }
        var counts = (stored: 0, duplicates: 0, rejected: 0)
        for line in lines {
            switch line.outcome {
            case .stored(let t):
                counts.stored += 1
                print("line \(line.number): \(dryRun ? "would store" : "stored") \(t.date) \(t.merchant) (\(t.category)) \(Self.amount(t.amountMinor))")
            case .duplicate(let t):
                counts.duplicates += 1
                print("line \(line.number): already imported \(t.date) \(t.merchant) \(Self.amount(t.amountMinor))")
            case .rejected(let reason):
                counts.rejected += 1
                print("line \(line.number): not imported: \(reason)")
            }
        }
        print("\(dryRun ? "would store" : "stored") \(counts.stored), already imported \(counts.duplicates), not understood \(counts.rejected) (user \(user))")
        return counts.rejected == 0 ? 0 : 1
    }

    static func amount(_ minor: Int) -> String { String(format: "TRY %d.%02d", minor / 100, abs(minor % 100)) }

    /// The model path on a golden set: how often the model is asked (the rules left a signalled slot empty, or read
    /// no intent), and on those questions how often the whole question comes out right, against the rules alone.
    static func reportModelPath(_ cases: [GoldenCase], merchants: [String], today: String, understanding: BudgetUnderstanding) async {
        var asked = 0, rightWithModel = 0, rightByRules = 0, dropped = 0
        for item in cases {
            let local = FinanceUnderstander(merchants: merchants, today: item.today ?? today)
            let previous = item.extra["previous"]?.stringValue.map { local.understand($0) }
            let understood = await understanding.with(rules: local).understandReporting(item.text, previous: previous)
            guard understood.askedModel else { continue }
            asked += 1
            dropped += understood.dropped.count
            let expected = JSONValue.object(item.expected)
            let matches = { (question: FinanceQuestion) in
                item.expected.keys.allSatisfy { question.json[$0] == expected[$0] }
            }
            if matches(understood.question) { rightWithModel += 1 }
            if matches(local.understand(item.text, previous: previous)) { rightByRules += 1 }
        }
        print("model path: asked on \(asked) of \(cases.count) questions; right on \(rightWithModel) of those with the model, "
              + "\(rightByRules) with the rules alone; \(dropped) model values dropped for want of literal support")
    }
}
