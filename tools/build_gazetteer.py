#!/usr/bin/env python3
"""Builds Sources/AssistUnderstanding/Resources/gazetteer.json from PyPI's `airportsdata` (IATA table).

Keeps every city served by an airport whose name says "International", every Turkish airport, and the
cities of a few busy airports without that word; adds Turkish exonyms (Lizbon → Lisbon) so Turkish text
resolves to the English names the search filters use. Run it when airportsdata changes:
    python3 -m pip install airportsdata==20260905 && python3 tools/build_gazetteer.py
"""
import json
import pathlib

import airportsdata

EXTRA_AIRPORTS = {"LHR", "LGW", "CDG", "ORY", "FRA", "MUC", "AMS", "MAD", "BCN", "FCO", "LIN", "MXP", "VIE", "ZRH", "GVA",
                  "CPH", "ARN", "OSL", "HEL", "DUB", "BRU", "PRG", "WAW", "BUD", "ATH", "LIS", "OPO", "SAW", "IST",
                  "SVQ", "BER", "VLC", "AGP", "PMI", "NCE", "LYS", "MRS", "BLQ", "PSA", "CTA", "PMO", "EDI", "MAN", "BHX",
                  "GLA", "KRK", "GDN", "BIO", "FAO", "LCY", "STN", "LTN", "BGY", "CIA", "HAM", "CGN", "DUS", "STR", "TXL"}

TURKISH_NAMES = {
    "Lisbon": ["Lizbon"], "London": ["Londra"], "Rome": ["Roma"], "Athens": ["Atina"], "Vienna": ["Viyana"],
    "Munich": ["Münih"], "Brussels": ["Brüksel"], "Copenhagen": ["Kopenhag"], "Prague": ["Prag"], "Warsaw": ["Varşova"],
    "Moscow": ["Moskova"], "Cairo": ["Kahire"], "Tehran": ["Tahran"], "Baghdad": ["Bağdat"], "Geneva": ["Cenevre"],
    "Milan": ["Milano"], "Venice": ["Venedik"], "Naples": ["Napoli"], "Florence": ["Floransa"], "Seville": ["Sevilla"],
    "Barcelona": ["Barselona"], "Belgrade": ["Belgrad"], "Bucharest": ["Bükreş"], "Sofia": ["Sofya"],
    "Budapest": ["Budapeşte"], "Stockholm": ["Stokholm"], "Edinburgh": ["Edinburg"], "Beijing": ["Pekin"],
    "Shanghai": ["Şangay"], "Seoul": ["Seul"], "Baku": ["Bakü"], "Tbilisi": ["Tiflis"], "Yerevan": ["Erivan"],
    "Jerusalem": ["Kudüs"], "Beirut": ["Beyrut"], "Damascus": ["Şam"], "Abu Dhabi": ["Abu Dabi"], "Riyadh": ["Riyad"],
    "Jeddah": ["Cidde"], "Medina": ["Medine"], "Nicosia": ["Lefkoşa"], "Porto": ["Porto"], "Paris": ["Paris"],
    "Istanbul": ["İstanbul", "Sabiha Gökçen", "Sabiha"], "Izmir": ["İzmir"], "Antalya": ["Antalya"], "Dubai": ["Dubai"], "New York": ["New York"],
    "Frankfurt": ["Frankfurt"], "Amsterdam": ["Amsterdam"], "Madrid": ["Madrid"], "Berlin": ["Berlin"],
    "Zurich": ["Zürih"], "Hamburg": ["Hamburg"], "Cologne": ["Köln"], "Dusseldorf": ["Düsseldorf"], "Stuttgart": ["Stuttgart"],
}

# City names as airportsdata spells them → the English name travellers use.
CANONICAL = {"Roma": "Rome", "Milano": "Milan", "Wien": "Vienna", "München": "Munich", "Praha": "Prague", "Lisboa": "Lisbon",
             "Athina": "Athens", "Köln": "Cologne", "Zürich": "Zurich", "Düsseldorf": "Dusseldorf", "Bruxelles": "Brussels",
             "Brussel": "Brussels", "Genève": "Geneva", "Napoli": "Naples", "Venezia": "Venice", "Firenze": "Florence",
             "Sevilla": "Seville", "Warszawa": "Warsaw", "București": "Bucharest", "Beograd": "Belgrade", "København": "Copenhagen",
             "Moskva": "Moscow", "İstanbul": "Istanbul", "İzmir": "Izmir", "Arnavutköy": "Istanbul",
             "Frankfurt am Main": "Frankfurt", "Frankfurt-am-Main": "Frankfurt"}


def city_of(airport):
    city = airport["city"].split(",")[-1].strip() or airport["subd"]
    if airport["country"] == "TR" and airport["subd"] == "Istanbul":
        city = "Istanbul"
    return CANONICAL.get(city, city)


def main():
    airports = airportsdata.load("IATA")
    cities = {}
    for code, airport in sorted(airports.items()):
        keep = "International" in airport["name"] or airport["country"] == "TR" or code in EXTRA_AIRPORTS
        city = city_of(airport)
        if not keep or not city:
            continue
        entry = cities.setdefault((city, airport["country"]), {"name": city, "country": airport["country"], "airports": [], "aliases": []})
        entry["airports"].append(code)
    for entry in cities.values():
        entry["aliases"] = sorted(set(TURKISH_NAMES.get(entry["name"], [])) - {entry["name"]})
    out = pathlib.Path(__file__).resolve().parent.parent / "Sources/AssistUnderstanding/Resources/gazetteer.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data = sorted(cities.values(), key=lambda e: (e["name"], e["country"]))
    out.write_text(json.dumps({"source": "airportsdata " + airportsdata.__version__, "cities": data}, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(data)} cities → {out}")


if __name__ == "__main__":
    main()
