// libFuzzer target: the budget app's SMS import → budget answer path (SMSImport, BankSMS, LiraAmount,
// SQLiteBudgetStore, FinanceUnderstander, BudgetAnswerer), on an in-memory SQLite database.
// Input: UTF-8 lines. A line `#<amount> <date>` stores that row as it stands (a row from before the import's bounds,
// or written by hand); the last line is the question; every other line is an SMS, imported. Then the question, and
// every intent over the whole period, are answered in English and Turkish.
// Invariants: nothing traps; every row the import stored is within the bounds; an answer either succeeds or throws
// BudgetDataError (never another error); a refused line carries a reason.
import AssistBudget
import AssistSQLite
import AssistUnderstanding
import Foundation

/// Opened once: opening a database per input would be most of each run's time.
let budget: (database: SQLiteDatabase, store: SQLiteBudgetStore) = {
    guard let database = try? SQLiteDatabase(path: ":memory:"), let store = try? SQLiteBudgetStore(database: database) else {
        fatalError("an in-memory database cannot be opened")
    }
    return (database, store)
}()

/// Where `blocking` leaves a task's result: written by the task before its signal, read after the wait.
final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// Runs `work` to its end on this thread's behalf: libFuzzer calls the target synchronously. Without a work queue the
/// database runs every `perform` inline, so the task never waits on anything but itself.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let (outcome, done) = (Outcome<T>(), DispatchSemaphore(value: 0))
    Task {
        do { outcome.result = Result<T, any Error>.success(try await work()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 64 * 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.components(separatedBy: "\n")
    // A short question: the understander's cost grows with its length, and its own parsing is not what this target is for.
    let question = String(lines.removeLast().prefix(80))
    // One database for the run, emptied before each input, so every input starts from the same state.
    guard (try? budget.database.execute("DELETE FROM budget_transactions; DELETE FROM budget_sms")) != nil else { fatalError("cannot empty the store") }
    let store = budget.store
    var messages: [String] = []
    for line in lines.prefix(SMSImport.maxMessages) {
        guard line.hasPrefix("#") else { messages.append(line); continue }
        let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let amount = Int(parts[0]) else { continue }
        try? store.add(user: "raw", Transaction(date: String(parts[1]), merchant: "M", category: "other", amountMinor: amount))
    }
    let outcome: [SMSImport.Line]
    do {
        let imported = messages
        outcome = try blocking { try await SMSImport(store: store).run(imported, user: "sms", dryRun: false) }
    } catch {
        fatalError("the import failed on an in-memory store: \(error)")
    }
    for line in outcome {
        switch line.outcome {
        case .stored(let t), .duplicate(let t): if !t.isWithinBounds { fatalError("stored out of bounds: \(t)") }
        case .rejected(let reason): if reason.isEmpty { fatalError("a refusal without a reason") }
        }
    }
    for user in ["sms", "raw"] {
        // The imported merchants are the understander's candidates (the slow part under ASan: once, for the import's user).
        var questions: [FinanceQuestion] = []
        if user == "sms" {
            let merchants = ((try? blocking { try await store.merchantsByFrequency(user: user) }) ?? []).sorted()
            questions.append(FinanceUnderstander(merchants: merchants, today: "2026-12-01").understand(question))
        }
        for intent in FinanceQuestion.Intent.allCases {
            questions.append(FinanceQuestion(intent: intent, period: .init(from: "2000-01-01", to: "2099-12-31"),
                                             otherPeriod: .init(from: "2000-01-01", to: "2026-12-31"), limit: Int(question.utf8.first ?? 3) - 100))
        }
        for financeQuestion in questions {
            for locale in ["en-US", "tr-TR"] {
                do {
                    _ = try blocking { try await BudgetAnswerer(store: store, user: user, locale: locale).answer(financeQuestion) }
                } catch is BudgetDataError {
                } catch {
                    fatalError("an answer failed with \(error)")
                }
            }
        }
    }
    return 0
}
