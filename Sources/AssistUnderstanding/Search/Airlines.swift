/// Airlines by the names travellers write, in English and Turkish.
///
/// No package from PyPI or Debian ships airline names with a licence to use them, so the table is kept here: checked
/// were `airline`, `flightdata`, `traffic`, `pyairports` and `airportsdata` (airports only), then `openap`,
/// `aviationtools`, `airports-py`, `faker-airtravel` (airports only), `blips` (ICAO call-sign prefixes, no names),
/// `django-openflights` and `flight-display` (both fetch OpenFlights' airlines.dat at run time, none ship it), and
/// Debian's archive (no airline data). The table holds the world's larger carriers and the ones Turkish travellers fly,
/// each as IATA's airline coding directory names it; carriers it lacks are still read by their name's shape
/// (`AirlineNameShapes.swift`), and listed ones by a short name after a cue (`AirlineCues.swift`). An airline named
/// after a city the gazetteer reads ("Brussels Airlines", "Cebu Pacific") is here too: no place is read inside an
/// airline's name (`airlineSpans`), so "Cebu Pacific Manila to Denpasar" is a flight from Manila. Left out are names
/// that are everyday words on their own ("lot", "ana"). Names that are words but also an airline when the text makes
/// them one ("Delta", "United") are in `contextual`; a country's name that is also its airline's ("Qatar") in
/// `countryAirlines`.
extension SearchParser {
    static let airlines: [(String, [String])] = [
        // Turkey, and the carriers that fly there most.
        ("Turkish Airlines", ["turkish airlines", "thy", "türk hava yolları", "turk hava yollari", "türk havayolları"]), ("Pegasus", ["pegasus"]),
        ("AJet", ["ajet"]), ("SunExpress", ["sunexpress"]), ("Corendon Airlines", ["corendon"]),
        // Europe.
        ("British Airways", ["british airways", "ingiliz hava yolları", "ingiliz havayolları"]), ("Lufthansa", ["lufthansa"]),
        ("TAP Air Portugal", ["tap air portugal", "tap"]), ("KLM", ["klm"]), ("Air France", ["air france"]), ("Ryanair", ["ryanair"]),
        ("easyJet", ["easyjet"]), ("Wizz Air", ["wizz air", "wizzair", "wizz"]), ("Vueling", ["vueling"]), ("Icelandair", ["icelandair"]),
        ("Iberia Express", ["iberia express"]), ("Iberia", ["iberia"]), ("Aer Lingus", ["aer lingus"]), ("Finnair", ["finnair"]), ("Aegean Airlines", ["aegean airlines"]),
        ("Austrian Airlines", ["austrian airlines"]), ("Swiss International Air Lines", ["swiss air lines", "swiss international air lines"]),
        ("Aeroflot", ["aeroflot"]), ("Scandinavian Airlines", ["scandinavian airlines"]), ("Norwegian Air Shuttle", ["norwegian air"]),
        ("Loganair", ["loganair"]), ("Air Europa", ["air europa"]), ("ITA Airways", ["ita airways"]), ("Eurowings", ["eurowings"]), ("TUI fly", ["tuifly", "tui fly"]),
        ("Jet2", ["jet2"]), ("Transavia", ["transavia"]), ("Air Serbia", ["air serbia"]), ("Croatia Airlines", ["croatia airlines"]),
        ("airBaltic", ["airbaltic", "air baltic"]), ("LOT Polish Airlines", ["lot polish airlines", "polish airlines"]),
        ("Luxair", ["luxair"]), ("Virgin Atlantic", ["virgin atlantic"]), ("S7 Airlines", ["s7 airlines"]),
        ("Volotea", ["volotea"]), ("TAROM", ["tarom"]), ("Brussels Airlines", ["brussels airlines"]),
        ("Widerøe", ["widerøe", "wideroe"]), ("Condor", ["condor airlines"]), ("Ural Airlines", ["ural airlines"]),
        ("Belavia", ["belavia"]), ("Sky Express", ["sky express"]), ("Cyprus Airways", ["cyprus airways", "kıbrıs hava yolları", "kıbrıs havayolları"]),
        ("Discover Airlines", ["discover airlines"]), ("Southwind Airlines", ["southwind airlines"]), ("Freebird Airlines", ["freebird airlines"]),
        ("TUI Airways", ["tui airways"]), ("Arkia", ["arkia"]), ("Pobeda", ["pobeda"]), ("Nordwind Airlines", ["nordwind airlines", "nordwind"]),
        ("Red Wings Airlines", ["red wings airlines"]), ("Utair", ["utair"]), ("Bulgaria Air", ["bulgaria air"]), ("Smartwings", ["smartwings"]),
        ("Edelweiss Air", ["edelweiss air"]), ("Binter Canarias", ["binter canarias", "binter"]), ("Aurigny Air Services", ["aurigny air services", "aurigny"]),
        ("Eastern Airways", ["eastern airways"]), ("Tailwind Airlines", ["tailwind airlines"]), ("HiSky", ["hisky"]), ("Sundair", ["sundair"]),
        ("SkyUp Airlines", ["skyup airlines", "skyup"]), ("FlyOne", ["flyone"]), ("Marabu Airlines", ["marabu airlines"]),
        ("Norse Atlantic Airways", ["norse atlantic airways", "norse atlantic"]), ("Aeroitalia", ["aeroitalia"]),
        ("Braathens Regional Airlines", ["braathens regional airlines", "braathens regional", "braathens"]),
        ("Rossiya Airlines", ["rossiya airlines"]), ("Smartavia", ["smartavia"]), ("Yakutia Airlines", ["yakutia airlines"]),
        // The Caucasus, Central Asia, the Middle East and Africa.
        ("Air Albania", ["air albania"]), ("Iraqi Airways", ["iraqi airways", "irak hava yolları", "irak havayolları"]),
        ("Azerbaijan Airlines", ["azerbaijan airlines", "azal", "azerbaycan hava yolları", "azerbaycan havayolları"]),
        ("Georgian Airways", ["georgian airways"]), ("Air Astana", ["air astana"]),
        ("Uzbekistan Airways", ["uzbekistan airways", "özbekistan hava yolları", "özbekistan havayolları"]),
        ("Emirates", ["emirates"]), ("Qatar Airways", ["qatar airways", "katar hava yolları", "katar havayolları"]),
        ("Etihad Airways", ["etihad"]), ("flydubai", ["flydubai"]), ("Saudia", ["saudia"]), ("flynas", ["flynas"]), ("Air Arabia", ["air arabia"]),
        ("Gulf Air", ["gulf air"]), ("Oman Air", ["oman air"]), ("Kuwait Airways", ["kuwait airways"]), ("Royal Jordanian", ["royal jordanian"]),
        ("Jazeera Airways", ["jazeera airways"]),
        ("Middle East Airlines", ["middle east airlines"]), ("Iran Air", ["iran air"]), ("EgyptAir", ["egyptair", "egypt air", "mısır hava yolları",
                                                                                                         "mısır havayolları"]),
        ("Royal Air Maroc", ["royal air maroc", "fas hava yolları", "fas havayolları"]), ("Tunisair", ["tunisair"]), ("Air Algérie", ["air algerie"]),
        ("Ethiopian Airlines", ["ethiopian airlines"]), ("Kenya Airways", ["kenya airways"]), ("RwandAir", ["rwandair"]),
        ("South African Airways", ["south african airways"]), ("Airlink", ["airlink"]), ("FlyArystan", ["flyarystan", "fly arystan"]),
        ("SCAT Airlines", ["scat airlines"]), ("Somon Air", ["somon air"]), ("Qazaq Air", ["qazaq air"]), ("Air Peace", ["air peace"]),
        ("Air Tanzania", ["air tanzania"]), ("FlySafair", ["flysafair", "fly safair"]), ("Air Botswana", ["air botswana"]),
        ("Turkmenistan Airlines", ["turkmenistan airlines", "türkmenistan hava yolları", "türkmenistan havayolları"]), ("Nouvelair", ["nouvelair"]),
        ("Air Cairo", ["air cairo"]), ("SalamAir", ["salamair", "salam air"]), ("flyadeal", ["flyadeal"]), ("Mahan Air", ["mahan air"]),
        ("Air Senegal", ["air senegal"]), ("Precision Air", ["precision air"]), ("Air Zimbabwe", ["air zimbabwe"]),
        ("Jambojet", ["jambojet"]), ("Arik Air", ["arik air"]), ("TAAG Angola Airlines", ["taag angola airlines", "taag"]),
        ("LAM Mozambique Airlines", ["lam mozambique airlines"]), ("Air Manas", ["air manas"]), ("Centrum Air", ["centrum air"]),
        ("Fly Baghdad", ["flybaghdad"]), ("Yemenia", ["yemenia"]), ("Afriqiyah Airways", ["afriqiyah"]), ("Air Côte d'Ivoire", ["air côte d'ivoire", "air cote d'ivoire"]),
        ("El Al Israel Airlines", ["el al israel airlines", "el al"]), ("ASKY Airlines", ["asky airlines", "asky"]),
        ("Safarilink Aviation", ["safarilink aviation", "safarilink"]), ("Proflight Zambia", ["proflight zambia", "proflight"]),
        ("Iran Aseman Airlines", ["iran aseman airlines", "iran aseman", "aseman airlines"]),
        ("Tunisair Express", ["tunisair express"]), ("Camair-Co", ["camair co", "camair"]), ("Sky Mali", ["sky mali"]),
        ("Airkenya Express", ["airkenya express", "airkenya"]), ("FlyNamibia", ["flynamibia"]),
        // The Americas.
        ("Air Canada", ["air canada"]), ("WestJet", ["westjet"]), ("Air Transat", ["air transat"]), ("Porter Airlines", ["porter airlines"]),
        ("Delta Air Lines", ["delta air lines", "delta airlines"]), ("United Airlines", ["united airlines"]),
        ("American Airlines", ["american airlines"]), ("Southwest Airlines", ["southwest airlines"]), ("JetBlue", ["jetblue"]),
        ("Alaska Airlines", ["alaska airlines", "alaska air"]), ("Spirit Airlines", ["spirit airlines"]), ("Frontier Airlines", ["frontier airlines"]),
        ("Hawaiian Airlines", ["hawaiian airlines"]), ("Allegiant Air", ["allegiant"]), ("Sun Country Airlines", ["sun country airlines", "sun country"]),
        ("Breeze Airways", ["breeze airways"]), ("Aeroméxico", ["aeromexico"]), ("Volaris", ["volaris"]), ("LATAM Airlines", ["latam"]),
        ("Avianca", ["avianca"]), ("Copa Airlines", ["copa airlines"]), ("Aerolíneas Argentinas", ["aerolineas argentinas"]),
        ("Flair Airlines", ["flair airlines"]), ("Viva Aerobus", ["viva aerobus", "vivaaerobus"]), ("Caribbean Airlines", ["caribbean airlines"]),
        ("Bahamasair", ["bahamasair"]), ("Sky Airline", ["sky airline"]), ("JetSMART", ["jetsmart"]),
        ("Cape Air", ["cape air"]), ("Avelo Airlines", ["avelo airlines", "avelo"]), ("Flybondi", ["flybondi"]),
        ("Boliviana de Aviación", ["boliviana de aviacion"]), ("Air North", ["air north"]), ("Arajet", ["arajet"]), ("Satena", ["satena"]),
        ("Azul Brazilian Airlines", ["azul brazilian airlines", "azul airlines"]), ("Ravn Alaska", ["ravn alaska", "ravn"]),
        ("GOL Linhas Aéreas", ["gol linhas aereas"]), ("Wingo", ["wingo airlines"]),
        ("Southern Airways Express", ["southern airways express"]), ("Mexicana de Aviación", ["mexicana de aviacion", "mexicana"]),
        ("Magnicharters", ["magnicharters"]), ("Cubana de Aviación", ["cubana de aviacion", "cubana"]),
        ("interCaribbean Airways", ["intercaribbean airways", "intercaribbean"]), ("Star Perú", ["star peru"]), ("EasyFly", ["easyfly"]),
        ("Voepass Linhas Aéreas", ["voepass linhas aereas", "voepass"]),
        ("Pacific Coastal Airlines", ["pacific coastal airlines"]), ("Conviasa", ["conviasa"]), ("Amaszonas", ["amaszonas"]),
        ("Andes Líneas Aéreas", ["andes lineas aereas"]),
        // Asia and the Pacific.
        ("Qantas", ["qantas"]), ("Singapore Airlines", ["singapore airlines"]), ("Cathay Pacific", ["cathay pacific"]),
        ("Air India Express", ["air india express"]), ("Air India", ["air india"]), ("SpiceJet", ["spicejet"]), ("Pakistan International Airlines", ["pakistan international airlines"]),
        ("SriLankan Airlines", ["srilankan"]), ("Thai Airways", ["thai airways"]), ("Malaysia Airlines", ["malaysia airlines"]),
        ("AirAsia", ["airasia", "air asia"]), ("Garuda Indonesia", ["garuda"]), ("Philippine Airlines", ["philippine airlines"]),
        ("Vietnam Airlines", ["vietnam airlines"]), ("VietJet Air", ["vietjet"]), ("EVA Air", ["eva air"]), ("China Airlines", ["china airlines"]),
        ("Air China", ["air china"]), ("China Eastern Airlines", ["china eastern"]), ("China Southern Airlines", ["china southern"]),
        ("Hainan Airlines", ["hainan airlines"]), ("Japan Airlines", ["japan airlines", "jal"]), ("All Nippon Airways", ["all nippon airways"]),
        ("Korean Air", ["korean air"]), ("Asiana Airlines", ["asiana"]), ("Air New Zealand", ["air new zealand"]),
        ("Virgin Australia", ["virgin australia"]), ("Jetstar", ["jetstar"]), ("Cebu Pacific", ["cebu pacific"]),
        ("Starlux Airlines", ["starlux"]), ("Jeju Air", ["jeju air"]), ("Druk Air", ["druk air", "drukair"]),
        ("Royal Brunei Airlines", ["royal brunei"]), ("Fiji Airways", ["fiji airways"]), ("Bangkok Airways", ["bangkok airways"]),
        ("Batik Air", ["batik air"]), ("Lion Air", ["lion air"]), ("Air Niugini", ["air niugini"]),
        ("Buddha Air", ["buddha air"]), ("Akasa Air", ["akasa air", "akasa"]), ("Spring Airlines", ["spring airlines"]),
        ("Skymark Airlines", ["skymark"]), ("Peach Aviation", ["peach aviation"]), ("HK Express", ["hk express"]), ("Nok Air", ["nok air"]),
        ("Citilink", ["citilink"]), ("Bamboo Airways", ["bamboo airways"]), ("Yeti Airlines", ["yeti airlines"]), ("Alliance Air", ["alliance air"]),
        ("airblue", ["airblue"]), ("Biman Bangladesh Airlines", ["biman bangladesh airlines", "biman"]),
        ("US-Bangla Airlines", ["us bangla airlines", "us bangla"]), ("Jin Air", ["jin air"]), ("Air Tahiti Nui", ["air tahiti nui"]),
        ("Regional Express", ["regional express"]), ("Scoot", ["flyscoot"]),
        ("AIRDO", ["airdo"]), ("MASwings", ["maswings"]), ("Vietravel Airlines", ["vietravel airlines", "vietravel"]),
        ("NOVOAIR", ["novoair"]), ("T'way Air", ["t'way air", "tway air"]),
        ("QantasLink", ["qantaslink"]), ("Thai Lion Air", ["thai lion air"]), ("Tigerair Taiwan", ["tigerair taiwan", "tigerair"]),
        ("MIAT Mongolian Airlines", ["miat mongolian airlines"]), ("AirSWIFT", ["airswift"]), ("FitsAir", ["fitsair"]),
        ("Eastar Jet", ["eastar jet", "eastar"]),
        // Regional carriers of Canada, Greenland, the Azores, Patagonia, Central America and the Maldives.
        ("Air Creebec", ["air creebec", "creebec"]), ("Central Mountain Air", ["central mountain air"]), ("Air Greenland", ["air greenland"]),
        ("SATA Air Açores", ["sata air açores", "sata air acores"]), ("Sansa Airlines", ["sansa airlines"]),
        ("Pascan Aviation", ["pascan aviation", "pascan"]), ("Air Inuit", ["air inuit"]), ("Perimeter Aviation", ["perimeter aviation"]), ("Air Panama", ["air panama"]),
        ("La Costeña", ["la costeña", "la costena"]), ("Aerovías DAP", ["aerovías dap", "aerovias dap"]),
        ("Trans Guyana Airways", ["trans guyana airways", "trans guyana"]), ("Air Guyane", ["air guyane"]),
        ("Boutique Air", ["boutique air"]), ("Harbour Air", ["harbour air", "harbor air"]), ("Aerobell", ["aerobell"]),
        ("Searca", ["searca"]), ("Transporte Aéreo Militar", ["transporte aéreo militar", "transporte aereo militar"]),
        ("TAG Airlines", ["tag airlines"]), ("Sol del Paraguay", ["sol del paraguay"]), ("PNG Air", ["png air"]),
        ("Trans Air Congo", ["trans air congo"]), ("Afrijet", ["afrijet"]),
        ("Severstal Air Company", ["severstal air company", "severstal air", "severstal avia"]),
        ("Denver Air Connection", ["denver air connection"]), ("Grand Canyon Airlines", ["grand canyon airlines"]),
        ("Aerolíneas Sosa", ["aerolíneas sosa", "aerolineas sosa"]), ("Fly Corporate", ["fly corporate", "flycorporate"]),
        ("Azul Conecta", ["azul conecta"]), ("Equaflight", ["equaflight"]), ("American Jet", ["american jet"]),
        ("Eswatini Air", ["eswatini air"]),
    ]

