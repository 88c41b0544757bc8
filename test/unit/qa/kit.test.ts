/** @jest-environment node */
// The QA kit's parts that need no browser: names, selectors, slider points, the demo client.
import { startDemoServer, type DemoServer } from '../../../demo/app';
import { ru } from '../../../src/i18n/ru';
import { byRole, byTestId, demoBaseUrl, demoServer, NAMES, sliderPoint } from '../../../src/qa';

describe('the QA kit', () => {
  it('names the controls with the Russian texts a viewer reads on them', () => {
    // the kit's names are the interface's own texts (src/qa/names.ts): these are what docs/qa.md shows
    expect(NAMES).toMatchObject({
      play: 'Смотреть',
      pause: 'Пауза',
      skip: 'Пропустить',
      rate: 'Скорость',
      continueWatching: ru.continueWatching,
    });
    expect(new Set(Object.values(NAMES)).size).toBe(Object.keys(NAMES).length);
  });

  it('builds selectors by exact role and name, and by test id', () => {
    expect(byRole('button', 'Пропустить')).toBe('::-p-aria([name="Пропустить"][role="button"])');
    expect(byRole('menuitemradio', 'Эпизод 1 · "Пилот"')).toBe(
      '::-p-aria([name="Эпизод 1 · \\"Пилот\\""][role="menuitemradio"])',
    );
    expect(byTestId('ad-layer')).toBe('[data-testid="ad-layer"]');
  });

  it('clicks a slider where its value is, a pixel inside its ends', () => {
    const box = { x: 100, y: 50, width: 200, height: 10 };
    expect(sliderPoint(box, 30, 0, 120)).toEqual({ x: 150, y: 55 });
    expect(sliderPoint(box, 0, 0, 1)).toEqual({ x: 101, y: 55 });
    expect(sliderPoint(box, 5, 0, 1)).toEqual({ x: 299, y: 55 });
    expect(sliderPoint(box, 3, 0, 0)).toEqual({ x: 101, y: 55 });
  });

  it('finds the demo server in KINO_DEMO_URL, else at npm start’s address', () => {
    expect(demoBaseUrl({})).toBe('http://127.0.0.1:8080');
    expect(demoBaseUrl({ KINO_DEMO_URL: 'http://127.0.0.1:4321/' })).toBe('http://127.0.0.1:4321');
  });

  describe('the demo client, against the demo server', () => {
    let server: DemoServer;
    beforeAll(async () => {
      server = await startDemoServer(0);
    });
    afterAll(() => server.close());

    it('sets, lists and clears faults', async () => {
      const demo = demoServer(server.url);
      expect(demo.page('host.html?movie_id=1')).toBe(`${server.url}/host.html?movie_id=1`);
      const rules = await demo.faults.set('/api/*', { type: 'status', status: 503 }, { times: 2 });
      expect(rules).toEqual([{ path: '/api/*', fault: { type: 'status', status: 503 }, times: 2 }]);
      const first = await fetch(`${server.url}/api/anything`);
      expect(first.status).toBe(503);
      await demo.faults.set('/x', { type: 'hang' }, { scope: 'mine' });
      await demo.faults.clear('mine');
      expect(await demo.faults.list()).toHaveLength(1);
      await demo.faults.clear();
      expect(await demo.faults.list()).toEqual([]);
    });

    it('reads and clears beacons and requests', async () => {
      const demo = demoServer(server.url);
      await demo.clearBeacons();
      await fetch(`${server.url}/track/impression?ad=1`);
      expect(await demo.beacons()).toEqual([
        expect.objectContaining({ method: 'GET', path: '/track/impression', query: { ad: '1' } }),
      ]);
      expect((await demo.requests()).some((r) => r.path === '/track/impression?ad=1')).toBe(true);
      await demo.clearBeacons();
      await demo.clearRequests();
      expect(await demo.beacons()).toEqual([]);
    });

    it('rejects a fault the server refuses, with its answer', async () => {
      const demo = demoServer(server.url);
      await expect(demo.faults.set('no-slash', { type: 'status', status: 500 })).rejects.toThrow(
        /POST \/__test\/faults: HTTP 400/,
      );
    });
  });
});
