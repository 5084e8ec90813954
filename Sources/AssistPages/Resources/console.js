/* Assist console — the operators' page over the admin API.
 *
 * Contract:
 *  - The admin token is kept in sessionStorage["assist.adminToken"] only (this tab, gone when it closes) and
 *    sent as `Authorization: Bearer`, never in a URL, never in localStorage or a cookie.
 *  - Everything the server returns is shown with textContent: feedback reasons are users' own words and may
 *    contain markup, which must stay text.
 *  - Every change asks window.confirm first; no call throws to the console.
 */
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const KEY = 'assist.adminToken';
  const SVG = 'http://www.w3.org/2000/svg';
  const SAMPLES = 40;        // sparkline length (~2 minutes at 3 s)
  const TTFT_WINDOW = 20;    // samples (~60 s) the TTFT percentiles are taken over, when there were requests

  // Outcomes of assist_requests_total (GatewayMetrics.outcome): audit statuses, or a refusal's error code.
  const THROTTLED = new Set(['quota_exceeded', 'too_many_streams', 'too_many_connections', 'rate_limited']);
  const ERRORS = new Set(['upstream_failed', 'upstream_timeout', 'internal_error', 'unavailable', 'interrupted',
    'shutting_down', 'quota_unavailable', 'audit_unavailable']);
  const NOT_REQUESTS = new Set(['admin', 'started']); // operators' changes are audited too; they are not traffic

  const state = { timers: [], prev: null, history: [], requestRates: [], ttftP50s: [], metricsBusy: false,
    activityBusy: false, exportUrl: null, featuresAsked: 0, featuresShown: 0 };

  // ---- token and HTTP ------------------------------------------------------------------------------------

  function storedToken() {
    try { return sessionStorage.getItem(KEY); } catch (_) { return null; }
  }
  function storeToken(value) {
    try {
      if (value === null) sessionStorage.removeItem(KEY);
      else sessionStorage.setItem(KEY, value);
    } catch (_) { /* storage off: the token only lives for this call */ }
  }

  /** Same-origin call with the admin token; never throws. Returns {status, headers, json, text}. */
  const api = (method, path, body) => window.AssistPage.api(method, path, body, storedToken());
  const { codeOf, el } = window.AssistPage;

  function cell(tr, text, className) {
    const td = el('td', className, text === null || text === undefined ? '' : text);
    tr.append(td);
    return td;
  }

  function when(iso) {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? String(iso || '') : d.toLocaleString();
  }

  function on(node, type, handler) {
    node.addEventListener(type, (event) => {
      Promise.resolve().then(() => handler(event)).catch((err) => {
        $('change-status').textContent = 'page error: ' + (err && err.message ? err.message : err);
      });
    });
  }

  // ---- log-in ----------------------------------------------------------------------------------------------

  async function openConsole(token) {
    storeToken(token);
    $('token-error').textContent = '';
    const r = await api('GET', '/admin/features');
    if (r.status === 401) { storeToken(null); $('token-error').textContent = 'wrong admin token'; return; }
    if (r.status !== 200 || !r.json) { $('token-error').textContent = `error: ${codeOf(r)}`; return; }
    $('admin-token').value = '';
    $('token-form').hidden = true;
    $('console').hidden = false;
    $('admin-logout').hidden = false;
    renderFeatures(r.json);
    startTimers();
  }

  function logout(message) {
    storeToken(null);
    stopTimers();
    $('console').hidden = true;
    $('admin-logout').hidden = true;
    $('token-form').hidden = false;
    $('token-error').textContent = message || '';
    ['features', 'audit', 'feedback'].forEach((id) => { $(id).tBodies[0].replaceChildren(); delete $(id).dataset.signature; });
    if (state.exportUrl) URL.revokeObjectURL(state.exportUrl);
    Object.assign(state, { prev: null, history: [], requestRates: [], ttftP50s: [], exportUrl: null });
    $('feedback-export-link').hidden = true;
    $('feedback-export-link').removeAttribute('href');
  }

  /** A 401 after log-in: the token was changed on the server, so it is as wrong as a mistyped one. */
  function expired() { logout('wrong admin token'); }

  function startTimers() {
    stopTimers();
    const metrics = () => refreshMetrics().catch(() => {});
    const activity = () => Promise.all([refreshActivity(), reloadFeatures()]).catch(() => {});
    metrics();
    refreshActivity().catch(() => {});
    state.timers.push(setInterval(metrics, 3000), setInterval(activity, 5000));
  }

  function stopTimers() {
    state.timers.forEach(clearInterval);
    state.timers = [];
  }

  // ---- features ------------------------------------------------------------------------------------------

  /** Also every 5 s, so a change made elsewhere (another operator, the CLI) shows up. A slower answer to an
   *  earlier request never overwrites a newer one (a poll racing a change). */
  async function reloadFeatures() {
    const seq = ++state.featuresAsked;
    const r = await api('GET', '/admin/features');
    if (seq < state.featuresShown || $('console').hidden) return false;
    state.featuresShown = seq;
    if (r.status === 401) { expired(); return false; }
    if (r.status !== 200 || !r.json) { $('change-status').textContent = `error: ${codeOf(r)}`; return false; }
    renderFeatures(r.json);
    return true;
  }

  function percent(rate) { return `${Math.round(rate * 1000) / 10}%`; }

  /** Rows are updated in place: an unchanged feature keeps its row (and what is typed in it), a changed
   *  one keeps its text-only cells, so a reader holding a cell (a test, a screen reader) never loses it. */
  function renderFeatures(json) {
    const tbody = $('features').tBodies[0];
    const qualification = Array.isArray(json.qualification) ? json.qualification : [];
    const writers = Array.isArray(json.writers) ? json.writers : [];
    const old = new Map([...tbody.rows].map((row) => [row.dataset.feature, row]));
    let index = 0;
    // Moves a row only when it is out of place: moving it would take the focus from a rollout being typed.
    const place = (row) => { if (tbody.rows[index] !== row) tbody.insertBefore(row, tbody.rows[index] || null); index++; };
    for (const f of Array.isArray(json.features) ? json.features : []) {
      const rows = qualification.filter((q) => q && q.feature === f.id);
      const written = writers.filter((w) => w && w.feature === f.id);
      const signature = JSON.stringify([f, rows, written]);
      const existing = old.get(f.id);
      old.delete(f.id);
      if (existing && existing.dataset.signature === signature) { place(existing); continue; }
      const tr = featureRow(f, rows, written);
      tr.dataset.signature = signature;
      if (!existing || existing.cells.length !== tr.cells.length) { if (existing) existing.remove(); place(tr); continue; }
      [...tr.cells].forEach((cellNew, i) => {
        const cellOld = existing.cells[i];
        if (cellOld.children.length || cellNew.children.length) { cellOld.replaceWith(cellNew); return; }
        if (cellOld.textContent !== cellNew.textContent) cellOld.textContent = cellNew.textContent;
        cellOld.className = cellNew.className;
      });
      existing.dataset.signature = signature;
      place(existing);
    }
    old.forEach((row) => row.remove());
  }

  function featureRow(f, rows, written) {
    const tr = el('tr');
    tr.dataset.feature = f.id;

    const name = cell(tr, '');
    name.append(el('strong', null, f.id));
    const overrides = f.overrides || {};
    const notes = [];
    if (typeof overrides.enabled === 'boolean') notes.push(`enabled=${overrides.enabled}`);
    if (overrides.rollout) notes.push(`rollout=${overrides.rollout.percentage}%`);
    if (notes.length) name.append(el('div', 'muted small', 'override: ' + notes.join(', ')));

    cell(tr, f.promptVersion);
    cell(tr, f.model || '—');

    const rolloutCell = cell(tr, '');
    const input = el('input', 'rollout-input');
    Object.assign(input, { type: 'number', min: '0', max: '100', step: 'any' });
    input.value = f.rollout && typeof f.rollout.percentage === 'number' ? String(f.rollout.percentage) : '100';
    input.setAttribute('aria-label', `${f.id} rollout percentage`);
    const save = el('button', 'rollout-save secondary', 'Save');
    save.type = 'button';
    on(save, 'click', () => saveRollout(f.id, input.value));
    rolloutCell.append(input, save);
    if (f.rollout && f.rollout.flag && f.rollout.flag !== f.id) rolloutCell.append(el('div', 'muted small', `flag ${f.rollout.flag}`));

    cell(tr, f.candidate ? `${f.candidate.promptVersion} at ${f.candidate.percentage}%` : '—');
    cell(tr, f.enabled ? 'on' : 'off', 'enabled ' + (f.enabled ? 'is-on' : 'is-off'));

    const killCell = cell(tr, '');
    const kill = el('button', 'kill ' + (f.enabled ? 'danger' : 'secondary'), f.enabled ? 'Turn off' : 'Turn on');
    kill.type = 'button';
    const endLabel = el('label', 'small inline');
    const end = el('input', 'end-streams');
    end.type = 'checkbox';
    endLabel.append(end, document.createTextNode(' end open streams'));
    on(kill, 'click', () => toggleFeature(f.id, f.enabled, end.checked));
    killCell.append(kill, endLabel);

    // Qualification: the raw model's recorded golden-set pass rates, per locale (and the model recorded), then
    // who writes each locale now and why (a locale nobody measured is narrated: the reason says so).
    const qualCell = cell(tr, rows.length || written.length ? '' : '—');
    if (rows.length) {
      const ul = el('ul', 'plain small');
      for (const q of rows) {
        const other = q.promptVersion !== f.promptVersion ? `, prompt ${q.promptVersion}` : '';
        ul.append(el('li', null, `${q.locale}: ${percent(q.passRate)} (${q.passed}/${q.cases}) on ${q.model}${other}`));
      }
      qualCell.append(ul);
    }
    if (written.length) {
      const ul = el('ul', 'plain small writers');
      for (const w of written) ul.append(el('li', null, `${w.locale} written by the ${w.writer}: ${w.reason}`));
      qualCell.append(ul);
    }
    const current = rows.filter((q) => q.promptVersion === f.promptVersion);
    const passed = current.reduce((n, q) => n + (q.passed || 0), 0), cases = current.reduce((n, q) => n + (q.cases || 0), 0);
    cell(tr, cases ? `${percent(passed / cases)} (${passed}/${cases})` : '—', 'golden');
    return tr;
  }

  async function patchFeature(id, body, question, done) {
    if (!window.confirm(question)) { $('change-status').textContent = `${id}: not changed`; return; }
    $('change-status').textContent = 'saving…'; // no feature id until the change is made: readers wait for it
    const r = await api('PATCH', '/admin/features/' + encodeURIComponent(id), body);
    if (r.status === 401) { expired(); return; }
    if (r.status !== 200) { $('change-status').textContent = `${id}: error: ${codeOf(r)}`; return; }
    let line = `${id}: ${done}`;
    if (r.json && typeof r.json.endedStreams === 'number') line += ` (${r.json.endedStreams} open stream(s) ended)`;
    await reloadFeatures();
    $('change-status').textContent = line;
  }

  function toggleFeature(id, enabled, endStreams) {
    if (enabled) {
      const extra = endStreams ? ' and end its open streams' : '';
      return patchFeature(id, { enabled: false, endStreams }, `Turn off ${id}${extra}?`, 'turned off');
    }
    return patchFeature(id, { enabled: true }, `Turn ${id} back on?`, 'turned on');
  }

  function saveRollout(id, value) {
    const percentage = Number(value);
    if (String(value).trim() === '' || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      $('change-status').textContent = `${id}: error: rollout must be a number from 0 to 100`;
      return undefined;
    }
    return patchFeature(id, { rollout: { percentage } }, `Set ${id} rollout to ${percentage}%?`, `rollout set to ${percentage}%`);
  }

  // ---- metrics -------------------------------------------------------------------------------------------

  /** Prometheus text format: `name{label="value",...} value [timestamp]`; `#` lines are comments. */
  function parseMetrics(text) {
    const out = [];
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (!line || line[0] === '#') continue;
      const m = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
      if (!m) continue;
      let i = m[0].length;
      const labels = {};
      let ok = true;
      if (line[i] === '{') {
        i++;
        while (ok && i < line.length && line[i] !== '}') {
          const lm = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"/.exec(line.slice(i));
          if (!lm) { ok = false; break; }
          i += lm[0].length;
          let v = '';
          while (i < line.length && line[i] !== '"') {
            if (line[i] === '\\' && i + 1 < line.length) { v += line[i + 1] === 'n' ? '\n' : line[i + 1]; i += 2; } else { v += line[i]; i++; }
          }
          if (line[i] !== '"') { ok = false; break; }
          i++;
          labels[lm[1]] = v;
          i += /^\s*,?\s*/.exec(line.slice(i))[0].length;
        }
        if (!ok || line[i] !== '}') continue;
        i++;
      }
      const token = line.slice(i).trim().split(/\s+/)[0];
      const value = token === '+Inf' ? Infinity : token === '-Inf' ? -Infinity : Number(token);
      if (token !== 'NaN' && Number.isNaN(value)) continue;
      out.push({ name: m[0], labels, value });
    }
    return out;
  }

  function add(map, key, value) { map[key] = (map[key] || 0) + value; }

  /** The figures this page shows, summed over features and prompt versions. */
  function summarize(series) {
    const s = { t: Date.now(), requests: 0, throttled: 0, cancelled: 0, errors: 0, ok: 0, ttft: {}, tokens: {}, trust: {},
      feedback: {}, availability: {} };
    for (const { name, labels, value } of series) {
      if (name === 'assist_requests_total') {
        const o = labels.outcome;
        if (NOT_REQUESTS.has(o)) continue;
        s.requests += value;
        if (THROTTLED.has(o)) s.throttled += value;
        if (o === 'cancelled') s.cancelled += value;
        if (ERRORS.has(o)) s.errors += value;
        if (o === 'ok') s.ok += value;
      } else if (name === 'assist_time_to_first_token_seconds_bucket') add(s.ttft, labels.le, value);
      else if (name === 'assist_tokens_total') {
        s.tokens[labels.feature] = s.tokens[labels.feature] || {};
        add(s.tokens[labels.feature], labels.direction, value);
      } else if (name === 'assist_requests_by_trust_total') add(s.trust, labels.trust, value);
      else if (name === 'assist_feedback_total') add(s.feedback, labels.verdict, value);
      else if (name === 'assist_availability_reports_total') add(s.availability, labels.state, value);
    }
    return s;
  }

  /** histogram_quantile over cumulative buckets {le: count}, linear within a bucket; seconds or null. */
  function quantile(q, buckets) {
    const rows = Object.entries(buckets).map(([le, n]) => [le === '+Inf' ? Infinity : Number(le), n])
      .filter(([le]) => !Number.isNaN(le)).sort((a, b) => a[0] - b[0]);
    const total = rows.length ? rows[rows.length - 1][1] : 0;
    if (!total) return null;
    const rank = q * total;
    let lower = 0, below = 0;
    for (const [le, n] of rows) {
      if (n >= rank) {
        if (le === Infinity) return lower; // past the highest finite bound: that bound is all that is known
        return n === below ? le : lower + (le - lower) * (rank - below) / (n - below);
      }
      lower = le;
      below = n;
    }
    return lower;
  }

  function ms(seconds) { return seconds === null ? '—' : `${Math.round(seconds * 1000)} ms`; }
  function perSecond(now, before, dt) {
    const delta = now >= before ? now - before : now; // a restart resets counters
    return delta / dt;
  }
  function rateText(value) { return `${value.toFixed(2)}/s`; }

  async function refreshMetrics() {
    if (state.metricsBusy) return;
    state.metricsBusy = true;
    try {
      const r = await api('GET', '/metrics');
      if ($('console').hidden) return; // logged out meanwhile
      if (r.status !== 200) { $('metrics-status').textContent = `metrics unavailable (${codeOf(r)})`; return; }
      const s = summarize(parseMetrics(r.text));
      const prev = state.prev;
      const dt = prev ? Math.max(0.001, (s.t - prev.t) / 1000) : null;
      const rate = (key) => (prev ? perSecond(s[key], prev[key], dt) : null);
      // Rates need two samples; until then the totals since the gateway started stand alone.
      const figure = (id, key) => { const r = rate(key); $(id).textContent = `${r === null ? '' : rateText(r) + ' · '}${s[key]} total`; };
      const requestRate = rate('requests');
      figure('m-requests', 'requests');
      figure('m-429', 'throttled');
      figure('m-cancel', 'cancelled');
      figure('m-errors', 'errors');

      // TTFT over the last minute when there were first tokens in it, else since the gateway started.
      state.history.push(s);
      if (state.history.length > TTFT_WINDOW + 1) state.history.shift();
      const oldest = state.history[0];
      const windowed = {};
      for (const [le, n] of Object.entries(s.ttft)) windowed[le] = Math.max(0, n - (oldest.ttft[le] || 0));
      const useWindow = oldest !== s && (windowed['+Inf'] || 0) > 0;
      const buckets = useWindow ? windowed : s.ttft;
      const p50 = quantile(0.5, buckets), p95 = quantile(0.95, buckets);
      $('m-ttft-p50').textContent = ms(p50);
      $('m-ttft-p95').textContent = ms(p95);
      $('m-ttft-window').textContent = p50 === null ? 'No first tokens yet.'
        : `TTFT percentiles ${useWindow ? 'over the last minute' : 'since the gateway started'}, estimated from histogram buckets.`;

      const negative = (s.feedback.wrong || 0) + (s.feedback.report || 0);
      $('m-negative-feedback').textContent = s.ok ? `${percent(negative / s.ok)} (${negative} of ${s.ok} answers)` : `${negative} verdicts`;

      list('m-tokens', Object.entries(s.tokens).map(([f, d]) => `${f}: in ${(d.in || 0).toLocaleString()} · out ${(d.out || 0).toLocaleString()}`));
      list('m-trust', Object.entries(s.trust).map(([k, n]) => `${k}: ${n}`));
      list('m-availability', Object.entries(s.availability).map(([k, n]) => `${k}: ${n}`));

      if (requestRate !== null) push(state.requestRates, requestRate);
      push(state.ttftP50s, useWindow && p50 !== null ? p50 * 1000 : 0);
      sparkline($('chart-requests'), state.requestRates, '/s');
      sparkline($('chart-ttft'), state.ttftP50s, ' ms');
      state.prev = s;
      $('metrics-status').textContent = `updated ${new Date().toLocaleTimeString()}`;
    } finally {
      state.metricsBusy = false;
    }
  }

  function push(series, value) {
    series.push(value);
    if (series.length > SAMPLES) series.shift();
  }

  function list(id, lines) {
    const ul = $(id);
    ul.replaceChildren(...(lines.length ? lines : ['none yet']).map((line) => el('li', null, line)));
  }

  /** A polyline of the last SAMPLES values, scaled to their maximum; drawn with SVG attributes, no styles. */
  function sparkline(container, values, unit) {
    const w = 240, h = 48;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('class', 'spark');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    const max = Math.max(...values, 0);
    const last = values.length ? values[values.length - 1] : 0;
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `last ${Math.round(last * 100) / 100}${unit}, max ${Math.round(max * 100) / 100}${unit}`;
    svg.append(title);
    const base = document.createElementNS(SVG, 'line');
    [['x1', 0], ['y1', h - 1], ['x2', w], ['y2', h - 1], ['class', 'spark-base']].forEach(([k, v]) => base.setAttribute(k, String(v)));
    svg.append(base);
    if (values.length > 1) {
      const offset = SAMPLES - values.length, step = w / (SAMPLES - 1);
      const points = values.map((v, i) => `${((offset + i) * step).toFixed(1)},${(h - 2 - (max ? v / max : 0) * (h - 6)).toFixed(1)}`);
      const line = document.createElementNS(SVG, 'polyline');
      line.setAttribute('points', points.join(' '));
      line.setAttribute('class', 'spark-line');
      svg.append(line);
    }
    container.replaceChildren(svg, el('span', 'muted small', title.textContent));
  }

  // ---- activity ------------------------------------------------------------------------------------------

  async function refreshActivity() {
    if (state.activityBusy) return;
    state.activityBusy = true;
    try {
      const [audit, feedback] = await Promise.all([api('GET', '/admin/audit?limit=50'), api('GET', '/admin/feedback?limit=50')]);
      if ($('console').hidden) return;
      if (audit.status === 401 || feedback.status === 401) { expired(); return; }
      const problems = [];
      if (audit.status === 200 && audit.json && Array.isArray(audit.json.rows)) renderAudit(audit.json.rows, audit.json.traceURL);
      else problems.push(`audit: error: ${codeOf(audit)}`);
      if (feedback.status === 200 && feedback.json && Array.isArray(feedback.json.feedback)) {
        renderFeedback(feedback.json.feedback);
        $('feedback-total').textContent = `(${feedback.json.feedback.length} shown of ${feedback.json.total ?? '?'})`;
      } else problems.push(`feedback: error: ${codeOf(feedback)}`);
      $('activity-status').textContent = problems.length ? problems.join(' · ') : `updated ${new Date().toLocaleTimeString()}`;
    } finally {
      state.activityBusy = false;
    }
  }

  /** False when `rows` are what the table shows already: it is then left alone rather than rebuilt. */
  function changed(table, rows) {
    const signature = JSON.stringify(rows);
    if (table.dataset.signature === signature) return false;
    table.dataset.signature = signature;
    return true;
  }

  /** One row per request in table `id`: the columns every activity table shares, then `rest`'s. */
  function renderRows(id, rowClass, rows, rest) {
    if (!changed($(id), rows)) return;
    const tbody = $(id).tBodies[0];
    tbody.replaceChildren();
    for (const row of rows) {
      const tr = el('tr', rowClass);
      tr.dataset.request = row.requestId;
      cell(tr, when(row.time));
      cell(tr, row.requestId, 'mono');
      cell(tr, row.user);
      cell(tr, row.feature);
      cell(tr, row.promptVersion);
      rest(tr, row);
      tbody.append(tr);
    }
  }

  /** A row's trace id, linked to the tracing backend when the gateway names one (`telemetry.traceURL`). */
  function traceCell(tr, traceId, traceURL) {
    const td = cell(tr, '', 'mono trace');
    if (!traceId) return;
    const short = traceId.slice(0, 8) + '…';
    // Only an http(s) link, the id as a path segment: neither can become script.
    if (typeof traceURL === 'string' && /^https?:\/\//.test(traceURL) && /^[0-9a-f]{32}$/.test(traceId)) {
      const link = el('a', null, short);
      link.href = traceURL.split('{traceId}').join(encodeURIComponent(traceId));
      link.title = traceId;
      link.rel = 'noopener noreferrer';
      link.target = '_blank';
      td.append(link);
    } else {
      td.textContent = short;
      td.title = traceId;
    }
  }

  function renderAudit(rows, traceURL) {
    renderRows('audit', 'audit-row', rows, (tr, row) => {
      cell(tr, row.model);
      cell(tr, row.trustReason ? `${row.trust} (${row.trustReason})` : row.trust);
      cell(tr, row.status, 'status status-' + String(row.status).replace(/[^a-z_]/g, ''));
      cell(tr, row.reason);
      cell(tr, `${row.inputTokens ?? 0}/${row.outputTokens ?? 0}`);
      // Who answered (the model target), and after how many attempts when the first target did not.
      const attempts = typeof row.attempts === 'number' && row.attempts > 1 ? ` (${row.attempts} attempts)` : '';
      cell(tr, typeof row.target === 'string' ? row.target + attempts : (attempts ? 'none' + attempts : '—'), 'target');
      cell(tr, typeof row.costMicros === 'number' ? String(row.costMicros) : '—', 'cost');
      cell(tr, typeof row.timeToFirstTokenMs === 'number' ? Math.round(row.timeToFirstTokenMs) : '—');
      cell(tr, typeof row.totalMs === 'number' ? Math.round(row.totalMs) : '');
      cell(tr, row.instance);
      traceCell(tr, row.traceId, traceURL);
    });
  }

  function renderFeedback(rows) {
    renderRows('feedback', 'feedback-row', rows, (tr, row) => {
      cell(tr, row.verdict, 'verdict');
      cell(tr, row.reason ?? '', 'reason'); // the user's own words: text, never markup
      cell(tr, row.locale ?? '');
      cell(tr, row.hasInput ? 'yes' : 'no');
    });
  }

  /** The "wrong" verdicts as golden cases, one JSON object a line, offered as a same-origin blob: download. */
  async function exportFeedback() {
    const status = $('feedback-export-status'), link = $('feedback-export-link');
    status.textContent = 'Exporting…';
    const r = await api('GET', '/admin/feedback/export');
    if (r.status === 401) { expired(); return; }
    if (r.status !== 200 || !r.json || !Array.isArray(r.json.cases)) { status.textContent = `error: ${codeOf(r)}`; return; }
    const cases = r.json.cases;
    const jsonl = cases.map((c) => JSON.stringify(c)).join('\n') + (cases.length ? '\n' : '');
    if (state.exportUrl) URL.revokeObjectURL(state.exportUrl);
    state.exportUrl = URL.createObjectURL(new Blob([jsonl], { type: 'application/x-ndjson' }));
    link.href = state.exportUrl;
    link.hidden = false;
    status.textContent = `${cases.length} ${cases.length === 1 ? 'case' : 'cases'} (${r.json.withoutInput ?? 0} without input)`;
  }

  // ---- wiring --------------------------------------------------------------------------------------------

  function wire() {
    $('token-form').addEventListener('submit', (event) => {
      event.preventDefault(); // synchronously: the page never posts a form (CSP form-action 'none')
      const token = $('admin-token').value.trim();
      if (!token) { $('token-error').textContent = 'enter the admin token'; return; }
      openConsole(token).catch(() => { $('token-error').textContent = 'error: page'; });
    });
    on($('admin-logout'), 'click', () => logout(''));
    on($('refresh-activity'), 'click', refreshActivity);
    on($('feedback-export'), 'click', exportFeedback);
    const saved = storedToken();
    if (saved) openConsole(saved).catch(() => {});
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
