public import AssistUnderstanding
public import AssistWire
import Foundation

/// A question about one's own spending, as a typed value: what to compute, over which period.
public struct FinanceQuestion: Sendable, Equatable {
    public enum Intent: String, Sendable, CaseIterable {
        case totalSpent, topMerchants, topCategories, comparePeriods, listTransactions, average, largest, count
    }

    public var intent: Intent
    public var period: DateResolver.Range
    public var otherPeriod: DateResolver.Range?
    /// One of the user's merchants the question names, or a name it gives that the user never paid (`unlistedMerchant`).
    public var merchant: String?
    /// Only when the question names a category.
    public var category: String?
    public var limit: Int?

    public init(intent: Intent, period: DateResolver.Range, otherPeriod: DateResolver.Range? = nil, merchant: String? = nil,
                category: String? = nil, limit: Int? = nil) {
        self.intent = intent
        self.period = period
        self.otherPeriod = otherPeriod
        self.merchant = merchant
        self.category = category
        self.limit = limit
    }

    public var json: JSONValue {
        func range(_ r: DateResolver.Range?) -> JSONValue { r.map { ["from": .string($0.from), "to": .string($0.to)] } ?? .null }
        return ["intent": .string(intent.rawValue), "period": range(period), "otherPeriod": range(otherPeriod),
                "merchant": merchant.map { .string($0) } ?? .null, "category": category.map { .string($0) } ?? .null,
                "limit": limit.map { .number(Double($0)) } ?? .null]
    }
}

/// Turns a question into a `FinanceQuestion` with rules (English and Turkish). A merchant is taken only
/// when the question names one the user has actually paid (the user's own data is the candidate list);
/// a follow-up ("and in September?", "peki eylülde?") keeps the previous question and changes what it names.
public struct FinanceUnderstander: Sendable {
    let merchants: [String]
    let today: DateResolver
    let todayISO: String

    public init(merchants: [String], today: String) {
        self.merchants = merchants
        self.today = DateResolver(today: today)!
        self.todayISO = today
    }

    static let categories: [(String, [String])] = [
        ("restaurants", ["restaurant", "restaurants", "eating out", "eat out", "ate out", "meal out", "meals out", "dining", "dinner", "lunch", "restoran", "restoranlar", "lokanta", "lokantalar", "yemek",
                         "yemegi", "yemegim", "yemege", "yemeklere", "dışarıda yemeye", "dışarda yemeye",
                         "dışarıda yedik", "dışarda yedik", "dışarıda yedim", "dışarda yedim", "dışarıda yemek", "dışarda yemek",
                         // "dışarıda kaç öğün yedik": meals eaten (out), counted.
                         "öğün yedik", "öğün yedim", "öğün yemişiz", "öğün yemişim",
                         // "hafta sonu dışarıda yediklerimiz": what we ate out.
                         "dışarıda yediklerimiz", "dışarda yediklerimiz", "dışarıda yediklerim", "dışarda yediklerim",
                         "dışarıda yediğimiz", "dışarda yediğimiz", "dışarıda yediğim", "dışarda yediğim"]),
        ("groceries", ["grocery", "groceries", "supermarket", "market", "marketler", "süpermarket"]),
        ("cafes", ["cafe", "cafes", "coffee", "kahve", "kafe", "kafeler", "kafelerde", "kafelere", "kafede", "kafeye", "kahveci", "kahveciler", "kahvecilere", "kahvecide", "kahveciye"]),
        ("fuel", ["fuel", "petrol", "gas", "the tank", "at the pump", "fill up", "filled up", "filling up", "fills up", "refuel", "refuelling", "refueling", "benzin", "yakıt", "akaryakıt", "depoyu", "depo doldur",
                  // "benzinlikte ne bıraktım": at the filling station.
                  "benzinlik", "benzinlikte", "benzinliğe", "benzinci", "benzinciye", "benzincide",
                  // "en pahalı depo dolumum": a tank's filling.
                  "depo dolumu", "depo dolumum", "depo dolumlarım", "depo dolumuna", "depo dolumları"]),
        // "rideshares and trains", "public transport", "toplu taşımaya" (public transport, with its ending).
        ("transport", ["transport", "taxi", "taxis", "cab", "cabs", "bus", "buses", "ulaşım", "taksi", "otobüs", "otobüse", "otobüsle", "otobüslere",
                       "rideshare", "rideshares", "ride share", "ride shares", "trains", "train tickets", "train fares", "public transport",
                       "public transit", "toplu taşıma", "subway fares", "metro fares", "bus fares", "transit fares",
                       // "same thing for transit" ("nj transit" is a name).
                       "for transit", "on transit"]), ("subscriptions", ["subscription", "subscriptions", "streaming", "abonelik", "abonelikler"]),
        ("bills", ["bill", "bills", "utilities", "fatura", "faturalar"]),
        // "üstüme başıma verdiğim" (what I gave for what I wear): the idiom.
        ("clothing", ["clothes", "clothing", "giyim", "giyime", "kıyafet", "kıyafete", "kıyafetler", "kıyafetlere", "üstüme başıma",
                      "üstümüze başımıza", "üst baş"]),
        // "how much did i shop online", "shopped online": the act said with the verb.
        ("shopping", ["online shopping", "shopping", "alışveriş", "internetten", "internet alışverişi", "shop online", "shopped online",
                      "shopping online", "buy online", "bought online", "online orders", "online order", "online purchases", "ordered online",
                      "order online",
                      // "how many times did i order stuff online".
                      "stuff online", "things online",
                      // "internet alışverişlerim", "kaç tane online sipariş": online shopping, in Turkish too.
                      "internet alışverişleri", "internet alışverişlerim", "internet alışverişlerimiz", "online sipariş", "online siparişler",
                      "online siparişlerim", "online alışveriş", "online alışverişlerim",
                      // "kaç tane internet siparişim olmuş": orders on the internet.
                      "internet siparişi", "internet siparişim", "internet siparişlerim", "internet siparişleri"]), ("travel", ["travel", "flights", "seyahat", "uçak",
            // "bu yaz tatile ne kadar gitti": a holiday away, with its case endings.
            "vacation", "vacations", "tatil", "tatile", "tatilde", "tatilim", "tatilime", "tatilimde", "tatiller", "tatillere"]),
        ("entertainment", ["entertainment", "cinema", "movie", "movies", "the movies", "concerts", "concert", "eğlence", "sinema", "konser", "konsere",
                           "konserler"]),
        // "book spending in q4": the spending on books.
        ("books", ["books", "book purchases", "book purchase", "book order", "book orders", "bookshop", "bookstore", "book spending",
                   "book haul", "book hauls",
                   "kitap", "kitab"]),
        ("personal care", ["personal care", "kişisel bakım", "haircut", "haircuts", "skincare", "cosmetics", "salon", "salons", "barber",
                           "barbers", "kuaför", "kuaföre", "kuaförde", "kozmetik",
                           // "nails and waxing", "a manicure": what a salon does.
                           "nails", "waxing", "manicure", "pedicure", "mani pedi"]),
    ]

    /// "up from the week before", "down from last month": risen or fallen since a period the words name, wherever they
    /// stand ("starbucks total last week - up from the week before?"; "pick up from the store" names no period).
    static let risenFromPeriods: [String] = ["up from", "down from"].flatMap { moved in
        ["the week before", "the month before", "the year before", "the day before", "last week", "last month", "last year"].map { "\(moved) \($0)" }
    }

