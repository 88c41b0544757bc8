/** @jest-environment node */
// The long film played from other hosts (a CDN and its backup) through a master JSON of the demo's.
import { startDemoServer, type DemoServer } from '../../../demo/app';

const SOURCES = ['http://127.0.0.1:9/master.m3u8', 'http://127.0.0.1:10/master.m3u8'];
let servers: { plain: DemoServer; elsewhere: DemoServer };
const episodePath = async (server: DemoServer) => {
  const res = await fetch(`${server.url}/catalog-api/episodes?content-id=5`);
  return ((await res.json()) as { m3u8MasterFilePath: string }[])[0]?.m3u8MasterFilePath;
};

beforeAll(async () => {
  servers = {
    plain: await startDemoServer(0),
    elsewhere: await startDemoServer(0, { longFilmSources: SOURCES }),
  };
});
afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())));

describe('the long film on other hosts', () => {
  it('is played from a master JSON of its sources, the first the default', async () => {
    const { elsewhere } = servers;
    expect(await episodePath(elsewhere)).toBe('/media/long-film.json');
    const master = await (await fetch(`${elsewhere.url}/media/long-film.json`)).json();
    expect(master).toEqual({
      sources: [
        { label: 'Основной', link: SOURCES[0], isDefault: true },
        { label: 'Резервный', link: SOURCES[1], isDefault: false },
      ],
      subtitles: [],
    });
  });

  it('is played from /media/long/ without the option, as before', async () => {
    const { plain } = servers;
    expect(await episodePath(plain)).toBe('/media/long/master.m3u8');
    expect((await fetch(`${plain.url}/media/long-film.json`)).status).toBe(404);
  });
});