    /// Airlines whose name is also a word ("delta" of a river, "united" of a kingdom): read only where the text
    /// makes it the airline, first in the request or after "with", "on", "by", "fly", "via", "ile" ("Delta from
    /// Atlanta…", "on Delta", "United Sacramento to Tucson"), or before Turkish "ile" ("S7 ile"), never after "the" or
    /// a place ("the Mekong Delta"), nor before a word that makes it another name ("United Kingdom", "American
    /// Express"). "condor" is a bird, "s7" a phone's model, "southwind" and "freebird" words too; "canadian north"
    /// (two words, the last whole: not "Canadian Northern") is also the north of Canada ("the Canadian north"); "azul"
    /// is blue, "peach" a fruit, "tui" a bird, "edelweiss" a flower, "red wings" a team. "fly baghdad" reads as a verb
    /// and a city in English ("fly Baghdad to Erbil"), so it is the airline only after a cue or before "ile", never
    /// first in the request (`cuedOnlyAirlines`). "wingo" is a game, "gol" a goal (Turkish, Spanish, Portuguese), "scoot" and
    /// "tailwind" words, "rex" a king and a dog's name, "neos" a prefix, "norwegian" a nationality ("Norwegian cruise");
    /// "firefly" an insect, "marabu" a stork, and "fly jinnah" a verb and a name, cued only as "fly baghdad" is.
    /// "pacific coastal" is also a coast's ("a Pacific coastal town"), and "pal express" a friend and a verb ("my pal
    /// express-mailed it"; matched whole, so "my pal expressed" is neither). "sansa" is Turkish "şansa" (to luck) as
    /// typed without its letters, "lade" an old verb, "sata" a disk's interface, "maldivian" a nationality and "perimeter"
    /// a boundary. "aurora" is a dawn and a town (Colorado, Illinois), and "severstal" a steelmaker, whose airline is
    /// named so ("Severstal ile").
    /// A contextual name that begins an unlisted airline's shaped name is that airline's first word: "United Nigeria
    /// Airlines" is not United (`contextualAirlineSpan(in:glued:besides:)`).
    static let contextualAirlines: [String: String] = [
        "delta": "Delta Air Lines", "united": "United Airlines", "southwest": "Southwest Airlines", "american": "American Airlines",
        "spirit": "Spirit Airlines", "frontier": "Frontier Airlines", "indigo": "IndiGo", "copa": "Copa Airlines",
        "condor": "Condor", "s7": "S7 Airlines", "southwind": "Southwind Airlines", "freebird": "Freebird Airlines",
        "canadian north": "Canadian North", "azul": "Azul Brazilian Airlines", "peach": "Peach Aviation", "tui": "TUI Airways",
        "edelweiss": "Edelweiss Air", "red wings": "Red Wings Airlines", "fly baghdad": "Fly Baghdad",
        "wingo": "Wingo", "gol": "GOL Linhas Aéreas", "scoot": "Scoot", "rex": "Regional Express", "norwegian": "Norwegian Air Shuttle",
        "tailwind": "Tailwind Airlines", "neos": "Neos", "firefly": "Firefly", "marabu": "Marabu Airlines", "fly jinnah": "Fly Jinnah",
        "pacific coastal": "Pacific Coastal Airlines", "pal express": "PAL Express",
        "sansa": "Sansa Airlines", "lade": "LADE", "sata": "SATA Air Açores", "maldivian": "Maldivian", "perimeter": "Perimeter Aviation",
        "aurora": "Aurora", "severstal": "Severstal Air Company",
    ]
    /// Contextual airlines named as a nationality is: before "flights" they name none.
    static let nationalityAirlines: Set<String> = ["American Airlines", "Norwegian Air Shuttle", "Maldivian"]
    /// Contextual airlines whose name, first in a request, reads as something else ("Aurora to Denver" leaves from Aurora).
    static let cuedOnlyAirlines: Set<String> = ["Fly Baghdad", "Fly Jinnah", "Aurora"]
    /// `contextualAirlines`' names as words, longest first.
    static let contextualAirlineWords: [(words: [String], airline: String)] =
        contextualAirlines.map { (TextMatching.words($0.key), $0.value) }.sorted { ($0.words.count, $0.airline) > ($1.words.count, $1.airline) }
    static let afterAirlineWords: Set<String> = [
        "kingdom", "states", "arab", "nations", "express", "river", "of", "and", "airport", "america", "del", "cruise", "cruises",
        "town", "towns", "road", "roads",
    ]

