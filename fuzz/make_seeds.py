#!/usr/bin/env python3
"""Writes the seed corpus, fuzz/corpus/<target>/seed-*: small valid and edge inputs, most taken from the
unit tests' vectors. Re-running rewrites the seed-* files only; reproducers (crash-*, timeout-*, oom-*)
added by hand stay. Standard library only."""
import base64, hashlib, hmac, json, os, pathlib

ROOT = pathlib.Path(__file__).resolve().parent
CORPUS = ROOT / "corpus"
REPO = ROOT.parent


def write(target, seeds):
    directory = CORPUS / target
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("seed-*"):
        old.unlink()
    for name, data in seeds.items():
        (directory / f"seed-{name}").write_bytes(data if isinstance(data, bytes) else data.encode())


# SSE: [split selector][line limit selector, 0 = the default 1 MiB][stream bytes]
def sse(split, limit, stream):
    return bytes([split, limit]) + (stream if isinstance(stream, bytes) else stream.encode())


write("sse", {
    "lines": sse(5, 0, "data: one\ndata: two\n\ndata: three\n\n"),
    "endings": sse(7, 0, "data: a\r\n\rdata: b\n\r\ndata: c\r\r"),
    "bom": sse(2, 0, b"\xef\xbb\xbfdata: x\n\n"),
    "fields": sse(16, 0, ': ping\nevent: delta\nid: 42\nretry: 1000\ndata:{"text":"hi"}\n\n'),
    "gateway": sse(40, 0, ': ping\n\nevent: facts\ndata: {"facts":[]}\n\nevent: delta\ndata: {"text":"Hel"}\n\n'
                          'event: done\ndata: {"usage":{"inputTokens":12,"outputTokens":3}}\n\n'),
    "too-long": sse(3, 8, "data: 0123456789\n\n"),
    "unterminated": sse(1, 0, "data: lost"),
    "utf8-nul-id": sse(8, 0, b"data: h\xc3\xa9llo \xf0\x9f\x98\x80\nid: a\x00b\nfield\n\n"),
})

# Provider streams as they arrive (AssistProviders' Anthropic and Gemini decoders): whole, cut, failing.
ANTHROPIC = ('event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":25,"output_tokens":1}}}\n\n'
             'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
             'event: ping\ndata: {"type":"ping"}\n\n'
             'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel\\u00e9"}}\n\n'
             'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
             'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":15}}\n\n'
             'event: message_stop\ndata: {"type":"message_stop"}\n\n')
GEMINI = ('data: {"candidates":[{"content":{"parts":[{"text":"Hi","thought":true},{"text":"Mer"}],"role":"model"},"index":0}],'
          '"usageMetadata":{"promptTokenCount":11,"totalTokenCount":11}}\r\n\r\n'
          'data: {"candidates":[{"content":{"parts":[{"text":"haba"}],"role":"model"},"finishReason":"STOP","index":0}],'
          '"usageMetadata":{"promptTokenCount":11,"candidatesTokenCount":2,"thoughtsTokenCount":5}}\r\n\r\n')
write("wire", {
    "anthropic": ANTHROPIC,
    "anthropic-overloaded": ANTHROPIC[:300] + '\n\nevent: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    "gemini": GEMINI,
    "gemini-error": 'data: {"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}\r\n\r\n',
    "gemini-blocked": 'data: {"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":9}}\n\n',
})

write("json", {
    "object": '{"a":[1,2.5,-0,1e300,"x\\u00e9\\ud83d\\ude00"],"b":null,"c":true,"d":false}',
    "request": '{"feature":"support_chat","input":{"message":"Where is my bag?","history":[]},'
               '"locale":"en-GB","clientRequestId":"0b9a"}',
    "escapes": '"\\u0000\\n\\t\\\\\\/\\"\\b\\f\\r"',
    "numbers": '[0,-0.0e-5,5e-324,1.7976931348623157e308,123456789012345678901234567890,9007199254740993,0.1]',
    "whitespace": ' \t\r\n{ "k" : [ ] , "l" : { } } \n',
    "deep": "[" * 64 + "]" * 64,
    "too-deep": "[" * 65 + "]" * 65,
    "unicode": '"\u0130\u00e9e\u0301\U0001f6eb"',
    "duplicate": '{"a":1,"a":2}',
})

