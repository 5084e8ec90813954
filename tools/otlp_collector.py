#!/usr/bin/env python3
"""A small OTLP/HTTP trace collector for tests: the reference decoder (opentelemetry-proto 1.45.2 and protobuf from
PyPI) reads what the gateway's exporter sends, so the tests hold its encodings to the real thing, not to a copy of
our own reading of the specification.

Listens on 127.0.0.1 on a free port and prints the port as its first line of standard output. Accepts
POST /v1/traces with `application/x-protobuf` (decoded with `ExportTraceServiceRequest.FromString`) or
`application/json` (OTLP's JSON mapping: the hex trace and span ids are turned into the base64 protobuf's own
JSON mapping wants, then `google.protobuf.json_format.Parse`, which refuses unknown keys and wrong types). A body
that does not decode is answered 400 and logged to standard error, and the output gets one
{"error": ..., "contentType": ...} line, so a test sees it.

Each span of a decoded request is appended to the output file as one JSON line:
    {"traceId": hex, "spanId": hex, "parentSpanId": hex or "", "traceState", "name", "kind": int,
     "start": int, "end": int, "flags": int, "attributes": {key: value}, "attributeKinds": {key: "string_value"...},
     "droppedAttributesCount": int,
     "status": {"code": int, "message": str}, "resource": {key: value}, "scope": {"name", "version"},
     "contentType": str, "headers": {lowercased name: value}}
where an attribute's value is the Python value of its AnyValue (str, bool, int, float, or a list of them; a
non-finite double as the string OTLP/JSON writes for it). A
request's lines are written and flushed together, before the response, so a test that saw the response sees them.

    python3 tools/otlp_collector.py OUTPUT [--mode ok|hang|status=503] [--until-stdin-closes]

Modes: `ok` answers 200 with an empty ExportTraceServiceResponse in the request's encoding; `hang` reads nothing
and never answers (the connection stays open until the collector ends); `status=N` answers N with an empty body
after recording nothing. Ends on SIGTERM or SIGINT, and with --until-stdin-closes when its standard input closes
(a test's child then never outlives the test process).
"""
import argparse
import base64
import http.server
import json
import math
import signal
import sys
import threading
import time

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

ID_FIELDS = ("traceId", "spanId", "parentSpanId")


def any_value(value):
    """The Python value of an AnyValue."""
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [any_value(element) for element in value.array_value.values]
    if kind == "kvlist_value":
        return {pair.key: any_value(pair.value) for pair in value.kvlist_value.values}
    if kind == "bytes_value":
        return base64.b64encode(value.bytes_value).decode()
    scalar = getattr(value, kind) if kind else None
    if isinstance(scalar, float) and not math.isfinite(scalar):
        return "NaN" if math.isnan(scalar) else ("Infinity" if scalar > 0 else "-Infinity")  # as OTLP/JSON writes them
    return scalar


def attributes(pairs):
    return {pair.key: any_value(pair.value) for pair in pairs}


def hex_ids_to_base64(document):
    """OTLP/JSON carries ids as hex; protobuf's JSON mapping reads bytes as base64. Raises ValueError on an id that is
    not hex (base64 ids, which OTLP/JSON forbids, end here)."""
    for resource_spans in document.get("resourceSpans", []):
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                for field in ID_FIELDS:
                    if field in span:
                        text = span[field]
                        if not isinstance(text, str) or text != text.lower():
                            raise ValueError(f"{field} is not lowercase hex: {text!r}")
                        span[field] = base64.b64encode(bytes.fromhex(text)).decode()
    return document


def decode(body, content_type):
    request = trace_service_pb2.ExportTraceServiceRequest()
    if content_type == "application/x-protobuf":
        request.ParseFromString(body)
    elif content_type == "application/json":
        json_format.ParseDict(hex_ids_to_base64(json.loads(body)), request)
    else:
        raise ValueError(f"unsupported content type {content_type!r}")
    return request


def lines(request, content_type, headers):
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            scope = {"name": scope_spans.scope.name, "version": scope_spans.scope.version}
            for span in scope_spans.spans:
                yield {
                    "traceId": span.trace_id.hex(), "spanId": span.span_id.hex(), "parentSpanId": span.parent_span_id.hex(),
                    "traceState": span.trace_state, "name": span.name, "kind": span.kind,
                    "start": span.start_time_unix_nano, "end": span.end_time_unix_nano, "flags": span.flags,
                    "attributes": attributes(span.attributes), "droppedAttributesCount": span.dropped_attributes_count,
                    "attributeKinds": {pair.key: pair.value.WhichOneof("value") for pair in span.attributes},
                    "status": {"code": span.status.code, "message": span.status.message},
                    "resource": resource, "scope": scope, "contentType": content_type, "headers": headers,
                }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--until-stdin-closes", action="store_true")
    options = parser.parse_args()
    # Foundation's Process passes on the test runner's signal mask (SIGTERM blocked): unblock, so terminate() works.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    write_lock = threading.Lock()
    output = open(options.output, "a", encoding="utf-8")
    stop = threading.Event()

    class Collector(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            if options.mode == "hang":
                stop.wait()
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip()
            if options.mode.startswith("status="):
                self.answer(int(options.mode.split("=", 1)[1]), b"", "text/plain")
                return
            if self.path != "/v1/traces":
                self.answer(404, b"", "text/plain")
                return
            try:
                request = decode(body, content_type)
            except Exception as error:  # the test reads the error line; the exporter sees a 400
                print(f"otlp_collector: {content_type}: {error}", file=sys.stderr, flush=True)
                self.record([{"error": str(error), "contentType": content_type}])
                self.answer(400, b"", "text/plain")
                return
            headers = {name.lower(): value for name, value in self.headers.items()}
            self.record(list(lines(request, content_type, headers)))
            if content_type == "application/json":
                self.answer(200, b"{}", content_type)
            else:
                self.answer(200, trace_service_pb2.ExportTraceServiceResponse().SerializeToString(), content_type)

        def record(self, records):
            with write_lock:
                for record in records:
                    output.write(json.dumps(record, sort_keys=True, allow_nan=False) + "\n")
                output.flush()

        def answer(self, status, body, content_type):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Collector)
    server.daemon_threads = True

    def end(*_):
        stop.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, end)
    signal.signal(signal.SIGINT, end)
    if options.until_stdin_closes:
        # A test's child: when the test process ends, however it ends, its end of the pipe closes and so does this.
        threading.Thread(target=lambda: (sys.stdin.buffer.read(), end()), daemon=True).start()
    print(server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.05)
    time.sleep(0.05)
    return 0


if __name__ == "__main__":
    sys.exit(main())