    /// Airlines known by a short name that is also a word ("lot", "sas", "ana", "ita", "lam", "swiss", "play"): read only as written, in
    /// capitals, in a text that is not all capitals ("LOT Katowice to Gdansk"). "MIAT" too, which the table would match
    /// inside "Miata", a car's name, by the letter a case ending leaves after a name.
    static let capitalisedAirlines: [String: String] = [
        "LOT": "LOT Polish Airlines", "SAS": "Scandinavian Airlines", "ANA": "All Nippon Airways", "ITA": "ITA Airways",
        "PIA": "Pakistan International Airlines", "SCAT": "SCAT Airlines",
        "MEA": "Middle East Airlines", "BA": "British Airways", "LAM": "LAM Mozambique Airlines", "SWISS": "Swiss International Air Lines",
        "PLAY": "PLAY", "REX": "Regional Express", "MIAT": "MIAT Mongolian Airlines",
    ]

    static func capitalisedAirline(in text: String) -> String? {
        guard text.contains(where: \.isLowercase) else { return nil }
        return text.split { !$0.isLetter && !$0.isNumber }.lazy.compactMap { capitalisedAirlines[String($0)] }.first
    }

    /// An airline's own spelling of a one-word name written in lower case ("ajet" → "AJet", "sunexpress" →
    /// "SunExpress"): a brand's capitals the text cannot give, taken from the table, which spells each carrier as it
    /// does; nil for a word that is no listed airline's whole name ("turkish", "delta").
    public static func brandSpelling(of word: String) -> String? {
        let folded = TextMatching.fold(word)
        guard folded.count >= 3, folded.allSatisfy(\.isLetter) else { return nil }
        return airlines.first { entry in !entry.0.contains(" ") && TextMatching.fold(entry.0) == folded }?.0
    }

