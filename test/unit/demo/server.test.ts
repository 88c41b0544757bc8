/** @jest-environment node */
import { startDemoServer, type DemoServer } from '../../../demo/app';
import { demoToken } from '../../../demo/tokens';
import { bearerOf, tokenExpiry } from '../../../src/api/token';

let server: DemoServer;
const url = (path: string) => `${server.url}${path}`;
const fault = (body: unknown) =>
  fetch(url('/__test/faults'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startDemoServer(0);
});
afterAll(() => server.close());
afterEach(async () => {
  await fetch(url('/__test/faults'), { method: 'DELETE' });
});

describe('the demo backend', () => {
  it('listens on loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the catalog and answers 404 for unknown content', async () => {
    const content = await (await fetch(url('/catalog-api/contents/2'))).json();
    expect(content).toMatchObject({
      id: 2,
      title: 'Демонстрационный сериал',
      hasMultipleEpisodes: true,
    });
    const episodes = await (await fetch(url('/catalog-api/episodes?content-id=2'))).json();
    expect(
      episodes.filter((e: { season: { order: number } }) => e.season.order === 1),
    ).toHaveLength(3);
    expect((await fetch(url('/catalog-api/contents/999'))).status).toBe(404);
    expect(await (await fetch(url('/catalog-api/contents/3/available?domain=x'))).json()).toEqual({
      available: false,
    });
  });

  it('refreshes the token in the Authorization header', async () => {
    const refresh = (body: unknown) =>
      fetch(url('/authenticator/authentication/refresh'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await refresh({ refreshToken: 'r', accessToken: 'a' });
    expect(res.status).toBe(200);
    const token = bearerOf(res.headers.get('authorization') ?? '')!;
    expect(tokenExpiry(token)).toBeGreaterThan(Date.now());
    expect((await refresh({})).status).toBe(401);
  });

  it('refuses an expired bearer token with 401 and serves anonymous requests', async () => {
    const expired = demoToken('viewer', -60);
    const withToken = (token: string) =>
      fetch(url('/catalog-api/contents/1'), { headers: { Authorization: `Bearer ${token}` } });
    expect((await withToken(expired)).status).toBe(401);
    expect((await withToken(demoToken('viewer', 600))).status).toBe(200);
    expect((await fetch(url('/catalog-api/contents/1'))).status).toBe(200);
  });

  it('rewrites VAST addresses to itself and lists the chosen documents', async () => {
    const xml = await (await fetch(url('/vast/skippable.xml'))).text();
    expect(xml).toContain(`${server.url}/media/ads/ad-15s.mp4`);
    expect(xml).not.toContain('{{ORIGIN}}');
    const list = await (await fetch(url('/ad-list.json?vast=broken,empty'))).json();
    expect(list).toEqual({
      prerollList: [
        { vastUrl: `${server.url}/vast/broken.xml` },
        { vastUrl: `${server.url}/vast/empty.xml` },
      ],
    });
    expect((await fetch(url('/vast/..%2Fpackage.xml'))).status).toBe(404);
  });

  it('sends the tracking URLs to another host when asked (?track=), the rest to itself', async () => {
    const tracker = 'http://127.0.0.1:9';
    const list = await (await fetch(url(`/ad-list.json?vast=skippable&track=${tracker}`))).json();
    expect(list).toEqual({
      prerollList: [
        { vastUrl: `${server.url}/vast/skippable.xml?track=${encodeURIComponent(tracker)}` },
      ],
    });
    const xml = await (await fetch(list.prerollList[0].vastUrl)).text();
    expect(xml).toContain(`${tracker}/track/skippable/impression`);
    expect(xml).toContain(`${tracker}/track/skippable/start`);
    expect(xml).not.toContain(`${server.url}/track/`);
    expect(xml).toContain(`${server.url}/media/ads/ad-15s.mp4`);
    // not an http(s) origin: ignored
    const plain = await (await fetch(url('/vast/skippable.xml?track=javascript:alert(1)'))).text();
    expect(plain).toContain(`${server.url}/track/skippable/impression`);
  });

  it('serves the icon the demo advert with an industry icon points to (icon.xml)', async () => {
    const xml = await (await fetch(url('/vast/icon.xml'))).text();
    expect(xml).toContain(`${server.url}/media/ads/adchoices.svg`);
    const icon = await fetch(url('/media/ads/adchoices.svg'));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('injects a status fault for a number of requests, then answers normally', async () => {
    expect(
      (
        await fault({
          path: '/catalog-api/contents/1',
          fault: { type: 'status', status: 503 },
          times: 2,
        })
      ).status,
    ).toBe(201);
    expect((await fetch(url('/catalog-api/contents/1'))).status).toBe(503);
    expect((await fetch(url('/catalog-api/contents/1'))).status).toBe(503);
    expect((await fetch(url('/catalog-api/contents/1'))).status).toBe(200);
  });

  it('injects a fault for a time only, then answers normally', async () => {
    const path = '/catalog-api/contents/1';
    const body = { path, fault: { type: 'status', status: 503, forMs: 300 } };
    expect((await fault(body)).status).toBe(201);
    expect((await fetch(url(path))).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await fetch(url(path))).status).toBe(200);
    expect(await (await fetch(url('/__test/faults'))).json()).toEqual([]);
    expect((await fault({ path, fault: { type: 'hang', forMs: -1 } })).status).toBe(400);
  });

  it('injects malformed and empty bodies, resets and hangs by path prefix', async () => {
    await fault({ path: '/catalog-api/*', fault: { type: 'malformed' } });
    const res = await fetch(url('/catalog-api/contents/1'));
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();

    await fault({ path: '/vast/*', fault: { type: 'empty' } });
    expect(await (await fetch(url('/vast/skippable.xml'))).text()).toBe('');

    await fault({ path: '/media/film.json', fault: { type: 'reset' } });
    await expect(fetch(url('/media/film.json'))).rejects.toThrow();

    await fault({ path: '/ad-list.json', fault: { type: 'hang' } });
    await expect(
      fetch(url('/ad-list.json'), { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
  });

  it('delays a slow response', async () => {
    await fault({ path: '/catalog-api/contents/1', fault: { type: 'slow', delayMs: 300 } });
    const started = performance.now();
    expect((await fetch(url('/catalog-api/contents/1'))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('trickles a body: answered at once, its bytes at the rate set, all of them', async () => {
    const path = '/media/film.json';
    const whole = Buffer.from(await (await fetch(url(path))).arrayBuffer());
    const bytesPerSecond = Math.ceil(whole.length / 0.5); // half a second's worth
    await fault({ path, fault: { type: 'trickle', bytesPerSecond }, times: 1 });
    const started = performance.now();
    const res = await fetch(url(path));
    const answeredMs = performance.now() - started;
    const reader = res.body!.getReader();
    const parts: number[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read())
      parts.push(part.value.byteLength);
    expect(answeredMs).toBeLessThan(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(parts.length).toBeGreaterThanOrEqual(4); // a tenth of a second's share at a time
    expect(parts.reduce((a, b) => a + b, 0)).toBe(whole.length);
    expect((await fault({ path, fault: { type: 'trickle', bytesPerSecond: 0 } })).status).toBe(400);
  });

  it("breaks only the requests of a fault's scope (one browser context's cookie), and clears by scope", async () => {
    const path = '/catalog-api/contents/1';
    await fault({ path, fault: { type: 'status', status: 500 }, scope: 'case-a' });
    await fault({ path, fault: { type: 'status', status: 404 }, scope: 'case-b' });
    const get = (scope?: string) =>
      fetch(url(path), scope ? { headers: { cookie: `x=1; fault_scope=${scope}` } } : {});
    expect((await get('case-a')).status).toBe(500);
    expect((await get('case-b')).status).toBe(404);
    expect((await get()).status).toBe(200);
    await fetch(url('/__test/faults?scope=case-a'), { method: 'DELETE' });
    expect((await get('case-a')).status).toBe(200);
    expect((await get('case-b')).status).toBe(404);
    expect((await fault({ path, fault: { type: 'hang' }, scope: '../x' })).status).toBe(400);
  });

  it('rejects a fault it does not know', async () => {
    expect((await fault({ path: '/x', fault: { type: 'explode' } })).status).toBe(400);
    expect((await fault({ path: 'x', fault: { type: 'hang' } })).status).toBe(400);
  });

  it('records tracking beacons in order and clears them', async () => {
    await fetch(url('/__test/beacons'), { method: 'DELETE' });
    await fetch(url('/track/skippable/impression?cb=1'));
    await fetch(url('/track/skippable/start'));
    const beacons = await (await fetch(url('/__test/beacons'))).json();
    expect(beacons.map((b: { path: string }) => b.path)).toEqual([
      '/track/skippable/impression',
      '/track/skippable/start',
    ]);
    expect(beacons[0].query).toEqual({ cb: '1' });
    await fetch(url('/__test/beacons'), { method: 'DELETE' });
    expect(await (await fetch(url('/__test/beacons'))).json()).toEqual([]);
  });

  it('accepts error-report envelopes', async () => {
    const envelope = [
      JSON.stringify({ event_id: 'abc', dsn: 'http://k@127.0.0.1/1' }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ message: 'boom', tags: { project: 'site-a' } }),
    ].join('\n');
    expect(
      (await fetch(url('/api/1/envelope/?sentry_key=k'), { method: 'POST', body: envelope }))
        .status,
    ).toBe(200);
    const [stored] = await (await fetch(url('/__test/envelopes'))).json();
    expect(stored).toMatchObject({
      project: '1',
      items: [{ header: { type: 'event' }, payload: { message: 'boom' } }],
    });
  });

  it('keeps a binary attachment of an envelope whole, in base64, by the length its header gives', async () => {
    const binary = Buffer.from([0x1f, 0x8b, 0x0a, 0x00, 0xff, 0x0a, 0x0a]); // line breaks inside
    const body = Buffer.concat([
      Buffer.from(`${JSON.stringify({ event_id: 'def' })}\n`),
      Buffer.from(
        `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'crash' })}\n`,
      ),
      Buffer.from(
        `${JSON.stringify({ type: 'attachment', length: binary.length, filename: 'flight-log.json.gz' })}\n`,
      ),
      binary,
      Buffer.from(`\n${JSON.stringify({ type: 'attachment', length: 2, filename: 'a.json' })}\n{}`),
    ]);
    await fetch(url('/__test/envelopes'), { method: 'DELETE' });
    await fetch(url('/api/1/envelope/'), { method: 'POST', body });
    const [stored] = await (await fetch(url('/__test/envelopes'))).json();
    expect(stored.items).toEqual([
      { header: { type: 'event' }, payload: { message: 'crash' } },
      {
        header: { type: 'attachment', length: 7, filename: 'flight-log.json.gz' },
        payload: binary.toString('base64'),
        encoding: 'base64',
      },
      { header: { type: 'attachment', length: 2, filename: 'a.json' }, payload: {} },
    ]);
  });

  it('serves the SIMID test creative, a page its advert names at this server', async () => {
    const res = await fetch(url('/simid/button.html?fail=1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain("send('createSession')");
    const vast = await (await fetch(url('/vast/simid.xml'))).text();
    expect(vast).toContain(`<![CDATA[${server.url}/simid/button.html]]></InteractiveCreativeFile>`);
  });

  it('serves HLS media with their types', async () => {
    const res = await fetch(url('/media/hls/master.m3u8'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/mpegurl/i);
    expect(await res.text()).toContain('TYPE=SUBTITLES');
  });
});
