#!/usr/bin/env python3
"""Generates the budget-question evaluation sets with held-out slot values: English and Turkish templates filled
with the demo user's merchants, periods, intents and top-N limits, each case with the full question it asks.

Merchants come from the demo data (Sources/AssistBudget/DemoData.swift), the only candidates the understander is
allowed. A seeded hash of the merchant and period splits the cases into golden/generated/budget.tuning.jsonl and
budget.heldout.jsonl. Expected periods are computed here with Python's datetime, against today 2026-11-29. Follow-ups
(a question after another, which changes the year or asks a count, an average or a total of the same slice) go to
budget.followups.tuning.jsonl and budget.followups.heldout.jsonl, split by merchant.
    python3 tools/generate_budget_eval.py --seed 20261201
"""
import argparse
import calendar
import datetime
import hashlib
import random
import re

from evalgen import EN_MONTHS, ROOT, TR_MONTHS, locative, write_sets

TODAY = datetime.date(2026, 11, 29)


def merchants():
    source = (ROOT / "Sources/AssistBudget/DemoData.swift").read_text(encoding="utf-8")
    return re.findall(r'\("([^"]+)", "[a-z ]+", \d+, \d+, \d+\)', source)


def span(start, end):
    return {"from": start.isoformat(), "to": end.isoformat()}


def periods():
    """(English, Turkish, range) for the periods a question about the past names."""
    first_this = TODAY.replace(day=1)
    last_month_end = first_this - datetime.timedelta(days=1)
    last_month = (last_month_end.replace(day=1), last_month_end)
    monday = TODAY - datetime.timedelta(days=TODAY.weekday())
    out = [
        ("last month", "geçen ay", span(*last_month)),
        ("last week", "geçen hafta", span(monday - datetime.timedelta(days=7), monday - datetime.timedelta(days=1))),
        ("yesterday", "dün", span(TODAY - datetime.timedelta(days=1), TODAY - datetime.timedelta(days=1))),
        ("this year", "bu yıl", span(datetime.date(TODAY.year, 1, 1), TODAY)),
    ]
    for month in range(6, 11):
        end = datetime.date(TODAY.year, month, calendar.monthrange(TODAY.year, month)[1])
        tr = TR_MONTHS[month - 1]
        out.append((f"in {EN_MONTHS[month - 1]}", locative(tr),
                    span(datetime.date(TODAY.year, month, 1), end)))
    return out


def question(intent, period, merchant=None, limit=None):
    return {"intent": intent, "period": period, "otherPeriod": None, "merchant": merchant, "category": None, "limit": limit}


def cases(rng, language, merchant, period):
    en, tr, value = period
    limit = rng.randrange(2, 6)
    if language == "en":
        return [
            (f"how much did I spend at {merchant} {en}?", question("totalSpent", value, merchant)),
            (f"how many times did I shop at {merchant} {en}?", question("count", value, merchant)),
            (f"what was my average purchase at {merchant} {en}?", question("average", value, merchant)),
            (f"what was my largest payment at {merchant} {en}?", question("largest", value, merchant)),
            (f"top {limit} places {en}", question("topMerchants", value, limit=limit)),
        ]
    return [
        (f"{tr} {locative(merchant, proper=True)} ne kadar harcadım?", question("totalSpent", value, merchant)),
        (f"{tr} {locative(merchant, proper=True)} kaç kez alışveriş yaptım?", question("count", value, merchant)),
        (f"{tr} {locative(merchant, proper=True)} ortalama harcamam ne kadar?", question("average", value, merchant)),
        (f"{tr} {locative(merchant, proper=True)} en büyük harcamam neydi?", question("largest", value, merchant)),
        (f"{tr} en çok harcadığım {limit} yer", question("topMerchants", value, limit=limit)),
    ]


def followups(rng, language, merchant, period):
    """(previous question, follow-up, expected) that keep the previous slice and change the year or what is asked."""
    en, tr, value = period
    last_year = span(datetime.date(TODAY.year - 1, 1, 1), datetime.date(TODAY.year - 1, 12, 31))
    at = locative(merchant, proper=True)
    if language == "en":
        return [
            (f"how much did I spend at {merchant} this year?", "and last year?", question("totalSpent", last_year, merchant)),
            (f"how many times did I shop at {merchant} this year?", "what about the year before?", question("count", last_year, merchant)),
            (f"what was my average purchase at {merchant} this year?", "and the previous year?", question("average", last_year, merchant)),
            (f"how much did I spend at {merchant} {en}?", "how many transactions was that?", question("count", value, merchant)),
            (f"how much did I spend at {merchant} {en}?", "and on average?", question("average", value, merchant)),
            (f"how many times did I shop at {merchant} {en}?", "how much was that in total?", question("totalSpent", value, merchant)),
        ]
    return [
        (f"bu yıl {at} ne kadar harcadım?", "peki geçen yıl?", question("totalSpent", last_year, merchant)),
        (f"bu yıl {at} kaç kez alışveriş yaptım?", "ya geçen sene?", question("count", last_year, merchant)),
        (f"bu yıl {at} ortalama harcamam ne kadar?", "peki bir önceki yıl?", question("average", last_year, merchant)),
        (f"{tr} {at} ne kadar harcadım?", "bu kaç işlem?", question("count", value, merchant)),
        (f"{tr} {at} ne kadar harcadım?", "peki ortalama ne kadar?", question("average", value, merchant)),
        (f"{tr} {at} kaç kez alışveriş yaptım?", "toplam ne kadar tuttu?", question("totalSpent", value, merchant)),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    halves = {"tuning": [], "heldout": []}
    number = 0
    for merchant in merchants():
        for period in rng.sample(periods(), 3):
            half = "heldout" if hashlib.sha256(f"{args.seed}:{merchant}:{period[0]}".encode()).digest()[0] % 2 else "tuning"
            for language in ("en", "tr"):
                text, expected = rng.choice(cases(rng, language, merchant, period))
                halves[half].append({"id": f"genb-{number:03d}", "text": text, "locale": "en-US" if language == "en" else "tr-TR",
                                     "today": TODAY.isoformat(), "expected": expected})
                number += 1
    write_sets({f"budget.{name}.jsonl": rows for name, rows in halves.items()})
    # Follow-ups (issue 30): a year shift, and a count, an average or a total of the previous question's slice. Each
    # merchant belongs to one half, so no held-out follow-up names a merchant the tuning half shows.
    halves = {"tuning": [], "heldout": []}
    number = 0
    for merchant in merchants():
        half = "heldout" if hashlib.sha256(f"{args.seed}:followup:{merchant}".encode()).digest()[0] % 2 else "tuning"
        for period in rng.sample(periods(), 3):
            for language in ("en", "tr"):
                previous, text, expected = rng.choice(followups(rng, language, merchant, period))
                halves[half].append({"id": f"genf-{number:03d}", "text": text, "previous": previous,
                                     "locale": "en-US" if language == "en" else "tr-TR", "today": TODAY.isoformat(), "expected": expected})
                number += 1
    write_sets({f"budget.followups.{name}.jsonl": rows for name, rows in halves.items()})

if __name__ == "__main__":
    main()
