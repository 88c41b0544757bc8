// The overview: the whole session in one band (playback, breaks, hits, errors, findings, the
// divergence) with the view's window; a click or a drag on it moves the view there.
import type { Actions } from './actions';
import { byId } from './dom';
import { LABEL_W, r1 } from './geometry';
import type { Context } from './state';

export function renderOverview({ data, entries: e, state: s }: Context) {
  const overview = byId('overview');
  const C = data.colours;
  const { full, view } = s;
  const width = Math.max(400, overview.clientWidth);
  const plotW = width - LABEL_W - 8;
  const k = plotW / (full.to - full.from);
  const x = (t: number) => r1(LABEL_W + (t - full.from) * k);
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
  for (const i of s.matchList) {
    if (x(e.t(i)) - last < 2) continue;
    last = x(e.t(i));
    out.push(`<rect class="hit" x="${last - 1}" y="2" width="2" height="26"/>`);
  }
  for (const i of data.entries.errors)
    out.push(`<rect x="${x(e.t(i))}" y="2" width="1.5" height="10" fill="${C.error}"/>`);
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

export function wireOverview({ state: s }: Context, ctl: Actions) {
  const overview = byId('overview');
  /** the view centred on the time under the pointer */
  const centreAt = (clientX: number) => {
    const k = Number(overview.dataset.k);
    const t = s.full.from + (clientX - overview.getBoundingClientRect().left - LABEL_W) / k;
    const span = s.view.to - s.view.from;
    ctl.setView(t - span / 2, t + span / 2);
  };
  let dragging = false;
  overview.addEventListener('pointerdown', (ev) => {
    dragging = true;
    centreAt(ev.clientX);
  });
  window.addEventListener('pointermove', (ev) => {
    if (dragging) centreAt(ev.clientX);
  });
  window.addEventListener('pointerup', () => (dragging = false));
}
