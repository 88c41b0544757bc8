// The table: every entry the filters and the search let through (and the selected one),
// virtualised: only the rows in sight are in the DOM.
import type { Actions } from './actions';
import { byId, closest } from './dom';
import { escapeHtml, secs } from './format';
import { shown, type Context } from './state';
import { firstNotBefore } from './unpack';

const ROW_H = 20;

export function computeRows(ctx: Context) {
  const { entries: e, state: s } = ctx;
  const n = e.count;
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    if ((shown(ctx, i) && (!s.matches || s.matches[i])) || i === s.selected) rows.push(i);
  }
  s.rows = rows;
  const filtered = s.hiddenLanes.size || s.hiddenTypes.size;
  byId('table-info').textContent =
    `${rows.length === n ? `All ${n}` : `${rows.length} of ${n}`} entries${filtered ? ' (filtered)' : ''}${s.matches ? ` (search "${s.query}")` : ''}; the table draws only the rows in sight: scroll it for the rest.`;
}

function rowHtml({ entries: e, state: s }: Context, i: number) {
  const classes = ['row'];
  if (i === e.divergenceIndex) classes.push('diverged');
  else if (e.isError(i)) classes.push('error');
  if (e.findingsOf.has(i)) classes.push('finding');
  if (s.matches && s.matches[i]) classes.push('hit');
  if (i === s.selected) classes.push('selected');
  return `<div class="${classes.join(' ')}" role="row" data-index="${i}" data-seq="${e.seq(i)}"><span>${e.seq(i)}</span><span>${secs(e.t(i))}</span><span>${escapeHtml(e.laneName(e.lane(i)))}</span><span><span class="type">${escapeHtml(e.type(i))}</span> ${escapeHtml(e.detail(i))}</span></div>`;
}

export function renderRows(ctx: Context) {
  const { rows } = ctx.state;
  const rowsEl = byId('rows');
  byId('rows-spacer').style.height = `${rows.length * ROW_H}px`;
  const top = rowsEl.scrollTop;
  const first = Math.max(0, Math.floor(top / ROW_H) - 10);
  const last = Math.min(rows.length, Math.ceil((top + rowsEl.clientHeight) / ROW_H) + 10);
  const visible = byId('rows-visible');
  visible.style.transform = `translateY(${first * ROW_H}px)`;
  visible.innerHTML = rows
    .slice(first, last)
    .map((i) => rowHtml(ctx, i))
    .join('');
}

/** Scrolls the table so that entry i's row is in its middle. */
export function scrollToRow({ state: s }: Context, i: number) {
  const rowsEl = byId('rows');
  const pos = firstNotBefore(s.rows.length, (k) => (s.rows[k] ?? 0) < i);
  rowsEl.scrollTop = Math.max(0, pos * ROW_H - rowsEl.clientHeight / 2 + ROW_H / 2);
}

export function wireTable(ctx: Context, ctl: Actions) {
  const visible = byId('rows-visible');
  visible.style.position = 'absolute';
  visible.style.left = '0';
  visible.style.right = '0';
  visible.style.top = '0';
  const rowsEl = byId('rows');
  rowsEl.addEventListener('scroll', () => requestAnimationFrame(() => renderRows(ctx)));
  rowsEl.addEventListener('click', (ev) => {
    const row = closest(ev, '[data-index]');
    if (row) ctl.select(Number(row.dataset.index));
  });
}
