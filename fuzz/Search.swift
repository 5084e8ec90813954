// libFuzzer target: SearchParser (AssistUnderstanding), the smart search's deterministic reading of what a user typed,
// run by the gateway on every smart-search request's text.
// Input: UTF-8 text (at most 1 KiB: the parser's cost grows with the text, and a search box's text is short).
// Invariants: nothing traps (the rules look words either side of the one that triggers them, and an index past
// either end of the text is what the budget target once found in its own rules); every date is a real ISO day
// and every range runs forwards; a price holds to the smart-search schema (`SmartSearchChecks`): a finite amount of
// at least 0, in a three-letter currency.
import AssistUnderstanding
import Foundation

let parser = SearchParser(today: DateResolver(today: "2033-10-12")!)
let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// Whether `text` is a real day written yyyy-MM-dd.
func isDay(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
          let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
          let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return false }
    let back = calendar.dateComponents([.year, .month, .day], from: date)
    return back.year == year && back.month == month && back.day == day
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let filters = parser.parse(text)
    for (name, range) in [("departure", filters.departure), ("return", filters.return)] {
        guard let range else { continue }
        if !isDay(range.from) || !isDay(range.to) { fatalError("\(name) is not a real day: \(range)") }
        if range.from > range.to { fatalError("\(name) runs backwards: \(range)") }
    }
    if let price = filters.maxPrice, !(price.amount.isFinite && price.amount >= 0 && price.currency.count == 3) {
        fatalError("a price of \(price.amount) \(price.currency)")
    }
    return 0
}