# CBOR: RFC 8949 Appendix A vectors from CBORTests, and the App Attest assertion fixture.
hexes = {
    "uint64": "1bffffffffffffffff", "neg64": "3bffffffffffffffff", "half-nan": "f97e00", "float-inf": "fa7f800000",
    "double": "fb3ff199999999999a", "simple": "f8ff", "tag": "d818456449455446", "text": "62c3bc",
    "nested": "8301820203820405", "map": "a26161016162820203", "nonshortest": "5a0000000161",
    "indefinite": "9fff", "huge-length": "5bffffffffffffffff", "deep": "81" * 15 + "80",
}
assertion = json.loads((REPO / "Tests/Fixtures/appattest/uebelack/assertion.json").read_text())["assertionBase64"]
write("cbor", {**{name: bytes.fromhex(h) for name, h in hexes.items()},
               "assertion": base64.b64decode(assertion),
               # {"fmt": "apple-appattest", "attStmt": {"x5c": [h'01', h'02'], "receipt": h'03'}, "authData": h'0405'}
               "attestation-shape": bytes.fromhex("a363666d746f6170706c652d6170706174746573746761747453746d74a263783563"
                                                  "82410141026772656365697074410368617574684461746142" "0405")})


# JWS: HS256 tokens MACed with the fuzz target's secret, valid at its fixed clock (1_800_000_000).
def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jws(header, claims, secret=b"fuzz-secret-0123456789abcdef0123", signature=None):
    signing = b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(claims, separators=(",", ":")).encode())
    if signature is None:
        signature = hmac.new(secret, signing.encode(), hashlib.sha256).digest()
    return signing + "." + b64(signature)


now = 1_800_000_000
good = {"sub": "user-1", "iss": "assist-dev", "aud": "assist-gateway", "iat": now - 60, "exp": now + 3540}
write("jws", {
    "valid": jws({"alg": "HS256", "typ": "JWT"}, good),
    "aud-array-nbf": jws({"alg": "HS256"}, {**good, "aud": ["other", "assist-gateway"], "nbf": now - 5}),
    "expired": jws({"alg": "HS256"}, {**good, "exp": now - 3600}),
    "lifetime": jws({"alg": "HS256"}, {**good, "exp": 1e300}),
    "alg-none": jws({"alg": "none"}, good, signature=b""),
    "rs256-kid": jws({"alg": "RS256", "kid": "key-1"}, good, signature=bytes(256)),
    "es256": jws({"alg": "ES256", "kid": "p256"}, {"nonce": "abc", "timestampMillis": now * 1000}, signature=bytes(64)),
    "padding": b64(b'{"alg":"HS256"}') + "==.e30.",
    "two-parts": "e30.e30",
})

fixture = (REPO / "Sources/AssistTravel/Resources/travel-config.json").read_bytes()
minimal = {
    "models": {"m": {"provider": "openai-compatible", "baseURL": "http://127.0.0.1:8081/v1", "model": "x"}},
    "features": {"support_chat": {
        "promptVersion": "1", "model": "m", "maxOutputTokens": 100,
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string", "maxLength": 10}}, "required": ["message"]},
        "template": {"builder": "support_chat", "instructions": "Answer in {{language}}."},
        "quotas": {level: {"requestsPerDay": 5, "tokensPerDay": 500} for level in ["trusted", "degraded", "untrusted", "unavailable"]},
    }},
}
full = json.loads(json.dumps(minimal))
full["features"]["support_chat"].update({
    "kind": "stream", "enabled": True, "internalUsers": ["u1"], "temperature": 0.2, "freshChallenge": True,
    "rollout": {"flag": "f", "percentage": 50}, "candidate": {"promptVersion": "2", "instructions": "i", "percentage": 10},
    "goldenSet": "golden/x.jsonl", "checks": ["c"], "goldenPassThreshold": 0.8})