    static let intents: [(FinanceQuestion.Intent, [String])] = [
        // "kasımla yan yana koy": put it side by side with November.
        (.comparePeriods, ["compare", "compared", "versus", "vs", "stack up", "against", "karşılaştır", "karşılaştırır", "göre", "fark", "kıyas",
                           "yan yana", "side by side",
                           "kıyasla", "daha mı fazla", "daha fazla mı", "daha mı az", "daha az mı",
                           // "daha mı pahalıya geldi": dearer or cheaper than another.
                           "daha mı pahalı", "daha pahalı mı", "daha mı ucuz", "daha ucuz mu",
                           // "is that up from february?": risen or fallen since another ("every fill-up from june" is none).
                           "that up from", "that down from", "it up from", "it down from", "went up from", "went down from",
                           "gone up from", "gone down from", "higher than", "lower than", "worse than", "better than",
                           // "is that above april's number?": over or under another's.
                           "that above", "that below", "it above", "it below",
                           // "last week's … total - up from the week before?": the total risen since another.
                           "total up from", "total down from", "spending up from", "spending down from", "was up from", "was down from",
                           // "did that beat september?", "eylülü geçmiş mi": more than another period, in a word.
                           "did that beat", "did it beat", "geçmiş mi", "geçti mi", "aşmış mı", "aştı mı",
                           // "did july beat that?": the period named against the last one ("top it" would be a top-up's).
                           "beat that", "beat it",
                           // "is that ahead of june?"; "haziranla kıyaslayınca nasıl" (how is it, set beside June).
                           "that ahead of", "it ahead of", "kıyaslayınca", "kıyaslarsak", "karşılaştırınca", "karşılaştırırsak",
                           // "up or down from january?": risen or fallen since another.
                           "up or down from", "up or down since", "up or down vs",
                           // "was february higher or lower": the period named set against the last one.
                           "higher or lower", "lower or higher", "more or less than",
                           // "was april any lower?": more or less than the period it names.
                           "any lower", "any higher", "any cheaper", "any less",
                           // "lower in august or not?", "higher in q2?": the last period against the one named.
                           "lower in", "higher in",
                           // "did january come in under that?": below or above the last one.
                           "come in under", "came in under", "come in over", "came in over", "come in lower", "come in higher",
                           // "kasım bundan düşük müydü": lower or higher than this one.
                           "düşük mü", "düşük müydü", "düşük müymüş", "yüksek mi", "yüksek miydi", "yüksek miymiş",
                           // "and next to october?": beside another period, set against it.
                           "next to",
                           // "geçen haftanınkine yetişti mi": has it caught up with another period's.
                           "yetişti mi", "yetişmiş mi",
                           // "ondan önceki haftanın altında mı kaldı": below or above another; "daha çok mu": more than it.
                           "altında mı kaldı", "altında kaldı mı", "üstüne mi çıktı", "daha çok mu", "daha mı çok",
                           // "nisandakinden çok mu az mı": more or less than another's.
                           "çok mu az mı", "fazla mı az mı", "az mı çok mu"] + risenFromPeriods),
        (.topCategories, ["which categories", "which category", "top categories", "categories", "hangi kategori", "hangi kategoride",
                          // "top 5 spending buckets": a category's other name.
                          "buckets", "spending bucket",
                          "kategoriler", "kategori", "by category", "per category", "harcama kalemleri", "harcama kalemi", "harcama kalemlerim",
                          // "harcama türleri": kinds of spending.
                          "harcama türlerine", "harcama türüne", "harcama türleri",
                          // "give me the category view of that": the last answer seen by category.
                          "category view", "category breakdown", "category split",
                          // "category-wise, how does it look": seen by category.
                          "category wise", "categorywise",
                          // "which four kinds of spending topped last year".
                          "kinds of spending", "types of spending",
                          // "break it out by spending category rather than by shop".
                          "by spending category", "spending category"]),
        (.topMerchants, ["where did i spend the most", "top merchants", "en çok hangi", "en fazla hangi", "merchants", "where do i spend", "where did i shop", "where do i shop",
                         "most at", "en çok nere", "en çok nerede",
                         "most of my money", "where did my money go", "where did all my money go", "where has my money gone", "where has all my money gone",
                         "where s my money gone", "where s all my money gone", "where d my money go", "where d all my money go", "en fazla nere", "en fazla nerede", "paramın çoğu", "param nereye",
                         "nereye en çok", "en çok harcama yaptığım yerler", "hangi mağaza", "hangi işyeri", "hangi firma",
                         // "kimlere en çok para ödemişim": whom (plural) paid most.
                         "kimlere en çok", "kime en çok", "kimlere en fazla", "kime en fazla",
                         // "who were the top payees": those paid.
                         "payees", "top payees", "which payee",
                         "which merchant", "which store", "which shop", "which place", "what merchant", "what store", "top places", "top shops", "top stores",
                         // "now by merchant": the last question's spending by who was paid.
                         "by merchant", "per merchant", "by store", "by shop",
                         "places", "spots", "top spots", "shops", "stores", "yer", "yerler", "mağaza", "mağazalar", "dükkan",
                         // "cüzdanımı en çok boşaltan 6 işyeri": businesses.
                         "işyeri", "işyerleri", "işyerlerim",
                         // "cebimden en çok para çıkan üç işletme": the businesses.
                         "işletme", "işletmeler",
                         // "hesabımı en çok tüketen altı firma": the firms.
                         "firma", "firmalar",
                         // "who took the most of my cash": who was paid most.
                         "who took the most", "who got the most", "who gets the most", "who takes the most"]),
        // One payment's size: "in one go", "in a single purchase", "tek seferde".
        (.largest, ["largest", "biggest", "most expensive", "priciest", "costliest", "most costly", "the most i paid", "most i paid", "most i spent in one",
                    "most i ve paid", "most i ve spent in one", "en büyük", "en pahalı",
                    "en yüksek", "en fazla", "in one go", "at once", "in one purchase", "in one payment", "in one transaction",
                    "in a single purchase", "in a single payment", "in a single transaction", "single purchase", "single payment",
                    // "most i dropped at … in one night": one night's, one outing's spending.
                    "in one night", "in a single night", "most i dropped",
                    // "which hilton stay cost the most": which one of them.
                    "cost the most", "costs the most",
                    "single transaction", "tek seferde", "bir seferde", "tek bir seferde", "en tuzlu",
                    // "tek parça olarak en çok ödediğim": the most paid in one piece.
                    "tek parça", "tek parçada",
                    // With the possessive ("en yükseği ne kadardı": the highest of them), ğ for k as Turkish softens it.
                    "en yükseği", "en büyüğü", "en pahalısı",
                    // "en kabarık faturam": the most swollen, of a bill.
                    "en kabarık", "en kabarığı",
                    // "bu seyahatlerden hangisi en çok tuttu": which one of them came to most.
                    "hangisi en çok", "hangisi en fazla", "en çok tuttu", "en fazla tuttu",
                    // "en çok tutan fatura": the one that came to most ("en çok" alone asks where most went).
                    "en çok tutan", "en fazla tutan", "en çok para tutan", "en fazla para tutan",
                    // "which one hurt the most", "rekor hangisi" (which is the record), "en yüklü ödeme" (the heaviest),
                    // "tek kalemde" (in a single item).
                    "hurt the most", "hurts the most", "rekor", "en yüklü", "tek kalemde",
                    // "tek siparişe en çok ne ödedim": in a single order, purchase, payment.
                    "tek siparişe", "tek siparişte", "tek alışverişte", "tek alışverişe", "tek ödemede", "tek işlemde", "tek harcamada",
                    // "heaviest single grocery bill", "steepest … folio", "single fattest charge", "top dollar charge", and
                    // "pricest" as typed.
                    "heaviest", "steepest", "fattest", "top dollar", "pricest",
                    // "the heftiest thing i got from …".
                    "heftiest",
                    // "which ebay order hit my card hardest", "which purchase cost me the most".
                    "hardest", "cost me the most", "costs me the most", "cost us the most",
                    // "what was the big-ticket order": the one of a big price.
                    "big ticket",
                    // "what trip was the big splurge": the one big purchase.
                    "big splurge",
                    // "en kazık sipariş" (the biggest rip-off of an order); "which of those orders cost me most", "o
                    // siparişlerden hangisine en çok para verdim" (which of them I paid most for).
                    "en kazık", "en kazığı", "cost me most", "cost us most", "hangisine en çok", "hangisine en fazla"]),
        // "what's my internet bill averaging": the verb too.
        // "what's the typical ticket there": the usual payment, an average.
        (.average, ["average", "on average", "avg", "ort", "ortalama", "ortalamada", "averaging", "averaged", "averages", "typical", "typically",
                    // "mean weekly coffee shop spend": the mean.
                    "mean",
                    // "what does one trip usually come to", "in a normal week", "divide by sessions".
                    "usually", "normally", "in a normal", "in a typical", "divide by", "divided by",
                    // "divide that by how many times we went": the total over the visits.
                    "divide that by", "divide it by", "divide this by",
                    // "what's the usual check at …", "how much is a normal grocery trip costing me".
                    "the usual", "a normal",
                    // "what's a usual trip run me"; "her sefere ne düşüyor" (what falls to each time), "sefer başı".
                    "a usual", "her sefere", "her seferde", "her seferinde", "sefer başı", "sefer başına", "ne düşüyor",
                    // "about what does one movie night cost me": one outing's price; "ziyaret sayısına bölünce" (divided by
                    // the number of visits).
                    "what does one", "what does a single", "bölünce", "bölersek", "bölersen", "bölününce",
                    // "faturalarını ortalasana" (average them, then).
                    "ortala"]),
        // "… visits in february, just the number": the count alone.
        (.count, ["how many", "hw many", "how often", "hw often", "number of", "just the number", "count my", "count the", "count up",
                  // "… runs in may, count please": a count asked for by the word alone.
                  "count please", "count pls", "a count", "the count", "count of", "order count", "visit count", "purchase count", "charge count", "transaction count", "kaç kez", "kaç kere", "kaç işlem", "kaç defa", "kaç tane",
                  // "caffe vita count since sunday": a shop's count over a period.
                  "count since", "count this", "count last", "count for the", "count so far",
                  "kaç"]),
        (.listTransactions, ["list", "show me", "show", "listele", "göster", "neler", "görebilir", "işlemleri", "individual transactions",
                             // "give me the individual charges", "ödemelerin listesini çıkar": each one, or their list.
                             "individual charges", "individual payments", "listesini", "listesi",
                             "break that down", "break it down", "itemize", "itemise", "one by one", "tek tek",
                             // "ödemeleri bir bir yaz", "alt alta yaz": one by one, one under another.
                             "bir bir", "alt alta", "pull up", "each one", "each of them",
                             "sırala", "sıralar mısın", "line by line", "döküm", "dökümü", "dökümünü",
                             // "neye ne ödedim sırayla yaz": one after another; "harcamalarımı dök": pour them out.
                             "sırayla", "one at a time", "dök", "döker misin", "döksene",
                             // "her birini ayrı görmek istiyorum", "hepsini görmek istiyorum", "satır satır yaz": each, all
                             // of them seen, line by line.
                             "her birini", "hepsini görmek", "hepsini göreyim", "satır satır",
                             // "one line each"; "ayrı ayrı" (one by one, separately).
                             "one line each", "a line each", "ayrı ayrı",
                             // "give me the fares one per line", "… spending, each item".
                             "per line", "each item", "every item", "item by item",
                             // "what were the individual travel purchases", "break it out by charge".
                             "individual", "break it out", "by charge", "charge by charge",
                             // "run me through what i bought", "… bills did i pay, with dates", "ay ay görmek" (month by month).
                             "run me through", "walk me through", "with dates", "with the dates", "ay ay",
                             // "çekilen her ücreti göreyim": every charge.
                             "her ücreti", "her ödemeyi", "her harcamayı", "her işlemi",
                             // "her bir ödemeyi tarihiyle yaz": each one, with its date.
                             "her bir ödemeyi", "her bir harcamayı", "her bir işlemi", "tarihiyle", "tarihleriyle",
                             // "yaptığım ödemeler hangileri": which ones they were.
                             "hangileri", "hangileriydi", "nelerdi"]),
        (.totalSpent, ["how much", "hw much", "total", "spend", "spent", "add up", "adds up", "added up",
                        // "xbox charges this quarter, add them up": the sum of what the question lists.
                        "add them up", "add those up", "add it up", "add em up", "sum them up", "sum it up", "sum up",
                        "come to", "came to", "comes to", "ne kadar", "toplam", "harcadım", "harcama",
                        // "ziply fiber charges, last 6 months, all in": everything together, one sum.
                        "all in"]),
    ]

