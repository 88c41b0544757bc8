// The timeline page in Chromium, checked by what it draws: every golden ad log's ads where they
// played, zoom, the filters, the search, the markers that lead to the table, and a 30-minute session.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { recordLongSession } from '../../tools/bench/longSession';
import type { Finding } from '../../tools/replay/finding';
import type { ReplayResult } from '../../tools/replay/replay';
import { renderTimeline } from '../../tools/replay/timeline';
import { AD_LOGS, GOLDEN_DIR, loadGolden } from '../replay/goldenLogs';
import { ARTIFACTS, openPage, screenshot, useBrowser } from './browser';

const ROOT = join(__dirname, '..', '..');
const GOLDEN = GOLDEN_DIR;
const PAGES = join(ARTIFACTS, 'timeline');

const load = loadGolden;

/**
 * The page the replay command writes for a log (`--html`), replayed in its own process: its virtual
 * clock must not touch this process's timers, which puppeteer's are.
 */
async function replayToPage(logFile: string, name: string) {
  mkdirSync(PAGES, { recursive: true });
  const file = join(PAGES, `${name}.html`);
  rmSync(file, { force: true });
  try {
    await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['tools/replay/cli.ts', logFile, '--html', file],
      { cwd: ROOT },
    );
  } catch (error) {
    // the page is written whatever the replay found (a divergence: exit 1, findings: exit 3), and
    // it is the drawing that is tested here (while `npm run golden` runs, the golden logs are the
    // last build's, and may not replay)
    const { code } = error as { code?: number };
    if (code !== 1 && code !== 3) throw error;
  }
  return { file, bytes: statSync(file).size };
}

/** A page with a hand-made replay result and findings, written without replaying. */
function writePage(name: string, log: FlightLog, result: ReplayResult, findings?: Finding[]) {
  mkdirSync(PAGES, { recursive: true });
  const file = join(PAGES, `${name}.html`);
  writeFileSync(file, renderTimeline(log, result, findings));
  return file;
}

/** Launched by the outer describe block (useBrowser) */
let browser: () => Browser = () => {
  throw new Error('no browser yet');
};

