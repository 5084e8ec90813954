#!/usr/bin/env python3
"""Generates one smart-search evaluation set per Turkish route shape (issue 30), with held-out slot values:

- sehir:      "İzmir şehrinden Münih şehrine", "Münih şehrine İzmir şehrinden", "Roma şehri çıkışlı …";
- havaalani:  "Antalya havaalanından Berlin'e", "Antalya Havalimanı'ndan Berlin Havalimanı'na";
- ile-arasi:  "Ankara ile Berlin arası uçuşlar", "… arasındaki uçuşlar";
- dash:       "Ankara - Berlin arası", "Ankara-Berlin uçuşu", "Ankara – Berlin";
- glued:      case endings without an apostrophe, lower case ("izmirden londraya"), in both orders;
- bare:       two bare names in a row ("londra roma uçuş").

Cities are those tools/generate_eval.py draws (Turkish exonyms where there are ones). Each city is assigned to
one half by a seeded hash of its name, and a case goes to a half only when both its cities belong to it, so no
held-out case names a city the tuning half shows. Files: golden/generated/tr-shapes/SHAPE.tuning.jsonl and
SHAPE.heldout.jsonl. Rules may be looked at against the tuning half only.
    python3 tools/generate_turkish_shapes.py --seed 20261202
"""
import argparse
import datetime
import hashlib
import random

from evalgen import TR_MONTHS, ablative, dative, turkish_lower, write_sets
from generate_eval import filters, next_on_or_after, places

TR_NUMBERS = {1: "bir", 2: "iki", 3: "üç", 4: "dört"}


def templates(rng, today, o, d):
    """{shape: [(text, expected filters with the Turkish names)]} for one city pair."""
    month, day = rng.randrange(12), rng.randrange(1, 29)
    date = next_on_or_after(today, month + 1, day)
    when = f"{day} {TR_MONTHS[month]}"
    adults = rng.randrange(1, 5)
    lo, ld = turkish_lower(o), turkish_lower(d)
    return {
        "sehir": [
            (f"{o} şehrinden {d} şehrine {when}", filters(o, d, date)),
            (f"{d} şehrine {o} şehrinden uçuş", filters(o, d)),
            (f"{lo} şehrinden {dative(ld, apostrophe=False)} bilet", filters(o, d)),
            (f"{o} şehri çıkışlı {d} uçuşu", filters(o, d)),
        ],
        "havaalani": [
            (f"{o} havaalanından {dative(d)} {when}", filters(o, d, date)),
            (f"{dative(d)} {o} havaalanından", filters(o, d)),
            (f"{o} Havalimanı'ndan {d} Havalimanı'na", filters(o, d)),
            (f"{lo} havalimanından {ld} havalimanına aktarmasız", filters(o, d, nonstop=True)),
        ],
        "ile-arasi": [
            (f"{o} ile {d} arası uçuşlar", filters(o, d)),
            (f"{o} ile {d} arasındaki uçuşlar {when}", filters(o, d, date)),
            (f"{when} {lo} ile {ld} arası bilet", filters(o, d, date)),
            (f"{o} ile {d} arasında {TR_NUMBERS[adults]} yetişkin", filters(o, d, adults=adults)),
        ],
        "dash": [
            (f"{o} - {d} arası", filters(o, d)),
            (f"{o}-{d} uçuşu {when}", filters(o, d, date)),
            (f"{o} – {d}, {adults} yetişkin", filters(o, d, adults=adults)),
        ],
        "glued": [
            (f"{ablative(lo, apostrophe=False)} {dative(ld, apostrophe=False)} {when}", filters(o, d, date)),
            (f"{dative(ld, apostrophe=False)} {ablative(lo, apostrophe=False)} bilet", filters(o, d)),
            (f"yarın {ablative(lo, apostrophe=False)} {dative(ld, apostrophe=False)}", filters(o, d, today + datetime.timedelta(days=1))),
        ],
        "bare": [
            (f"{o} {d} uçuş", filters(o, d)),
            (f"{o} {d} bileti {when}", filters(o, d, date)),
            (f"{lo} {ld} uçak bileti", filters(o, d)),
        ],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--cases", type=int, default=120, help="per shape, both halves together")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cities = places()
    half_of = {en: "heldout" if hashlib.sha256(f"{args.seed}:{en}".encode()).digest()[0] % 2 else "tuning" for en, _ in cities}
    english = {tr: en for en, tr in cities}
    sets = {}
    for shape in templates(rng, datetime.date(2026, 1, 1), "A", "B"):
        for half in ("tuning", "heldout"):
            pool = [city for city in cities if half_of[city[0]] == half]
            rows = []
            for number in range(args.cases // 2):
                (_, o), (_, d) = rng.sample(pool, 2)
                today = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(730))
                text, expected = rng.choice(templates(rng, today, o, d)[shape])
                expected["origin"], expected["destination"] = english[o], english[d]
                rows.append({"id": f"trs-{shape}-{half[0]}{number:03d}", "text": text, "locale": "tr-TR",
                             "today": today.isoformat(), "expected": expected})
            sets[f"tr-shapes/{shape}.{half}.jsonl"] = rows
    write_sets(sets)

if __name__ == "__main__":
    main()
