/* Assist pages: the page's own text/event-stream decoder and Assist event parser.
 *
 * EventSource cannot POST or send an Authorization header, so the pages read the stream with fetch and
 * decode it here. The rules are the WHATWG "server-sent events" parsing rules, the same as the Swift
 * client's SSEDecoder, and conformance/sse.json is the shared test: bytes may be split anywhere (inside a
 * UTF-8 sequence, between the CR and LF of a CRLF pair, inside the leading byte-order mark).
 *
 * Loaded as a classic script: everything is on the global `AssistSSE` (window.AssistSSE in a page,
 * module.exports under node for tests).
 */
(function (root) {
  'use strict';

  const KINDS = new Set(['facts', 'delta', 'done', 'error']);

  class Decoder {
    constructor() {
      // Streaming UTF-8: a sequence split across chunks is held until complete. The default decoder also
      // strips one leading BOM (even a split one) and only at the start of the stream, as the spec says.
      this._text = new TextDecoder('utf-8');
      this._line = '';
      this._sawCR = false;   // the last chunk ended in CR: a LF first in the next chunk belongs to it
      this._data = '';
      this._type = '';
      this._lastId = '';
      this._finished = false;
    }

    /** Consumes bytes as they arrived; returns the events they completed: [{event, data, id}]. */
    feed(bytes) {
      if (this._finished) return [];
      let chunk;
      if (typeof bytes === 'string') chunk = bytes;
      else if (bytes instanceof ArrayBuffer) chunk = this._text.decode(new Uint8Array(bytes), { stream: true });
      else chunk = this._text.decode(bytes, { stream: true });
      const events = [];
      let start = 0;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        if (c === 10 && this._sawCR && i === start && this._line === '') {
          // The LF of a CRLF pair whose CR already ended the line.
          this._sawCR = false;
          start = i + 1;
          continue;
        }
        this._line += chunk.slice(start, i);
        this._endLine(events);
        this._sawCR = c === 13;
        start = i + 1;
      }
      if (start < chunk.length) {
        this._line += chunk.slice(start);
        this._sawCR = false;
      }
      return events;
    }

    /** The stream ended: an event without its terminating blank line is discarded, per the standard. */
    finish() {
      this._text.decode();
      this._line = '';
      this._data = '';
      this._type = '';
      this._sawCR = false;
      this._finished = true;
      return [];
    }

    _endLine(events) {
      const line = this._line;
      this._line = '';
      if (line === '') return this._dispatch(events);
      if (line.charCodeAt(0) === 58) return; // ":" comment, e.g. ": ping"
      const colon = line.indexOf(':');
      let field = line, value = '';
      if (colon >= 0) {
        field = line.slice(0, colon);
        value = line.slice(colon + 1);
        if (value.charCodeAt(0) === 32) value = value.slice(1);
      }
      switch (field) {
        case 'event': this._type = value; break;
        case 'data': this._data += value + '\n'; break;
        case 'id': if (value.indexOf('\u0000') < 0) this._lastId = value; break;
        default: break; // "retry" and unknown fields do not change decoding here
      }
    }

    _dispatch(events) {
      const data = this._data, type = this._type;
      this._data = '';
      this._type = '';
      if (data === '') return; // no data field: nothing to dispatch
      events.push({ event: type || 'message', data: data.slice(0, -1), id: this._lastId });
    }
  }

  /** One data string → an Assist event object, or null (unknown kind, missing fields, not JSON): ignored,
   *  like the Swift client. */
  function parseEvent(data) {
    let value;
    try { value = JSON.parse(data); } catch (_) { return null; }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    if (!KINDS.has(value.kind)) return null;
    switch (value.kind) {
      case 'delta': return typeof value.text === 'string' ? value : null;
      case 'done': return typeof value.finishReason === 'string' && typeof value.promptVersion === 'string' ? value : null;
      case 'error': return typeof value.code === 'string' ? value : null;
      default: return value;
    }
  }

  /** Reads a fetch Response's event stream to its end, calling onEvent for each valid Assist event.
   *  Resolves {ended: 'done'|'error'|'cut'} from the last kept event ('cut' if it was neither); never rejects.
   *  `aborted: true` is added when `signal` ended it (the caller's Stop). */
  async function readStream(response, onEvent, signal) {
    const decoder = new Decoder();
    let last = null;
    let aborted = false;
    const deliver = (raw) => {
      for (const item of raw) {
        const event = parseEvent(item.data);
        if (!event) continue;
        last = event.kind;
        try { onEvent(event); } catch (_) { /* a page's handler must not end the read */ }
      }
    };
    if (!response || !response.body) return { ended: 'cut' };
    const reader = response.body.getReader();
    const onAbort = () => { aborted = true; reader.cancel().catch(() => {}); };
    if (signal) {
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value) deliver(decoder.feed(value));
      }
    } catch (_) {
      // An abort (Stop) rejects the pending read; so does a dropped connection. Either way the text so
      // far stays with the caller, and the answer counts as cut unless it had already ended.
    } finally {
      if (signal) signal.removeEventListener('abort', onAbort);
    }
    deliver(decoder.finish());
    if (signal && signal.aborted) aborted = true;
    const ended = last === 'done' || last === 'error' ? last : 'cut';
    return aborted ? { ended, aborted: true } : { ended };
  }

  /** Retry-After as whole seconds ≥ 0: delta-seconds or an HTTP-date; null when absent or invalid. */
  function retryAfterSeconds(headerValue, nowMs) {
    if (headerValue === null || headerValue === undefined) return null;
    const value = String(headerValue).trim();
    if (value === '') return null;
    if (/^\d+$/.test(value)) return parseInt(value, 10);
    // An HTTP-date starts with a day name (IMF-fixdate, RFC 850 or asctime); anything else ("-5", "1.5")
    // is invalid rather than something Date.parse happens to accept.
    if (!/^[A-Za-z]{3}/.test(value)) return null;
    // asctime carries no zone but is GMT; the other two forms name it.
    const when = Date.parse(/^[A-Za-z]{3} [A-Za-z]{3} +\d/.test(value) ? value + ' GMT' : value);
    if (Number.isNaN(when)) return null;
    const now = typeof nowMs === 'number' ? nowMs : Date.now();
    return Math.max(0, Math.ceil((when - now) / 1000));
  }

  const api = { Decoder, parseEvent, readStream, retryAfterSeconds };
  root.AssistSSE = api;
  if (typeof module === 'object' && module && module.exports) module.exports = api;
})(typeof window !== 'undefined' ? window : globalThis);
