// The page's HTML shell: the header (verdict, findings), the toolbar, the places the client script
// draws into, the packed data and the inlined script and style. Self-contained: no network.
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogHeader } from '../../../src/recorder/format';
import type { ReplayResult } from '../replay';
import { COLOURS } from './colours';
import { scriptJson, type PageData } from './data';
import { escapeHtml } from './html';

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

/** The client (client/, TypeScript) bundled into one plain browser script to inline. */
function clientScript(): string {
  const { outputFiles } = buildSync({
    entryPoints: [join(__dirname, 'client', 'index.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    minify: false,
  });
  const [file] = outputFiles;
  if (!file) throw new Error('esbuild gave no script for the timeline client');
  return file.text;
}

/** The client script and the style, built and read once a process. */
let assets: { script: string; style: string } | null = null;
function pageAssets() {
  assets ??= {
    script: clientScript(),
    style: readFileSync(join(__dirname, 'style.css'), 'utf8'),
  };
  return assets;
}

function verdict(result: ReplayResult, data: PageData): string {
  const d = result.divergence;
  if (!d) return `<p class="good">Replayed with zero divergence (${result.mode}).</p>`;
  const index = data.divergence?.index ?? -1;
  const link = index >= 0 ? ` <a data-select="${index}" href="#">show the entry</a>` : '';
  return `<p class="bad" id="divergence">Divergence at entry #${d.seq ?? 'end'} (${seconds(d.t ?? 0)}), actor "${escapeHtml(
    d.actor,
  )}": ${escapeHtml(d.reason)}${link}</p>`;
}

function findingsList(data: PageData, given: boolean): string {
  if (!given) return '';
  if (data.findings.length === 0) return '<section id="findings"><p>No findings.</p></section>';
  const items = data.findings.map(
    (f, i) =>
      `<li><a data-select="${f.index}" data-finding="${i}" href="#"><span class="kind">${escapeHtml(
        f.kind,
      )}</span></a> at ${seconds(f.t)}: ${escapeHtml(f.label)}</li>`,
  );
  return `<section id="findings"><h2>Findings (${data.findings.length})</h2><ol>${items.join('')}</ol></section>`;
}

const swatches = (colours: Record<string, string>, suffix = '') =>
  Object.entries(colours)
    .map(([name, c]) => `<span><i style="background:${c}"></i>${name}${suffix}</span>`)
    .join('');

export function renderPage(
  header: LogHeader,
  result: ReplayResult,
  data: PageData,
  findingsGiven: boolean,
): string {
  const { script, style } = pageAssets();
  const entries = data.entries.dt.length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flight log ${escapeHtml(header.sessionStart)}</title>
<style>
${style}</style></head><body>
<header>
<h1>Flight log: ${escapeHtml(header.sessionStart)}</h1>
<p class="meta">Build ${escapeHtml(header.build)} · ${entries} entries · ${((data.end - data.start) / 1000).toFixed(1)} s · dropped ${header.dropped}</p>
${verdict(result, data)}
${findingsList(data, findingsGiven)}
</header>
<div id="toolbar">
  <div role="group" aria-label="zoom">
    <button id="zoom-out" title="Zoom out (-)">−</button><button id="zoom-in" title="Zoom in (+)">+</button>
    <button id="zoom-fit" title="The whole session (0)">Whole session</button><span id="range"></span>
  </div>
  <div><input id="search" type="search" placeholder="Search entries (type, payload, #seq)" aria-label="Search entries">
    <button id="search-prev" title="Previous match">↑</button><button id="search-next" title="Next match">↓</button><span id="search-count"></span></div>
  <details class="filter" id="lane-filter"><summary>Lanes</summary><div class="list"></div>
    <div class="actions"><button data-all>all</button><button data-none>none</button></div></details>
  <details class="filter" id="type-filter"><summary>Types</summary>
    <input type="search" placeholder="filter the list" aria-label="Filter the types">
    <div class="list"></div><div class="actions"><button data-all>all</button><button data-none>none</button></div></details>
</div>
<div id="overview" title="The whole session: click or drag to move the view"></div>
<div id="picture"></div>
<p class="legend">Entries: ${swatches(COLOURS.kind)}<span><i style="background:${COLOURS.beacon}"></i>beacon</span><span><i style="background:${COLOURS.error}"></i>error / divergence</span><span><i style="background:${COLOURS.finding}"></i>finding</span><span><i style="background:#ffd600"></i>search match</span></p>
<p class="legend">Ads: ${swatches(COLOURS.adStatus)} · Playback: ${swatches(COLOURS.playback)}</p>
<p class="legend">Wheel: zoom at the pointer · shift+wheel or drag: pan · double-click an ad or a break: zoom to it · click a mark: its entry in the table · keys + − 0 ← →</p>
<div id="details">Click a mark in the picture or a row of the table to see its entry here.</div>
<p id="table-info"></p>
<div id="table" role="table">
  <div class="row head" role="row"><span>#</span><span>t (s)</span><span>lane</span><span>entry</span></div>
  <div id="rows"><div id="rows-spacer"></div><div id="rows-visible"></div></div>
</div>
<div id="tooltip"></div>
<script type="application/json" id="timeline-data">${scriptJson({ ...data, colours: COLOURS })}</script>
<script>
${script}</script>
</body></html>
`;
}