    /// What a question names of its own, read once: the intent its cue words ask for, its periods, merchant,
    /// category, count and a shift of the last period.
    private struct Reading {
        var intent: FinanceQuestion.Intent?
        var period: DateResolver.Range?
        var other: DateResolver.Range?
        var merchant: String?
        var category: String?
        var limit: Int?
        var shift: FollowUp.Shift?
        /// The year a shift moves the last period to ("the same month in 2032"), which is no period of its own after a
        /// question; alone, the question's period.
        var namedYear: DateResolver.Range? = nil

        /// No period, merchant or category of its own, nor a shift of the last one: "how many transactions was that?".
        var restatesNothing: Bool { period == nil && other == nil && merchant == nil && category == nil && shift == nil }

        /// A shift with no period of its own to move, so it moves the last one: "and in the 3 months before that?".
        var shiftsLast: Bool { shift != nil && period == nil && other == nil }

        /// A short question naming only a merchant, another than the last one's: "a101'e ne kadar?" after "geçen hafta
        /// bim'e ne kadar verdim?" asks the same of that merchant.
        func swapsMerchant(of previous: FinanceQuestion, words: Int) -> Bool {
            words <= 4 && period == nil && other == nil && shift == nil && category == nil && merchant != nil && merchant != previous.merchant
        }

        /// A short question naming only a category, another than the last one's, and asking what the last one asked:
        /// "eğlenceye ne kadar gitmiş?" after "bu yıl kitaba ne kadar para verdim?" asks the same of that category, over
        /// the same period. Asking something else ("kaç kere kafeye gitmişim" after an amount) is a question of its own.
        func swapsCategory(of previous: FinanceQuestion, words: Int) -> Bool {
            words <= 4 && period == nil && other == nil && shift == nil && merchant == nil && category != nil && category != previous.category
                && (intent ?? .totalSpent) == previous.intent
        }

        /// No period of its own, and the last question's merchant or category again: it asks something else of the same
        /// slice ("kaç kere markete gitmişim?" after "ağustosta markete kaç para verdim?"). A category's word beside the last
        /// merchant, which had none, names that merchant's payments ("line up the individual metronet bills").
        /// The bills of the last question's merchant, named alone ("faturaların hangi ay ne kadar geldiğini listele" after a
        /// question about a utility) are that merchant's payments too.
        func asksSameSlice(as previous: FinanceQuestion) -> Bool {
            period == nil && other == nil && shift == nil && (merchant != nil || category != nil) && sameMerchant(as: previous)
                && (category == nil || category == previous.category || namesMerchantsPayments(of: previous))
                || namesMerchantsBills(of: previous)
        }

        /// Whether this reading's merchant is the last question's, spelt either way ("smud" after "SMUD"), or both name none.
        func sameMerchant(as previous: FinanceQuestion) -> Bool {
            merchant.map(TextMatching.fold) == previous.merchant.map(TextMatching.fold)
        }

        /// Whether this reading names the last question's merchant again, with a category's word the last one had not:
        /// "the individual metronet bills", "gazdaş'ın kestiği faturalar" after a question about that merchant alone.
        func namesMerchantsPayments(of previous: FinanceQuestion) -> Bool {
            merchant != nil && sameMerchant(as: previous) && category != nil && previous.category == nil
        }

        /// Whether this reading names only bills, and no period, after a question about one merchant alone: its bills.
        func namesMerchantsBills(of previous: FinanceQuestion) -> Bool {
            merchant == nil && category == "bills" && previous.merchant != nil && previous.category == nil && period == nil && other == nil
                && shift == nil
        }

        /// Whether this reading builds on `previous` rather than standing alone (`words`: the question's word count),
        /// short of being worded as a follow-up: restating nothing, comparing with or shifting the last period, asking
        /// the same slice something else, or swapping its merchant or category.
        func buildsOn(_ previous: FinanceQuestion, words: Int) -> Bool {
            restatesNothing || comparesWithLast || shiftsLast || asksSameSlice(as: previous) || swapsMerchant(of: previous, words: words)
                || swapsCategory(of: previous, words: words)
        }

        /// A comparison naming one period, or one shift, alone: "geçen ayla kıyasla", "compared with last month",
        /// "önceki ayla karşılaştır". After a question, it compares that question's period with the one named. (Both
        /// a period and a shift, "compare last month with the month before", is a comparison of its own.)
        var comparesWithLast: Bool { intent == .comparePeriods && other == nil && (period == nil) != (shift == nil) }
    }

