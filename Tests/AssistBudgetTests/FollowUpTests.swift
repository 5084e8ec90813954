import AssistBudget
import AssistUnderstanding
import Testing

/// Budget conversations: each turn understood with the previous one, as `assist budget chat` and the gateway's
/// conversation id do. A follow-up inherits what it does not restate; a question of its own starts afresh.
@Suite("Budget follow-ups, in multi-turn scripts")
struct FollowUpTests {
    struct Turn: Sendable {
        var text: String
        var intent: FinanceQuestion.Intent
        var period: (String, String)
        var merchant: String? = nil
        var category: String? = nil
        var limit: Int? = nil
    }

    static let merchants = Array(Set(DemoData.transactions().map(\.merchant))).sorted()

    func play(_ turns: [Turn], today: String = "2026-12-01") {
        let understander = FinanceUnderstander(merchants: Self.merchants, today: today)
        var previous: FinanceQuestion?
        for turn in turns {
            let question = understander.understand(turn.text, previous: previous)
            #expect(question.intent == turn.intent, "\(turn.text)")
            #expect(question.period.from == turn.period.0 && question.period.to == turn.period.1, "\(turn.text): \(question.period)")
            #expect(question.merchant == turn.merchant, "\(turn.text)")
            #expect(question.category == turn.category, "\(turn.text)")
            #expect(question.limit == turn.limit, "\(turn.text)")
            previous = question
        }
    }

