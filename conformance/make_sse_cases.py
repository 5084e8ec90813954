#!/usr/bin/env python3
"""Writes conformance/sse.json, the SSE decoding cases every Assist client runs (see README.md).

The cases are written here as Python bytes, where a reader can see every CR, BOM and split, and stored as
base64 so that nothing is lost on the way to a client in another language. Run it after changing a case;
the JSON file is what clients read and what is committed.
"""
import base64
import json
import os

def data(obj):
    return b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

FACTS = {"kind": "facts", "booking": {"id": "BK-2041", "version": 3}}
D1 = {"kind": "delta", "text": "Hel"}
D2 = {"kind": "delta", "text": "lo"}
DONE = {"kind": "done", "finishReason": "stop", "promptVersion": "2026-11-30.1"}

def stream(events, eol=b"\n"):
    return b"".join(line + eol + eol for line in events)

cases = []
def case(name, description, raw, events, splits=()):
    cases.append({"name": name, "description": description, "stream": base64.b64encode(raw).decode("ascii"),
                  "splits": [list(s) for s in splits], "events": events})

basic = [b": ping", data(FACTS), data(D1), data(D2), data(DONE)]
case("lf", "LF line endings, a ping comment first, facts, two deltas, done.",
     stream(basic), [FACTS, D1, D2, DONE], splits=[(5,), (20, 21, 22)])
crlf = stream(basic, b"\r\n")
case("crlf", "CRLF line endings; one split falls between a CR and its LF, which end one line, not two.",
     crlf, [FACTS, D1, D2, DONE], splits=[(crlf.index(b"\r\n") + 1,), (crlf.index(b"\r\n\r\n") + 1, crlf.index(b"\r\n\r\n") + 3)])
case("cr", "CR alone ends lines.", stream(basic, b"\r"), [FACTS, D1, D2, DONE], splits=[(7,)])
case("mixed-endings", "LF, CR and CRLF in one stream.",
     data(D1) + b"\r\n\r" + data(D2) + b"\n\r\n" + data(DONE) + b"\r\r", [D1, D2, DONE])
case("comments-and-pings", "Comments before the first event and between events are ignored, with or without text.",
     b":\n: ping\n\n" + stream([data(D1)]) + b": ping\n\n:another comment\n" + stream([data(DONE)]), [D1, DONE])
multi = b'data: {"kind":"delta",\ndata: "text":"two lines"}\n\n' + stream([data(DONE)])
case("multi-line-data", "Several data lines are joined with LF before the JSON is read.", multi,
     [{"kind": "delta", "text": "two lines"}, DONE])
bom = b"\xef\xbb\xbf" + stream([data(D1), data(DONE)])
case("bom", "A leading byte-order mark is stripped once, even when it arrives split.", bom, [D1, DONE], splits=[(1,), (2,), (1, 2, 3)])
utf8 = {"kind": "delta", "text": "Şehir ✈ 東京 🙂 çğıöşü"}
raw = stream([data(utf8), data(DONE)])
emoji = raw.index("🙂".encode())
case("utf8-splits", "Splits inside two-, three- and four-byte UTF-8 sequences lose nothing.", raw, [utf8, DONE],
     splits=[(emoji + 1,), (emoji + 2,), (emoji + 3,), (raw.index("Ş".encode()) + 1, raw.index("✈".encode()) + 2)])
case("unknown-kind", "An event of a kind the client does not know is ignored; so is data that is not JSON.",
     stream([data({"kind": "progress", "percent": 40}), data(D1), b"data: not json", data(DONE)]), [D1, DONE])
case("fields", "event, id and retry fields and unknown fields are not data; no space after the colon works too; "
     "a field line without a colon is a field with an empty value.",
     b"event: message\nid: 7\nretry: 1000\nfoo: bar\ndata:" + json.dumps(D1).encode() + b"\n\nid\n" + stream([data(DONE)]), [D1, DONE])
case("error-mid-stream", "An error event after deltas ends the answer as failed, its text kept.",
     stream([data(D1), data({"kind": "error", "code": "upstream_failed"})]), [D1, {"kind": "error", "code": "upstream_failed"}])
case("answer-withheld", "The guard's error after released text.",
     stream([data(D1), data({"kind": "error", "code": "answer_withheld"})]), [D1, {"kind": "error", "code": "answer_withheld"}])
done_full = {"kind": "done", "finishReason": "stop", "promptVersion": "2026-11-30.1", "cached": True, "source": "narrator", "withheld": 2}
case("done-fields", "done with cached, source and withheld.", stream([data(FACTS), data(D1), data(done_full)]), [FACTS, D1, done_full])
case("cut-before-done", "The stream ends without done or error: the text so far is kept and the client reports a cut; "
     "a last event without its blank line is discarded.",
     stream([data(D1)]) + data(D2) + b"\n", [D1])
case("empty-data", "An event whose data is empty (a bare `data` field, or `data:` with nothing after it) is not an Assist event: ignored.", b"data\n\ndata:\n\n" + stream([data(DONE)]), [DONE])

document = {
    "description": "SSE decoding cases for Assist clients: each stream (base64) is decoded whole, one byte at a time, and "
                   "split at each list of byte offsets in `splits`; every way must give `events`, the JSON objects of the "
                   "data lines a client keeps (known kinds only, valid JSON only), in order. The answer ends as `done` or "
                   "`error` when the last kept event is of that kind, otherwise it was cut.",
    "cases": cases,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sse.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump(document, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"{len(cases)} cases -> {path}")
