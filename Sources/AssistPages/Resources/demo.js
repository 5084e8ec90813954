/* Assist demo — a travel app that uses the gateway the way a phone app would.
 *
 * Contract with the page (demo.html) and the server:
 *  - All text from the server or the user is set with textContent; no markup is ever built from data.
 *  - The session token lives in `state.token` only and goes out in the Authorization header, never in a URL.
 *  - Which features to show comes from GET /v1/features, fetched again whenever a section is (re)loaded: a
 *    feature absent from the list, or whose `locales` map leaves out the current locale, takes its non-AI path
 *    (the page has no on-device model to fall back to).
 *  - No call here throws to the console: HTTP errors become "error: <code>" in the section's status line.
 */
'use strict';
(() => {
  const { api, codeOf, el } = window.AssistPage;
  const $ = (id) => document.getElementById(id);
  const put = (id, text) => { $(id).textContent = text; };
  const clear = (...ids) => ids.forEach((id) => put(id, ''));
  const SSE = window.AssistSSE;

  const state = {
    token: null, name: '', locale: 'en-US', bookings: [], features: new Map(),
    // The open booking's summary stream: its AbortController, X-Request-Id and Retry-After countdown timer.
    summary: { bookingId: null, controller: null, requestId: null, timer: null, factsShown: false },
    // The support message as last previewed: only the server-masked text is streamed on.
    support: { previewed: null, masked: null, topic: null, controller: null },
    // The budget conversation the next question continues ("and the month before?"); null: a new one.
    budgetConversation: null,
  };

  // ---- HTTP ----------------------------------------------------------------------------------------------

  /** A structured answer's failure: an HTTP error's code, or the `{error}` a feature answers with 200. */
  function failureOf(r) {
    if (r.status === 200 && r.json && typeof r.json.error !== 'string') return null;
    return r.json && typeof r.json.error === 'string' ? r.json.error : codeOf(r);
  }

  /** Streams a feature's answer into `out`, labelling it at the first text and again at `done`.
   *  Resolves {r: the HTTP answer, result: readStream's result or null, failure: an error event's code}. */
  async function streamAnswer(body, controller, out, label, dataText, { onFacts, onDone } = {}) {
    const r = await api('POST', '/v1/assist/stream', body, state.token, { signal: controller.signal, stream: true });
    if (!r.response) return { r, result: null, failure: null };
    const narrated = writer(body.feature) === 'narrator';
    let failure = null;
    const result = await SSE.readStream(r.response, (event) => {
      if (controller.signal.aborted) return;
      if (event.kind === 'facts' && onFacts) onFacts(event.booking);
      else if (event.kind === 'delta') {
        if (label.hidden) setLabel(label, narrated, dataText);
        out.textContent += event.text; // appended as it arrives: the first words show before the end
      } else if (event.kind === 'done') {
        setLabel(label, event.source === 'narrator', dataText);
        if (onDone) onDone(event);
      } else if (event.kind === 'error') failure = event.code;
    }, controller.signal);
    return { r, result, failure };
  }

  // ---- small helpers -------------------------------------------------------------------------------------

  /** Today in the browser's time zone: relative dates ("next Friday") are the traveller's, not UTC's. */
  function today() {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }

  function range(r) {
    if (!r || typeof r !== 'object') return '';
    return r.from === r.to ? String(r.from) : `${r.from} – ${r.to}`;
  }

  /** "2026-10-14T14:40:00+03:00" → "2026-10-14 14:40 (+03:00)": the airport's local time as booked. */
  function localTime(value) {
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(String(value || ''));
    return m ? `${m[1]} ${m[2]}${m[3] ? ` (${m[3]})` : ''}` : String(value || '');
  }

  /** Model text is "AI-generated"; the narrator's (a template over the app's own data) says where it is from. */
  function setLabel(node, isData, dataText) {
    node.hidden = false;
    node.textContent = isData ? dataText : 'AI-generated';
    node.classList.toggle('ai', !isData);
    node.classList.toggle('data', isData);
  }

  /** Runs an async handler without ever leaving a rejected promise (the browser log is checked for errors). */
  function on(node, type, handler) {
    node.addEventListener(type, (event) => {
      Promise.resolve().then(() => handler(event)).catch((err) => {
        put('features-status', 'Something went wrong on this page: ' + (err && err.message ? err.message : err));
      });
    });
  }

  // ---- features --------------------------------------------------------------------------------------------

  async function refreshFeatures() {
    if (!state.token) return;
    const r = await api('GET', '/v1/features?locale=' + encodeURIComponent(state.locale), undefined, state.token);
    if (r.status === 200 && r.json && Array.isArray(r.json.features)) {
      state.features = new Map(r.json.features.filter((f) => f && typeof f.id === 'string').map((f) => [f.id, f]));
      put('features-status', '');
    } else {
      state.features = new Map(); // nothing is known to be served: every section takes its non-AI path
      put('features-status', r.status === 401 ? 'Your session has ended (unauthenticated); log out and log in again.'
        : `Features unavailable (error: ${codeOf(r)}); showing the versions without AI.`);
    }
    applyFeatures();
  }

  /** Served to this user in this locale: listed, not marked off, and (if it names locales) naming this one. */
  function served(id) {
    const f = state.features.get(id);
    if (!f || f.enabled === false || f.hidden === true) return false;
    if (f.locales && typeof f.locales === 'object') return Object.prototype.hasOwnProperty.call(f.locales, state.locale);
    return true;
  }

  /** Who writes this locale's answers, "model" or "narrator" (absent: the model). */
  function writer(id) {
    const f = state.features.get(id);
    return (f && f.locales && f.locales[state.locale]) || 'model';
  }

  function applyFeatures() {
    const smart = served('smart_search'), chat = served('support_chat'), budget = served('budget_question');
    $('smart-search').hidden = !smart;
    $('classic-search').hidden = smart;
    $('support-chat').hidden = !chat;
    $('human-queue').hidden = chat;
    $('support-preview').hidden = !served('support_triage');
    updateSupportSend();
    $('budget-form').hidden = !budget;
    $('budget-hidden').hidden = budget;
    // An open booking follows the switch too, unless its answer is still arriving.
    const s = state.summary;
    if (!s.bookingId || s.controller) return;
    if (!served('itinerary_summary')) showSummaryHidden();
    else if (!$('summary-hidden').hidden) {
      $('summary-hidden').hidden = true;
      $('summary-box').hidden = false;
      $('retry').disabled = s.timer !== null;
    }
  }

  // ---- log-in ----------------------------------------------------------------------------------------------

  async function login(user) {
    const buttons = ['u1', 'u2', 'u3'].map((u) => $('login-' + u));
    buttons.forEach((b) => { b.disabled = true; });
    put('login-error', '');
    const r = await api('POST', '/demo/token', { user });
    buttons.forEach((b) => { b.disabled = false; });
    if (r.status !== 200 || !r.json || typeof r.json.token !== 'string') {
      put('login-error', r.status === 404 ? 'The demo is off on this gateway (not_found): start it with `assist serve --demo`.'
        : `Log-in failed: ${codeOf(r)}`);
      return;
    }
    const me = r.json;
    Object.assign(state, { token: me.token, name: me.name || me.user, locale: me.locale || 'en-US',
      bookings: Array.isArray(me.bookings) ? me.bookings : [] });
    const select = $('locale');
    if (![...select.options].some((o) => o.value === state.locale)) select.append(new Option(state.locale, state.locale));
    select.value = state.locale;
    put('whoami', `${state.name} (${state.locale})`);
    resetSections();
    renderBookings();
    $('login').hidden = true;
    $('app').hidden = false;
    $('session-bar').hidden = false;
    await refreshFeatures();
  }

  function logout() {
    abortSummary();
    if (state.support.controller) state.support.controller.abort();
    Object.assign(state, { token: null, bookings: [], features: new Map() });
    resetSections();
    $('booking-list').replaceChildren();
    put('whoami', '');
    $('app').hidden = true;
    $('session-bar').hidden = true;
    $('login').hidden = false;
  }

  function resetSections() {
    $('chips').replaceChildren();
    clear('search-status', 'search-dropped', 'classic-result', 'support-status', 'support-answer', 'support-answer-status',
      'budget-status', 'features-status');
    ['support-label', 'support-preview-box', 'budget-result', 'booking'].forEach((id) => { $(id).hidden = true; });
    state.support = { previewed: null, masked: null, topic: null, controller: null };
    state.summary.bookingId = null;
    state.budgetConversation = null;
  }

  // ---- smart search ----------------------------------------------------------------------------------------

  function chipValue(value) {
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (value && typeof value === 'object') {
      if ('from' in value && 'to' in value) return range(value);
      if ('amount' in value && 'currency' in value) return `${value.amount} ${value.currency}`;
      return JSON.stringify(value);
    }
    return String(value);
  }

  async function smartSearch() {
    const text = $('search-text').value.trim();
    if (!text) { put('search-status', 'Type what you are looking for first.'); return; }
    put('search-status', 'Understanding…');
    put('search-dropped', '');
    const r = await api('POST', '/v1/assist', { feature: 'smart_search', input: { text, today: today() }, locale: state.locale }, state.token);
    const failure = failureOf(r);
    if (failure) { put('search-status', `error: ${failure}`); return; }
    const filters = r.json.filters && typeof r.json.filters === 'object' ? r.json.filters : {};
    const sources = r.json.fieldSources && typeof r.json.fieldSources === 'object' ? r.json.fieldSources : {};
    const chips = $('chips');
    chips.replaceChildren();
    for (const [field, value] of Object.entries(filters)) {
      if (value === null || value === undefined) continue; // absent values are null, never guessed
      const chip = el('div', 'chip');
      chip.dataset.field = field;
      const input = el('input');
      input.type = 'text';
      input.value = chipValue(value);
      input.setAttribute('aria-label', field);
      const remove = el('button', 'chip-remove', '×');
      remove.type = 'button';
      remove.setAttribute('aria-label', 'Remove ' + field);
      remove.addEventListener('click', () => chip.remove());
      chip.append(el('span', 'chip-name', field), input, el('span', 'chip-source', sources[field] === 'model' ? 'model' : 'rules'), remove);
      chips.append(chip);
    }
    put('search-status', chips.children.length ? `Understood (${r.json.source || 'rules'}). Edit or remove any filter.`
      : 'Nothing understood; try naming cities, dates or travellers.');
    const dropped = Array.isArray(r.json.dropped) ? r.json.dropped : [];
    if (dropped.length) put('search-dropped', 'Not used (not in your text): ' + dropped.map((d) => `${d.field} ${chipValue(d.value)}`).join(', '));
  }

  function classicSearch() {
    const from = $('classic-origin').value.trim() || '?', to = $('classic-destination').value.trim() || '?';
    const date = $('classic-date').value || 'any date', n = $('classic-passengers').value || '1';
    put('classic-result', `Would search flights from ${from} to ${to} on ${date} for ${n} passenger(s).`);
  }

  // ---- bookings and the summary stream ---------------------------------------------------------------------

  function renderBookings() {
    const list = $('booking-list');
    list.replaceChildren();
    if (!state.bookings.length) list.append(el('li', 'muted', 'No bookings.'));
    for (const b of state.bookings) {
      const button = el('button', 'booking');
      button.type = 'button';
      button.dataset.booking = b.id;
      button.append(el('strong', null, b.id), el('span', null, b.route), el('span', 'muted', b.status));
      on(button, 'click', () => openBooking(b.id));
      const item = el('li');
      item.append(button);
      list.append(item);
    }
  }

  /** Ends the open summary stream without touching the page: a newer booking or a log-out owns it now. */
  function abortSummary() {
    const s = state.summary;
    if (s.controller) { const c = s.controller; s.controller = null; c.abort(); }
    clearCountdown();
  }

  function resetSummary() {
    clear('summary-text', 'summary-status', 'summary-error', 'summary-meta', 'retry-countdown', 'feedback-status');
    $('summary-label').hidden = true;
    $('feedback-wrong').disabled = true;
    $('feedback-report').disabled = true;
  }

  async function openBooking(id) {
    abortSummary();
    const s = state.summary;
    Object.assign(s, { bookingId: id, requestId: null, factsShown: false });
    put('booking-title', id);
    $('booking').hidden = false;
    $('facts').replaceChildren();
    resetSummary();
    $('booking').scrollIntoView({ block: 'nearest' });
    await refreshFeatures();
    if (s.bookingId !== id) return; // another booking was opened meanwhile
    if (!served('itinerary_summary')) showSummaryHidden();
    else await startSummary();
  }

  /** No summary for this user and locale: the booking as the log-in listed it, no AI. */
  function showSummaryHidden() {
    $('summary-hidden').hidden = false;
    $('summary-box').hidden = true;
    $('stop').disabled = true;
    const b = state.bookings.find((x) => x.id === state.summary.bookingId);
    if (state.summary.factsShown || !b) return;
    const list = el('ul', 'plain');
    list.append(el('li', null, `Booking ${b.id}`), el('li', null, `Route: ${b.route}`), el('li', null, `Status: ${b.status}`));
    $('facts').replaceChildren(list);
  }

  async function startSummary() {
    const s = state.summary;
    if (!s.bookingId || !state.token) return;
    abortSummary();
    const controller = new AbortController();
    Object.assign(s, { controller, requestId: null });
    $('summary-hidden').hidden = true;
    $('summary-box').hidden = false;
    resetSummary();
    put('summary-status', 'streaming');
    $('stop').disabled = false;
    $('retry').disabled = true;
    const body = { feature: 'itinerary_summary', input: { bookingId: s.bookingId }, locale: state.locale };
    const { r, result, failure } = await streamAnswer(body, controller, $('summary-text'), $('summary-label'), 'From your booking',
      { onFacts: renderFacts, onDone: (done) => put('summary-meta', doneNotes(done)) });
    // Stop keeps s.controller (this stream still owns the page); a newer booking or a log-out clears it.
    if (s.controller !== controller) return;
    s.controller = null;
    $('stop').disabled = true;
    if (!result) {
      if (r.aborted) { put('summary-status', 'stopped'); $('retry').disabled = false; return; }
      put('summary-status', r.status === 429 ? 'rate limited' : `error: ${codeOf(r)}`);
      if (r.status === 429) put('summary-error', codeOf(r));
      if (r.status === 429 || r.status === 503) startCountdown(SSE.retryAfterSeconds(r.headers.get('Retry-After')));
      else $('retry').disabled = false;
      return;
    }
    s.requestId = r.headers.get('X-Request-Id'); // what feedback names
    $('retry').disabled = false;
    if (result.aborted) put('summary-status', 'stopped');
    else if (result.ended === 'done') put('summary-status', 'done');
    else put('summary-status', `error: ${result.ended === 'error' ? failure : 'cut'}`);
    $('feedback-wrong').disabled = $('feedback-report').disabled = !s.requestId;
  }

  function doneNotes(done) {
    const notes = [`prompt ${done.promptVersion}`];
    if (done.cached) notes.push('served from the gateway store');
    if (done.withheld) notes.push(`${done.withheld} sentence(s) held back by the gateway's checks`);
    if (done.finishReason && done.finishReason !== 'stop') notes.push(`finished: ${done.finishReason}`);
    return notes.join(' · ');
  }

  function stopSummary() {
    if (!state.summary.controller) return;
    state.summary.controller.abort(); // readStream resolves {aborted: true}; the text so far stays
    put('summary-status', 'stopped');
    $('stop').disabled = true;
  }

  /** The `facts` event: the gateway's own record of the booking, shown beside the text. */
  function renderFacts(booking) {
    if (!booking || typeof booking !== 'object') return;
    state.summary.factsShown = true;
    const facts = $('facts');
    facts.replaceChildren(el('h3', null, 'From your booking'),
      el('p', 'muted small', `Booking ${booking.id || ''}${booking.status ? ' · ' + booking.status : ''}`));
    const segments = Array.isArray(booking.segments) ? booking.segments : [];
    if (segments.length) {
      const table = el('table', 'facts-table'), head = el('tr'), rows = el('tbody');
      ['Flight', 'From', 'To', 'Departs', 'Arrives', 'Status'].forEach((h) => head.append(el('th', null, h)));
      table.append(el('thead'), rows);
      table.tHead.append(head);
      for (const seg of segments) {
        const tr = el('tr');
        [seg.flight, [seg.from, seg.fromCity].filter(Boolean).join(' '), [seg.to, seg.toCity].filter(Boolean).join(' '),
          localTime(seg.departure), localTime(seg.arrival), seg.status].forEach((v) => tr.append(el('td', null, v ?? '')));
        rows.append(tr);
      }
      facts.append(table);
    }
    const list = (title, items, line) => {
      if (!Array.isArray(items) || !items.length) return;
      const ul = el('ul', 'plain');
      items.forEach((item) => ul.append(el('li', null, line(item))));
      facts.append(el('h4', null, title), ul);
    };
    list('Travellers', booking.travellers, (t) => `${t.name}${t.type ? ` (${t.type})` : ''}`);
    list('Hotels', booking.hotels, (h) => `${h.name}, ${h.city} · ${h.checkIn} – ${h.checkOut}`);
  }

  /** Retry stays disabled until Retry-After has passed; without the header it is enabled at once. */
  function startCountdown(seconds) {
    clearCountdown();
    if (seconds === null || seconds === undefined) { $('retry').disabled = false; return; }
    const deadline = Date.now() + seconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      if (left > 0) { put('retry-countdown', `Retry in ${left} s`); $('retry').disabled = true; return; }
      clearCountdown();
      put('retry-countdown', 'You can retry now');
      $('retry').disabled = false;
    };
    tick();
    if (Date.now() < deadline) state.summary.timer = setInterval(tick, 250);
  }

  function clearCountdown() {
    if (state.summary.timer !== null) clearInterval(state.summary.timer);
    state.summary.timer = null;
  }

  /** The API's verdicts are exactly "wrong" (the answer is incorrect) and "report" (it should be reviewed). */
  async function sendFeedback(verdict) {
    const requestId = state.summary.requestId;
    if (!requestId) return;
    const body = { requestId, verdict };
    const reason = $('feedback-reason').value.trim().slice(0, 500);
    if (reason) body.reason = reason;
    put('feedback-status', 'Sending…');
    const r = await api('POST', '/v1/feedback', body, state.token);
    put('feedback-status', r.status === 201 || r.status === 200 ? 'Thanks, your feedback was sent.' : `error: ${codeOf(r)}`);
  }

  // ---- support -----------------------------------------------------------------------------------------------

  function updateSupportSend() {
    const message = $('support-message').value.trim(), sp = state.support;
    const ready = served('support_triage') ? sp.masked !== null && sp.previewed === message : message !== '';
    $('support-send').disabled = !served('support_chat') || sp.controller !== null || !ready;
  }

  async function supportPreview() {
    const message = $('support-message').value.trim();
    if (!message) { put('support-status', 'Type a message first.'); return; }
    put('support-status', 'Checking…');
    const r = await api('POST', '/v1/assist', { feature: 'support_triage', input: { message }, locale: state.locale }, state.token);
    const failure = failureOf(r);
    if (failure) { put('support-status', `error: ${failure}`); return; }
    const masked = typeof r.json.masked === 'string' ? r.json.masked : '';
    const topic = typeof r.json.topic === 'string' ? r.json.topic : null;
    Object.assign(state.support, { previewed: message, masked, topic });
    put('support-topic', topic || 'other');
    put('support-masked', masked);
    $('support-preview-box').hidden = false;
    put('support-status', r.json.containsSensitiveNumbers ? 'Numbers that look personal were masked before sending.' : '');
    updateSupportSend();
  }

  async function supportSend() {
    const sp = state.support, triaged = served('support_triage');
    // What the server masked, never the raw text (without triage there is no preview: the text as typed).
    const message = triaged ? sp.masked : $('support-message').value.trim();
    if (!message) return;
    const input = triaged && sp.topic ? { message, topic: sp.topic } : { message };
    const controller = new AbortController();
    sp.controller = controller;
    updateSupportSend();
    clear('support-answer');
    $('support-label').hidden = true;
    put('support-answer-status', 'streaming');
    const { r, result, failure } = await streamAnswer({ feature: 'support_chat', input, locale: state.locale }, controller,
      $('support-answer'), $('support-label'), 'From our policy');
    if (state.support !== sp || sp.controller !== controller) return; // logged out meanwhile
    sp.controller = null;
    updateSupportSend();
    if (!result) put('support-answer-status', r.status === 429 ? `rate limited (${codeOf(r)})` : `error: ${codeOf(r)}`);
    else if (result.aborted) put('support-answer-status', 'stopped');
    else put('support-answer-status', result.ended === 'done' ? 'done' : `error: ${result.ended === 'error' ? failure : 'cut'}`);
  }

  // ---- budget ------------------------------------------------------------------------------------------------

  function money(minor, currency, locale) {
    try {
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
    } catch (_) {
      return `${minor} (minor units, ${currency})`;
    }
  }

  /** The answer is computed by the gateway from the user's transactions (a template, never model text). */
  async function budgetAsk() {
    const question = $('budget-question').value.trim();
    if (!question) { put('budget-status', 'Type a question first.'); return; }
    put('budget-status', 'Computing…');
    const input = { question, today: today() };
    if (state.budgetConversation) input.conversationId = state.budgetConversation;
    const r = await api('POST', '/v1/assist', { feature: 'budget_question', input, locale: state.locale }, state.token);
    const failure = failureOf(r);
    // The conversation ended (older than a day, or this gateway does not hold it): the next question starts a new
    // one; this one is not re-sent on its own, since a follow-up read alone would answer something else.
    if (failure === 'conversation_not_found') state.budgetConversation = null;
    if (failure) {
      put('budget-status', failure === 'conversation_not_found'
        ? 'That conversation has ended: ask your question in full to start a new one.' : `error: ${failure}`);
      $('budget-result').hidden = true;
      return;
    }
    const a = r.json;
    state.budgetConversation = a.conversationId || null;
    put('budget-status', a.followUp ? 'Follow-up: what you did not restate comes from your last question.' : '');
    put('budget-answer', a.answer || '');
    put('budget-period', range(a.period) || '—');
    const numbers = $('budget-numbers');
    numbers.replaceChildren();
    const add = (name, value) => { if (value !== null && value !== undefined && value !== '') numbers.append(el('li', null, `${name}: ${value}`)); };
    if (typeof a.valueMinor === 'number') add('Total', money(a.valueMinor, a.currency || 'TRY', state.locale));
    add('Transactions', a.transactions);
    add('Question type', a.intent);
    add('Merchant', a.merchant);
    add('Category', a.category);
    add('Top', a.limit);
    if (a.otherPeriod) add('Compared with', range(a.otherPeriod));
    add('Question understood by', a.source === 'model' ? 'the model (intent only)' : 'rules');
    $('budget-result').hidden = false;
    $('budget-question').value = '';
    $('budget-question').placeholder = 'A follow-up? "and the month before?", "only at Migros", "top 3 instead"';
  }

  /** Forgets the conversation: the next question is understood on its own. */
  function budgetNew() {
    state.budgetConversation = null;
    clear('budget-status');
    $('budget-result').hidden = true;
    $('budget-question').placeholder = 'How much did I spend on groceries last month?';
  }

  // ---- wiring ------------------------------------------------------------------------------------------------

  function wire() {
    ['u1', 'u2', 'u3'].forEach((u) => on($('login-' + u), 'click', () => login(u)));
    on($('logout'), 'click', logout);
    on($('reload'), 'click', refreshFeatures);
    on($('locale'), 'change', () => {
      state.locale = $('locale').value;
      put('whoami', `${state.name} (${state.locale})`);
      return refreshFeatures();
    });
    on($('search-go'), 'click', smartSearch);
    on($('search-text'), 'keydown', (e) => (e.key === 'Enter' ? smartSearch() : undefined));
    on($('classic-go'), 'click', classicSearch);
    on($('stop'), 'click', stopSummary);
    on($('retry'), 'click', startSummary);
    on($('feedback-wrong'), 'click', () => sendFeedback('wrong'));
    on($('feedback-report'), 'click', () => sendFeedback('report'));
    on($('support-preview'), 'click', supportPreview);
    on($('support-send'), 'click', supportSend);
    on($('support-message'), 'input', () => {
      // An edited message must be checked again: only what the server masked may be sent on.
      if ($('support-message').value.trim() !== state.support.previewed) $('support-preview-box').hidden = true;
      updateSupportSend();
    });
    on($('budget-ask'), 'click', budgetAsk);
    on($('budget-new'), 'click', budgetNew);
    on($('budget-question'), 'keydown', (e) => (e.key === 'Enter' ? budgetAsk() : undefined));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
