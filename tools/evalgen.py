"""What the evaluation generators and oracles share (tools/generate_eval.py, tools/generate_budget_eval.py,
tools/date_oracle.py): month names, English ordinal suffixes, Turkish case endings by vowel harmony and
consonant assimilation, and writing a set's halves as JSON lines under golden/generated."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
TR_MONTHS = ["ocak", "şubat", "mart", "nisan", "mayıs", "haziran", "temmuz", "ağustos", "eylül", "ekim", "kasım", "aralık"]
BACK_VOWELS, FRONT_VOWELS, VOICELESS = set("aıou"), set("eiöü"), set("fstkçşhp")


def ordinal_suffix(day):
    return "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def harmony(word):
    """The low vowel a Turkish ending takes after `word`: "a" after a back vowel, "e" otherwise."""
    for ch in reversed(word.lower()):
        if ch in BACK_VOWELS:
            return "a"
        if ch in FRONT_VOWELS:
            return "e"
    return "e"


def dative(name, apostrophe=True):
    """Istanbul → İstanbul'a, Paris → Paris'e, Roma → Roma'ya; without the apostrophe, Romaya."""
    return f"{name}{chr(39) if apostrophe else ''}{'y' if name[-1].lower() in BACK_VOWELS | FRONT_VOWELS else ''}{harmony(name)}"


def ablative(name, apostrophe=True):
    """Londra → Londra'dan, Paris → Paris'ten; without the apostrophe, Paristen."""
    return f"{name}{chr(39) if apostrophe else ''}{'t' if name[-1].lower() in VOICELESS else 'd'}{harmony(name)}n"


def turkish_lower(text):
    """Lower case as Turkish writes it: İ → i, I → ı (Python's lower() turns İ into i and a combining dot)."""
    return text.replace("İ", "i").replace("I", "ı").lower()


def locative(word, proper=False):
    """ekim → ekimde, mart → martta; a proper name takes an apostrophe: Migros'ta, A101'de (read "yüz bir")."""
    if proper and word[-1].isdigit():
        return f"{word}'de"
    return f"{word}{chr(39) if proper else ''}{'t' if word[-1].lower() in VOICELESS else 'd'}{harmony(word)}"


def write_sets(sets):
    """Writes each set {file name: rows} to golden/generated as JSON lines."""
    out = ROOT / "golden/generated"
    out.mkdir(exist_ok=True)
    for name, rows in sets.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
        print(f"{len(rows)} cases → {path}")
