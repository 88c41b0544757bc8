// The timeline page's script, inlined by page.ts: unpacks the data (#timeline-data, packed by
// data.ts), draws the picture as SVG (only what is in view, entry ticks merged per pixel when they
// crowd), the overview of the whole session, the filters, the search and the virtualised table.
// Plain browser JavaScript, no dependencies, no network.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('timeline-data').textContent);
  const C = data.colours;
  const S = data.strings;
  const E = data.entries;
  const n = E.dt.length;

  // ---- The entries, unpacked: time (ms) and seq per entry; the rest stays as string indexes.
  const T = new Float64Array(n);
  const SEQ = new Float64Array(n);
  {
    let t = Math.round(data.start / data.timeUnit);
    let seq = E.seq0;
    for (let i = 0; i < n; i++) {
      t += E.dt[i];
      T[i] = t * data.timeUnit;
      if (i > 0) seq += E.seqStep ? E.seqStep[i] : 1;
      SEQ[i] = seq;
    }
  }
  const isError = new Uint8Array(n);
  for (const i of E.errors) isError[i] = 1;
  const beaconEvent = new Map(data.beacons);
  /** entry index -> the findings (their positions in data.findings) that show it */
  const findingsOf = new Map();
  data.findings.forEach((f, k) => {
    for (const i of f.indexes) findingsOf.set(i, [...(findingsOf.get(i) || []), k]);
  });
  const divergenceIndex = data.divergence ? data.divergence.index : -2;

  const PLAYBACK = data.lanes.indexOf('playback');
  const ADS = data.lanes.indexOf('ad breaks');
  const BEACONS = data.lanes.indexOf('beacons');

  // ---- Geometry
  const LABEL_W = 170;
  const AXIS_H = 20;
  const MARK_H = 16;
  const TOP = AXIS_H + MARK_H;
  const ROW_H = 20;
  const MIN_SPAN = 100; // ms: a tenth of a second across the picture at the deepest zoom
  const laneHeight = (lane) => (lane === ADS ? 44 : 24);
  const pad = Math.max(10, (data.end - data.start) * 0.01);
  const FULL = { from: data.start - pad, to: data.end + pad };

  // ---- What is shown
  const view = { from: FULL.from, to: FULL.to };
  const hiddenLanes = new Set();
  const hiddenTypes = new Set();
  let query = '';
  /** per entry: 1 when it matches the search; null without a search */
  let matches = null;
  /** the matching entries that the filters show, in order */
  let matchList = [];
  let selected = -1;
  /** the table's rows: entry indexes */
  let rows = [];

  const $ = (id) => document.getElementById(id);
  const picture = $('picture');
  const overview = $('overview');
  const rowsEl = $('rows');
  const tooltip = $('tooltip');

  const escapeHtml = (s) =>
    String(s).replace(
      /[&<>"]/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
    );
  const secs = (ms) => (ms / 1000).toFixed(3);
  const duration = (ms) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  const kindOf = (i) => S[E.kind[i]];
  const typeOf = (i) => S[E.type[i]];
  const detailOf = (i) => S[E.detail[i]];
  const laneName = (l) => data.lanes[l];
  const shown = (i) => !hiddenLanes.has(E.lane[i]) && !hiddenTypes.has(E.type[i]);

  function entryText(i) {
    const event = beaconEvent.get(i);
    const beacon = event !== undefined ? `beacon: ${event || 'not named in any VAST'}\n` : '';
    return `${beacon}#${SEQ[i]} t=${secs(T[i])} s ${kindOf(i)} [${laneName(E.lane[i])}] ${typeOf(i)} ${detailOf(i)}`;
  }

  /** The first entry at or after time t. */
  function lowerBound(t) {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (T[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // ---- Time axis
  const STEPS = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 15e3, 3e4, 6e4, 12e4, 3e5, 6e5, 9e5,
    18e5, 36e5,
  ];
  function axisLabel(t, step) {
    const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
    if (data.end < 60000) return `${(t / 1000).toFixed(decimals)} s`;
    const sign = t < 0 ? '-' : '';
    const abs = Math.abs(t);
    const m = Math.floor(abs / 60000);
    const s = ((abs % 60000) / 1000).toFixed(decimals).padStart(decimals ? 3 + decimals : 2, '0');
    return `${sign}${m}:${s}`;
  }

  // ---- The picture
  let geometry = null;

  function plotGeometry() {
    const width = Math.max(400, picture.clientWidth);
    const plotW = width - LABEL_W - 8;
    const k = plotW / (view.to - view.from);
    return { width, plotW, k, x: (t) => LABEL_W + (t - view.from) * k };
  }

  /** x clamped a little outside the plot, so far-away shapes stay sane numbers */
  const clampX = (g, px) => Math.max(LABEL_W - 20, Math.min(g.width + 20, px));
  const r1 = (v) => Math.round(v * 10) / 10;

  function drawPlayback(out, g, y) {
    for (const [k, b] of data.playback.entries()) {
      if (b.to < view.from || b.from > view.to) continue;
      const x1 = clampX(g, g.x(b.from));
      const w = Math.max(1, clampX(g, g.x(b.to)) - x1);
      out.push(
        `<rect class="bar" data-bar="${k}" data-index="${b.index}" x="${r1(x1)}" y="${y + 4}" width="${r1(w)}" height="16" fill="${C.playback[b.state]}"/>`,
      );
      const lx = Math.max(x1, LABEL_W);
      if (x1 + w - lx > 50)
        out.push(
          `<svg x="${r1(lx)}" y="${y + 4}" width="${r1(x1 + w - lx)}" height="16"><text class="bar-label" x="3" y="12">${b.state}</text></svg>`,
        );
    }
  }

  function adLabel(a) {
    const end = a.endStatus || 'unended';
    return `${a.kind} ${a.index + 1}/${a.total} · ${a.title || 'untitled'} · ${end}`;
  }

  /** An ad's box: at least 3 px wide, however short the ad. */
  function adBox(g, a) {
    const x1 = clampX(g, g.x(a.from));
    return { x1, x2: Math.max(x1 + 3, clampX(g, g.x(a.to))) };
  }

  function drawAds(out, g, y) {
    // a break's bar holds its ads' boxes, however narrow they are drawn
    const breakRight = data.breaks.map((b) => clampX(g, g.x(b.to)));
    for (const a of data.ads)
      breakRight[a.breakIndex] = Math.max(breakRight[a.breakIndex], adBox(g, a).x2 + 1);
    for (const [k, b] of data.breaks.entries()) {
      if (b.to < view.from || b.from > view.to) continue;
      const x1 = clampX(g, g.x(b.from)) - 1;
      const w = Math.max(3, breakRight[k] - x1);
      out.push(
        `<rect class="break ${b.kind}" data-break="${k}"${b.startedIndex >= 0 ? ` data-index="${b.startedIndex}"` : ''} data-zoom="${b.from},${b.to}" x="${r1(x1)}" y="${y + 2}" width="${r1(w)}" height="40" rx="2"/>`,
      );
      const lx = Math.max(x1, LABEL_W);
      if (x1 + w - lx > 40) {
        const label = `${b.kind} · ${b.total} ad${b.total === 1 ? '' : 's'} · content at ${b.contentTime.toFixed(1)} s`;
        out.push(
          `<svg x="${r1(lx)}" y="${y + 2}" width="${r1(x1 + w - lx)}" height="13"><text class="break-label" x="3" y="10">${escapeHtml(label)}</text></svg>`,
        );
      }
    }
    for (const p of data.passed) {
      if (p.t < view.from || p.t > view.to) continue;
      const px = r1(g.x(p.t));
      out.push(
        `<path class="passed" data-passed="${data.passed.indexOf(p)}" data-index="${p.index}" d="M${px - 4} ${y + 8}h8l-4 8z"/>`,
      );
    }
    for (const [k, a] of data.ads.entries()) {
      if (a.to < view.from || a.from > view.to) continue;
      const { x1, x2 } = adBox(g, a);
      const w = x2 - x1;
      const top = y + 16;
      const parts = [];
      for (const s of a.segments) {
        const sx = clampX(g, g.x(s.from));
        const sw = clampX(g, g.x(s.to)) - sx;
        if (sw > 0)
          parts.push(
            `<rect x="${r1(sx)}" y="${top}" width="${r1(sw)}" height="24" fill="${C.adStatus[s.status]}"/>`,
          );
      }
      if (a.endStatus)
        parts.push(
          `<rect class="cap" x="${r1(x2 - Math.min(4, w))}" y="${top}" width="${r1(Math.min(4, w))}" height="24" fill="${C.adStatus[a.endStatus]}"/>`,
        );
      const lx = Math.max(x1, LABEL_W);
      if (x2 - lx > 30)
        parts.push(
          `<svg x="${r1(lx)}" y="${top}" width="${r1(x2 - lx - 4)}" height="24"><text class="ad-label" x="4" y="16">${escapeHtml(adLabel(a))}</text></svg>`,
        );
      const index = a.createdIndex >= 0 ? a.createdIndex : a.endedIndex;
      out.push(
        `<g class="ad${selectedAd === k ? ' selected' : ''}" data-ad="${k}" data-index="${index}" data-from="${a.from}" data-to="${a.to}" data-status="${a.endStatus || 'unended'}" data-zoom="${a.from},${a.to}">${parts.join('')}<rect class="ad-box" x="${r1(x1)}" y="${top}" width="${r1(w)}" height="24"/></g>`,
      );
    }
  }

  /** Entry ticks per lane, merged when several fall in the same two pixels; search hits behind. */
  function drawEntries(out, g, laneY) {
    const hits = [];
    const ticks = [];
    const lo = Math.max(0, lowerBound(view.from) - 1);
    const hi = Math.min(n, lowerBound(view.to) + 1);
    const bins = new Map();
    const flush = (lane, b) => {
      const y = laneY.get(lane);
      const px = r1(b.px);
      if (b.hit) hits.push(`<rect class="hit" x="${px - 2}" y="${y + 1}" width="6" height="22"/>`);
      const colour = b.error ? C.error : lane === BEACONS ? C.beacon : C.kind[kindOf(b.first)];
      const tall = b.error || lane === BEACONS;
      ticks.push(
        `<rect class="tick${b.error ? ' error' : ''}" data-index="${b.first}" data-count="${b.count}" x="${r1(px - (b.error ? 1 : 0.5))}" y="${y + (tall ? 3 : 6)}" width="${b.error ? 3 : b.count > 1 ? 2 : 1.5}" height="${tall ? 18 : 12}" fill="${colour}"/>`,
      );
    };
    for (let i = lo; i < hi; i++) {
      const lane = E.lane[i];
      if (!laneY.has(lane) || !shown(i)) continue;
      const px = g.x(T[i]);
      const bin = Math.floor(px / 2);
      let b = bins.get(lane);
      if (b && b.bin !== bin) {
        flush(lane, b);
        b = undefined;
      }
      if (!b) {
        b = { bin, px, first: i, count: 0, error: false, hit: false };
        bins.set(lane, b);
      }
      b.count++;
      if (isError[i]) b.error = true;
      if (matches && matches[i]) b.hit = true;
    }
    for (const [lane, b] of bins) flush(lane, b);
    out.push(...hits, ...ticks);
    // beacon names, when there is room for them
    if (laneY.has(BEACONS)) {
      const y = laneY.get(BEACONS);
      let lastEnd = -Infinity;
      for (const [k, [i, event]] of data.beacons.entries()) {
        if (T[i] < view.from || T[i] > view.to || !shown(i) || !event) continue;
        const px = g.x(T[i]);
        const room = event.length * 6 + 8;
        if (px + 3 < lastEnd || px + room > g.width) continue;
        const next = data.beacons[k + 1];
        if (next && g.x(T[next[0]]) - px < room) continue;
        out.push(
          `<text class="beacon-label" x="${r1(px + 3)}" y="${y + 16}">${escapeHtml(event)}</text>`,
        );
        lastEnd = px + room;
      }
    }
  }

  /** The band under the axis: errors, findings, the divergence; and their lines through the lanes. */
  function drawMarkers(out, g, height) {
    const inView = (t) => t >= view.from && t <= view.to;
    let lastErr = -Infinity;
    for (const i of E.errors) {
      if (!inView(T[i]) || hiddenLanes.has(E.lane[i])) continue;
      const px = g.x(T[i]);
      if (px - lastErr < 4) continue;
      lastErr = px;
      out.push(
        `<path class="error-mark" data-index="${i}" d="M${r1(px - 4)} ${AXIS_H + 2}h8l-4 8z"/>`,
      );
    }
    let lastHit = -Infinity;
    for (const i of matchList) {
      if (!inView(T[i])) continue;
      const px = g.x(T[i]);
      if (px - lastHit < 3) continue;
      lastHit = px;
      out.push(
        `<rect class="hit-mark" x="${r1(px - 1)}" y="${AXIS_H + 11}" width="3" height="5"/>`,
      );
    }
    data.findings.forEach((f, k) => {
      if (!inView(f.t)) return;
      const px = r1(g.x(f.t));
      out.push(
        `<line class="finding-line" x1="${px}" x2="${px}" y1="${TOP}" y2="${height}"/>`,
        `<path class="finding-mark" data-finding="${k}" data-index="${f.index}" d="M${px} ${AXIS_H + 1}l6 7l-6 7l-6 -7z"/>`,
      );
    });
    if (data.divergence && inView(data.divergence.t)) {
      const px = r1(g.x(data.divergence.t));
      out.push(
        `<line class="divergence-line" x1="${px}" x2="${px}" y1="${AXIS_H}" y2="${height}"/>`,
        `<path class="divergence-mark" data-divergence="1" data-index="${data.divergence.index}" d="M${px - 7} ${AXIS_H}h14l-7 14z"/>`,
      );
    }
    if (selected >= 0 && inView(T[selected])) {
      const px = r1(g.x(T[selected]));
      out.push(`<line class="selection" x1="${px}" x2="${px}" y1="${AXIS_H}" y2="${height}"/>`);
    }
  }

  function renderPicture() {
    const g = plotGeometry();
    geometry = g;
    const lanes = data.lanes.map((_, l) => l).filter((l) => !hiddenLanes.has(l));
    const laneY = new Map();
    let y = TOP;
    for (const l of lanes) {
      laneY.set(l, y);
      y += laneHeight(l);
    }
    const height = y + 4;
    const out = [];
    lanes.forEach((l, k) =>
      out.push(
        `<rect class="lane-bg${k % 2 ? ' odd' : ''}" x="0" y="${laneY.get(l)}" width="${g.width}" height="${laneHeight(l)}"/>`,
      ),
    );
    // the time axis
    const step = STEPS.find((s) => s * g.k >= 90) || STEPS[STEPS.length - 1];
    for (let t = Math.ceil(view.from / step) * step; t <= view.to; t += step) {
      const px = r1(g.x(t));
      out.push(`<line class="grid" x1="${px}" x2="${px}" y1="${AXIS_H - 4}" y2="${height}"/>`);
      if (px + 50 < g.width)
        out.push(`<text class="axis" x="${px + 2}" y="13">${axisLabel(t, step)}</text>`);
    }
    out.push(`<g clip-path="url(#plot-clip)">`);
    if (laneY.has(PLAYBACK)) drawPlayback(out, g, laneY.get(PLAYBACK));
    if (laneY.has(ADS)) drawAds(out, g, laneY.get(ADS));
    drawEntries(out, g, laneY);
    drawMarkers(out, g, height);
    out.push('</g>');
    // lane names over a plain column
    out.push(`<rect x="0" y="0" width="${LABEL_W - 4}" height="${height}" fill="#fff"/>`);
    for (const l of lanes)
      out.push(
        `<text class="lane-label" data-lane="${l}" x="8" y="${laneY.get(l) + laneHeight(l) / 2 + 4}">${escapeHtml(laneName(l))}</text>`,
      );
    picture.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${height}" data-view-from="${view.from}" data-view-to="${view.to}" data-plot-left="${LABEL_W}" data-plot-width="${g.plotW}"><defs><clipPath id="plot-clip"><rect x="${LABEL_W}" y="0" width="${g.plotW + 8}" height="${height}"/></clipPath></defs>${out.join('')}</svg>`;
    $('range').textContent =
      `${secs(view.from)}–${secs(view.to)} s (${((view.to - view.from) / 1000).toFixed(view.to - view.from < 10000 ? 2 : 0)} s shown)`;
  }

  function renderOverview() {
    const width = Math.max(400, overview.clientWidth);
    const plotW = width - LABEL_W - 8;
    const k = plotW / (FULL.to - FULL.from);
    const x = (t) => r1(LABEL_W + (t - FULL.from) * k);
    const out = [`<text class="axis" x="8" y="19">whole session</text>`];
    for (const b of data.playback)
      out.push(
        `<rect x="${x(b.from)}" y="20" width="${Math.max(0.5, x(b.to) - x(b.from))}" height="6" fill="${C.playback[b.state]}"/>`,
      );
    for (const b of data.breaks)
      out.push(
        `<rect class="break ${b.kind}" x="${x(b.from)}" y="4" width="${Math.max(1, x(b.to) - x(b.from))}" height="14"/>`,
      );
    let last = -Infinity;
    for (const i of matchList) {
      if (x(T[i]) - last < 2) continue;
      last = x(T[i]);
      out.push(`<rect class="hit" x="${last - 1}" y="2" width="2" height="26"/>`);
    }
    for (const i of E.errors)
      out.push(`<rect x="${x(T[i])}" y="2" width="1.5" height="10" fill="${C.error}"/>`);
    for (const f of data.findings)
      out.push(`<rect x="${x(f.t) - 1}" y="0" width="2.5" height="30" fill="${C.finding}"/>`);
    if (data.divergence)
      out.push(
        `<rect x="${x(data.divergence.t) - 1}" y="0" width="2.5" height="30" fill="${C.error}"/>`,
      );
    const wx = x(view.from);
    out.push(
      `<rect class="window" x="${wx}" y="0.5" width="${Math.max(2, x(view.to) - wx)}" height="29"/>`,
    );
    overview.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="30">${out.join('')}</svg>`;
    overview.dataset.k = String(k);
  }

  // ---- Rendering, at most once a frame
  let pending = 0;
  function render() {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      renderPicture();
      renderOverview();
      renderRows();
    });
  }

  // ---- Zoom and pan
  function setView(from, to) {
    const span = Math.min(FULL.to - FULL.from, Math.max(MIN_SPAN, to - from));
    let f = (from + to) / 2 - span / 2;
    f = Math.max(FULL.from, Math.min(FULL.to - span, f));
    if (span === FULL.to - FULL.from) f = FULL.from;
    view.from = f;
    view.to = f + span;
    render();
  }
  function zoomAt(t, factor) {
    const span = Math.min(FULL.to - FULL.from, Math.max(MIN_SPAN, (view.to - view.from) * factor));
    const share = (t - view.from) / (view.to - view.from);
    const from = t - share * span;
    setView(from, from + span);
  }
  const centre = () => (view.from + view.to) / 2;
  const timeAt = (clientX) => {
    const g = geometry || plotGeometry();
    return view.from + (clientX - picture.getBoundingClientRect().left - LABEL_W) / g.k;
  };
  function reveal(t) {
    if (t >= view.from && t <= view.to) return;
    const span = view.to - view.from;
    setView(t - span / 2, t + span / 2);
  }

  $('zoom-in').addEventListener('click', () => zoomAt(centre(), 0.5));
  $('zoom-out').addEventListener('click', () => zoomAt(centre(), 2));
  $('zoom-fit').addEventListener('click', () => setView(FULL.from, FULL.to));

  picture.addEventListener(
    'wheel',
    (ev) => {
      const px = ev.clientX - picture.getBoundingClientRect().left;
      if (px < LABEL_W) return; // over the lane names the page scrolls
      ev.preventDefault();
      const unit = ev.deltaMode === 1 ? 16 : 1;
      const dx = (ev.shiftKey ? ev.deltaY || ev.deltaX : ev.deltaX) * unit;
      const dy = ev.shiftKey ? 0 : ev.deltaY * unit;
      if (Math.abs(dx) > Math.abs(dy)) {
        const shift = dx / geometry.k;
        setView(view.from + shift, view.to + shift);
      } else zoomAt(timeAt(ev.clientX), Math.exp(dy * 0.0015));
    },
    { passive: false },
  );

  let drag = null;
  let dragged = false;
  picture.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, from: view.from, to: view.to, k: geometry.k };
    dragged = false;
  });
  window.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    if (!dragged && Math.abs(dx) < 4) return;
    dragged = true;
    picture.classList.add('dragging');
    hideTooltip();
    setView(drag.from - dx / drag.k, drag.to - dx / drag.k);
  });
  window.addEventListener('pointerup', () => {
    drag = null;
    picture.classList.remove('dragging');
  });

  picture.addEventListener('click', (ev) => {
    if (dragged) return;
    const el = ev.target.closest('[data-index]');
    if (!el) return;
    const ad = el.closest('[data-ad]');
    if (ad) selectAd(Number(ad.dataset.ad));
    else if (Number(el.dataset.index) >= 0) select(Number(el.dataset.index), { reveal: false });
    else showMarkerOnly(el.dataset);
  });

  /** A finding that names no entry of the log, or a divergence past its end: its text alone. */
  function showMarkerOnly(d) {
    const f = d.finding !== undefined ? data.findings[Number(d.finding)] : null;
    const text = f ? `Finding ${f.kind} at ${secs(f.t)} s: ${f.label}` : data.divergence?.label;
    if (!text) return;
    $('details').textContent = text;
    reveal(f ? f.t : data.divergence.t);
  }
  picture.addEventListener('dblclick', (ev) => {
    const el = ev.target.closest('[data-zoom]');
    if (el) {
      const [from, to] = el.dataset.zoom.split(',').map(Number);
      const margin = Math.max(50, (to - from) * 0.15);
      setView(from - margin, to + margin);
    } else zoomAt(timeAt(ev.clientX), 0.5);
  });

  function overviewTime(clientX) {
    const k = Number(overview.dataset.k);
    return FULL.from + (clientX - overview.getBoundingClientRect().left - LABEL_W) / k;
  }
  let overviewDrag = false;
  overview.addEventListener('pointerdown', (ev) => {
    overviewDrag = true;
    const span = view.to - view.from;
    const t = overviewTime(ev.clientX);
    setView(t - span / 2, t + span / 2);
  });
  window.addEventListener('pointermove', (ev) => {
    if (!overviewDrag) return;
    const span = view.to - view.from;
    const t = overviewTime(ev.clientX);
    setView(t - span / 2, t + span / 2);
  });
  window.addEventListener('pointerup', () => (overviewDrag = false));

  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, textarea, select') || ev.ctrlKey || ev.metaKey || ev.altKey)
      return;
    const span = view.to - view.from;
    if (ev.key === '+' || ev.key === '=') zoomAt(centre(), 0.5);
    else if (ev.key === '-') zoomAt(centre(), 2);
    else if (ev.key === '0') setView(FULL.from, FULL.to);
    else if (ev.key === 'ArrowLeft') setView(view.from - span * 0.2, view.to - span * 0.2);
    else if (ev.key === 'ArrowRight') setView(view.from + span * 0.2, view.to + span * 0.2);
    else return;
    ev.preventDefault();
  });
  window.addEventListener('resize', render);

  // ---- Tooltips
  function tipFor(el) {
    const d = el.dataset;
    if (d.ad !== undefined) return adSummary(data.ads[Number(d.ad)]);
    if (d.break !== undefined) {
      const b = data.breaks[Number(d.break)];
      return `${b.kind} break, ${b.total} ad${b.total === 1 ? '' : 's'}, content at ${b.contentTime.toFixed(2)} s\n${secs(b.from)}–${secs(b.to)} s (${duration(b.to - b.from)})${b.cut ? `: ${b.cut}` : ''}`;
    }
    if (d.passed !== undefined) {
      const p = data.passed[Number(d.passed)];
      return `${p.kind} passed at ${secs(p.t)} s: ${p.reason}`;
    }
    if (d.bar !== undefined) {
      const b = data.playback[Number(d.bar)];
      return `${b.state} ${secs(b.from)}–${secs(b.to)} s (${duration(b.to - b.from)})`;
    }
    if (d.finding !== undefined) {
      const f = data.findings[Number(d.finding)];
      return `finding ${f.kind} at ${secs(f.t)} s\n${f.label}`;
    }
    if (d.divergence !== undefined) return data.divergence.label;
    if (d.index !== undefined) {
      const i = Number(d.index);
      const count = Number(d.count || 1);
      if (count === 1) return entryText(i);
      const lines = [];
      for (let j = i, shownCount = 0; j < n && shownCount < 6; j++) {
        if (E.lane[j] !== E.lane[i] || !shown(j)) continue;
        lines.push(entryText(j));
        shownCount++;
      }
      return `${count} entries here (zoom in to part them):\n${lines.join('\n')}${count > 6 ? '\n...' : ''}`;
    }
    return null;
  }
  function hideTooltip() {
    tooltip.style.display = 'none';
  }
  picture.addEventListener('pointermove', (ev) => {
    if (dragged && drag) return;
    const el = ev.target.closest(
      '[data-index], [data-ad], [data-break], [data-bar], [data-finding], [data-passed]',
    );
    const text = el && tipFor(el);
    if (!text) return hideTooltip();
    tooltip.textContent = text;
    tooltip.style.display = 'block';
    const w = tooltip.offsetWidth;
    const left = ev.clientX + 14 + w > window.innerWidth ? ev.clientX - 14 - w : ev.clientX + 14;
    tooltip.style.left = `${Math.max(0, left)}px`;
    tooltip.style.top = `${ev.clientY + 14}px`;
  });
  picture.addEventListener('pointerleave', hideTooltip);

  // ---- Selection and the entry's details
  let selectedAd = -1;

  function adSummary(a) {
    const statuses = a.segments.map((s) => `${s.status} ${secs(s.from)}`).join(', ');
    const end = a.endStatus
      ? `${a.endStatus} at ${secs(a.to)} s`
      : `no end status (${a.cut}) at ${secs(a.to)} s`;
    return `${adLabel(a)}\n${secs(a.from)}–${secs(a.to)} s (${duration(a.to - a.from)}): ${statuses}; ${end}${a.error ? `\n${a.error}` : ''}${a.simid ? `\n${a.simid}` : ''}`;
  }

  function selectAd(k) {
    const a = data.ads[k];
    selectedAd = k;
    select(a.createdIndex >= 0 ? a.createdIndex : a.endedIndex, { reveal: false, keepAd: true });
  }

  /**
   * Selects an entry: its row in the table (scrolled to, shown whatever the filters), its line in
   * the picture (moved into view unless reveal is false), its text in the details.
   */
  function select(i, options = {}) {
    if (!(i >= 0 && i < n)) return;
    selected = i;
    if (!options.keepAd) selectedAd = -1;
    if (options.reveal !== false) reveal(T[i]);
    computeRows();
    renderDetails();
    const pos = rowPosition(i);
    rowsEl.scrollTop = Math.max(0, pos * ROW_H - rowsEl.clientHeight / 2 + ROW_H / 2);
    render();
  }

  function renderDetails() {
    const el = $('details');
    if (selected < 0) return;
    const parts = [`<code>${escapeHtml(entryText(selected))}</code>`];
    if (selected === divergenceIndex)
      parts.push(`<div class="bad">${escapeHtml(data.divergence.label)}</div>`);
    for (const k of findingsOf.get(selected) || []) {
      const f = data.findings[k];
      parts.push(`<div>Finding <b>${escapeHtml(f.kind)}</b>: ${escapeHtml(f.label)}</div>`);
    }
    if (selectedAd >= 0) {
      const a = data.ads[selectedAd];
      const links = [
        a.createdIndex >= 0 ? `<a data-select="${a.createdIndex}" href="#">its creation</a>` : '',
        a.endedIndex >= 0 ? `<a data-select="${a.endedIndex}" href="#">its end</a>` : '',
      ].filter(Boolean);
      parts.push(
        `<div>Ad: ${escapeHtml(adSummary(a)).replace(/\n/g, '<br>')} ${links.join(' · ')}</div>`,
      );
    }
    el.innerHTML = parts.join('');
  }

  document.addEventListener('click', (ev) => {
    const link = ev.target.closest('a[data-select]');
    if (!link) return;
    ev.preventDefault();
    if (Number(link.dataset.select) >= 0) select(Number(link.dataset.select));
    else showMarkerOnly(link.dataset);
    if (link.closest('header')) picture.scrollIntoView({ block: 'start' });
  });

  // ---- The table: every entry the filters and the search let through, virtualised (only the rows
  // in sight are in the DOM)
  function computeRows() {
    const out = [];
    for (let i = 0; i < n; i++) {
      if ((shown(i) && (!matches || matches[i])) || i === selected) out.push(i);
    }
    rows = out;
    const filtered = hiddenLanes.size || hiddenTypes.size;
    $('table-info').textContent =
      `${rows.length === n ? `All ${n}` : `${rows.length} of ${n}`} entries${filtered ? ' (filtered)' : ''}${matches ? ` (search "${query}")` : ''}; the table draws only the rows in sight: scroll it for the rest.`;
  }
  function rowPosition(i) {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[mid] < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  function rowHtml(i) {
    const classes = ['row'];
    if (i === divergenceIndex) classes.push('diverged');
    else if (isError[i]) classes.push('error');
    if (findingsOf.has(i)) classes.push('finding');
    if (matches && matches[i]) classes.push('hit');
    if (i === selected) classes.push('selected');
    return `<div class="${classes.join(' ')}" role="row" data-index="${i}" data-seq="${SEQ[i]}"><span>${SEQ[i]}</span><span>${secs(T[i])}</span><span>${escapeHtml(laneName(E.lane[i]))}</span><span><span class="type">${escapeHtml(typeOf(i))}</span> ${escapeHtml(detailOf(i))}</span></div>`;
  }
  function renderRows() {
    $('rows-spacer').style.height = `${rows.length * ROW_H}px`;
    const top = rowsEl.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_H) - 10);
    const last = Math.min(rows.length, Math.ceil((top + rowsEl.clientHeight) / ROW_H) + 10);
    const visible = $('rows-visible');
    visible.style.transform = `translateY(${first * ROW_H}px)`;
    visible.innerHTML = rows.slice(first, last).map(rowHtml).join('');
  }
  $('rows-visible').style.position = 'absolute';
  $('rows-visible').style.left = '0';
  $('rows-visible').style.right = '0';
  $('rows-visible').style.top = '0';
  rowsEl.addEventListener('scroll', () => requestAnimationFrame(renderRows));
  rowsEl.addEventListener('click', (ev) => {
    const row = ev.target.closest('[data-index]');
    if (row) select(Number(row.dataset.index));
  });

  // ---- Search
  const lowered = new Map();
  const lower = (k) => {
    let s = lowered.get(k);
    if (s === undefined) lowered.set(k, (s = S[k].toLowerCase()));
    return s;
  };
  function runSearch() {
    query = $('search').value.trim();
    const q = query.toLowerCase();
    if (!q) {
      matches = null;
      matchList = [];
    } else {
      matches = new Uint8Array(n);
      const seq = /^#(\d+)$/.exec(q);
      const laneHit = data.lanes.map((l) => l.toLowerCase().includes(q));
      const cache = new Map();
      const has = (k) => {
        let v = cache.get(k);
        if (v === undefined) cache.set(k, (v = lower(k).includes(q)));
        return v;
      };
      for (let i = 0; i < n; i++) {
        const hit = seq
          ? SEQ[i] === Number(seq[1])
          : laneHit[E.lane[i]] || has(E.type[i]) || has(E.detail[i]) || has(E.kind[i]);
        if (hit) matches[i] = 1;
      }
      matchList = [];
      for (let i = 0; i < n; i++) if (matches[i] && shown(i)) matchList.push(i);
    }
    $('search-count').textContent = matches
      ? `${matchList.length} match${matchList.length === 1 ? '' : 'es'}`
      : '';
    computeRows();
    render();
  }
  let searchTimer = 0;
  $('search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(runSearch, 120);
  });
  /** Selects the next (direction 1) or previous (-1) match after the selected entry, round. */
  function nextMatch(direction) {
    if (!matchList.length) return;
    let k;
    if (direction > 0) {
      k = matchList.findIndex((i) => i > selected);
      if (k < 0) k = 0;
    } else {
      k = matchList.length - 1;
      while (k >= 0 && matchList[k] >= selected) k--;
      if (k < 0) k = matchList.length - 1;
    }
    select(matchList[k]);
  }
  $('search').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    clearTimeout(searchTimer);
    runSearch();
    nextMatch(ev.shiftKey ? -1 : 1);
  });
  $('search-next').addEventListener('click', () => nextMatch(1));
  $('search-prev').addEventListener('click', () => nextMatch(-1));

  // ---- Filters: lanes and types
  function filterList(id, items, hidden, label) {
    const box = $(id);
    const list = box.querySelector('.list');
    list.innerHTML = items
      .map(
        ([key, name, count]) =>
          `<label><input type="checkbox" value="${key}" checked> ${escapeHtml(name)} <span class="count">${count}</span></label>`,
      )
      .join('');
    const summary = box.querySelector('summary');
    const update = () => {
      const showing = items.length - hidden.size;
      summary.textContent = `${label} (${showing === items.length ? 'all' : showing} of ${items.length})`;
      if (matches) runSearch();
      else {
        computeRows();
        render();
      }
    };
    list.addEventListener('change', (ev) => {
      const key = Number(ev.target.value);
      if (ev.target.checked) hidden.delete(key);
      else hidden.add(key);
      update();
    });
    const setAll = (on) => {
      for (const input of list.querySelectorAll('label:not([hidden]) input')) {
        input.checked = on;
        if (on) hidden.delete(Number(input.value));
        else hidden.add(Number(input.value));
      }
      update();
    };
    box.querySelector('[data-all]').addEventListener('click', () => setAll(true));
    box.querySelector('[data-none]').addEventListener('click', () => setAll(false));
    const search = box.querySelector('input[type="search"]');
    if (search)
      search.addEventListener('input', () => {
        const q = search.value.trim().toLowerCase();
        for (const el of list.querySelectorAll('label'))
          el.hidden = Boolean(q) && !el.textContent.toLowerCase().includes(q);
      });
    summary.textContent = `${label} (all of ${items.length})`;
  }
  {
    const laneCounts = new Array(data.lanes.length).fill(0);
    for (let i = 0; i < n; i++) laneCounts[E.lane[i]]++;
    if (PLAYBACK >= 0) laneCounts[PLAYBACK] = data.playback.length;
    if (ADS >= 0) laneCounts[ADS] = data.breaks.length + data.passed.length;
    filterList(
      'lane-filter',
      data.lanes.map((name, l) => [l, name, laneCounts[l]]),
      hiddenLanes,
      'Lanes',
    );
    const typeCounts = new Map();
    for (let i = 0; i < n; i++) typeCounts.set(E.type[i], (typeCounts.get(E.type[i]) || 0) + 1);
    filterList(
      'type-filter',
      [...typeCounts]
        .map(([k, count]) => [k, S[k], count])
        .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      hiddenTypes,
      'Types',
    );
  }

  // ---- Start
  computeRows();
  renderPicture();
  renderOverview();
  renderRows();
  document.body.dataset.ready = 'true';
  /** For scripts and tests: what is shown, and the same moves the controls make. */
  window.timeline = {
    view: () => ({ ...view }),
    full: () => ({ ...FULL }),
    setView,
    select,
    rows: () => rows.length,
    entry: (i) => ({ seq: SEQ[i], t: T[i], lane: laneName(E.lane[i]), type: typeOf(i) }),
  };
})();
