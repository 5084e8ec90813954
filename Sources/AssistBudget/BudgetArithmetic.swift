/// Sums and differences of stored amounts, checked: a result past Int's range is `BudgetDataError.outOfRange` for the
/// one question that asked, never a trap that takes the gateway (and every open stream) down.
///
/// New rows are held to `LiraAmount.maxMinor` and `SMSImport.maxTransactionsPerUser`, whose product is far
/// inside Int's range; the checks guard rows written before those bounds, or by hand into the database.
enum BudgetArithmetic {
    static func sum(_ amounts: some Sequence<Int>) throws(BudgetDataError) -> Int {
        var total = 0
        for amount in amounts {
            let (next, overflow) = total.addingReportingOverflow(amount)
            guard !overflow else { throw .outOfRange("a sum of amounts") }
            total = next
        }
        return total
    }

    static func total(_ rows: [Transaction]) throws(BudgetDataError) -> Int { try sum(rows.lazy.map(\.amountMinor)) }

    static func difference(_ a: Int, _ b: Int) throws(BudgetDataError) -> Int {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        guard !overflow else { throw .outOfRange("a difference of amounts") }
        return result
    }
}

/// The user's budget data cannot answer the question: a stored row holds a value no import accepts today (an
/// amount past the bound, a date that is no calendar day), or a computation over the rows leaves Int's range. The
/// gateway answers that one request with an error; the process and every other request go on.
public enum BudgetDataError: Error, Sendable, Equatable {
    case outOfRange(String)
}
