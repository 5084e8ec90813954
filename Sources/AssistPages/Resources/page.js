/* What both pages (/demo and /console) need from the browser, written once: same-origin calls that never throw,
 * the error code of an answer, and elements whose text is set with textContent only. Loaded before each page's
 * own script, as the global `AssistPage`.
 */
'use strict';
(() => {
  /** Same-origin call; never throws. {status (0: not completed), headers, json, text, aborted}; with `stream`, a
   *  2xx event-stream answer comes back unread as `response`. The token goes in the Authorization header only. */
  async function api(method, path, body, token, { signal, stream } = {}) {
    const headers = { Accept: stream ? 'text/event-stream' : 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = 'Bearer ' + token;
    let res;
    try {
      res = await fetch(path, { method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin', cache: 'no-store' });
    } catch (_) {
      return { status: 0, headers: new Headers(), json: null, text: '', aborted: Boolean(signal && signal.aborted) };
    }
    if (stream && res.ok && (res.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
      return { status: res.status, headers: res.headers, json: null, text: '', response: res };
    }
    let text = '';
    try { text = await res.text(); } catch (_) { text = ''; }
    let json = null;
    try { json = JSON.parse(text); } catch (_) { json = null; }
    return { status: res.status, headers: res.headers, json, text, aborted: Boolean(signal && signal.aborted) };
  }

  /** An answer's error code: the body's, else `http_<status>`, else `network_error`. */
  function codeOf(r) {
    const code = r && r.json && r.json.error && r.json.error.code;
    if (typeof code === 'string') return code;
    return r && r.status ? 'http_' + r.status : 'network_error';
  }

  /** A new element with an optional class and text (as text, never markup). */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  window.AssistPage = Object.freeze({ api, codeOf, el });
})();
