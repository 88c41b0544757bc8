// What the controls do to the page: move the view, select an entry or an ad, run the search, and
// draw again (at most once a frame). Its actions' contract is in actions.ts.
import { MIN_SPAN, type Actions, type SelectOptions } from './actions';
import { renderDetails, showText } from './details';
import { byId, inputById } from './dom';
import { secs } from './format';
import { renderOverview } from './overview';
import { renderPicture } from './picture';
import { matcher } from './search';
import { shown, type Context } from './state';
import { computeRows, renderRows, scrollToRow } from './table';

export function controller(ctx: Context): Actions {
  const { data, entries: e, state: s } = ctx;
  const find = matcher(ctx);
  let pending = 0;
  function render() {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      renderPicture(ctx);
      renderOverview(ctx);
      renderRows(ctx);
    });
  }

  function setView(from: number, to: number) {
    const { full, view } = s;
    const span = Math.min(full.to - full.from, Math.max(MIN_SPAN, to - from));
    let f = (from + to) / 2 - span / 2;
    f = Math.max(full.from, Math.min(full.to - span, f));
    if (span === full.to - full.from) f = full.from;
    view.from = f;
    view.to = f + span;
    render();
  }

  function reveal(t: number) {
    const { view } = s;
    if (t >= view.from && t <= view.to) return;
    const span = view.to - view.from;
    setView(t - span / 2, t + span / 2);
  }

  function select(i: number, options: SelectOptions = {}) {
    if (!(i >= 0 && i < e.count)) return;
    s.selected = i;
    if (!options.keepAd) s.selectedAd = -1;
    if (options.reveal !== false) reveal(e.t(i));
    computeRows(ctx);
    renderDetails(ctx);
    scrollToRow(ctx, i);
    render();
  }

  function selectAd(k: number) {
    const a = data.ads[k];
    if (!a) return;
    s.selectedAd = k;
    select(a.createdIndex >= 0 ? a.createdIndex : a.endedIndex, { reveal: false, keepAd: true });
  }

  function showMarkerOnly(d: DOMStringMap) {
    const f = d.finding !== undefined ? data.findings[Number(d.finding)] : null;
    const text = f ? `Finding ${f.kind} at ${secs(f.t)} s: ${f.label}` : data.divergence?.label;
    if (!text) return;
    showText(text);
    const t = f ? f.t : data.divergence?.t;
    if (t !== undefined) reveal(t);
  }

  function runSearch() {
    s.query = inputById('search').value.trim();
    s.matches = find(s.query.toLowerCase());
    s.matchList = [];
    if (s.matches)
      for (let i = 0; i < e.count; i++) if (s.matches[i] && shown(ctx, i)) s.matchList.push(i);
    const count = s.matchList.length;
    byId('search-count').textContent = s.matches ? `${count} match${count === 1 ? '' : 'es'}` : '';
    computeRows(ctx);
    render();
  }

  function nextMatch(direction: number) {
    const list = s.matchList;
    if (!list.length) return;
    let k: number;
    if (direction > 0) {
      k = list.findIndex((i) => i > s.selected);
      if (k < 0) k = 0;
    } else {
      k = list.length - 1;
      while (k >= 0 && (list[k] ?? 0) >= s.selected) k--;
      if (k < 0) k = list.length - 1;
    }
    const i = list[k];
    if (i !== undefined) select(i);
  }

  function refilter() {
    if (s.matches) runSearch();
    else {
      computeRows(ctx);
      render();
    }
  }

  return {
    render,
    setView,
    reveal,
    select,
    selectAd,
    showMarkerOnly,
    runSearch,
    nextMatch,
    refilter,
  };
}
