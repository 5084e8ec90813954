@testable import AssistUnderstanding
import Testing

/// The twenty-fifth written-after set's misses and wrong values (`golden/written-after/README.md`), fixed by general
/// rules: "new" opening a lower-case carrier's name, "n" for "and" in a party, New Year's Day in Turkish, Cyber Monday
/// and leap day. Each beside the reading it must not take.
@Suite("Travel phrasing: the twenty-fifth set")
struct TravelTwentyFifthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2044-12-30")!)  // a Friday, the year's end

    @Test("'new' before the one word of a lower-case carrier's name is the name's ('new england airlines')")
    func newBeforeName() {
        let search = parser.parse("new england airlines out of westerly ri saturday afternoon, 2 adults")
        #expect(search.airline == "New England Airlines" && search.origin == "Westerly")
        #expect(parser.parse("a new airline from boston to denver").airline == nil)
        #expect(parser.parse("tibet airlines lhasa to chengdu").airline == "Tibet Airlines")
    }

    @Test("'me n my brother' is two adults, as 'me and my brother' is")
    func nForAnd() {
        #expect(parser.parse("warrensburg mo to west chester pa 2 weeks from today, me n my brother").adults == 2)
        #expect(parser.parse("warrensburg mo to west chester pa 2 weeks from today").adults == nil)
    }

    @Test("'yılbaşı günü' is New Year's Day; 'yılbaşı gecesi' still its eve; Cyber Monday; leap day, the next one")
    func holidays() {
        let resolver = DateResolver(today: "2044-12-30")!
        let day = { (iso: String) in DateResolver.Range(from: iso, to: iso) }
        #expect(resolver.resolve("Borken'den Znojmo'ya yılbaşı günü").departure == day("2045-01-01"))
        #expect(resolver.resolve("Borken'den Znojmo'ya yılbaşı gecesi").departure == day("2044-12-31"))
        // Thanksgiving 2045 is 23 November; in 2047 it is 28 November, so Cyber Monday is 2 December.
        #expect(resolver.resolve("boston to denver on cyber monday").departure == day("2045-11-27"))
        #expect(DateResolver(today: "2047-01-10")!.resolve("boston to denver on cyber monday").departure == day("2047-12-02"))
        // 2044's leap day has passed: the next is in 2048.
        #expect(resolver.resolve("boston to denver on leap day").departure == day("2048-02-29"))
    }
}
