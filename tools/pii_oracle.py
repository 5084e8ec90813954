#!/usr/bin/env python3
"""Generates PII samples judged by well-known libraries, as JSON lines {"kind", "text", "valid"}.

python-stdnum decides payment cards (Luhn), IBANs and Turkish identity numbers; phonenumbers decides phone
numbers. The Swift masker's tests run this and require agreement. Deterministic for a given --seed.
"""
import json
import random
import sys

import phonenumbers
from stdnum import iban, luhn
from stdnum.tr import tckimlik


def emit(kind, text, valid):
    print(json.dumps({"kind": kind, "text": text, "valid": bool(valid)}, ensure_ascii=False))


def spaced(number, group=4):
    return " ".join(number[i:i + group] for i in range(0, len(number), group))


def main(seed):
    rng = random.Random(seed)
    digits = lambda n: "".join(rng.choice("0123456789") for _ in range(n))

    for _ in range(40):  # payment cards: 16, 15 and 19 digits; valid ones and one-digit-off ones
        length = rng.choice([16, 16, 15, 19])
        body = rng.choice("3456") + digits(length - 2)
        number = body + luhn.calc_check_digit(body)
        emit("payment_card", rng.choice([number, spaced(number), "-".join(spaced(number).split())]), luhn.is_valid(number))
        broken = number[:-1] + str((int(number[-1]) + rng.randint(1, 9)) % 10)
        emit("payment_card", spaced(broken), luhn.is_valid(broken))

    for _ in range(30):  # IBANs: Turkish and German
        country, bban = rng.choice([("TR", "00061" + "0" + digits(16)), ("DE", digits(18))])
        number = country + iban.calc_check_digits(country + "00" + bban) + bban
        emit("iban", rng.choice([number, spaced(number)]), iban.is_valid(number))
        broken = number[:6] + str((int(number[6]) + rng.randint(1, 9)) % 10) + number[7:]
        emit("iban", spaced(broken), iban.is_valid(broken))

    for _ in range(40):  # Turkish identity numbers
        first = str(rng.randint(1, 9)) + digits(8)
        number = first + tckimlik.calc_check_digits(first)
        emit("turkish_identity", number, tckimlik.is_valid(number))
        broken = number[:-1] + str((int(number[-1]) + rng.randint(1, 9)) % 10)
        emit("turkish_identity", broken, tckimlik.is_valid(broken))

    formats = [phonenumbers.PhoneNumberFormat.E164, phonenumbers.PhoneNumberFormat.INTERNATIONAL]
    made = 0
    while made < 30:  # Turkish mobile numbers, as people write them
        candidate = phonenumbers.parse("+905" + rng.choice("0345") + digits(8), None)
        if not phonenumbers.is_valid_number(candidate):
            continue
        made += 1
        national = phonenumbers.format_number(candidate, phonenumbers.PhoneNumberFormat.NATIONAL)
        emit("phone", rng.choice([phonenumbers.format_number(candidate, rng.choice(formats)), national]), True)
    for region in ["GB", "DE", "US", "FR", "NL", "PT"]:  # international numbers, example per region
        example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
        emit("phone", phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.INTERNATIONAL), phonenumbers.is_valid_number(example))

    # Numbers that are not personal data and must survive.
    for text in ["2026-10-14", "14:40", "TK1759", "BK-2041", "1.250,00 TL", "order 4512", "gate 215", "seat 23A", "2 adults"]:
        emit("none", text, False)


if __name__ == "__main__":
    main(int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7)