    private func read(_ text: String) -> Reading {
        let folded = FoldedText(text)
        let listed = merchants.first { folded.contains($0) }
        var merchant = listed ?? listedMerchantWithSlip(folded.words) ?? markedName(in: text) ?? unlistedMerchant(in: text)
            ?? lowercaseMerchant(in: text)
        // "personal care charges": the last words of a category's phrase the question holds are no shop's name ("Care").
        if listed == nil, let name = merchant, Self.endsCategoryPhrase(name, in: folded) { merchant = nil }
        // "Sevgililer Günü'nde": a holiday's words are no shop's name ("Günü").
        if listed == nil, let name = merchant, Self.isHolidayWords(name, in: folded.words) { merchant = nil }
        if listed == nil, let name = merchant, Self.followsSame(name, in: folded.words) { merchant = nil }
        // A name's words are no period: "h mart since valentine's day" is read since Valentine's Day, without March.
        let periodText = listed == nil ? merchant.flatMap { periods(in: $0).0 == nil ? nil : Self.text(text, without: $0) } ?? text : text
        var (period, other) = periods(in: periodText)
        // Nothing is compared with itself. "mother's day brunch at snooze yesterday": two words for the same day name one
        // day. "opet'e bu yaz geçen yazdan fazla mı" once summer is over: the same span twice sets it against the one a
        // year before, as a follow-up's does.
        if let named = period, other == named {
            other = named.from == named.to ? nil : shifted(named, by: FollowUp.Shift(unit: .year))
        }
        if period == nil, Self.saysBareWeekend(TextMatching.words(periodText)) { period = latestWeekend() }  // "hafta sonu bindiğim"
        let shift = FollowUp.shift(in: text)
        // "the sunday right before it": the weekday is the shift's, no latest Sunday of its own.
        if shift?.weekday != nil, other == nil, period.map({ $0.from == $0.to }) == true { period = nil }
        var namedYear: DateResolver.Range? = nil
        if let year = shift?.toYear {
            if period?.from == "\(year)-01-01", period?.to.hasPrefix("\(year)-12") == true || period?.to == todayISO {
                (namedYear, period, other) = (period, other, nil)
            } else if other?.from == "\(year)-01-01" {
                other = nil
            }
            // "first six months of 2057 vs the same stretch of 2056": the question's own period, in that year, set against it.
            if other == nil, let named = period, let shift, !named.from.hasPrefix("\(year)") { other = shifted(named, by: shift) }
        }
        // Words that only look like a cue ("entertainment i mean", "kaç farklı harcama") are read as none.
        let cues = FoldedText(words: Self.cueWordsAside(folded.words))
        var intent = Self.intents.first { cues.containsAny($0.1) }?.0
        // "bir de 2053'ü görelim": "göre" (compared to) takes no ending, so a word it only begins ("görelim", let us see;
        // "görev", a task) compares nothing.
        if intent == .comparePeriods, Self.comparesOnlyByGöreForm(folded.words) {
            intent = Self.intents.first { $0.0 != .comparePeriods && folded.containsAny($0.1) }?.0
        }
        if intent == .comparePeriods, other == nil, Self.averagesByGöre(folded.words) { intent = .average }
        // "now do coffee shops": a category's kind of shop asks for no ranking (`FinanceIntentShapes.swift`).
        if intent == .topMerchants, let besides = Self.intentBesidesKindsOfShop(folded.words, text: text) { intent = besides }
        // "nisanı da söyle, aynı yer": the same place as before, no ranking of places.
        if intent == .topMerchants, Self.namesTheSamePlace(folded.words) {
            intent = Self.intents.first { $0.0 != .topMerchants && folded.containsAny($0.1) }?.0
        }
        if intent == .count, Self.asksAmount(folded.words) { intent = .totalSpent }
        // "tek bir restoran akşamında en çok ne ödedim": the most paid on a single one, one payment's size.
        if intent == nil || intent == .totalSpent, Self.asksMostOnASingleOne(folded.words) { intent = .largest }
        // "bir seferde ortalama ne harcıyorum", "on average in one go": an average of single payments, no largest one
        // (a superlative, "en", "biggest", still asks the largest).
        if intent == .largest, folded.containsAny(["ortalama", "on average", "average", "avg"]),
           !folded.words.contains(where: { ["en", "largest", "biggest", "most", "priciest", "highest"].contains($0) }) { intent = .average }
        // "kategorilere göre ayır", "harcama türlerine göre böl": "göre" here is "by", not a comparison's "compared to".
        if intent == .comparePeriods, folded.containsAny(["kategorilere göre", "kategoriye göre", "kategorilerine göre", "türlerine göre", "türüne göre",
                                                                 "kalemlerine göre", "kalemlere göre", "kalemine göre"]) {
            intent = .topCategories
        }
        // "top 3 catagories": the word "categories" written with a slip.
        if intent == nil || intent == .totalSpent, Self.misspellsCategories(folded.words) { intent = .topCategories }
        // "hangi 4 kalemde para uçup gitmiş": which items (kinds of spending), maybe counted ("tek kalemde" is one payment's).
        // So after "en çok hangi" (which … most), a ranking of shops by its own words: "en çok hangi dört kalemde".
        if intent == nil || intent == .totalSpent || intent == .topMerchants, Self.asksWhichItems(folded.words) { intent = .topCategories }
        // "every spotify charge from 2032", "each uber ride last week": every one of them, asked for with no other cue.
        if intent == nil, Self.asksEveryOne(folded.words) { intent = .listTransactions }
        // "yesterday's transactions pls": the transactions themselves, asked for with no other cue.
        // "d&r receipts since sept 1st pls": so are the receipts; "friday's purchases please", the purchases and charges.
        if intent == nil, folded.words.contains(where: { ["transactions", "receipts", "purchases", "charges"].contains($0) }) { intent = .listTransactions }
        // "son iki haftada X'e yaptığım ödemeler": in Turkish, the payments or transactions named last, with no verb.
        if intent == nil, let last = folded.words.last, ["odemeler", "odemelerim", "islemler", "islemlerim"].contains(last) { intent = .listTransactions }
        // "gold star chili visits in june - count?": the count asked for by the word alone, last.
        if intent == nil || intent == .totalSpent, folded.words.last == "count" { intent = .count }
        // "tally my long john silvers vists": a tally of visits, trips or runs is a count of them.
        if intent == nil || intent == .totalSpent, Self.talliesOutings(folded.words) { intent = .count }
        // "typical spend per visit", "so what's that per cup", "hesap başı": the unit of an average asks for the average.
        if intent == nil || intent == .totalSpent, Self.namesUnitOfAverage(folded.words) { intent = .average }
        // "whats my avrage transaction": "average" written with a slip.
        if intent == nil || intent == .totalSpent, Self.misspellsAverage(folded.words) { intent = .average }
        // "purchase by purchase", "işlem işlem": what is paid, said twice, asks for each of them.
        if intent == nil || intent == .totalSpent, Self.oneByOne(folded.words) { intent = .listTransactions }
        // "is that more than january?": more or less than a period sets the question against it.
        if intent == nil || intent == .totalSpent, comparesThan(folded.words) { intent = .comparePeriods }
        // "which restaurant has eaten most of my budget": "which" and a category's word asks which merchant of it.
        if intent == nil || intent == .totalSpent, Self.asksWhichOfCategory(folded.words) { intent = .topMerchants }
        // "where has my paycheck gone": where one's money went; "most i spent at … in one visit": one payment's size.
        if intent == nil || intent == .totalSpent, Self.asksWhereMoneyWent(folded.words) { intent = .topMerchants }
        if intent == nil || intent == .totalSpent, Self.asksMostInOneOuting(folded.words) { intent = .largest }
        // "en çok para verdiğim alışveriş": the one purchase I paid most for ("en çok para verdiğim yer" still asks where).
        if intent == nil || intent == .totalSpent || intent == .topMerchants, Self.asksMostPaidForOne(folded.words) { intent = .largest }
        // "# of starbucks runs": "#" before "of" is "number of".
        if intent == nil || intent == .totalSpent, Self.numberSignOf(text) { intent = .count }
        // A category's word inside an unlisted name is the name's ("at peet's coffee" asks about no cafes).
        let named = listed ?? merchant.flatMap { Self.category(in: $0) != nil ? $0 : nil }
        return Reading(intent: intent, period: period, other: other,
                       merchant: merchant,
                       category: named.map { Self.category(outside: $0, in: folded.words) } ?? Self.category(in: text, slicedByUnit: merchant == nil),
                       limit: Self.limit(in: text),
                       shift: shift, namedYear: namedYear)
    }

    /// `text` without the whitespace-separated words that spell `name` (folded, in a row), or nil when they are not there.
    static func text(_ text: String, without name: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        let nameWords = TextMatching.words(name)
        guard !nameWords.isEmpty else { return nil }
        for start in tokens.indices {
            var words: [String] = [], end = start
            while end < tokens.count, words.count < nameWords.count {
                words += TextMatching.words(String(tokens[end]))
                end += 1
            }
            // "h mart'ta": the last word may carry a case ending after an apostrophe, which goes with it.
            if words == nameWords || words.count == nameWords.count + 1 && Array(words.dropLast()) == nameWords {
                return (tokens[..<start] + tokens[end...]).joined(separator: " ")
            }
        }
        return nil
    }

    /// Time units and words of a whole, after "per" or before "başı", that make no unit of an average ("per month" is a
    /// rate, "per category" a breakdown, "ay başı" the start of the month).
    static let notUnitsOfAverage: Set<String> = ["day", "days", "week", "weeks", "month", "months", "year", "years", "category", "categories",
                                                 "merchant", "merchants", "store", "shop", "place", "gun", "hafta", "ay", "ayin", "yil",
                                                 "yilin", "sene", "senenin", "haftanin", "kategori", "magaza", "yer",
                                                 // "one per line": a layout, not a unit.
                                                 "line", "lines", "row", "rows"]

    /// "per visit", "per cup" (not "per month", "per category"); Turkish "hesap başı", "kahve başına" (not "ay başı"):
    /// the unit of an average.
    static func namesUnitOfAverage(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { word, next in
            word == "per" && next.count >= 3 && next.allSatisfy(\.isLetter) && !notUnitsOfAverage.contains(next)
                || ["basi", "basina"].contains(next) && word.count >= 3 && word.allSatisfy(\.isLetter) && !notUnitsOfAverage.contains(word)
                    && !yearWords.contains(word) && !weekWords.contains(word) && DateResolver.month(word) == nil
        }
    }

    /// Nouns of one outing or purchase, the unit of an average a category's word may qualify: "per coffee shop visit";
    /// and of one payment, which "each" counts off: "each travel charge" (travel's charges, one by one).
    static let unitNouns: Set<String> = ["visit", "trip", "order", "purchase", "run", "stop", "ride", "meal", "charge", "payment", "transaction"]

    /// Whether the word at `index`, after "per", "each" or "her", qualifies a unit noun one or two words on ("per coffee shop
    /// visit", "each grocery trip", "her market alışverişim"): a category's word then, not the unit of the average.
    static func qualifiesUnit(_ words: [String], at index: Int) -> Bool {
        words[(index + 1)..<min(index + 3, words.count)].contains { unitNouns.contains($0) || $0.hasPrefix("alisveris") || $0.hasPrefix("ziyaret") }
    }

    /// Outings, which a tally counts (not amounts): "visits" and its slips ("vists"), "trips", "runs", "rides".
    static let outings: Set<String> = ["visits", "vists", "visists", "vistis", "trips", "runs", "rides", "stops"]

    /// Whether `name`'s words stand in `words` only where a holiday's name takes them ("gunu" of "sevgililer gunu").
    /// So is a Turkish day's name the calendar does not list, "X Günü" after a date ("8 Mart Dünya Kadınlar Günü'nde").
    static func isHolidayWords(_ name: String, in words: [String]) -> Bool {
        let nameWords = TextMatching.words(name)
        if nameWords.count >= 2, nameWords.last == "gunu", let start = words.indices.first(where: { words[$0...].starts(with: nameWords) }),
           start >= 1, DateResolver.month(words[start - 1]) != nil || DateResolver.weekday(words[start - 1]) != nil { return true }
        let covered = DateResolver.holidayWords(in: words)
        let starts = words.indices.filter { words[$0...].starts(with: nameWords) }
        return !starts.isEmpty && starts.allSatisfy { start in (start..<(start + nameWords.count)).allSatisfy(covered.contains) }
    }

