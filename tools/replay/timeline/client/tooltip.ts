// The picture's tooltip: what is under the pointer, in words (a merged tick: its first entries).
import { byId, closest } from './dom';
import { adSummary, breakSummary, duration, entryText, secs } from './format';
import { shown, type Context } from './state';

/** Shown at most, of the entries a merged tick stands for. */
const LISTED = 6;

function tipFor(ctx: Context, el: HTMLElement | SVGElement): string | null {
  const { data, entries: e } = ctx;
  const d = el.dataset;
  if (d.ad !== undefined) {
    const a = data.ads[Number(d.ad)];
    return a ? adSummary(a) : null;
  }
  if (d.break !== undefined) {
    const b = data.breaks[Number(d.break)];
    return b ? breakSummary(b) : null;
  }
  if (d.passed !== undefined) {
    const p = data.passed[Number(d.passed)];
    return p ? `${p.kind} passed at ${secs(p.t)} s: ${p.reason}` : null;
  }
  if (d.bar !== undefined) {
    const b = data.playback[Number(d.bar)];
    return b ? `${b.state} ${secs(b.from)}–${secs(b.to)} s (${duration(b.to - b.from)})` : null;
  }
  if (d.finding !== undefined) {
    const f = data.findings[Number(d.finding)];
    return f ? `finding ${f.kind} at ${secs(f.t)} s\n${f.label}` : null;
  }
  if (d.divergence !== undefined) return data.divergence?.label ?? null;
  if (d.index !== undefined) {
    const i = Number(d.index);
    const count = Number(d.count || 1);
    if (count === 1) return entryText(e, i);
    const lines: string[] = [];
    for (let j = i; j < e.count && lines.length < LISTED; j++) {
      if (e.lane(j) === e.lane(i) && shown(ctx, j)) lines.push(entryText(e, j));
    }
    return `${count} entries here (zoom in to part them):\n${lines.join('\n')}${count > LISTED ? '\n...' : ''}`;
  }
  return null;
}

export function hideTooltip() {
  byId('tooltip').style.display = 'none';
}

export function wireTooltip(ctx: Context) {
  const picture = byId('picture');
  const tooltip = byId('tooltip');
  picture.addEventListener('pointermove', (ev) => {
    if (ctx.state.dragged && ctx.state.drag) return;
    const el = closest(
      ev,
      '[data-index], [data-ad], [data-break], [data-bar], [data-finding], [data-passed]',
    );
    const text = el && tipFor(ctx, el);
    if (!text) return hideTooltip();
    tooltip.textContent = text;
    tooltip.style.display = 'block';
    const w = tooltip.offsetWidth;
    const left = ev.clientX + 14 + w > window.innerWidth ? ev.clientX - 14 - w : ev.clientX + 14;
    tooltip.style.left = `${Math.max(0, left)}px`;
    tooltip.style.top = `${ev.clientY + 14}px`;
  });
  picture.addEventListener('pointerleave', hideTooltip);
}
