/**
 * @jest-environment node
 */
// The inspector over real HTTP on loopback: wrapper chains, HTTP errors, timeouts, redirects and
// the offline rule.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpFetchText, isLoopbackUrl } from '../../../tools/vast/fetchText';
import { inspectVast, type ErrorReport, type ResolvedReport } from '../../../tools/vast/inspect';

const FIXTURES = join(__dirname, '..', '..', '..', 'demo', 'fixtures', 'vast');
let server: Server;
let origin: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path === '/hang') return; // never answers
    if (path === '/error') return res.writeHead(500).end('boom');
    if (path === '/redirect-local') {
      return res.writeHead(302, { location: '/vast/skippable.xml' }).end();
    }
    if (path === '/redirect-away') {
      return res.writeHead(302, { location: 'http://ads.example.invalid/vast.xml' }).end();
    }
    if (path === '/wrapper-to-hang' || path === '/wrapper-to-404') {
      const next = path === '/wrapper-to-hang' ? '/hang' : '/missing.xml';
      const xml = readFileSync(join(FIXTURES, 'wrapper-2.xml'), 'utf8')
        .replaceAll('{{ORIGIN}}', origin)
        .replace(`${origin}/vast/nonskippable.xml`, `${origin}${next}`);
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
    }
    const match = /^\/vast\/([\w-]+\.xml)$/.exec(path);
    if (!match?.[1]) return res.writeHead(404).end();
    const xml = readFileSync(join(FIXTURES, match[1]), 'utf8').replaceAll('{{ORIGIN}}', origin);
    res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

const resolved = (report: unknown) => report as ResolvedReport;
const failed = (report: unknown) => report as ErrorReport;

test('a wrapper chain over HTTP resolves to the inline ad with every layer merged', async () => {
  const report = resolved(await inspectVast(`${origin}/vast/wrapper-1.xml`, { offline: true }));
  expect(requests).toEqual([
    '/vast/wrapper-1.xml',
    '/vast/wrapper-2.xml',
    '/vast/nonskippable.xml',
  ]);
  expect(report.wrapperDepth).toBe(2);
  expect(report.mediaFile.url).toBe(`${origin}/media/ads/ad-6s.mp4`);
  expect(report.impressions).toHaveLength(3);
  expect(report.tracking.start).toEqual([
    `${origin}/track/wrapper-1/start`,
    `${origin}/track/wrapper-2/start`,
    `${origin}/track/nonskippable/start`,
  ]);
});

test('a file whose wrapper points to this machine is followed', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'vast-inspect-')), 'wrapper.xml');
  writeFileSync(
    file,
    readFileSync(join(FIXTURES, 'wrapper-2.xml'), 'utf8').replaceAll('{{ORIGIN}}', origin),
  );
  const report = resolved(await inspectVast(file, { offline: true }));
  expect(report.wrapperDepth).toBe(1);
  expect(requests).toEqual(['/vast/nonskippable.xml']);
});

test('skip offset in seconds and no-media as 403', async () => {
  expect(
    resolved(await inspectVast(`${origin}/vast/skippable.xml`, { offline: true })).skipOffsetSec,
  ).toBe(5);
  const noMedia = failed(await inspectVast(`${origin}/vast/no-media.xml`, { offline: true }));
  expect(noMedia.error.code).toBe(403);
  expect(noMedia.errorUrls).toEqual([`${origin}/track/no-media/error?code=[ERRORCODE]`]);
});

test.each([
  ['an HTTP error on the first document', '/error', 303],
  ['an HTTP error on a wrapper VASTAdTagURI', '/wrapper-to-404', 301],
  ['a timeout on the first document', '/hang', 350],
  ['a timeout on a wrapper VASTAdTagURI', '/wrapper-to-hang', 301],
])('%s (%s) is %s', async (_, path, code) => {
  const report = failed(await inspectVast(`${origin}${path}`, { offline: true, timeoutMs: 300 }));
  expect(report.error.code).toBe(code);
});

test('a redirect on this machine is followed', async () => {
  const report = resolved(await inspectVast(`${origin}/redirect-local`, { offline: true }));
  expect(report.ad.id).toBe('demo-skippable');
});

describe('offline', () => {
  let fetchSpy: jest.SpyInstance;
  beforeEach(() => {
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  test('an address off this machine is refused without a request', async () => {
    const report = failed(
      await inspectVast('http://ads.example.invalid/vast.xml', { offline: true }),
    );
    expect(report.error.code).toBe(303);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('a redirect off this machine is refused without following it', async () => {
    const report = failed(await inspectVast(`${origin}/redirect-away`, { offline: true }));
    expect(report.error.code).toBe(303);
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([`${origin}/redirect-away`]);
  });

  test('the fetcher itself answers unavailable for such addresses', async () => {
    const fetchText = httpFetchText({ offline: true, timeoutMs: 1000 });
    expect(await fetchText('https://ads.example.invalid/')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

test.each([
  ['http://127.0.0.1:8080/a', true],
  ['http://localhost/a', true],
  ['https://[::1]:9000/a', true],
  ['http://127.0.0.2/a', false],
  ['http://localhost.example.com/a', false],
  ['http://10.0.0.1/a', false],
  ['file:///etc/hosts', false],
  ['not a url', false],
])('isLoopbackUrl(%s) is %s', (url, expected) => {
  expect(isLoopbackUrl(url)).toBe(expected);
});