    /// Whether `name`'s words are part of a category's phrase of two words or more that `folded` holds: its last words
    /// ("care" of "personal care"), or all of it with the last word's Turkish ending cut ("Üstüme Başım" of "üstüme başıma").
    static func endsCategoryPhrase(_ name: String, in folded: FoldedText) -> Bool {
        let nameWords = TextMatching.words(name)
        guard let lastName = nameWords.last else { return false }
        return longCategoryPhrases.contains { phrase in
            guard phrase.words.count >= nameWords.count, phrase.words != nameWords, folded.contains(phrase.text) else { return false }
            let tail = phrase.words.suffix(nameWords.count)
            return tail.dropLast().elementsEqual(nameWords.dropLast()) && tail.last.map { $0 == lastName || $0.hasPrefix(lastName) } == true
        }
    }

    /// The categories' phrases of two words or more, each with its folded words, split once rather than per question.
    static let longCategoryPhrases: [(text: String, words: [String])] = categoryPhrases.flatMap { category in
        category.phrases.compactMap { phrase in
            let words = TextMatching.words(phrase.text)
            return words.count >= 2 ? (phrase.text, words) : nil
        }
    }

    /// "tally my … vists", "tally up the starbucks runs": "tally" with outings a few words on, a count of them ("tally up
    /// my spending" is a total).
    static func talliesOutings(_ words: [String]) -> Bool {
        words.indices.contains { index in
            // "clipper card top-ups over the past 60 days - tally?": a tally ending the question, of things counted before it.
            words[index] == "tally" && (words[(index + 1)...].prefix(6).contains { outings.contains($0) }
                                        || index == words.count - 1 && words[..<index].contains { countedThings.contains($0) })
        }
    }

    /// Things bought one at a time, whose tally is a count of them: "top-ups", "refills", "orders", and the outings.
    static let countedThings: Set<String> = outings.union(["ups", "refills", "orders", "purchases", "charges", "rentals", "tickets"])

    /// "avrage", "averge": within one edit of "average", the same first letter, not the word itself.
    static func misspellsAverage(_ words: [String]) -> Bool {
        words.contains { word in
            word != "average" && word.first == "a" && abs(word.count - 7) <= 1 && TextMatching.editDistance(word, "average", limit: 1) <= 1
        }
    }

    /// Nouns of what is paid, said twice ("purchase by purchase", "işlem işlem", "kalem kalem"): each of them, listed.
    static let paidNouns: Set<String> = ["purchase", "transaction", "charge", "payment", "item", "receipt", "order", "islem", "harcama",
                                         "odeme", "fis", "kalem", "bill", "fatura"]

