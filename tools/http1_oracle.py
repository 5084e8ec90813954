#!/usr/bin/env python3
"""Differential-test oracle for the server's HTTP/1.1 connection machine: generates request byte streams and
says what h11 (PyPI h11 0.16.0, a strict HTTP/1.1 implementation) reads from each.

Each case is one connection's bytes: one to four pipelined requests, HTTP/1.1 or 1.0, with bodies by
Content-Length or chunked (random chunk sizes, extensions and trailers), optional Expect: 100-continue and
keep-alive, then, for a third of the cases, one mutation that makes the stream invalid (a bare LF, a
folded header line, a space before a colon, two different Content-Lengths, Content-Length with
Transfer-Encoding, an unknown transfer coding, a non-hex chunk size, a missing CRLF after chunk data, a
control byte in a value, a missing Host, a malformed request line). A mutation is kept only when h11 refuses
the result: what h11 accepts is not claimed to be invalid.

One JSON object per line: {"bytes": base64, "splits": [offsets], "requests": [{"method", "target",
"headers": [[name, value]...], "body": base64}], "error": bool, "mutation": name or null}. `requests` are the ones h11 read completely
before the bytes ran out or it refused them; the Swift test feeds the bytes in pieces at `splits` and must read
the same requests, and refuse where h11 did.
    python3 tools/http1_oracle.py --seed 20261202 --cases 400
"""
import argparse
import base64
import json
import random

import h11

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]
NAMES = ["Accept", "User-Agent", "X-Request-Id", "Authorization", "Content-Type", "X-Assist-Integrity", "Cookie", "traceparent"]


def token(rng, length):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(length))


def request(rng, last):
    """One valid request's bytes. HTTP/1.0 only last: h11 closes after an HTTP/1.0 request whatever it asks (it
    does not do 1.0 keep-alive, which the machine does), so a request after one would be a difference by design."""
    version = "1.0" if last and rng.random() < 0.15 else "1.1"
    method = rng.choice(METHODS)
    target = "/" + "/".join(token(rng, rng.randint(1, 8)) for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.3:
        target += "?" + "&".join(f"{token(rng, 3)}={token(rng, 4)}" for _ in range(rng.randint(1, 3)))
    lines = [f"{method} {target} HTTP/{version}"]
    headers = []
    if version == "1.1" or rng.random() < 0.5:
        headers.append(("Host", rng.choice(["example.com", "127.0.0.1:8080", "gateway.local"])))
    for _ in range(rng.randint(0, 4)):
        headers.append((rng.choice(NAMES), token(rng, rng.randint(0, 12)) + rng.choice(["", " x", "\t y"])))
    body = bytes(rng.randrange(256) for _ in range(rng.choice([0, 0, 1, 5, 40, 200])))
    chunked = version == "1.1" and rng.random() < 0.35
    if chunked:
        headers.append(("Transfer-Encoding", "chunked"))
    elif body or rng.random() < 0.2:
        headers.append(("Content-Length", str(len(body))))
    if body and version == "1.1" and rng.random() < 0.15:
        headers.append(("Expect", "100-continue"))
    closes = last and rng.random() < 0.3
    if closes:
        headers.append(("Connection", "close"))
    elif version == "1.0":
        headers.append(("Connection", "keep-alive"))
    rng.shuffle(headers)
    head = "\r\n".join(lines + [f"{n}:{rng.choice([' ', '', '  '])}{v}" for n, v in headers]) + "\r\n\r\n"
    if chunked:
        encoded, rest = b"", body
        while rest:
            size = rng.randint(1, max(1, len(rest)))
            extension = rng.choice(["", "", ";a=b", ";x"])
            encoded += f"{size:x}{extension}\r\n".encode() + rest[:size] + b"\r\n"
            rest = rest[size:]
        trailer = rng.choice(["", "", "X-Trailer: 1\r\n"])
        encoded += f"0\r\n{trailer}\r\n".encode()
        return head.encode() + encoded
    return head.encode() + (body if any(n == "Content-Length" for n, _ in headers) else b"")


MUTATIONS = [
    ("bare LF", lambda b: b.replace(b"\r\n", b"\n", 1)),
    ("folded line", lambda b: b.replace(b"\r\n", b"\r\n X-Folded: 1\r\n", 1) if b.count(b"\r\n") > 2 else b),
    ("space before colon", lambda b: b.replace(b"Host:", b"Host :", 1)),
    ("two lengths", lambda b: b.replace(b"\r\n\r\n", b"\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 1)),
    ("length and chunked", lambda b: b.replace(b"\r\n\r\n", b"\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 1)),
    ("unknown coding", lambda b: b.replace(b"\r\n\r\n", b"\r\nTransfer-Encoding: gzip\r\n\r\n", 1)),
    ("control byte", lambda b: b.replace(b"\r\n\r\n", b"\r\nX-Bad: a\x01b\r\n\r\n", 1)),
    ("no host", lambda b: b.replace(b"Host:", b"Hist:", 1)),
    ("bad request line", lambda b: b.replace(b" HTTP/1.", b"  HTTP/1.", 1)),
    ("bad chunk size", lambda b: b.replace(b"\r\n\r\n", b"\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 1)
     if b"Content-Length" not in b.split(b"\r\n\r\n", 1)[0] and b"chunked" not in b.split(b"\r\n\r\n", 1)[0] else b),
]


def h11_read(data):
    """The requests h11 reads completely from `data`, and whether it refused the bytes."""
    connection = h11.Connection(h11.SERVER, max_incomplete_event_size=16 * 1024)
    connection.receive_data(data)
    requests, current, error = [], None, False
    try:
        while True:
            event = connection.next_event()
            if event is h11.NEED_DATA or event is h11.PAUSED and connection.their_state is h11.MUST_CLOSE:
                break
            if event is h11.PAUSED:
                # Answer the request, as a server does, to read the next one.
                connection.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
                connection.send(h11.EndOfMessage())
                connection.start_next_cycle()
                continue
            if isinstance(event, h11.Request):
                current = {"method": event.method.decode(), "target": event.target.decode(),
                           "headers": [[n.decode(), v.decode("latin-1")] for n, v in event.headers], "body": b""}
            elif isinstance(event, h11.Data):
                current["body"] += event.data
            elif isinstance(event, h11.EndOfMessage):
                current["body"] = base64.b64encode(current["body"]).decode()
                requests.append(current)
                current = None
            elif isinstance(event, h11.ConnectionClosed):
                break
    except h11.RemoteProtocolError:
        error = True
    except h11.LocalProtocolError:
        pass
    return requests, error


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--cases", type=int, default=400)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    written = 0
    while written < args.cases:
        count = rng.randint(1, 4)
        data = b""
        for index in range(count):
            data += request(rng, index == count - 1)
        mutation = None
        if rng.random() < 0.33:
            mutation, mutate = rng.choice(MUTATIONS)
            mutated = mutate(data)
            if mutated == data or not h11_read(mutated)[1]:
                continue  # h11 accepts it (or nothing changed): not claimed invalid
            data = mutated
        requests, error = h11_read(data)
        splits = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randint(0, 6)))) if len(data) > 1 else []
        print(json.dumps({"bytes": base64.b64encode(data).decode(), "splits": splits, "requests": requests, "error": error,
                          "mutation": mutation}))
        written += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