async function open(file: string, width = 1400) {
  const { page, errors } = await openPage(browser(), { width, height: 1000 });
  const started = Date.now();
  await page.goto(`file://${file}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors, openMs: Date.now() - started };
}

/** The picture's mapping from session time to x, as the page reports it. */
async function scale(page: Page) {
  const d = await page.$eval('#picture svg', (svg) => ({ ...(svg as SVGElement).dataset }));
  const from = Number(d.viewFrom);
  const to = Number(d.viewTo);
  const left = Number(d.plotLeft);
  const width = Number(d.plotWidth);
  return (t: number) => left + ((t - from) / (to - from)) * width;
}

/** What the log says of each ad: from its creation to its end, with its break and title. */
function adsOfLog(log: FlightLog) {
  const puts = log.entries.filter((e): e is Extract<LogEntry, { kind: 'put' }> => e.kind === 'put');
  const ads: {
    kind: string;
    label: string;
    title: string;
    from: number;
    to: number;
    status: string;
  }[] = [];
  let brk = { kind: '', total: 0 };
  for (const e of puts) {
    const p = e.action.payload as Record<string, unknown>;
    if (e.action.type === 'ads/breakStarted')
      brk = { kind: String(p.kind), total: Number(p.total) };
    if (e.action.type === 'ads/adCreated')
      ads.push({
        kind: brk.kind,
        label: `${brk.kind} ${Number(p.index) + 1}/${brk.total}`,
        title: '',
        from: e.t,
        to: NaN,
        status: '',
      });
    const ad = ads[ads.length - 1];
    if (ad && e.action.type === 'ads/adLoaded') ad.title = String(p.title);
    if (ad && e.action.type === 'ads/adEnded') Object.assign(ad, { to: e.t, status: p.status });
  }
  return ads;
}

const drawnAds = (page: Page) =>
  page.$$eval('#picture g.ad', (groups) =>
    groups.map((g) => {
      const box = g.querySelector('.ad-box')!;
      const r = box.getBoundingClientRect();
      return {
        k: Number((g as SVGElement).dataset.ad),
        x: Number(box.getAttribute('x')),
        width: Number(box.getAttribute('width')),
        status: (g as SVGElement).dataset.status,
        label: g.querySelector('.ad-label')?.textContent ?? null,
        rect: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
      };
    }),
  );

const breakRects = (page: Page) =>
  page.$$eval('#picture rect.break', (rects) =>
    rects.map((r) => {
      const b = r.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    }),
  );

const tableInfo = (page: Page) => page.$eval('#table-info', (el) => el.textContent ?? '');
const visibleRows = (page: Page) =>
  page.$$eval('#rows .row', (rows) =>
    rows.map((r) => ({
      seq: Number((r as HTMLElement).dataset.seq),
      text: r.textContent ?? '',
      classes: r.className,
    })),
  );
/** lets the page's next animation frames draw */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

describe('the timeline page', () => {
  browser = useBrowser();

  describe('the timeline of each golden ad log', () => {
    const pages = new Map<string, string>();
    beforeAll(async () => {
      for (const name of AD_LOGS)
        pages.set(name, (await replayToPage(join(GOLDEN, `${name}.flight.json`), name)).file);
    }, 60_000);

    it.each(AD_LOGS)(
      '%s: each ad is drawn from its creation to its end, inside its break, labelled',
      async (name) => {
        const log = load(name);
        const { page, errors } = await open(pages.get(name)!);
        const x = await scale(page);
        const expected = adsOfLog(log);
        const drawn = await drawnAds(page);
        expect(drawn).toHaveLength(expected.length);
        const breaks = await breakRects(page);
        for (const [k, ad] of expected.entries()) {
          const d = drawn.find((a) => a.k === k)!;
          expect(d.status).toBe(ad.status);
          expect(Math.abs(d.x - x(ad.from))).toBeLessThan(1);
          expect(Math.abs(d.x + d.width - Math.max(x(ad.from) + 3, x(ad.to)))).toBeLessThan(1);
          // inside one break's bar
          expect(
            breaks.some(
              (b) =>
                b.left <= d.rect.left + 0.5 &&
                b.right >= d.rect.right - 0.5 &&
                b.top <= d.rect.top &&
                b.bottom >= d.rect.bottom,
            ),
          ).toBe(true);
          // the label in the picture when there is room, and in the tooltip always
          if (d.width > 30) expect(d.label).toContain(`${ad.label} · ${ad.title}`);
          await page.hover(`#picture g.ad[data-ad="${k}"] .ad-box`);
          const tip = await page.$eval('#tooltip', (el) => el.textContent ?? '');
          expect(tip).toContain(`${ad.label} · ${ad.title || 'untitled'} · ${ad.status}`);
        }
        if (name === 'midroll') {
          // the film between the breaks: a playing bar that no ad covers
          const film = await page.$eval('#picture rect.bar[fill="#66bb6a"]', (r) => {
            const b = r.getBoundingClientRect();
            return { left: b.left, right: b.right };
          });
          expect(film.right - film.left).toBeGreaterThan(300);
          for (const d of drawn)
            expect(d.rect.right <= film.left + 2 || d.rect.left >= film.right - 2).toBe(true);
        }
        await screenshot(page, `timeline-${name}`);
        expect(errors).toEqual([]);
        await page.browserContext().close();
      },
    );

    it('zooms with the buttons and the wheel, filters by lane and type, and searches', async () => {
      const { page, errors } = await open(pages.get('midroll')!);
      const full = await page.evaluate(() => window.timeline.view());
      const labels = () => page.$$eval('#picture text.axis', (t) => t.map((e) => e.textContent));
      const before = await labels();

      await page.click('#zoom-in');
      await page.click('#zoom-in');
      await frames(page);
      const zoomed = await page.evaluate(() => window.timeline.view());
      expect(zoomed.to - zoomed.from).toBeCloseTo((full.to - full.from) / 4, 0);
      expect(await labels()).not.toEqual(before);
      // the wheel zooms around the pointer: the time under it stays put
      const box = (await (await page.$('#picture svg'))!.boundingBox())!;
      const plot = await page.$eval('#picture svg', (s) => ({
        left: Number((s as SVGElement).dataset.plotLeft),
        width: Number((s as SVGElement).dataset.plotWidth),
      }));
      const local = plot.left + 500; // x in the picture, 500 px into the plot
      const timeUnder = (v: { from: number; to: number }) =>
        v.from + ((local - plot.left) / plot.width) * (v.to - v.from);
      const px = box.x + local;
      const py = box.y + 120;
      await page.mouse.move(px, py);
      await page.mouse.wheel({ deltaY: -300 });
      await frames(page);
      const wheeled = await page.evaluate(() => window.timeline.view());
      expect(wheeled.to - wheeled.from).toBeLessThan((zoomed.to - zoomed.from) * 0.8);
      expect(Math.abs(timeUnder(wheeled) - timeUnder(zoomed))).toBeLessThan(5);
      // drag pans
      await page.mouse.move(px, py);
      await page.mouse.down();
      await page.mouse.move(px - 200, py, { steps: 4 });
      await page.mouse.up();
      await frames(page);
      const dragged = await page.evaluate(() => window.timeline.view());
      expect(dragged.from).toBeGreaterThan(wheeled.from);
      expect(dragged.to - dragged.from).toBeCloseTo(wheeled.to - wheeled.from, 3);
      await page.click('#zoom-fit');
      await frames(page);
      expect(await page.evaluate(() => window.timeline.view())).toEqual(full);

      // a lane filter: the actor's lane and its rows go
      const lanes = () =>
        page.$$eval('#picture text.lane-label', (t) => t.map((e) => e.textContent));
      expect(await lanes()).toContain('actor: ads');
      const allRows = await page.evaluate(() => window.timeline.rows());
      await page.click('#lane-filter summary');
      const adsLane = await page.$$eval('#lane-filter label', (ls) =>
        ls.findIndex((l) => l.textContent?.trim().startsWith('actor: ads ')),
      );
      await page.click(`#lane-filter label:nth-child(${adsLane + 1}) input`);
      await frames(page);
      expect(await lanes()).not.toContain('actor: ads');
      expect(await page.evaluate(() => window.timeline.rows())).toBeLessThan(allRows);
      expect(await tableInfo(page)).toContain('(filtered)');
      expect(await page.$eval('#lane-filter summary', (s) => s.textContent)).toMatch(
        /Lanes \(\d+ of/,
      );
      await page.click('#lane-filter [data-all]');
      await page.click('#lane-filter summary');

      // a type filter: no ads/adEnded row left
      await page.click('#type-filter summary');
      await page.type('#type-filter input[type="search"]', 'adEnded');
      const visibleTypes = await page.$$eval('#type-filter label:not([hidden])', (ls) =>
        ls.map((l) => l.textContent?.trim()),
      );
      expect(visibleTypes).toEqual([expect.stringMatching(/^ads\/adEnded \d+$/)]);
      await page.click('#type-filter [data-none]');
      await frames(page);
      expect(await page.evaluate(() => window.timeline.rows())).toBe(allRows - 2);
      await page.click('#type-filter [data-all]');
      await page.click('#type-filter summary');
      await frames(page);
      expect(await page.evaluate(() => window.timeline.rows())).toBe(allRows);

      // the search: the table keeps the matches, the picture marks them
      expect(await page.$$('#picture rect.hit')).toHaveLength(0);
      await page.type('#search', 'thirdQuartile');
      await page.waitForFunction(() => document.querySelector('#search-count')?.textContent !== '');
      await frames(page);
      expect(await page.$eval('#search-count', (e) => e.textContent)).toBe('2 matches');
      const rows = await visibleRows(page);
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.text).toContain('thirdQuartile');
      expect((await page.$$('#picture rect.hit')).length).toBe(2);
      // Enter goes to the first match: selected in the table and marked in the picture
      await page.focus('#search');
      await page.keyboard.press('Enter');
      await frames(page);
      expect((await visibleRows(page)).find((r) => r.classes.includes('selected'))?.seq).toBe(
        rows[0]!.seq,
      );
      expect(await page.$('#picture line.selection')).not.toBeNull();
      await screenshot(page, 'timeline-search');
      expect(errors).toEqual([]);
      await page.browserContext().close();
    });

    it('leads from the findings, the divergence and the markers to their rows', async () => {
      const log = load('preroll-skip');
      const skipAt = log.entries.findIndex(
        (e) => e.kind === 'in' && e.action.type === 'ads/skipRequested',
      );
      const late = log.entries.length - 3;
      const findings: Finding[] = [
        {
          kind: 'skip-before-offset',
          message: 'a hand-made finding at the skip',
          t: log.entries[skipAt]!.t,
          seqs: [log.entries[skipAt]!.seq],
        },
        {
          kind: 'late-one',
          message: 'a hand-made finding near the end',
          t: log.entries[late]!.t,
          seqs: [log.entries[late]!.seq],
        },
      ];
      const divergedAt = 150;
      const result: ReplayResult = {
        ok: false,
        mode: 'full',
        entries: log.entries.length,
        virtualMs: 0,
        wallMs: 1,
        history: [],
        uncaught: [],
        divergence: {
          index: divergedAt,
          seq: log.entries[divergedAt]!.seq,
          t: log.entries[divergedAt]!.t,
          reason: 'a hand-made divergence',
          expected: log.entries[divergedAt]!,
          actual: null,
          actor: 'ads',
          preceding: [],
        },
      };
      const file = writePage('markers', log, result, findings);
      const { page, errors } = await open(file);
      const selectedRow = async () => {
        await frames(page);
        const selected = (await visibleRows(page)).find((r) => r.classes.includes('selected'));
        return selected;
      };
      expect(await page.$eval('header', (h) => h.textContent)).toContain(
        `Divergence at entry #${log.entries[divergedAt]!.seq}`,
      );

      // the picture's finding marker
      await page.click('#picture path.finding-mark[data-finding="1"]');
      expect(await selectedRow()).toMatchObject({
        seq: log.entries[late]!.seq,
        classes: expect.stringContaining('finding'),
      });
      expect(await page.$eval('#details', (d) => d.textContent)).toContain('late-one');
      // the divergence marker
      await page.click('#picture path.divergence-mark');
      expect(await selectedRow()).toMatchObject({
        seq: log.entries[divergedAt]!.seq,
        classes: expect.stringContaining('diverged'),
      });
      // the list of findings at the top, and the divergence's link
      await page.click('#findings a[data-finding="0"]');
      expect(await selectedRow()).toMatchObject({ seq: log.entries[skipAt]!.seq });
      await page.click('#divergence a[data-select]');
      expect(await selectedRow()).toMatchObject({ seq: log.entries[divergedAt]!.seq });
      // an ad: its creation row, and its summary in the details
      await page.click('#picture g.ad .ad-box');
      expect((await selectedRow())?.text).toContain('ads/adCreated');
      expect(await page.$eval('#details', (d) => d.textContent)).toContain('skipped at');
      // a finding's row is reachable even when the search leaves no other row
      await page.type('#search', 'no entry has this text');
      await page.waitForFunction(
        () => document.querySelector('#search-count')?.textContent === '0 matches',
      );
      await page.click('#findings a[data-finding="1"]');
      expect(await selectedRow()).toMatchObject({ seq: log.entries[late]!.seq });
      await screenshot(page, 'timeline-markers');
      expect(errors).toEqual([]);
      await page.browserContext().close();
    });
  });

  describe('a 30-minute session', () => {
    let file = '';
    let log: FlightLog;
    beforeAll(async () => {
      log = await recordLongSession(30);
      mkdirSync(PAGES, { recursive: true });
      const logFile = join(PAGES, 'long-session.flight.json');
      writeFileSync(logFile, JSON.stringify(log));
      const written = await replayToPage(logFile, 'long-session');
      file = written.file;
      console.log(
        `30-minute session: ${log.entries.length} entries, page ${(written.bytes / 1e6).toFixed(2)} MB`,
      );
      expect(written.bytes).toBeLessThan(1.5e6);
    }, 60_000);

    it('opens quickly, reads down to single seconds, and its table reaches the last entry', async () => {
      const { page, errors, openMs } = await open(file);
      console.log(`30-minute session: the page opened in ${openMs} ms`);
      expect(openMs).toBeLessThan(5_000);
      const full = await page.evaluate(() => window.timeline.view());
      expect((await drawnAds(page)).length).toBeGreaterThan(100);
      await screenshot(page, 'timeline-long-whole');

      // zoom in until less than a second fills the picture
      for (let i = 0; i < 12; i++) await page.click('#zoom-in');
      await frames(page);
      const view = await page.evaluate(() => window.timeline.view());
      expect(view.to - view.from).toBeLessThan(1_000);
      expect(view.to - view.from).toBeGreaterThanOrEqual(100);
      expect(view.from).toBeGreaterThan(full.from);
      // the grid is in fractions of a second, and a tick stands for one entry, or for entries
      // logged at the same millisecond (the simulated clock logs several at once)
      expect(await page.$$eval('#picture text.axis', (t) => t.map((e) => e.textContent))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\d+:\d\d\.\d+$/)]),
      );
      const merged = await page.$$eval('#picture rect.tick', (ticks) =>
        ticks.flatMap((tick) => {
          const { index, count } = (tick as SVGElement).dataset;
          const first = window.timeline.entry(Number(index));
          const times = [];
          for (let i = Number(index); times.length < Number(count); i++) {
            const e = window.timeline.entry(i);
            if (e.lane === first.lane) times.push(e.t);
          }
          return [Math.max(...times) - Math.min(...times)];
        }),
      );
      expect(merged.length).toBeGreaterThan(2);
      expect(Math.max(...merged)).toBeLessThan(1);
      await screenshot(page, 'timeline-long-seconds');
      // back to the whole session, and a double click on an ad zooms to it: labelled, in its break
      await page.click('#zoom-fit');
      await frames(page);
      const target = (await drawnAds(page))[50]!;
      await page.mouse.click((target.rect.left + target.rect.right) / 2, target.rect.top + 5, {
        count: 2,
      });
      await frames(page);
      const onAd = await page.evaluate(() => window.timeline.view());
      expect(onAd.to - onAd.from).toBeLessThan(10_000);
      const labelled = (await drawnAds(page)).filter((a) => a.label);
      expect(labelled.map((a) => a.k)).toContain(target.k);
      expect(labelled.find((a) => a.k === target.k)!.label).toMatch(
        /^midroll 1\/1 · .+ · completed$/,
      );
      await screenshot(page, 'timeline-long-ad');

      // the table: scrolled to its end, it shows the last entry
      await page.$eval('#rows', (el) => (el.scrollTop = el.scrollHeight));
      await frames(page);
      const rows = await visibleRows(page);
      expect(rows[rows.length - 1]!.seq).toBe(log.entries[log.entries.length - 1]!.seq);
      expect(await tableInfo(page)).toContain(`All ${log.entries.length} entries`);
      // only the rows in sight are in the DOM
      expect(rows.length).toBeLessThan(100);
      expect(errors).toEqual([]);
      await page.browserContext().close();
    });
  });
});

declare global {
  interface Window {
    timeline: {
      view(): { from: number; to: number };
      full(): { from: number; to: number };
      setView(from: number, to: number): void;
      select(index: number): void;
      rows(): number;
      entry(index: number): { seq: number; t: number; lane: string; type: string };
    };
  }
}
