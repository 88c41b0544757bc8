// The filters: a list of lanes and a list of types, each with its count, to show or hide; all or
// none at once (of those the type list's own filter leaves).
import type { Actions } from './actions';
import { byId, within } from './dom';
import { escapeHtml } from './format';
import type { Context } from './state';

/** [key, name, count]: key is a lane's index in data.lanes, or a type's in data.strings */
type Item = [number, string, number];

function filterList(id: string, items: Item[], hidden: Set<number>, label: string, ctl: Actions) {
  const box = byId(id);
  const list = within(box, '.list');
  list.innerHTML = items
    .map(
      ([key, name, count]) =>
        `<label><input type="checkbox" value="${key}" checked> ${escapeHtml(name)} <span class="count">${count}</span></label>`,
    )
    .join('');
  const summary = within(box, 'summary');
  const update = () => {
    const showing = items.length - hidden.size;
    summary.textContent = `${label} (${showing === items.length ? 'all' : showing} of ${items.length})`;
    ctl.refilter();
  };
  list.addEventListener('change', (ev) => {
    if (!(ev.target instanceof HTMLInputElement)) return;
    const key = Number(ev.target.value);
    if (ev.target.checked) hidden.delete(key);
    else hidden.add(key);
    update();
  });
  const setAll = (on: boolean) => {
    for (const input of list.querySelectorAll<HTMLInputElement>('label:not([hidden]) input')) {
      input.checked = on;
      if (on) hidden.delete(Number(input.value));
      else hidden.add(Number(input.value));
    }
    update();
  };
  within(box, '[data-all]').addEventListener('click', () => setAll(true));
  within(box, '[data-none]').addEventListener('click', () => setAll(false));
  const search = box.querySelector<HTMLInputElement>('input[type="search"]');
  if (search)
    search.addEventListener('input', () => {
      const q = search.value.trim().toLowerCase();
      for (const el of list.querySelectorAll<HTMLElement>('label'))
        el.hidden = Boolean(q) && !(el.textContent ?? '').toLowerCase().includes(q);
    });
  summary.textContent = `${label} (all of ${items.length})`;
}

export function wireFilters({ data, entries: e, state: s }: Context, ctl: Actions) {
  // a state lane counts its bars and breaks, the others their entries
  const laneCounts = data.lanes.map(() => 0);
  for (let i = 0; i < e.count; i++) laneCounts[e.lane(i)] = (laneCounts[e.lane(i)] ?? 0) + 1;
  if (e.lanes.playback >= 0) laneCounts[e.lanes.playback] = data.playback.length;
  if (e.lanes.ads >= 0) laneCounts[e.lanes.ads] = data.breaks.length + data.passed.length;
  filterList(
    'lane-filter',
    data.lanes.map((name, l): Item => [l, name, laneCounts[l] ?? 0]),
    s.hiddenLanes,
    'Lanes',
    ctl,
  );
  const typeCounts = new Map<number, number>();
  for (let i = 0; i < e.count; i++)
    typeCounts.set(e.typeKey(i), (typeCounts.get(e.typeKey(i)) ?? 0) + 1);
  filterList(
    'type-filter',
    [...typeCounts]
      .map(([k, count]): Item => [k, data.strings[k] ?? '', count])
      .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
    s.hiddenTypes,
    'Types',
    ctl,
  );
}