    /// Every name a traveller may write for `airline`: its own, the table's, the contextual and the capitalised short
    /// names ("Azul Brazilian Airlines": also "azul airlines" and "azul"), so that where the rules read a carrier, the
    /// words it was written with are found however it was written ("Azul'la").
    static func writtenNames(of airline: String) -> [String] {
        let listed = airlines.first { $0.0 == airline }?.1 ?? []
        let contextual = contextualAirlines.filter { $0.value == airline }.map(\.key)
        let capitalised = capitalisedAirlines.filter { $0.value == airline }.map(\.key)
        return [airline] + listed + (contextual + capitalised).sorted()
    }

    /// Each airline name's folded words, to find where one stands in a text.
    static let airlineNameWords: [[String]] = airlines.flatMap { $0.1.map(TextMatching.words) }

    /// Each listed name's folded words with its airline, in the table's order.
    static let listedAirlineNames: [(words: [String], airline: String)] = airlines.flatMap { entry in
        entry.1.map { (TextMatching.words($0), entry.0) }
    }

    /// The listed airline `words` name, the table's first, except that a name found inside a longer one's words is
    /// no name of its own: "Thai Lion Air" is not Lion Air, "Tunisair Express" not Tunisair, and "QantasLink" not
    /// Qantas (which the matcher would take with "link" after it, as it takes a case ending). A longer name is more
    /// words, or, over the same words, more letters. Two names apart stay the table's order.
    static func listedAirline(in words: [String]) -> String? {
        let found = listedAirlineNames.flatMap { name in
            ranges(of: name.words, in: words).map { (range: $0, letters: name.words.joined().count, airline: name.airline) }
        }
        return found.first { shorter in
            !found.contains { longer in
                longer.range.lowerBound <= shorter.range.lowerBound && shorter.range.upperBound <= longer.range.upperBound
                    && (longer.range.count, longer.letters) > (shorter.range.count, shorter.letters)
            }
        }?.airline
    }

