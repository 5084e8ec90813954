import AssistBudget
import AssistUnderstanding

/// How a written-after set's suite reads its questions: one understander anchored on the set's `today`, a question
/// alone (`ask`), a follow-up after the question it follows (`after`), and a period written out (`span`).
protocol BudgetSetReading {
    var understander: FinanceUnderstander { get }
}

extension BudgetSetReading {
    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }
    func after(_ previous: String, _ text: String) -> FinanceQuestion { understander.understand(text, previous: ask(previous)) }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
}