    /// "purchase by purchase", "item by item", Turkish "işlem işlem", "kalem kalem": a noun of what is paid, twice, with
    /// "by" between in English ("kategori kategori" is a breakdown by category, no list).
    static func oneByOne(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard paidNouns.contains(words[index]) else { return false }
            return index + 1 < words.count && words[index + 1] == words[index]
                || index + 2 < words.count && words[index + 1] == "by" && words[index + 2] == words[index]
        }
    }

    /// "is that more than january?", "less than last month?": "more", "less" (or "higher", "lower") and "than" right
    /// before a period (not an amount: "more than 500 last month").
    func comparesThan(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard index >= 1, words[index] == "than", index + 1 < words.count,
                  ["more", "less", "higher", "lower", "bigger", "smaller"].contains(words[index - 1]) else { return false }
            let first = words[index + 1]
            guard Int(first) == nil, SearchParser.numbers[first] == nil, SearchParser.currency(first) == nil else { return false }
            let rest = words[(index + 1)...].joined(separator: " ")
            return periods(in: rest).0 != nil || FollowUp.shift(in: rest) != nil  // "more than the month before?"
        } || Self.turkishMoreThanPeriod(words)
    }

    /// "kasımdan fazla mı", "ekimden daha az mı", "bir önceki hafta sonundan fazla mı": a month or a period's unit in the
    /// ablative ("than November", "than the weekend before"), "fazla", "az" or "daha" after it, and the question's "mı"
    /// sets the question against that period ("kasımdan beri", since November, and "500 liradan fazla mı", an amount, do
    /// not).
    /// So is a period's unit in the genitive before "üstünde" or "altında" (above, below): "bir önceki haftanın üstünde mi".
    static func turkishMoreThanPeriod(_ words: [String]) -> Bool {
        words.indices.contains { index in
            index + 2 < words.count
                && ((DateResolver.month(words[index]) != nil && endsInAblative(words[index]) || ablativeUnits.contains(words[index]))
                    && ["fazla", "az", "daha", "pahali", "ucuz"].contains(words[index + 1])
                    || genitiveUnits.contains(words[index]) && ["ustunde", "altinda", "uzerinde"].contains(words[index + 1]))
                && words[(index + 2)...].contains { ["mi", "mu", "miydi", "muydu", "miymis", "muymus"].contains($0) }
        }
    }

    /// A period's unit in the genitive, folded: "haftanın", "ayın", "yılın".
    static let genitiveUnits: Set<String> = ["haftanin", "ayin", "yilin", "senenin"]

    /// A period's unit in the ablative, folded: "haftadan", "aydan", "yıldan", "(hafta) sonundan", "günden", "çeyrekten".
    static let ablativeUnits: Set<String> = ["haftadan", "aydan", "yildan", "seneden", "sonundan", "gunden", "ceyrekten",
                                             // "ondan önceki hafta sonundakinden pahalı mıydı": than the one of that span.
                                             "sonundakinden", "haftadakinden", "aydakinden", "yildakinden",
                                             // "bu son hafta sonu bir öncekinden pahalı mı": than the one before.
                                             "oncekinden"]

    /// "which restaurant", "which cafe": "which" or "hangi" before a word that alone names a category.
    static func asksWhichOfCategory(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { word, next in ["which", "hangi"].contains(word) && category([next]) != nil }
    }

    /// "# of starbucks runs": a number sign standing before "of", as "number of" is written short.
    static func numberSignOf(_ text: String) -> Bool {
        let characters = Array(text.lowercased())
        for (index, character) in characters.enumerated() where character == "#" {
            var next = index + 1
            while next < characters.count, characters[next] == " " { next += 1 }
            guard next + 1 < characters.count, characters[next] == "o", characters[next + 1] == "f" else { continue }
            if next + 2 == characters.count || !(characters[next + 2].isLetter || characters[next + 2].isNumber) { return true }
        }
        return false
    }

    /// "every spotify charge", "each uber ride", "all my netflix payments": "every", "each" or "all" and, within four
    /// words, what is bought or paid, asks for each of them.
    static func asksEveryOne(_ words: [String]) -> Bool {
        words.indices.contains { index in
            ["every", "each", "all"].contains(words[index])
                && words[(index + 1)...].prefix(4).contains { boughtThere.contains($0) || ["charge", "transaction", "transactions", "payment"].contains($0) }
        }
    }

    /// The category the question names outside the words of `merchant` ("kahve" in "Kahve Dünyası" names the shop, not
    /// cafes): the words of the merchant's name blanked, as `category(in:)` reads the rest.
    static func category(outside merchant: String, in words: [String]) -> String? {
        let name = TextMatching.words(merchant)
        guard !name.isEmpty, category(in: merchant) != nil, name.count <= words.count else { return category(words) }
        var blanked = words
        for start in 0...(words.count - name.count) where name.indices.allSatisfy({ offset in
            let word = words[start + offset], expected = name[offset]
            return word == expected || offset == name.count - 1 && expected.count >= 3 && word.hasPrefix(expected) && word.count <= expected.count + 4
        }) {
            for offset in name.indices { blanked[start + offset] = "" }
        }
        return category(blanked)
    }

    /// A one-word merchant of the user's with a Turkish case ending and a copula ("migrostaydı": it was at Migros,
    /// "bimdeydi"), or, of seven letters or more, written with one slip and perhaps a case ending ("starbukstan",
    /// "netflx": the same first letter, within one edit). A one-word name written with a hyphen, apostrophe or dot may
    /// be written without it ("nusret", "nusretteki" for Nusr-Et). Never a category's word.
    func listedMerchantWithSlip(_ words: [String]) -> String? {
        // "nusr-ete": a name of two words or more ("Nusr-Et" folds to two), the last of them with a Turkish case ending.
        for merchant in merchants {
            let name = TextMatching.words(merchant)
            guard name.count >= 2, name.count <= words.count, name.last!.count >= 2 else { continue }
            for start in 0...(words.count - name.count) where Array(words[start..<(start + name.count - 1)]) == Array(name.dropLast()) {
                let last = words[start + name.count - 1]
                if last != name.last!, Self.caseStems(folded: last).contains(name.last!) { return merchant }
            }
        }
        for word in words where word.count >= 3 && word.allSatisfy(\.isLetter) {
            var stems: [String]?
            for merchant in merchants {
                let name = TextMatching.fold(merchant)
                // "nusret", "nusretteki" for Nusr-Et: a one-word name's hyphen, apostrophe or dot left out, perhaps with
                // a case ending.
                let joined = name.filter(\.isLetter)
                if joined != name, joined.count >= 4, joined.first == word.first, name.allSatisfy({ $0.isLetter || "-'’.".contains($0) }) {
                    let forms = stems ?? [word] + Self.caseStems(folded: word)
                    stems = forms
                    if forms.contains(joined), !Self.notNameWords.contains(word) { return merchant }
                    continue
                }
                guard name.count >= 3, name.first == word.first, name.allSatisfy(\.isLetter) else { continue }
                let forms = stems ?? [word] + Self.caseStems(folded: word)
                stems = forms
                let slipped = name.count >= 7 && word.count >= 6
                    && forms.contains { $0 != name && abs($0.count - name.count) <= 1 && TextMatching.editDistance($0, name, limit: 1) <= 1 }
                if forms.dropFirst().contains(name) || slipped, Self.category(in: word) == nil, !Self.notNameWords.contains(word) {
                    return merchant
                }
            }
        }
        return nil
    }

    /// A folded word without a Turkish case ending, or a case ending and a copula ("migrostaydi" → "migros", "starbukstan"
    /// → "starbuks"); stems of two letters or more.
    static func caseStems(folded word: String) -> [String] {
        var stems: [String] = []
        for ending in caseEndings {
            for copula in ["", "ydi", "ydu", "ymis", "ymus", "di", "du", "ti", "tu", "dir", "dur", "tir", "tur"] where word.hasSuffix(ending + copula) {
                let stem = String(word.dropLast(ending.count + copula.count))
                if stem.count >= 2 { stems.append(stem) }
            }
        }
        return stems
    }

    /// "catagories", "categores": within two edits of "categories" (one of "category"), not the word itself.
    static func misspellsCategories(_ words: [String]) -> Bool {
        words.contains { word in
            word.count >= 7 && ["categories", "category"].contains { target in
                let allowed = target.count >= 10 ? 2 : 1
                return word != target && abs(word.count - target.count) <= allowed && word.first == "c"
                    && TextMatching.editDistance(word, target, limit: allowed) <= allowed
            }
        }
    }

    /// "hangi kalemlere", "hangi 4 kalemde": "hangi" (which), perhaps a count, then "kalem…" (items, as Turkish names kinds
    /// of spending). "tek kalemde" (in a single item) is one payment's size and says no "hangi".
    static func asksWhichItems(_ words: [String]) -> Bool {
        words.indices.contains { index in
            // "bütçemi en çok sarsan dört kalem": a count of two or more of them.
            if let count = Int(words[index]) ?? SearchParser.numbers[words[index]], count >= 2, index + 1 < words.count,
               words[index + 1].hasPrefix("kalem") { return true }
            guard words[index] == "hangi" else { return false }
            let next = index + 1 < words.count && (Int(words[index + 1]) != nil || SearchParser.numbers[words[index + 1]] != nil) ? index + 2 : index + 1
            return next < words.count && words[next].hasPrefix("kalem")
        }
    }

    /// Two things set against each other as a choice: "or", "than", "yoksa", Turkish "mu … mu".
    static func asksWhich(_ text: String) -> Bool {
        let words = TextMatching.words(text)
        return words.contains { ["or", "yoksa", "than"].contains($0) } || words.filter { ["mu", "mi"].contains($0) }.count >= 2
    }

    /// "aynı yer", "aynı yerde", "aynı mekana", "aynı dükkan", "same place", "same store": the place the question before
    /// named, not places ranked.
    static func namesTheSamePlace(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { before, word in
            before == "ayni" && ["yer", "mekan", "dukkan", "magaza", "isyeri"].contains(where: word.hasPrefix)
                || before == "same" && ["place", "spot", "shop", "store"].contains(word)
        }
    }

    /// Whether `name` opens right after "aynı" or "same" in `words`: "aynı mekana" (to the same place) names the one before,
    /// no shop called "Mekan".
    static func followsSame(_ name: String, in words: [String]) -> Bool {
        guard let first = TextMatching.words(name).first else { return false }
        return words.indices.contains { $0 > 0 && ["ayni", "same"].contains(words[$0 - 1]) && words[$0].hasPrefix(first) }
    }

    /// "etmek" (to make, of a sum) after "kaç": "toplam kaç ediyor", "kaç eder", "kaç etti" ask what it comes to.
    static let amountVerbs: Set<String> = ["eder", "ediyor", "ediyo", "etti", "etmis", "ederdi"]

    /// "kaç para bıraktım", "kaç lira gitti", "kaç liramı yedi", "kaç TL harcadım", "kaça patladı", "kaç tuttu": "kaç" (how many) before
    /// money, a currency or "tut-" (to come to), or in the dative, or after "toplamı" (its total), asks how much, not how many
    /// times ("kaç kez", "kaç işlem" stay counts).
    static func asksAmount(_ words: [String]) -> Bool {
        words.contains("kaca")  // "kaça patladı", "kaça aldım": for how much
            // "ertesi günün toplamı kaçtı": what its total was.
            || zip(words, words.dropFirst()).contains { ["toplami", "tutari"].contains($0) && ["kac", "kacti", "kacmis"].contains($1) }
            || zip(words, words.dropFirst()).contains { word, next in
                // "kaç tuttu", "kaç tutar": what it came to
                // "kaç liramı yedi", "kaç liramızı": lira with a possessive.
                word == "kac" && (["para", "paraya", "parami"].contains(next) || SearchParser.currency(next) != nil || next.hasPrefix("tut")
                                  || next.hasPrefix("lira") || amountVerbs.contains(next))
            }
    }

    public func understand(_ text: String, previous: FinanceQuestion? = nil) -> FinanceQuestion {
        let reading = read(text)
        var (intent, period, other, merchant, category, limit) = (reading.intent, reading.period, reading.other, reading.merchant,
                                                                  reading.category, reading.limit)
        let words = TextMatching.words(text)
        if let previous, Self.isFollowUp(text) || reading.buildsOn(previous, words: words.count) {
            // "only need 2", "ikisi yeter", "only four of them, please" after a top list: a bare count in a short follow-up
            // (a "please" aside) is the list's new count.
            if limit == nil, [.topMerchants, .topCategories].contains(previous.intent), reading.restatesNothing,
               words.filter({ !["please", "pls", "plz", "lutfen"].contains($0) }).count <= 4 {
                limit = Self.bareCount(words)
            }
            // "geçen yaz" after "bu yaz" once summer is over: a follow-up naming only the last season again, as "last",
            // can only mean the one before it. (With a merchant or category, "and last summer at Migros?", it asks the
            // same season of another slice.)
            if let named = period, named == previous.period, other == nil, merchant == nil, category == nil, !reading.comparesWithLast,
               Self.namesLastSeason(words) {
                period = shifted(named, by: FollowUp.Shift(unit: .year))
            }
            // A cue word of the default intent ("spend", "harcama") often rides along in a follow-up that changes
            // something else; in one that restates nothing, the intent it names is what it asks ("how many was that?").
            // A display verb with a new count after a top list ("show me 6 instead", "6 tane göster") changes the
            // count, not what is listed.
            // So does a superlative with a count after one ("keep only the two biggest"): the list's first few, no one payment.
            let changesCount = [.listTransactions, .largest].contains(intent) && limit != nil && [.topMerchants, .topCategories].contains(previous.intent)
            // "şimdi ilk çeyreği göster", "now show q1": a display verb with only a period shows the last question's answer for it.
            let showsPeriod = intent == .listTransactions && period != nil && merchant == nil && category == nil && words.count <= 5
                && Self.onlyShows(words)
            let kept: FinanceQuestion.Intent? = intent == .totalSpent && !reading.restatesNothing || changesCount || showsPeriod ? nil : intent
            // A shift ("the year before", "bir önceki yıl") moves the last period, even where the words alone would
            // also read as a period of their own ("önceki yıl": the whole previous year).
            let shifted = reading.shift.flatMap { self.shifted(previous.period, by: $0) }
            let keepsCategory = merchant == nil || FollowUp.narrows(text)
            // "bunların en pahalısı hangi tatildi" after a question about Anex Tour: the category's word names what the last
            // answer's payments were, so its merchant stays, and no category is added to it.
            if merchant == nil, previous.merchant != nil, category != nil, FollowUp.pointsAtLastItems(words) {
                (merchant, category) = (previous.merchant, previous.category)
            }
            if reading.namesMerchantsPayments(of: previous) { (merchant, category) = (previous.merchant, nil) }
            if reading.namesMerchantsBills(of: previous) { (merchant, category) = (previous.merchant, nil) }
            // "same question for american eagle", "cacharel'i de bir kontrol et": another shop in the last one's place.
            if merchant == nil, category == nil, previous.merchant != nil, let other = shopInFollowUp(text) { merchant = other }
            var question = FinanceQuestion(intent: kept ?? previous.intent,
                                           period: shifted ?? period ?? previous.period, otherPeriod: other ?? previous.otherPeriod,
                                           merchant: merchant ?? (category == nil ? previous.merchant : nil),
                                           category: category ?? (keepsCategory ? previous.category : nil), limit: limit ?? previous.limit)
            if reading.comparesWithLast, let against = shifted ?? period {
                question.period = previous.period
                // The same span again ("this summer", then "compare with last summer" once it is over): the one a
                // year before, as nothing is compared with itself.
                question.otherPeriod = against == previous.period && shifted == nil
                    ? self.shifted(against, by: FollowUp.Shift(unit: .year)) ?? against : against
            }
            return question
        }
        if period == nil { period = reading.namedYear }
        var resolved = intent ?? .totalSpent
        if other != nil, resolved == .totalSpent { resolved = .comparePeriods }
        // "more last month or the month before?", "ağustos mu eylül mü?": a period and a shift of it, set against each
        // other with "or", ask which was more.
        if resolved == .totalSpent, period != nil, reading.shift != nil, Self.asksWhich(text) { resolved = .comparePeriods }
        // "compare last month with the month before": the second period is the first one shifted.
        var second = other
        if resolved == .comparePeriods, second == nil, let period, let shift = reading.shift { second = shifted(period, by: shift) }
        // "compare this month to the same month last year", "bu ayı geçen yılın aynı ayıyla karşılaştır": the first period
        // a year back, not the whole of last year (which "last year" alone names).
        if resolved == .comparePeriods, let period, other != nil, FollowUp.sameSpanAYearBefore(words), FollowUp.sameSpanInYear(words) == nil,
           let back = shifted(period, by: FollowUp.Shift(unit: .year)), back != period {
            second = back
        }
        return FinanceQuestion(intent: resolved, period: period ?? thisMonth(), otherPeriod: resolved == .comparePeriods ? second : nil,
                               merchant: merchant, category: merchant == nil ? category : nil, limit: limit)
    }

    /// The category a question names. "alışveriş" names the shopping category only as a noun of its own: in
    /// "alışveriş yaptım" / "alışveriş ediyor" it is the act of shopping, after "kaç" a count of purchases, and after
    /// "en pahalı", "en büyük" or "son" one purchase ("en pahalı alışverişim": my most expensive purchase).
    /// With `slicedByUnit`, a question that names no shop: the unit of its Turkish average may be its category (below).
    static func category(in text: String, slicedByUnit: Bool = false) -> String? {
        category(TextMatching.words(text), slicedByUnit: slicedByUnit)
    }

    /// The category of a question's folded words (some perhaps blanked), as `category(in:)` reads it.
    static func category(_ all: [String], slicedByUnit: Bool = false) -> String? {
        // The unit of an average is no category: "the average per bill", "fatura başına", "her alışverişte" (at each
        // purchase); so is a bill right after "avg" or "average" ("whats the avg bill"; "avg utility bill" names the bills),
        // or after a category's word written with a slip ("resturant bill" is the restaurant's, as "restaurant bill" is).
        // In a question that names no shop (`slicedByUnit`), a category's word before "başına" is what is averaged over:
        // "kafe başına ortalama" (per café), "fatura başına" (per bill); "alışveriş başına" (per purchase) stays a unit.
        // English "per" is left a unit: "so what's that per haircut" follows a question about a shop, which a category
        // would replace.
        func unitIsCategory(_ index: Int) -> Bool {
            slicedByUnit && !all[index].hasPrefix("alisveris") && category([all[index]]) != nil
        }
        let words = all.indices.map { index in
            index > 0 && ["per", "each", "her"].contains(all[index - 1]) && !qualifiesUnit(all, at: index)
                || index + 1 < all.count && all[index + 1] == "basina" && !unitIsCategory(index)
                || index > 0 && ["avg", "average"].contains(all[index - 1]) && ["bill", "check", "tab"].contains(all[index])
                || index > 0 && ["bill", "bills"].contains(all[index]) && misspelledCategory([all[index - 1]]) != nil ? "" : all[index]
        }
        // "kitap alışverişim", "market alışverişim": a purchase of another category's thing is that category's.
        let act = words.indices.contains { index in
            words[index].hasPrefix("alisveris") && (index + 1 < words.count && ["yap", "et"].contains { words[index + 1].hasPrefix($0) }
                                                     || index > 0 && ["kac", "pahali", "buyuk", "yuksek", "son"].contains(words[index - 1])
                                                     || index > 0 && !words[index - 1].hasPrefix("alisveris") && category([words[index - 1]]).map { $0 != "shopping" } == true)
        }
        let folded = FoldedText(words: words)
        return categoryPhrases.first { name, phrases in
            phrases.contains { phrase in
                !(act && name == "shopping" && phrase.text == "alışveriş") && folded.contains(phrase.text, pluralOnly: phrase.englishOnly)
            }
        }?.name ?? misspelledCategory(words)
    }

    /// The categories' phrases, folded once, each marked when its last word is English only (a common English word, no
    /// common Turkish one): such a word takes a plural ending in a question, never the short endings Turkish glues on, which
    /// `FoldedText` allows ("taksiye", "marketten"; Turkish writes one after an English word's apostrophe, as a word of
    /// its own). So "cab" matches "cabs" but not "cabin" or "cabelas", "bus" not "busy".
    static let categoryPhrases: [(name: String, phrases: [(text: String, englishOnly: Bool)])] = categories.map { name, phrases in
        (name, phrases.map { phrase in
            let last = TextMatching.words(phrase).last ?? ""
            return (phrase, CommonWords.isEnglish(last) && !CommonWords.isTurkish(last))
        })
    }

    /// A category's long word written with a slip ("restaraunt", "grocceries"): within one edit of a word of nine
    /// letters or more, two of ten or more (a swap counts as one). Shorter words are left alone: "stopping" is no
    /// "shopping".
    static func misspelledCategory(_ words: [String]) -> String? {
        for word in words where word.count >= 8 {
            for (name, folded) in longCategoryWords {
                let allowed = folded.count >= 10 ? 2 : 1
                // An exact word is the phrase pass's to read (or, as "alışveriş" of an act, to leave).
                guard word != folded, abs(folded.count - word.count) <= allowed else { continue }
                if TextMatching.editDistance(word, folded, limit: allowed) <= allowed { return name }
            }
        }
        // "restraunts": a long word's letters moved, not changed: the same first three letters and last letter, and the same
        // letters but for one left out or added ("restraunts" is three edits from "restaurants", one letter short of it).
        for word in words where word.count >= 8 {
            for (name, folded) in longCategoryWords where word != folded && word.prefix(3) == folded.prefix(3) && word.last == folded.last
                && abs(folded.count - word.count) <= 1 && Self.lettersApart(word, folded) <= 1 { return name }
        }
        // "how many cofees", "shoping": a category's word with a doubled letter written once, perhaps with a short ending.
        for word in words where word.count >= 5 {
            for (name, undoubled) in undoubledCategoryWords
            where word == undoubled || word.hasPrefix(undoubled) && word.count <= undoubled.count + 2 { return name }
        }
        return nil
    }

    /// How many letters one word has that the other lacks, counted both ways, in any order.
    static func lettersApart(_ first: String, _ second: String) -> Int {
        var counts: [Character: Int] = [:]
        for letter in first { counts[letter, default: 0] += 1 }
        for letter in second { counts[letter, default: 0] -= 1 }
        return counts.values.reduce(0) { $0 + abs($1) }
    }

    /// The categories' one-word phrases with a doubled letter, folded, written with it once ("cofee", "diner", "shoping"),
    /// of five letters or more so written ("bils" is too short to tell from another word).
    static let undoubledCategoryWords: [(name: String, undoubled: String)] = categories.flatMap { name, phrases in
        phrases.filter { !$0.contains(" ") }.flatMap { phrase -> [(String, String)] in
            let letters = Array(TextMatching.fold(phrase))
            return letters.indices.dropFirst().filter { letters[$0] == letters[$0 - 1] }.map { index in
                var undoubled = letters
                undoubled.remove(at: index)
                return (name, String(undoubled))
            }.filter { $0.1.count >= 5 }
        }
    }

    /// The categories' one-word phrases of nine letters or more, folded once: what `misspelledCategory` compares.
    static let longCategoryWords: [(name: String, folded: String)] = categories.flatMap { name, phrases in
        phrases.filter { !$0.contains(" ") && $0.count >= 9 }.map { (name, TextMatching.fold($0)) }
    }

    /// Whether a rule recognises what the question asks for.
    public static func hasIntentCue(_ text: String) -> Bool {
        let folded = FoldedText(text)
        return intents.contains { folded.containsAny($0.1) }
    }

    /// "and in September?", "what about last week?", "peki eylülde?", "ya geçen ay?", "top 3 instead" (`FollowUp`).
    public static func isFollowUp(_ text: String) -> Bool { FollowUp.isFollowUp(text) }

    /// Whether `text`, after `previous`, is read as a follow-up to it: worded as one (`isFollowUp`), restating
    /// nothing of its own (no period, merchant or category: "how many transactions was that?", "bu kaç işlem?"),
    /// which keeps everything it does not name, or comparing with one period ("geçen ayla kıyasla").
    public func isFollowUp(_ text: String, after previous: FinanceQuestion?) -> Bool {
        guard let previous else { return false }
        if Self.isFollowUp(text) { return true }
        return read(text).buildsOn(previous, words: TextMatching.words(text).count)
    }

    /// Verbs of showing, folded, which alone ask for no list of payments: "show", "göster" (show), "göstersene".
    static let displayVerbs: Set<String> = ["show", "me", "goster", "gosterir", "gostersene", "gosterin"]

    /// Payments named as many, folded, which a display verb lists: "show the q1 charges", "ödemeleri göster".
    static let paymentsNouns: Set<String> = ["charges", "payments", "transactions", "purchases", "receipts", "odemeler", "odemeleri",
                                             "harcamalar", "harcamalari", "islemler", "islemleri", "alisverisler", "alisverisleri"]

    /// Whether the only cue of a list in `words` is a display verb, with no payments named ("şimdi ilk çeyreği göster",
    /// "now show q1"; not "now show the q1 charges").
    static func onlyShows(_ words: [String]) -> Bool {
        guard !words.contains(where: paymentsNouns.contains) else { return false }
        let listCues = intents.first { $0.0 == .listTransactions }?.1 ?? []
        return !FoldedText(words: words.map { displayVerbs.contains($0) ? "" : $0 }).containsAny(listCues)
    }

    /// The one count a short follow-up gives ("only need 2", "just three", "ikisi yeter"), if it gives exactly one.
    /// "on taneye çıkar": "on" (ten) or "yirmi" (twenty) counts only before "tane…", Turkish's noun of pieces ("on" is
    /// English too).
    static func bareCount(_ words: [String]) -> Int? {
        let counts = words.indices.compactMap { index -> Int? in
            let word = words[index]
            let tens = index + 1 < words.count && words[index + 1].hasPrefix("tane") ? ["on": 10, "yirmi": 20][word] : nil
            let value = Int(word) ?? SearchParser.numbers[word] ?? SearchParser.numbers[turkishCountStem(word)] ?? tens
            return value.flatMap { (1...50).contains($0) && !["a", "an", "bir", "one"].contains(word) ? $0 : nil }
        }
        return counts.count == 1 ? counts[0] : nil
    }

    /// A season after "last" or "geçen": "last summer", "geçen yaz", "geçen kışın".
    static func namesLastSeason(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { before, word in
            ["last", "gecen"].contains(before) && (seasons[word] != nil || turkishSeasonForms[word] != nil)
        }
    }

    /// Nouns a count of merchants is written with: "top 3 places", "en çok harcadığım 5 yer".
    /// ("which four kinds of spending": kinds, types, of spending are categories.)
    static let merchantNouns: Set<String> = ["places", "spots", "shops", "stores", "merchants", "payees", "categories", "kinds", "types",
                                             "yer", "yerler", "yeri",
                                             "magaza", "magazalar", "dukkan", "kategori", "isyeri", "isyerleri", "isletme", "isletmeler",
                                             "firma", "firmalar"]

    /// A Turkish noun of `merchantNouns` in a case or the plural: "hangi 4 kategoriye", "3 mağazaya", "5 yere"; "3 harcama
    /// kalemim" (three lines of spending).
    static func isMerchantNounInCase(_ word: String) -> Bool {
        // "en büyük 3 harcama kalemim": "kalem" (a line of spending) is a category.
        // "en çok para kazandırdığım beş firması": "firma" with a possessive or a case, as the others.
        ["kategori", "magaza", "dukkan", "kalem", "firma"].contains { word.hasPrefix($0) && word.count - $0.count <= 5 }
            || word.hasPrefix("yer") && ["e", "de", "den", "ler", "lere", "lerde", "lerden", "leri"].contains(String(word.dropFirst(3)))
    }

    /// Words between a count and its noun: "my 3 biggest spending categories".
    static let nounModifiers: Set<String> = ["biggest", "largest", "top", "highest", "main", "most", "spending", "expense", "expensive",
                                             "favourite", "favorite", "costliest", "harcama",
                                             // "my 3 heaviest spending categories", "en masraflı 3 kategori".
                                             "heaviest", "priciest", "greediest", "hungriest", "masrafli", "pahali", "buyuk"]

    /// How many merchants or categories a question asks for: "top 5", "ilk 3", "3 places", "my 3 biggest spending
    /// categories"; in a follow-up, "make it 5", "5 olsun", "show me 6 instead", "6 tane göster".
    static func limit(in text: String) -> Int? {
        let words = TextMatching.words(text)
        func number(_ word: String) -> Int? {
            guard let value = Int(word) ?? (word == "a" || word == "bir" ? nil : SearchParser.numbers[word]), value > 0, value <= 50 else { return nil }
            return value
        }
        // "yılın ilk altı ayı", "the first 6 months": a span of time, no count of items.
        func timeUnit(_ at: Int) -> Bool {
            guard at < words.count else { return false }
            let word = words[at]
            return ["month", "months", "week", "weeks", "day", "days", "year", "years"].contains(word)
                || ["ay", "hafta", "gun", "yil"].contains { word.hasPrefix($0) && word.count <= $0.count + 4 }
        }
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if ["ilk", "first"].contains(word), number(words[index + 1]) != nil, timeUnit(index + 2) { continue }
            // "the leading two", "en üstteki iki tanesi" (the two at the top).
            // "just keep 4 of them": the count kept.
            if ["top", "ilk", "en", "first", "leading", "ustteki", "keep"].contains(word), let value = number(words[index + 1]) { return value }
            // "ilk üçü", "ilk beşini", "ilk ikisi": the count with a Turkish possessive or accusative ending.
            if word == "ilk", let value = number(turkishCountStem(words[index + 1])) { return value }
            if word == "ilk", words[index + 1] == "on" { return 10 }  // "ilk on": on is ten in Turkish
            if let value = number(word) {
                let noun = words[(index + 1)...].prefix(4).firstIndex { !nounModifiers.contains($0) }
                if let noun, merchantNouns.contains(words[noun]) || isMerchantNounInCase(words[noun]) { return value }
                // A follow-up changing the count; "the two biggest", "the 3 largest": a count before a superlative.
                // "dört tanesini göster": the count with "tane" (items) and its accusative.
                if ["olsun", "instead", "tane", "tanesini", "tanesi", "biggest", "largest", "highest", "priciest"].contains(words[index + 1]) { return value }
                // "give me four, not ten": the count wanted before the one refused.
                if index + 2 < words.count, words[index + 1] == "not", number(words[index + 2]) != nil { return value }
                // "6 is enough, drop the rest": the count that will do.
                if index + 2 < words.count, words[index + 1] == "is", ["enough", "plenty", "fine"].contains(words[index + 2]) { return value }
            }
            if word == "it", index > 0, words[index - 1] == "make", let value = number(words[index + 1]) { return value }
            // "which 3 did i pour the most into", "hangi 3 kalemde": which, and how many (not a span: "which 2 months"; "which
            // one" asks for one thing, no list).
            if ["which", "hangi"].contains(word), let value = number(words[index + 1]), value >= 2, !timeUnit(index + 2) { return value }
            // "just give me 3", "show me 4": a bare count ending a follow-up.
            if word == "me", index > 0, ["give", "show"].contains(words[index - 1]), index + 2 == words.count,
               let value = number(words[index + 1]) { return value }
            // "cut it down to 3", "change it to 8"; "3'e düşür", "10'a çıkar".
            if word == "to", words[..<index].contains(where: countChanges.contains), let value = number(words[index + 1]) { return value }
            if let value = number(word), index + 2 < words.count, ["e", "a", "ye", "ya"].contains(words[index + 1]),
               turkishCountChanges.contains(where: words[index + 2].hasPrefix) { return value }
            // "yediye çıkarsana", "beşe indir": a spelled count in the dative, one word, before a verb that changes it.
            // "listeyi üçle sınırla": limited with a count, in the instrumental.
            let endings = words[index + 1].hasPrefix("sinirla") ? ["ye", "ya", "e", "a", "yle", "yla", "le", "la"] : ["ye", "ya", "e", "a"]
            if turkishCountChanges.contains(where: words[index + 1].hasPrefix),
               let value = endings.lazy.compactMap({ ending in
                   word.hasSuffix(ending) ? SearchParser.numbers[String(word.dropLast(ending.count))] : nil
               }).first, (2...50).contains(value) { return value }
        }
        return nil
    }

    /// A spelled Turkish number without its possessive or accusative ending ("ucu" → "uc", "besini" → "bes",
    /// "ikisi" → "iki"); the word itself when no ending leaves a number.
    static func turkishCountStem(_ word: String) -> String {
        for ending in ["sini", "sunu", "ini", "unu", "si", "su", "i", "u"] where word.hasSuffix(ending) {
            var stem = String(word.dropLast(ending.count))
            if stem == "dord" { stem = "dort" }  // "dördü": t softens to d before a vowel
            if let value = SearchParser.numbers[stem], value > 1 { return stem }
        }
        return word
    }

    /// Verbs that change a list's count in a follow-up, before "to" and the new count.
    static let countChanges: Set<String> = ["cut", "reduce", "change", "limit", "trim", "shrink", "lower", "increase", "raise", "bump",
                                            "expand", "bring", "set"]
    /// Turkish verbs after the new count in the dative: "3'e düşür", "5'e indir", "10'a çıkar", "8'e artır".
    static let turkishCountChanges: [String] = ["dusur", "indir", "cikar", "artir", "yukselt", "sinirla"]
}
