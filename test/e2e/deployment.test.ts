// The built player deployed as a customer deploys it: dist/ copied under /player/ of a plain static
// server of this test's own (no demo server), beside the customer's catalog service under /api and
// their media, the frame written on their site's page with the service address as people write it.
// Whatever the address and whatever the catalog answers, the viewer gets the film or the message the
// specification names, never a poster with a dead play button.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Frame } from 'puppeteer-core';
import { catalog } from '../../demo/catalog';
import { messageText, openPage, playerFrame, screenshot, useBrowser } from './browser';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const MEDIA = join(ROOT, 'demo', 'fixtures', 'media');
const MASTER_JSON = join(ROOT, 'demo', 'fixtures', 'film.json');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** What the customer's catalog answers, by path under /api/catalog-api; a test may change it. */
type Answers = Record<string, unknown>;

function filmAnswers(): Answers {
  const film = catalog[1]!;
  return {
    '/contents/1': film.content,
    '/contents/1/seasons': film.seasons,
    '/episodes?content-id=1': film.episodes.map((e) => ({
      ...e,
      m3u8MasterFilePath: '/media/film.json',
    })),
  };
}

interface Site {
  url: string;
  answers: Answers;
  masterJson: unknown;
  close(): Promise<void>;
}

/** A file under `dir` for the request's path, or null (never outside `dir`). */
async function fileUnder(dir: string, path: string): Promise<Buffer | null> {
  const file = normalize(join(dir, decodeURIComponent(path)));
  if (!file.startsWith(dir)) return null;
  return readFile(file).catch(() => null);
}

async function startSite(): Promise<Site> {
  const site = { answers: filmAnswers(), masterJson: null as unknown };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://site');
      const send = (status: number, body: Buffer | string, type = 'text/plain') => {
        res.writeHead(status, { 'Content-Type': type });
        res.end(body);
      };
      if (url.pathname === '/page.html')
        return send(200, pageWith(url.searchParams.get('base') ?? ''), TYPES['.html']);
      if (url.pathname.startsWith('/api/catalog-api/')) {
        const key = url.pathname.slice('/api/catalog-api'.length) + url.search;
        if (key.startsWith('/contents/1/available'))
          return send(200, '{"available":true}', TYPES['.json']);
        if (!(key in site.answers)) return send(404, '{}', TYPES['.json']);
        return send(200, JSON.stringify(site.answers[key]), TYPES['.json']);
      }
      if (url.pathname === '/media/film.json')
        return site.masterJson === null
          ? send(200, await readFile(MASTER_JSON), TYPES['.json'])
          : send(200, JSON.stringify(site.masterJson), TYPES['.json']);
      const [dir, path] = url.pathname.startsWith('/player/')
        ? [DIST, url.pathname.slice('/player'.length)]
        : url.pathname.startsWith('/media/')
          ? [MEDIA, url.pathname.slice('/media'.length)]
          : [null, ''];
      const body = dir ? await fileUnder(dir, path) : null;
      if (!body) return send(404, 'Not found');
      send(200, body, TYPES[extname(path)] ?? 'application/octet-stream');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the browser keeps its connections alive
      }),
  });
}

/** The customer's page: the player's frame with its service address as written (HTML-escaped). */
function pageWith(base: string): string {
  const attribute = base.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html><meta charset=utf-8><title>Кино</title>
<iframe id=player src="/player/index.html?movie_id=1&auto_play=1" width=960 height=540
  allow="autoplay; fullscreen" data-env_base_url="${attribute}"
  data-env_ad_list_url="/api/ad-list.json"></iframe>`;
}

const playing = (frame: Frame) =>
  frame.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, {
    timeout: 20_000,
  });

const UNEXPECTED = /^К сожалению, произошла ошибка.* Идентификатор ошибки: [0-9a-f]{8}$/;

describe('the built player on a static server of the customer’s, with their catalog', () => {
  const browser = useBrowser();
  let site: Site;
  beforeEach(async () => {
    site = await startSite();
  });
  afterEach(() => site.close());

  it.each([
    ['a path', '/api'],
    ['a path with a trailing slash', '/api/'],
    ['protocol-relative', '//HOST/api'],
    ['absolute', 'http://HOST/api'],
  ])('plays the film with the service address written as %s', async (name, written) => {
    const { page, errors } = await openPage(browser());
    const base = written.replace('HOST', new URL(site.url).host);
    await page.goto(`${site.url}/page.html?base=${encodeURIComponent(base)}`);
    const frame = await playerFrame(page);
    await playing(frame);
    expect(await frame.evaluate(() => window.__player!.config.envBaseUrl)).toBe(`${site.url}/api`);
    if (name === 'a path') await screenshot(page, 'deployment-static-server');
    // the ad list is not there (404): no adverts, no message
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('an address that is not one: the error page with its id at boot, and the console names it', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${site.url}/page.html?base=${encodeURIComponent('http://')}`);
    const frame = await playerFrame(page);
    expect(await messageText(frame)).toMatch(UNEXPECTED);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([
      expect.stringContaining('Kino player: env_base_url "http://" is not an http(s) address'),
    ]);
    await screenshot(page, 'deployment-bad-address');
  });

  it.each([
    [
      'episodes wrapped in an object',
      '/episodes?content-id=1',
      (a: Answers) => ({ items: a['/episodes?content-id=1'] }),
    ],
    ['a content without its id', '/contents/1', () => ({ title: 'Фильм' })],
    ['seasons as text', '/contents/1/seasons', () => 'seasons'],
    [
      'an episode with its season as a number',
      '/episodes?content-id=1',
      (a: Answers) =>
        (a['/episodes?content-id=1'] as Record<string, unknown>[]).map((e) => ({
          ...e,
          season: 1,
        })),
    ],
  ])(
    'a catalog answering %s: the error page with its id, never a dead button',
    async (_name, path, wrong) => {
      site.answers[path] = wrong(site.answers);
      const { page } = await openPage(browser());
      await page.goto(`${site.url}/page.html?base=/api`);
      const frame = await playerFrame(page);
      expect(await messageText(frame)).toMatch(UNEXPECTED);
      const failure = await frame.evaluate(() => window.__player!.getState().system.failure);
      // what was wrong is in the state (and so in the flight log and the error report)
      expect(failure!.detail).toMatch(/Unexpected answer \(.+: expected .+\)|Malformed JSON/);
      expect(await frame.$('[role="alert"] button')).not.toBeNull();
    },
  );

  it('a master JSON of another shape: "Ошибка в загрузке" with its address', async () => {
    site.masterJson = { sources: { link: '/media/hls/master.m3u8' } };
    const { page } = await openPage(browser());
    await page.goto(`${site.url}/page.html?base=/api`);
    const frame = await playerFrame(page);
    expect(await messageText(frame)).toBe(`Ошибка в загрузке: ${site.url}/media/film.json`);
    await screenshot(page, 'deployment-bad-master-json');
  });

  it('a catalog decorating less than ours (no poster, rating or description) still plays', async () => {
    const { id, title } = catalog[1]!.content;
    site.answers['/contents/1'] = { id, title, unknownField: [1, 2] };
    site.answers['/episodes?content-id=1'] = (
      site.answers['/episodes?content-id=1'] as Record<string, unknown>[]
    ).map(({ id: episodeId, order, season, m3u8MasterFilePath }) => ({
      id: episodeId,
      order,
      season,
      m3u8MasterFilePath,
    }));
    const { page } = await openPage(browser());
    await page.goto(`${site.url}/page.html?base=/api`);
    await playing(await playerFrame(page));
  });
});
