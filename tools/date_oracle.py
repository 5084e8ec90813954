#!/usr/bin/env python3
"""Test oracle for the date resolver: English and Turkish date phrases, generated over seeded "today"s, each with
the day PyPI's dateparser reads in it (future dates preferred, as a traveller means them). One JSON object per
line: {"text", "today", "expected"}. A phrase dateparser cannot read is not printed; a phrase with a spelled
ordinal is judged by dateparser on its digit form ("april sixth" as "april 6th"), the words from num2words.
    python3 tools/date_oracle.py --seed 20261201 --todays 12
"""
import argparse
import datetime
import json
import random

import dateparser
from num2words import num2words

from evalgen import EN_MONTHS, TR_MONTHS, ordinal_suffix

EN_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
TR_DAYS = ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"]
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


def phrases(rng):
    for name in EN_DAYS:
        yield name, name
        yield f"on {name}", f"on {name}"
        yield f"next {name}", f"next {name}"
        yield f"this {name}", f"this {name}"
    for name in TR_DAYS:
        yield name, name
    for _ in range(12):
        month, day = rng.randrange(12), rng.randrange(1, 29)
        yield f"{EN_MONTHS[month]} {day}{ordinal_suffix(day)}", f"{EN_MONTHS[month]} {day}{ordinal_suffix(day)}"
        yield f"{day} {EN_MONTHS[month].lower()}", f"{day} {EN_MONTHS[month]}"
        yield f"the {day}{ordinal_suffix(day)} of {EN_MONTHS[month]}", f"the {day}{ordinal_suffix(day)} of {EN_MONTHS[month]}"
        yield f"{EN_MONTHS[month].lower()} {num2words(day, to='ordinal')}", f"{EN_MONTHS[month]} {day}{ordinal_suffix(day)}"
        yield f"the {num2words(day, to='ordinal')} of {EN_MONTHS[month]}", f"the {day}{ordinal_suffix(day)} of {EN_MONTHS[month]}"
        yield f"{day} {TR_MONTHS[month]}", f"{day} {TR_MONTHS[month]}"
    for count, word in NUMBERS.items():
        yield f"in {count} days", f"in {count} days"
        yield f"in {word} weeks", f"in {word} weeks"
        yield f"{count} gün sonra", f"{count} gün sonra"
    yield "tomorrow", "tomorrow"
    yield "yarın", "yarın"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--todays", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = datetime.date(2026, 1, 1)
    for _ in range(args.todays):
        today = start + datetime.timedelta(days=rng.randrange(3 * 365))
        base = datetime.datetime(today.year, today.month, today.day, 12, 0)
        settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future"}
        for text, judged in phrases(rng):
            parsed = dateparser.parse(judged, settings=settings, languages=["en", "tr"])
            if parsed is None:
                continue
            print(json.dumps({"text": text, "today": today.isoformat(), "expected": parsed.date().isoformat()}, ensure_ascii=False))


if __name__ == "__main__":
    main()
