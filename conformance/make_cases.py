#!/usr/bin/env python3
"""Writes the conformance cases every Assist client runs (see README.md): sse.json, responses.json, routes.json
and integrity.json.

The cases are written here as Python, where a reader can see every CR, BOM and split; bytes are stored as base64
so that nothing is lost on the way to a client in another language. Run it after changing a case; the JSON files
are what clients read and what is committed.
"""
import base64
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, document):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(document['cases'])} cases -> {name}")

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
write("sse.json", document)

# --- responses: what a client makes of a response --------------------------------------------------------------
NOW = "2026-12-01T10:00:00Z"


def error_body(code):
    return json.dumps({"error": {"code": code, "message": "…", "requestId": "req_test"}})


responses = []


def response(name, status, headers, body, expected):
    responses.append({"name": name, "status": status, "headers": headers, "body": body, "expected": expected})


sse_ok = stream([b": ping", data(FACTS), data(D1), data(D2), data(done_full)]).decode()
response("ok", 200, {"Content-Type": "text/event-stream"}, sse_ok,
         {"outcome": "done", "text": "Hello", "facts": {"booking": FACTS["booking"]},
          "done": {"finishReason": "stop", "promptVersion": "2026-11-30.1", "cached": True, "source": "narrator", "withheld": 2}})
response("done-defaults", 200, {"Content-Type": "text/event-stream"}, stream([data(D1), data(DONE)]).decode(),
         {"outcome": "done", "text": "Hel", "facts": None,
          "done": {"finishReason": "stop", "promptVersion": "2026-11-30.1", "cached": False, "source": None, "withheld": 0}})
response("upstream-failed-mid-stream", 200, {"Content-Type": "text/event-stream"},
         stream([data(D1), data({"kind": "error", "code": "upstream_failed"})]).decode(),
         {"outcome": "error", "error": "stream", "code": "upstream_failed", "text": "Hel"})
response("answer-withheld", 200, {"Content-Type": "text/event-stream"},
         stream([data({"kind": "error", "code": "answer_withheld"})]).decode(),
         {"outcome": "error", "error": "stream", "code": "answer_withheld", "text": ""})
response("cut", 200, {"Content-Type": "text/event-stream"}, stream([data(D1), data(D2)]).decode(),
         {"outcome": "error", "error": "incomplete", "code": "incomplete_stream", "text": "Hello"})
response("unauthenticated", 401, {"WWW-Authenticate": "Bearer"}, error_body("unauthenticated"),
         {"outcome": "error", "error": "unauthenticated", "code": "unauthenticated"})
response("feature-disabled", 403, {}, error_body("feature_disabled"),
         {"outcome": "error", "error": "http", "status": 403, "code": "feature_disabled", "hidesFeature": True})
response("integrity-required", 403, {}, error_body("integrity_required"),
         {"outcome": "error", "error": "http", "status": 403, "code": "integrity_required", "hidesFeature": False})
response("quota-delta-seconds", 429, {"Retry-After": "120"}, error_body("quota_exceeded"),
         {"outcome": "error", "error": "rate_limited", "code": "quota_exceeded", "retryAfterSeconds": 120})
response("quota-http-date", 429, {"Retry-After": "Tue, 01 Dec 2026 10:00:30 GMT"}, error_body("quota_exceeded"),
         {"outcome": "error", "error": "rate_limited", "code": "quota_exceeded", "retryAfterSeconds": 30})
response("too-many-streams-no-retry-after", 429, {}, error_body("too_many_streams"),
         {"outcome": "error", "error": "rate_limited", "code": "too_many_streams", "retryAfterSeconds": 1})
response("retry-after-garbage", 429, {"Retry-After": "soon"}, error_body("quota_exceeded"),
         {"outcome": "error", "error": "rate_limited", "code": "quota_exceeded", "retryAfterSeconds": 1})
response("conversation-not-found", 404, {}, error_body("conversation_not_found"),
         {"outcome": "error", "error": "http", "status": 404, "code": "conversation_not_found", "hidesFeature": False})
response("payload-too-large", 413, {}, error_body("payload_too_large"),
         {"outcome": "error", "error": "http", "status": 413, "code": "payload_too_large", "hidesFeature": False})
for code in ["quota_unavailable", "audit_unavailable", "overloaded"]:
    response(f"unavailable-{code}", 503, {"Retry-After": "5"}, error_body(code),
             {"outcome": "error", "error": "unavailable", "code": code, "retryAfterSeconds": 5})
response("unavailable-no-retry-after", 503, {}, error_body("shutting_down"),
         {"outcome": "error", "error": "unavailable", "code": "shutting_down", "retryAfterSeconds": None})
response("server-error-without-body", 502, {}, "<html>bad gateway</html>",
         {"outcome": "error", "error": "http", "status": 502, "code": "unknown", "hidesFeature": False})
response("internal-error", 500, {}, error_body("internal_error"),
         {"outcome": "error", "error": "http", "status": 500, "code": "internal_error", "hidesFeature": False})
