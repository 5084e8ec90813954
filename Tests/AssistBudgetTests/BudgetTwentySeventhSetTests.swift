import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-seventh written-after set's misses (`golden/written-after/README.md`), read by general rules: "and" and
/// a shop alone as a follow-up, a shop opening the question before a holiday, a stay as what is bought, "has … taken",
/// a shop before a comma and "how many", two hyphened words and three words before what is bought as a name, a holiday
/// away as travel, and a holiday and its year with what is spent between. Each beside the reading it must not take.
@Suite("Budget: the twenty-seventh set")
struct BudgetTwentySeventhSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2048-10-26")  // a Monday

    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("'and costco?' after a question about another shop asks the same of Costco; 'and why?' names no shop")
    func andShopFollowUp() {
        let question = ask("and costco?", after: "How much did I spend at Insomnia Cookies in September?")
        #expect(question.merchant == "Costco" && question.period == DateResolver.Range(from: "2048-09-01", to: "2048-09-30"))
        #expect(ask("and Trader Joe's?", after: "how much at Starbucks last month").merchant == "Trader Joe's")
        #expect(ask("and uber eats?").merchant == "Uber Eats")
        for text in ["and why?", "and then?", "and now?", "and last month?", "and may?", "and that?"] {
            #expect(ask(text).merchant == nil, "\(text)")
        }
        #expect(ask("and groceries?").category == "groceries")
    }

    @Test("a shop opening the question before a holiday: 'jewel-osco on columbus day'")
    func shopBeforeHoliday() {
        let question = ask("jewel-osco on columbus day")
        #expect(question.merchant != nil && question.period == day("2048-10-12"))
        #expect(ask("groceries on labor day").merchant == nil)
        #expect(ask("coffee on labor day").category == "cafes")
    }

    @Test("stays as what is bought, 'has … taken' as a cost, a shop before a comma and 'how many'")
    func shapesOfAShop() {
        #expect(ask("best western stays since the 4th of july, total").merchant == "Best Western")
        #expect(ask("hotel stays since the 4th of july, total").merchant == nil)
        #expect(ask("how much has crunch fitness taken this year").merchant == "Crunch Fitness")
        let cookies = ask("insomnia cookies, how many orders in the past 30 days")
        #expect(cookies.merchant == "Insomnia Cookies" && cookies.intent == .count)
        #expect(ask("overall, how much did i spend").merchant == nil)
        #expect(ask("groceries, how much this month").category == "groceries")
    }

    @Test("two words a hyphen joins are each a name's, capitalised; three words before what is bought are one name")
    func hyphenedAndThreeWordNames() {
        #expect(ask("jewel-osco last month").merchant == "Jewel-Osco")
        #expect(ask("winn-dixie: april vs may").merchant == "Winn-Dixie")
        #expect(ask("t-mobile bill in may").merchant == "T-Mobile")
        #expect(ask("at buc-ee's last month").merchant == "Buc-ee's")
        #expect(ask("in-n-out this week, how many times").merchant == "In-N-Out")
        #expect(ask("biggest european wax center bill this summer").merchant == "European Wax Center")
        #expect(ask("biggest shake shack bill").merchant == "Shake Shack")
        let phone = ask("my monthly phone bill")
        #expect(phone.merchant == nil && phone.category == "bills")
    }

    @Test("a holiday away is travel: 'bu yaz tatile ne kadar gitti'")
    func holidayAwayIsTravel() {
        #expect(ask("bu yaz tatile ne kadar gitti").category == "travel")
        #expect(ask("how much on vacations this year").category == "travel")
    }

    @Test("a holiday and its year with what is spent between: 'halloween spending last year' is last year's Halloween")
    func holidayOfYearWithSpendingBetween() {
        for text in ["halloween spending last year", "last year's halloween spending"] {
            let question = ask(text)
            #expect(question.intent == .totalSpent && question.period == day("2047-10-31") && question.otherPeriod == nil, "\(text)")
        }
        // Set against another period, it stays a comparison.
        #expect(ask("christmas spending last year vs this year").intent == .comparePeriods)
    }
}