    /// The word ranges of `words` that spell an airline's name: no place is read inside one ("Air Arabia" names no
    /// town Arabi, "Singapore Airlines" no flight from Singapore).
    static func airlineSpans(in words: [String]) -> [Range<Int>] {
        airlineNameWords.flatMap { ranges(of: $0, in: words) }
    }

    /// Where `name` (folded words) stands in `words`, its last word with nothing glued on but a Turkish ending or an
    /// English plural ("pegasusla", "thyden", "deltas"): "tapese" is Tapes, a town, with "-e", no TAP. The plural "-es"
    /// follows only a hissing end, as English spells it: "jales" is Jales, a town, no JAL.
    static func ranges(of name: [String], in words: [String]) -> [Range<Int>] {
        TextMatching.ranges(of: name, in: words).filter { range in
            guard let last = name.last else { return false }
            let glued = String(words[range.upperBound - 1].dropFirst(last.count))
            return glued.isEmpty || Gazetteer.caseEndings.contains(glued) || turkishWithWords.contains(glued) || glued == "s"
                || glued == "es" && ["s", "x", "z", "ch", "sh"].contains { last.hasSuffix($0) }
        }
    }

    /// `words` with the words of each place the gazetteer reads that holds a listed airline's name inside a longer name
    /// of its own blanked: "new iberia la" is New Iberia, Louisiana, no flight on Iberia, and "Pontiac to New Iberia on
    /// Iberia" still names the airline after "on". A place no longer than the airline's name is the airline's
    /// ("Singapore Airlines", "Cebu Pacific": `airlineSpans` reads no place inside those).
    static func words(_ words: [String], besidesAirlinesInside mentions: [Gazetteer.Mention]) -> [String] {
        var blanked = words
        for mention in mentions where mention.length >= 2 {
            let place = mention.position..<min(words.count, mention.position + mention.length)
            let inside = namesInsidePlaces.contains { name in
                name.count < place.count && TextMatching.ranges(of: name, in: words).contains { place.contains($0.lowerBound) && place.contains($0.upperBound - 1) }
            }
            if inside { for index in place { blanked[index] = "" } }
        }
        return blanked
    }

