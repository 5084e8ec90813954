import AssistBudget
import AssistUnderstanding
import Testing

/// What the eleventh written-after set (`golden/written-after/README.md`) showed: a merchant the user never paid,
/// written without capitals or an apostrophe, was dropped. It is now read by its place in the sentence (after "at"
/// or "about" before the period or the end, before what is bought there, first before "total", in a Turkish case
/// before "ne kadar" or alone in a follow-up, a compound with the possessive), beside the readings it must not take.
@Suite("Budget: a merchant written without capitals is read by its shape")
struct LowercaseMerchantTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Kahve Dünyası", "Opet"], today: "2031-05-14")  // a Wednesday

    func merchant(_ text: String) -> String? { understander.understand(text).merchant }

    @Test("English: after 'at' or 'about', before what is bought there, first before 'total'")
    func english() {
        #expect(merchant("how much did i spend at walgreens last month") == "Walgreens")
        #expect(merchant("how much at trader joes in april?") == "Trader Joes")
        #expect(merchant("list my apple store orders this year") == "Apple Store")
        #expect(merchant("average chipotle order in march") == "Chipotle")
        #expect(merchant("largest panda express bill since january") == "Panda Express")
        #expect(merchant("wendys total for this week") == "Wendys")
        #expect(understander.understand("largest panda express bill since january").category == nil)  // the name's bill, not the bills category
    }

    @Test("English: common words, categories, periods and bought nouns stay what they are")
    func englishNegatives() {
        #expect(merchant("how much did i spend at home last month") == nil)
        #expect(merchant("how much did i spend at night this week") == nil)
        #expect(merchant("how much at lunch in april?") == nil)
        #expect(merchant("my phone bill last month") == nil)
        #expect(merchant("my book purchases this year") == nil)
        #expect(merchant("my recent purchases") == nil)
        #expect(merchant("monthly total for april") == nil)
        #expect(merchant("grocery total for april") == nil)
        let previous = understander.understand("how much did I spend at Starbucks in april?")
        #expect(understander.understand("what about eating out?", previous: previous).merchant == nil)
        #expect(understander.understand("what about last month?", previous: previous).merchant == "Starbucks")
        #expect(understander.understand("what about walgreens?", previous: previous).merchant == "Walgreens")
    }

    @Test("Turkish: a case ending without an apostrophe before 'ne kadar', alone in a follow-up, a compound, before 'alışveriş'")
    func turkish() {
        #expect(merchant("bu ay boynera ne kadar harcadım") == "Boyner")
        #expect(merchant("geçen hafta teknosadan ne kadar aldım") == "Teknosa")
        #expect(merchant("son 3 ayda kaç kez simit sarayından sipariş verdim") == "Simit Sarayı")
        #expect(merchant("bu yıl koton alışverişlerimi göster") == "Koton")
        #expect(merchant("geçen ay marks spencer'dan ne kadar aldım") == "Marks Spencer")  // a lowercase word joins the apostrophed name
        let previous = understander.understand("nisanda Migros'a ne kadar harcadım?")
        let followUp = understander.understand("peki teknosaya?", previous: previous)
        #expect(followUp.merchant == "Teknosa")
        #expect(followUp.period == previous.period)
    }

    @Test("Turkish: categories, periods, common words and intents in a case are no merchants")
    func turkishNegatives() {
        #expect(merchant("bu hafta benzine ne kadar harcadım") == nil)  // "benzin" + "e", not "benzi" + "ne"
        #expect(merchant("geçen ay restoranda ne kadar harcadım") == nil)
        #expect(merchant("bu yıl kişisel bakıma ne kadar harcadım") == nil)
        #expect(merchant("geçen çeyrekte ödediğim en yüksek fatura") == nil)
        #expect(merchant("en çok nerelere harcadım") == nil)
        #expect(merchant("uçak biletine ne kadar verdim") == nil)
        #expect(merchant("1 nisandan beri getir'e ne kadar gitti") == "Getir")  // "beri" does not join the name
        let previous = understander.understand("nisanda Migros'a ne kadar harcadım?")
        #expect(understander.understand("peki martta?", previous: previous).merchant == "Migros")
        #expect(understander.understand("ya kafelere?", previous: previous).merchant == nil)
        // After "kaç" (how many) a word is what is counted, before "sipariş" too; a name still stands there without it.
        let parcels = understander.understand("salı internetten kaç kutu sipariş etmişim")
        #expect(parcels.merchant == nil && parcels.category == "shopping" && parcels.intent == .count)
        #expect(merchant("bu ay kaç şey sipariş etmişim") == nil)
        #expect(merchant("bu ay trendyol siparişlerim") == "Trendyol")
    }
}