full["limits"] = {"maxBodyBytes": 16384, "maxEventBytes": 2048, "firstTokenTimeoutSeconds": 60, "idleTimeoutSeconds": 30,
                  "requestTimeoutSeconds": 120, "drainSeconds": 0, "pingSeconds": 15, "maxConcurrentStreamsPerUser": 3,
                  "summaryRetentionDays": 30}
full["auth"] = {"issuer": "i", "audience": "a", "tokenLifetimeSeconds": 60, "maxTokenLifetimeSeconds": 86400, "leewaySeconds": 0,
                "hs256SecretEnv": "S", "acceptHS256": False, "jwksFile": "jwks.json"}
full["integrity"] = {"appAttest": {"appId": "TEAM.app.id", "environment": "development"},
                     "playIntegrity": {"packageName": "app.id", "maxAgeSeconds": 300, "requireLicensed": True},
                     "challengeTTLSeconds": 300, "challengesPerMinute": 10}
broken = json.loads(json.dumps(minimal))
broken["features"]["support_chat"]["model"] = "missing"
broken["limits"] = {"maxBodyBytes": 0, "pingSeconds": -1, "unknown": 1}
write("config", {
    "travel": fixture,
    "minimal": json.dumps(minimal, separators=(",", ":")),
    "full": json.dumps(full, separators=(",", ":")),
    "issues": json.dumps(broken, separators=(",", ":")),
    "empty": "{}",
})

# Input schema: the schema's JSON, a NUL byte, the value's JSON.
chat = {"type": "object", "properties": {
    "message": {"type": "string", "minLength": 1, "maxLength": 2000},
    "history": {"type": "array", "maxItems": 10, "items": {
        "type": "object", "properties": {"role": {"type": "string", "enum": ["user", "assistant"]},
                                         "text": {"type": "string", "minLength": 1, "maxLength": 2000, "description": "said"}},
        "required": ["role", "text"], "additionalProperties": False}}},
    "required": ["message"], "additionalProperties": False}


def pair(schema, value):
    return json.dumps(schema, separators=(",", ":"), ensure_ascii=False) + "\0" + json.dumps(value, separators=(",", ":"), ensure_ascii=False)


write("schema", {
    "chat-valid": pair(chat, {"message": "Bagajım nerede?", "history": [{"role": "user", "text": "a"}]}),
    "chat-extra": pair(chat, {"message": "hi", "extra": 1, "history": [{"role": "bot", "text": ""}]}),
    "integer": pair({"type": "integer", "minimum": -5, "maximum": 1e3}, 2.5),
    "number": pair({"type": "number", "minimum": 0.5}, 1e300),
    "string-enum": pair({"type": "string", "enum": ["a", "e\u0301"], "maxLength": 1}, "\u00e9"),
    "boolean": pair({"type": "boolean", "description": "d"}, False),
    "array": pair({"type": "array", "items": {"type": "array", "items": {"type": "boolean"}}, "minItems": 1}, [[True], [1]]),
    "bad-keyword": pair({"type": "integer", "enum": [1]}, 1),
    "bad-required": pair({"type": "object", "required": ["x"]}, {}),
})

# Request bodies as the core reads them (RequestBody): JSON, some with control characters in strings or keys.
stream_request = '{"feature":"support_chat","input":{"message":"hi"},"locale":"en-US"}'
write("body", {
    "request": stream_request,
    "nul": '{"requestId":"req_x","verdict":"wrong","reason":"a\\u0000b"}',
    "whitespace": '{"reason":"line\\r\\n\\tnext"}',
    "c1-in-key": '{"input":{"hi\\u0085":1}}',
    "nested": '{"messages":["ok",["deep",{"x":"\\u007f"}]]}',
    "not-json": '{"user":',
    "scalar": '"\\u001b[2J"',
})

