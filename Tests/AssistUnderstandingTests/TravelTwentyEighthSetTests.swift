@testable import AssistUnderstanding
import Testing

/// The twenty-eighth written-after set's carriers (`golden/written-after/README.md`), read by a general rule: in lower
/// case, two or three words and "airlines" or "airways" opening the request before the route's word are the carrier,
/// a place's name among them too. Beside the readings it must not take.
@Suite("Travel phrasing: the twenty-eighth set")
struct TravelTwentyEighthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2050-01-08")!)  // a Saturday

    @Test("two or three words and a strong generic word opening the request before 'to', 'from', 'out of' or 'ile'")
    func wordsBeforeStrongGeneric() {
        #expect(parser.parse("trans guyana airways to bartica tomorrow afternoon").airline == "Trans Guyana Airways")
        #expect(parser.parse("grand canyon airlines out of sedona az next weekend").airline == "Grand Canyon Airlines")
        // What a traveller wants of any carrier, or which carriers, names none.
        for text in ["cheap airlines to london", "european airlines to paris", "family friendly airlines to orlando",
                     "reliable airlines from paris to rome", "which airlines fly to rome", "best low cost airlines from london",
                     "any airlines from boston to denver", "good cheap airlines to miami"] {
            #expect(parser.parse(text).airline == nil, "\(text)")
        }
    }
}
