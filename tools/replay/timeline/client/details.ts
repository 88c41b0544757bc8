// The selected entry's details: its line, the divergence and findings at it, the selected ad's
// summary with links to its creation and end; and the links that select an entry.
import type { Actions } from './actions';
import { byId, closest } from './dom';
import { adSummary, entryText, escapeHtml } from './format';
import type { Context } from './state';

export function renderDetails({ data, entries: e, state: s }: Context) {
  if (s.selected < 0) return;
  const parts = [`<code>${escapeHtml(entryText(e, s.selected))}</code>`];
  if (s.selected === e.divergenceIndex && data.divergence)
    parts.push(`<div class="bad">${escapeHtml(data.divergence.label)}</div>`);
  for (const k of e.findingsOf.get(s.selected) ?? []) {
    const f = data.findings[k];
    if (f) parts.push(`<div>Finding <b>${escapeHtml(f.kind)}</b>: ${escapeHtml(f.label)}</div>`);
  }
  const a = data.ads[s.selectedAd];
  if (a) {
    const links = [
      a.createdIndex >= 0 ? `<a data-select="${a.createdIndex}" href="#">its creation</a>` : '',
      a.endedIndex >= 0 ? `<a data-select="${a.endedIndex}" href="#">its end</a>` : '',
    ].filter(Boolean);
    parts.push(
      `<div>Ad: ${escapeHtml(adSummary(a)).replace(/\n/g, '<br>')} ${links.join(' · ')}</div>`,
    );
  }
  byId('details').innerHTML = parts.join('');
}

/** A text alone in the details: a marker with no entry of the log to show. */
export function showText(text: string) {
  byId('details').textContent = text;
}

/** The links to an entry (data-select) in the header and the details; the header's scroll down. */
export function wireLinks(ctl: Actions) {
  document.addEventListener('click', (ev) => {
    const link = closest(ev, 'a[data-select]');
    if (!link) return;
    ev.preventDefault();
    if (Number(link.dataset.select) >= 0) ctl.select(Number(link.dataset.select));
    else ctl.showMarkerOnly(link.dataset);
    if (link.closest('header')) byId('picture').scrollIntoView({ block: 'start' });
  });
}