write("responses.json", {
    "description": "What a client makes of a response to POST /v1/assist/stream at `now`: status, headers (names in any case) "
                   "and body → the outcome. `done`: the text (deltas joined), the facts (the facts event without kind, or null) "
                   "and the done event's fields with defaults filled in. `error`: `unauthenticated` (401), `rate_limited` (429; "
                   "Retry-After in delta-seconds or an HTTP-date, 1 s when absent or unreadable), `unavailable` (503; Retry-After "
                   "when given, else null), `http` (any other status; the body's error code or `unknown`; `hidesFeature` for "
                   "feature_disabled), `stream` (an error event; the text before it kept), `incomplete` (no done or error).",
    "now": NOW,
    "cases": responses,
})

# --- routes: Private Cloud Compute, on-device, server or hidden ----------------------------------------------------
AVAILABILITY = ["available", "device_not_eligible", "model_disabled", "model_not_ready", "downloadable", "downloading",
                "locale_not_supported", "os_too_old"]


def expected_route(private_cloud, availability, fallback, online):
    if private_cloud and online:
        return "private_cloud"
    if availability == "available":
        return "on_device"
    return "server" if fallback and online else "hidden"


routes = []
# Rows without `privateCloud` (the table before it): the platform has no private cloud model for the feature.
for availability in AVAILABILITY:
    for fallback in (True, False):
        for online in (True, False):
            routes.append({"availability": availability, "serverFallback": fallback, "online": online,
                           "route": expected_route(False, availability, fallback, online)})
# Rows that say it: Private Cloud Compute available with every on-device state, and said unavailable with the
# on-device model available and not, each × server fallback × online.
for private_cloud, states in ((True, AVAILABILITY), (False, ["available", "device_not_eligible"])):
    for availability in states:
        for fallback in (True, False):
            for online in (True, False):
                routes.append({"privateCloud": private_cloud, "availability": availability, "serverFallback": fallback,
                               "online": online, "route": expected_route(private_cloud, availability, fallback, online)})
write("routes.json", {
    "description": "Where a feature runs, the first that holds: on Apple's server model through Private Cloud Compute "
                   "(`private_cloud`) when the platform reports it available for the feature (`privateCloud`; absent means "
                   "false) and the device is online; on the device when its model is `available` in this locale; on the "
                   "server when the feature has a server fallback and the device is online; otherwise hidden (not shown at all).",
    "cases": routes,
})

# --- integrity client data ---------------------------------------------------------------------------------------------
integrity = []


# Session tokens as a kit holds them: whatever follows `Bearer `, hashed as its UTF-8 bytes.
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1MSIsImlzcyI6ImFzc2lzdCIsImF1ZCI6ImFzc2lzdC1hcHBzIiwiaWF0IjoxNzk"
       "wMDAwMDAwLCJleHAiOjE3OTAwMDA5MDB9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg")


def client_data(name, method, path, body, session_token, challenge=None):
    def b64sha(data):
        return base64.b64encode(hashlib.sha256(data).digest()).decode()
    text = f"{method.upper()}\n{path}\n{b64sha(body)}\n{b64sha(session_token.encode())}"
    if challenge is not None:
        text += f"\n{challenge}"
    digest = hashlib.sha256(text.encode()).digest()
    integrity.append({"name": name, "method": method, "path": path, "body": base64.b64encode(body).decode(),
                      "sessionToken": session_token, "challenge": challenge, "clientData": text, "sha256Hex": digest.hex(),
                      "requestHash": base64.urlsafe_b64encode(digest).decode().rstrip("=")})


client_data("stream", "POST", "/v1/assist/stream", json.dumps(
    {"feature": "itinerary_summary", "input": {"bookingId": "BK-2041"}, "locale": "tr-TR"}, separators=(",", ":")).encode(), JWT)
client_data("with-challenge", "POST", "/v1/assist/stream", b'{"feature":"support_chat","input":{"message":"\xc5\x9eehir"}}', JWT,
            challenge="c2NvcGVkLWNoYWxsZW5nZQ")
client_data("lower-case-method", "post", "/v1/assist", b'{"feature":"smart_search","input":{"text":"x"}}', JWT)
client_data("empty-body", "GET", "/v1/features", b"", JWT)
client_data("opaque-session-token", "POST", "/v1/assist/stream", b'{"feature":"support_chat","input":{"message":"hi"}}',
            "opaque~token/from+an.identity-provider=")
write("integrity.json", {
    "description": "What an integrity proof signs for one request: METHOD (upper case) LF path LF base64(SHA-256(body)) "
                   "LF base64(SHA-256(session token)) [LF challenge]. The session token is the one the request sends as "
                   "`Authorization: Bearer`, hashed as UTF-8: a proof is good for that session (and so its user) only. "
                   "`clientData` is those bytes as UTF-8; App Attest assertions sign them; a Play Integrity standard request "
                   "carries `requestHash`, base64url without padding of their SHA-256 (`sha256Hex`).",
    "cases": integrity,
})