    @Test("English: the month before, another category, only at a merchant, a new topic, top 3 instead")
    func english() {
        play([
            Turn(text: "How much did I spend on groceries last month?", intent: .totalSpent, period: ("2026-11-01", "2026-11-30"), category: "groceries"),
            Turn(text: "and the month before?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), category: "groceries"),
            Turn(text: "what about restaurants?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), category: "restaurants"),
            Turn(text: "only at Big Chefs", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), merchant: "Big Chefs", category: "restaurants"),
            Turn(text: "Where did I spend the most in September?", intent: .topMerchants, period: ("2026-09-01", "2026-09-30")),
            Turn(text: "top 3 instead", intent: .topMerchants, period: ("2026-09-01", "2026-09-30"), limit: 3),
            Turn(text: "and the previous month?", intent: .topMerchants, period: ("2026-08-01", "2026-08-31"), limit: 3),
        ])
    }

    @Test("Turkish: bir önceki ay, ya restoranlar, sadece …'te, yeni bir soru, onun yerine ilk 3")
    func turkish() {
        play([
            Turn(text: "Geçen ay markete ne kadar harcadım?", intent: .totalSpent, period: ("2026-11-01", "2026-11-30"), category: "groceries"),
            Turn(text: "peki bir önceki ay?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), category: "groceries"),
            Turn(text: "ya restoranlar?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), category: "restaurants"),
            Turn(text: "sadece Big Chefs'te", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), merchant: "Big Chefs", category: "restaurants"),
            Turn(text: "Eylülde en çok nereye harcadım?", intent: .topMerchants, period: ("2026-09-01", "2026-09-30")),
            Turn(text: "onun yerine ilk 3", intent: .topMerchants, period: ("2026-09-01", "2026-09-30"), limit: 3),
        ])
    }

    @Test("this month so far, moved back, is the whole month before; a week moves by seven days; a year by twelve months")
    func shifts() {
        play([
            Turn(text: "how much have I spent this month?", intent: .totalSpent, period: ("2026-12-01", "2026-12-01")),
            Turn(text: "and the month before?", intent: .totalSpent, period: ("2026-11-01", "2026-11-30")),
            Turn(text: "and the year before?", intent: .totalSpent, period: ("2025-11-01", "2025-11-30")),
        ])
        play([
            Turn(text: "how much did I spend last week?", intent: .totalSpent, period: ("2026-11-23", "2026-11-29")),
            Turn(text: "and the week before?", intent: .totalSpent, period: ("2026-11-16", "2026-11-22")),
        ])
    }

    @Test("tenth set: a day moves by one ('the day before', 'bir önceki gün'), the 3 days before end the day before; 'the day before yesterday' is a day of its own")
    func dayShift() {
        // 2026-12-01 is a Tuesday: "saturday" is 2026-11-28.
        play([
            Turn(text: "what did I spend on saturday?", intent: .totalSpent, period: ("2026-11-28", "2026-11-28")),
            Turn(text: "and the day before?", intent: .totalSpent, period: ("2026-11-27", "2026-11-27")),
            Turn(text: "and the day after?", intent: .totalSpent, period: ("2026-11-28", "2026-11-28")),
            Turn(text: "and the 3 days before that?", intent: .totalSpent, period: ("2026-11-25", "2026-11-27")),
        ])
        play([
            Turn(text: "cumartesi ne kadar harcadım?", intent: .totalSpent, period: ("2026-11-28", "2026-11-28")),
            Turn(text: "bir önceki gün?", intent: .totalSpent, period: ("2026-11-27", "2026-11-27")),
        ])
        play([
            Turn(text: "what did I spend on saturday?", intent: .totalSpent, period: ("2026-11-28", "2026-11-28")),
            Turn(text: "and the day before yesterday?", intent: .totalSpent, period: ("2026-11-29", "2026-11-29")),
        ])
    }

    @Test("tenth set: 'break it down by category' after a question asks its categories; 'tek tek' lists; 'daha mı fazla' compares")
    func tenthSetIntents() {
        play([
            Turn(text: "where did most of my money go last month?", intent: .topMerchants, period: ("2026-11-01", "2026-11-30")),
            Turn(text: "now break it down by category", intent: .topCategories, period: ("2026-11-01", "2026-11-30")),
        ])
        play([
            Turn(text: "geçen hafta markete ne kadar harcadım?", intent: .totalSpent, period: ("2026-11-23", "2026-11-29"), category: "groceries"),
            Turn(text: "hepsini tek tek görmek istiyorum", intent: .listTransactions, period: ("2026-11-23", "2026-11-29"), category: "groceries"),
        ])
        let understander = FinanceUnderstander(merchants: Self.merchants, today: "2026-12-01")
        let compared = understander.understand("bu ay geçen aydan daha mı fazla harcıyorum")
        #expect(compared.intent == .comparePeriods && compared.period == .init(from: "2026-12-01", to: "2026-12-01")
                && compared.otherPeriod == .init(from: "2026-11-01", to: "2026-11-30"), "\(compared)")
        #expect(understander.understand("what's the most I've spent on a single purchase this year?").intent == .largest)
        #expect(understander.understand("geçen hafta kafelerde ortalama ne kadar harcadım").category == "cafes")
        // "daha" alone is no comparison: "bu ay daha ne kadar harcayabilirim" (how much more can I spend) asks a total.
        #expect(understander.understand("bu ay daha ne kadar harcayabilirim").intent == .totalSpent)
    }

    @Test("a new question after a follow-up chain starts afresh (no merchant, category or limit carried over)")
    func newTopicResets() {
        play([
            Turn(text: "top 5 merchants in October", intent: .topMerchants, period: ("2026-10-01", "2026-10-31"), limit: 5),
            Turn(text: "only groceries", intent: .topMerchants, period: ("2026-10-01", "2026-10-31"), category: "groceries", limit: 5),
            Turn(text: "How much did I spend at Migros in November?", intent: .totalSpent, period: ("2026-11-01", "2026-11-30"), merchant: "Migros"),
        ])
    }

    @Test("issue 30: after this year, last year (or the year before) is the whole previous year, in English and Turkish")
    func yearShift() {
        for (first, next) in [("How much did I spend this year?", "and last year?"), ("How much did I spend this year?", "what about the year before?"),
                              ("Bu yıl ne kadar harcadım?", "peki geçen yıl?"), ("Bu yıl ne kadar harcadım?", "ya geçen sene?"),
                              ("Bu yıl ne kadar harcadım?", "peki bir önceki yıl?")] {
            play([
                Turn(text: first, intent: .totalSpent, period: ("2026-01-01", "2026-12-01")),
                Turn(text: next, intent: .totalSpent, period: ("2025-01-01", "2025-12-31")),
            ])
        }
        // Asked on its own, "last year" is the whole previous year too.
        play([Turn(text: "geçen yıl Migros'a ne kadar harcadım?", intent: .totalSpent, period: ("2025-01-01", "2025-12-31"), merchant: "Migros")])
    }

    @Test("issue 30: a count or an average of the last slice keeps its merchant and period, in English and Turkish")
    func countOfTheSlice() {
        play([
            Turn(text: "How much did I spend at Migros in October?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), merchant: "Migros"),
            Turn(text: "how many transactions was that?", intent: .count, period: ("2026-10-01", "2026-10-31"), merchant: "Migros"),
        ])
        play([
            Turn(text: "Ekimde Migros'a ne kadar harcadım?", intent: .totalSpent, period: ("2026-10-01", "2026-10-31"), merchant: "Migros"),
            Turn(text: "bu kaç işlem?", intent: .count, period: ("2026-10-01", "2026-10-31"), merchant: "Migros"),
            Turn(text: "işlem başına ortalama ne kadar?", intent: .average, period: ("2026-10-01", "2026-10-31"), merchant: "Migros"),
        ])
    }

    @Test("issue 30: a question that restates nothing keeps everything; one that names its own slice does not")
    func restatesNothing() {
        play([
            Turn(text: "How many purchases at Starbucks in September?", intent: .count, period: ("2026-09-01", "2026-09-30"), merchant: "Starbucks"),
            Turn(text: "How much did I spend?", intent: .totalSpent, period: ("2026-09-01", "2026-09-30"), merchant: "Starbucks"),
            Turn(text: "How much did I spend on fuel in August?", intent: .totalSpent, period: ("2026-08-01", "2026-08-31"), category: "fuel"),
        ])
    }
}