    /// Every listed and contextual airline's name, folded, as `words(_:besidesAirlinesInside:)` looks for them: joined
    /// once, not on every parse.
    private static let namesInsidePlaces: [[String]] = airlineNameWords + contextualAirlineWords.map(\.words)

    /// The contextual airline `words` name, if the text makes it one, and the words it takes: a place the gazetteer also
    /// reads there is the airline's ("azul campinas to natal" flies Azul from Campinas; Azul is also a town in
    /// Argentina). `glued` are the words an apostrophe glues to the word before (`TextMatching.apostrophedWords`): a
    /// Turkish "with" ending there makes it one too ("Delta'yla"). `shaped` are the spans of unlisted airlines named by
    /// their shape (`shapedAirlines`): a contextual name that begins a longer one is its first word, not that airline.
    /// `commaBefore`: the words a comma comes right before (`TextMatching.wordsAfter`), so that a name standing alone as
    /// one part of a list of the request's parts is the carrier ("…, canadian north, 2 adults", "…, 1 adult, Rex"), as
    /// nothing else in such a list is a kingdom, a river or a boundary.
    static func contextualAirlineSpan(in words: [String], glued: Set<Int> = [], besides shaped: [Range<Int>] = [], commaBefore: Set<Int> = [])
        -> (airline: String, span: Range<Int>)? {
        for index in words.indices {
            guard let (name, airline) = contextualAirlineWords.first(where: { index + $0.words.count <= words.count
                && Array(words[index..<(index + $0.words.count)]) == $0.words }) else { continue }
            // A word between it and the shaped name's generic word: "United Nigeria Airlines" (not "Delta Air", its own
            // generic word straight after it).
            if shaped.contains(where: { $0.contains(index) && $0.upperBound - (index + name.count) >= 2 }) { continue }
            let after = index + name.count
            if after < words.count, afterAirlineWords.contains(words[after]) { continue }
            if index == 0 ? !cuedOnlyAirlines.contains(airline) : ["with", "on", "by", "fly", "flying", "via", "ile"].contains(words[index - 1]) {
                return (airline, index..<after)
            }
            if index > 0 || after < words.count, index == 0 || commaBefore.contains(index), after == words.count || commaBefore.contains(after) {
                return (airline, index..<after)
            }
            // Turkish puts "ile" (with), or its ending after an apostrophe, after it: "S7 ile", "Delta'yla"; so a seat "on" it
            // ("Condor'da yer", "Condor'dan bilet"), and a verb of flying after it ("Marabu uçuyorsa": if Marabu flies).
            if after < words.count, words[after] == "ile" || (turkishWithWords.contains(words[after]) && glued.contains(after))
                || glued.contains(after) && ["da", "de", "ta", "te", "dan", "den", "tan", "ten"].contains(words[after])
                || ["ucuyor", "ucuyorsa", "ucar", "ucarsa", "ucuyormu"].contains(words[after]) {
                return (airline, index..<after)
            }
            // "any frontier flights", "spirit flight 2/3": the carrier's flights; a nationality before "flights" names
            // none ("american flights", "norwegian flights", "maldivian flights").
            // So before Turkish "uçuşu" ("Aurora uçuşu var mı": an Aurora flight).
            // So before a red-eye ("a united red-eye tonight"), a night's flight.
            if after < words.count, ["flights", "flight", "ucusu", "ucuslari", "ucusunu", "ucuslarini", "redeye", "redeyes"].contains(words[after])
                || words[after...].starts(with: ["red", "eye"]) || words[after...].starts(with: ["red", "eyes"]),
               !nationalityAirlines.contains(airline) {
                return (airline, index..<after)
            }
        }
        return nil
    }
}