# HTTP connection machine: [split selector][flags: bit 0 = answers stream, bit 1 = FIN after the bytes][bytes]
def connection(split, flags, data):
    return bytes([split, flags]) + (data if isinstance(data, bytes) else data.encode())


write("connection", {
    "keep-alive": connection(100, 0, "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"),
    "pipelined-posts": connection(40, 1, "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcPOST /b HTTP/1.1\r\n"
                                         "Host: x\r\nTransfer-Encoding: chunked\r\n\r\n2;e=1\r\nhi\r\n0\r\nT: 1\r\n\r\n"),
    "http10": connection(20, 2, "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /2 HTTP/1.0\r\n\r\n"),
    "continue": connection(60, 0, "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nbody"),
    "too-large": connection(50, 0, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n\r\nxx"),
    "smuggle": connection(70, 0, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /s HTTP/1.1\r\nHost: x\r\n\r\n"),
    "cut-head": connection(5, 2, "GET / HTTP/1.1\r\nHo"),
})

# Upstream response reader: [split selector][response bytes].
def upstream(split, data):
    return bytes([split]) + data.encode()


write("upstream", {
    "chunked-sse": upstream(30, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/event-stream\r\n\r\n"
                                "e;x=1\r\ndata: {\"a\":1}\n\n\r\n0\r\nT: 1\r\n\r\n"),
    "length-then-more": upstream(10, "HTTP/1.1 429 Too Many\r\nContent-Length: 3\r\n\r\nnoHTTP/1.1 200 OK\r\n\r\n"),
    "continue": upstream(25, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok"),
    "until-close": upstream(5, "HTTP/1.1 200 OK\nConnection: close\n\nbody without a length"),
    "both-framings": upstream(40, "HTTP/1.1 200 OK\r\nContent-Length: 9\r\nTransfer-Encoding: gzip, chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n"),
    "conflicting-lengths": upstream(20, "HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\nab"),
})

# Search: what people type into the travel search box, and texts that end on the word a rule looks past.
write("search", {
    "en": "bangor to key west tmrw am, 2 adults under $250",
    "tr": "izmir şehrinden münih şehrine 9 nisan - 13 nisan arası pegasus",
    "gb": "Bristol to Lamezia Terme w/c 7 November, 3 adults, max £80",
    "holiday": "ithaca to nyc the wednesday before thanksgiving, back the sunday after",
    "ends-on-a-cue": "flights from london to",
    "ends-turkish": "ankara - berlin arası uçuş ile",
})

# Budget: bank SMS lines (imported), `#<amount> <date>` rows stored as they stand, and the question last.
sample = (REPO / "Tests/Fixtures/bank-sms/sample.txt").read_text(encoding="utf-8")
write("budget", {
    "sample": sample + "how much did I spend at Migros in November?",
    "overflow-sum": "Your card ending 1234 was charged 92233720368547758.08 TRY at SHOP on 12/11/2026.\n"
                    "Your card ending 1234 was charged 92233720368547758.08 TRY at SHOP on 13/11/2026.\n"
                    "#9223372036854775807 2026-11-12\n#9223372036854775807 2026-11-13\nhow much did I spend in November?",
    "turkish-huge": "1234 ile biten kartınızdan 03.11.2026 tarihinde KAHVE işyerinden 99999999999999999999,99 TL harcama yapılmıştır.\n"
                    "#-9223372036854775808 2026-11-01\nen büyük harcamam neydi?",
    "bad-dates": "Your card ending 1234 was charged 10.00 TRY at A on 99/99/9999.\n"
                 "Your card ending 1234 was charged 10.00 TRY at B on 31/02/2026.\n"
                 "#100 9999-99-99\n#100 2026-00-10\ncompare october and november",
    "top-limit": "Your card ending 1234 was charged 1,245.50 TRY at MIGROS on 12/11/2026.\ntop 50 places last month",
    # A question that ends on the word a name follows: the shapes look one word past it (the fuzzer found a trap there).
    "ends-at": "Your card ending 1234 was charged 12.00 TRY at MIGROS on 12/11/2026.\nhow much did I spend at",
})
