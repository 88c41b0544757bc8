// The search: the entries whose lane, type, detail or kind holds the text ("#123": the entry of
// that seq); its box, and its buttons to the previous and next match.
import type { Actions } from './actions';
import { byId, inputById } from './dom';
import type { Context } from './state';

/** A search over the page's entries; strings lowered once for every search. */
export function matcher({ data, entries: e }: Context): (q: string) => Uint8Array | null {
  const lowered = new Map<number, string>();
  const lower = (k: number) => {
    let s = lowered.get(k);
    if (s === undefined) lowered.set(k, (s = (data.strings[k] ?? '').toLowerCase()));
    return s;
  };
  /** per entry: 1 when it matches the lowered query q; null without a query */
  return (q) => {
    if (!q) return null;
    const matches = new Uint8Array(e.count);
    const seq = /^#(\d+)$/.exec(q);
    const laneHit = data.lanes.map((l) => l.toLowerCase().includes(q));
    const cache = new Map<number, boolean>();
    const has = (k: number) => {
      let v = cache.get(k);
      if (v === undefined) cache.set(k, (v = lower(k).includes(q)));
      return v;
    };
    for (let i = 0; i < e.count; i++) {
      const hit = seq
        ? e.seq(i) === Number(seq[1])
        : laneHit[e.lane(i)] || has(e.typeKey(i)) || has(e.detailKey(i)) || has(e.kindKey(i));
      if (hit) matches[i] = 1;
    }
    return matches;
  };
}

export function wireSearch(ctl: Actions) {
  const box = inputById('search');
  let timer = 0;
  // searched once the typing pauses; Enter searches at once and goes to the next match
  box.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(ctl.runSearch, 120);
  });
  box.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    window.clearTimeout(timer);
    ctl.runSearch();
    ctl.nextMatch(ev.shiftKey ? -1 : 1);
  });
  byId('search-next').addEventListener('click', () => ctl.nextMatch(1));
  byId('search-prev').addEventListener('click', () => ctl.nextMatch(-1));
}
