// The page's first script asks for what the first frame needs before the player's code runs; the
// actors then ask for the same through their ports. A request the actors would make differently
// would be wasted (and the first frame would wait for it twice): these tests hold the two together.
import { startFirstFrameRequests } from '../../../src/app/earlyStart';
import { createEarlyAnswers, EARLY_LIFETIME_MS, requestKey } from '../../../src/app/earlyAnswers';
import { parseConfig } from '../../../src/app/config';
import { rememberManifest, STREAM_GUESS_KEY } from '../../../src/app/streamGuess';
import type { HttpRequest, HttpResponse } from '../../../src/ports/types';
import { demoToken } from '../../../demo/tokens';
import { fakeHttp, fakeMedia, fakePorts, fakeStorage, ok } from '../../../tools/sim/fakePorts';
import { film, series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

// the stream remembered for a returning viewer is the early start's: each test starts as a first visit
beforeEach(() => localStorage.clear());

const MASTER = { sources: [{ label: 'Студия', link: '/media/hls/master.m3u8', isDefault: true }] };

function routes(id: number, entry: typeof film) {
  return {
    ...catalogRoutes(id, entry),
    [`${BASE}/catalog-api/contents/${id}/available?domain=demo.example`]: ok({ available: true }),
    [`${BASE}/media/film.json`]: ok(MASTER),
  };
}

/** What the early start asks for, answered from the same routes as the actors. */
async function earlyRequests(
  search: string,
  http: ReturnType<typeof fakeHttp>,
  token: string | null,
) {
  const started: HttpRequest[] = [];
  const manifests: string[] = [];
  startFirstFrameRequests(
    {
      start: (req) => {
        started.push(req);
        return http.request(req);
      },
      startPlaylist: (url) => {
        manifests.push(url);
        return new Promise(() => undefined); // what comes after the manifest: below
      },
      startSegment: () => undefined,
      playlist: () => null,
      segment: () => null,
    },
    parseConfig({ search, origin: BASE }),
    token,
    Date.now(),
  );
  await untilIdle();
  return { started, manifests };
}

/** What the actors ask for, on the same answers. */
async function actorRequests(
  search: string,
  http: ReturnType<typeof fakeHttp>,
  token: string | null,
) {
  const media = fakeMedia();
  const ports = fakePorts({
    http,
    media: media.port,
    cookies: fakeStorage(token ? { access_token: token } : {}),
  });
  startPlayer(search, ports);
  await untilIdle();
  const loaded = media.calls.find((c) => c.method === 'load')?.args[0] as { url: string };
  return { requests: http.requests, manifest: loaded?.url };
}

describe('the early start asks for exactly what the actors will', () => {
  const token = demoToken('viewer', 3600);
  it.each([
    ['a film through its master JSON', '?movie_id=1', 1, film, null],
    ['a series episode straight to its manifest', '?movie_id=2&episode_id=201', 2, series, null],
    ['with a bearer token', '?movie_id=1', 1, film, token],
    ['without the availability check', '?movie_id=1&disable_checking_available=1', 1, film, null],
  ])('%s', async (_name, search, id, entry, bearer) => {
    const early = await earlyRequests(search, fakeHttp(routes(id, entry)), bearer);
    const actors = await actorRequests(search, fakeHttp(routes(id, entry)), bearer);
    const actorKeys = actors.requests.map(requestKey);
    // every early request is taken by an actor: none is wasted, none made twice
    for (const req of early.started) expect(actorKeys).toContain(requestKey(req));
    // and the early start foresaw every request before the stream: catalog and master JSON
    const beforeStream = actors.requests.filter((r) => !r.url.includes('ad-list'));
    expect(early.started.map(requestKey).sort()).toEqual(beforeStream.map(requestKey).sort());
    expect(early.manifests).toEqual([actors.manifest]);
  });

  it('leaves everything to the actors without a movie id, or with a token to refresh first', async () => {
    const http = fakeHttp(routes(1, film));
    expect((await earlyRequests('', http, null)).started).toEqual([]);
    expect((await earlyRequests('?movie_id=1', http, demoToken('viewer', -60))).started).toEqual(
      [],
    );
  });

  it('asks for no master JSON or manifest when the catalog fails; the actors say why', async () => {
    const http = fakeHttp({});
    const early = await earlyRequests('?movie_id=1', http, null);
    expect(early.started.map((r) => r.url)).not.toContain(`${BASE}/media/film.json`);
    expect(early.manifests).toEqual([]);
  });
});

describe('answers of the wrong shape: the early start reads them as the actors’ schemas do', () => {
  /** The routes of `entry` with its episodes (or the film's master JSON) answered as given. */
  const routesWith = (
    id: number,
    entry: typeof film,
    over: { episodes?: unknown; master?: unknown },
  ) => ({
    ...routes(id, entry),
    ...('episodes' in over
      ? { [`${BASE}/catalog-api/episodes?content-id=${id}`]: ok(over.episodes) }
      : {}),
    ...('master' in over ? { [`${BASE}/media/film.json`]: ok(over.master) } : {}),
  });
  const MASTER_JSON = `${BASE}/media/film.json`;

  it.each([
    ['an object, not a list', { episodes: film.episodes }],
    ['text', 'episodes'],
    ['a list of nothing usable', [null, 7, 'x', []]],
    ['an id that is text', film.episodes.map((e) => ({ ...e, id: String(e.id) }))],
    ['no stream path', film.episodes.map(({ m3u8MasterFilePath: _path, ...e }) => e)],
    [
      'a season without its order',
      film.episodes.map((e) => ({ ...e, season: { id: e.season.id } })),
    ],
  ])(
    'episodes as %s: no master JSON or manifest is asked for early, nothing throws',
    async (_name, episodes) => {
      const early = await earlyRequests(
        '?movie_id=1',
        fakeHttp(routesWith(1, film, { episodes })),
        null,
      );
      expect(early.started.map((r) => r.url)).not.toContain(MASTER_JSON);
      expect(early.manifests).toEqual([]);
    },
  );

  it('an episode of the wrong shape is left out as the boot actor leaves it out: both choose the same', async () => {
    // each episode its own manifest, so the one chosen shows in what is loaded
    const own = series.episodes.map((e) => ({
      ...e,
      m3u8MasterFilePath: `/media/hls/ep${e.id}.m3u8`,
    }));
    const [first, second, third, ...rest] = own;
    const episodes = [
      first, // completed
      { ...second, season: { id: second!.season.id, order: '1' } }, // left out by both
      { ...third, isCompleted: 'no' }, // not a flag: not completed, to both
      ...rest,
    ];
    const search = '?movie_id=2';
    const early = await earlyRequests(search, fakeHttp(routesWith(2, series, { episodes })), null);
    const actors = await actorRequests(search, fakeHttp(routesWith(2, series, { episodes })), null);
    expect(actors.manifest).toBe(`${BASE}/media/hls/ep203.m3u8`);
    expect(early.manifests).toEqual([actors.manifest]);
  });

  it.each([
    [
      'a source without its link',
      { sources: [{ label: 'a', isDefault: true }, MASTER.sources[0]] },
    ],
    ['sources that are no list', { sources: MASTER.sources[0] }],
    ['no sources', {}],
    ['a list, not an object', MASTER.sources],
  ])(
    'a master JSON with %s: no manifest is asked for early, nothing throws',
    async (_name, master) => {
      const early = await earlyRequests(
        '?movie_id=1',
        fakeHttp(routesWith(1, film, { master })),
        null,
      );
      expect(early.started.map((r) => r.url)).toContain(MASTER_JSON);
      expect(early.manifests).toEqual([]);
    },
  );
});

describe('after the manifest, what hls.js will load first', () => {
  const HLS = `${BASE}/media/hls`;
  const PLAYLISTS: Record<string, string> = {
    [`${HLS}/master.m3u8`]: [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="audio_en/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,URI="audio_ru/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=750000,RESOLUTION=640x360,AUDIO="aud"',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240,AUDIO="aud"',
      '240p/index.m3u8',
    ].join('\n'),
    [`${HLS}/240p/index.m3u8`]:
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\ns0.m4s\n#EXTINF:4,\ns1.m4s\n#EXT-X-ENDLIST\n',
    [`${HLS}/audio_ru/index.m3u8`]:
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\na0.m4s\n#EXTINF:4,\na1.m4s\n#EXT-X-ENDLIST\n',
    [`${HLS}/audio_en/index.m3u8`]:
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\ne0.m4s\n#EXT-X-ENDLIST\n',
  };
  afterEach(() => localStorage.clear());

  async function firstLoads(search: string) {
    const http = fakeHttp(routes(1, film));
    const playlists: string[] = [];
    const segments: string[] = [];
    startFirstFrameRequests(
      {
        start: (req) => http.request(req),
        startPlaylist: (url) => {
          playlists.push(url);
          const text = PLAYLISTS[url];
          return text ? Promise.resolve({ text, url }) : Promise.reject(new Error('HTTP 404'));
        },
        startSegment: (url) => void segments.push(url),
        playlist: () => null,
        segment: () => null,
      },
      parseConfig({ search, origin: BASE }),
      null,
      Date.now(),
    );
    await untilIdle();
    return { playlists: playlists.sort(), segments: segments.sort() };
  }

  it('the lowest level and its default audio, then their init and first segments', async () => {
    expect(await firstLoads('?movie_id=1')).toEqual({
      playlists: [`${HLS}/240p/index.m3u8`, `${HLS}/audio_ru/index.m3u8`, `${HLS}/master.m3u8`],
      segments: [
        `${HLS}/240p/init.mp4`,
        `${HLS}/240p/s0.m4s`,
        `${HLS}/audio_ru/a0.m4s`,
        `${HLS}/audio_ru/init.mp4`,
      ],
    });
  });

  it('the audio the actors will switch on: the language order, the favourites, the remembered label', async () => {
    const audio = async (search: string) =>
      (await firstLoads(search)).playlists.filter((p) => p.includes('/audio_'));
    expect(await audio('?movie_id=1&lang_order=en,ru')).toEqual([`${HLS}/audio_en/index.m3u8`]);
    localStorage.setItem('player-favourite-audio-tracks', '["English"]');
    expect(await audio('?movie_id=1')).toEqual([`${HLS}/audio_en/index.m3u8`]);
    localStorage.setItem('player-audio-track:1', 'Русский'); // this film's own choice wins
    expect(await audio('?movie_id=1')).toEqual([`${HLS}/audio_ru/index.m3u8`]);
  });

  it('at a time code, the segments that hold it', async () => {
    expect((await firstLoads('?movie_id=1&t=5')).segments).toEqual([
      `${HLS}/240p/init.mp4`,
      `${HLS}/240p/s1.m4s`,
      `${HLS}/audio_ru/a1.m4s`,
      `${HLS}/audio_ru/init.mp4`,
    ]);
  });
});

describe('a viewer back at a film: its first loads start on last time’s manifest', () => {
  const HLS = `${BASE}/media/hls`;
  const level = (prefix: string) =>
    `#EXTM3U\n#EXT-X-MAP:URI="${prefix}init.mp4"\n#EXTINF:4,\n${prefix}s0.m4s\n#EXT-X-ENDLIST\n`;
  const PLAYLISTS: Record<string, string> = {
    [`${HLS}/master.m3u8`]: level(''), // the film's manifest, a level playlist itself here
    [`${HLS}/old.m3u8`]: level('old-'),
  };
  afterEach(() => localStorage.clear());

  /** The early start with the catalog held until `answer()`; what it started and what it dropped. */
  function withHeldCatalog(search: string) {
    const http = fakeHttp(routes(1, film));
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const playlists: string[] = [];
    const segments: string[] = [];
    const dropped: string[] = [];
    const kept = new Set<string>();
    const never = () => new Promise<never>(() => undefined);
    const taken = (url: string) =>
      kept.delete(url)
        ? { answered: never(), loaded: never(), abort: () => void dropped.push(url) }
        : null;
    startFirstFrameRequests(
      {
        start: (req) => held.then(() => http.request(req)),
        startPlaylist: (url) => {
          playlists.push(url);
          kept.add(url);
          const text = PLAYLISTS[url];
          return text ? Promise.resolve({ text, url }) : Promise.reject(new Error('HTTP 404'));
        },
        startSegment: (url) => {
          segments.push(url);
          kept.add(url);
        },
        playlist: taken,
        segment: taken,
      },
      parseConfig({ search, origin: BASE }),
      null,
      Date.now(),
    );
    return { playlists, segments, dropped, answer };
  }
  const remembered = () => JSON.parse(localStorage.getItem(STREAM_GUESS_KEY) ?? 'null');

  it('a first visit remembers the manifest the catalog led to', async () => {
    const first = withHeldCatalog('?movie_id=1');
    await untilIdle();
    expect(first.playlists).toEqual([]); // nothing to guess from: the chain first
    first.answer();
    await untilIdle();
    expect(first.playlists).toEqual([`${HLS}/master.m3u8`]);
    expect(remembered()).toEqual({ movieId: 1, manifest: `${HLS}/master.m3u8` });
  });

  it('the next visit asks for them before the catalog answers, and not again once it has', async () => {
    rememberManifest(1, `${HLS}/master.m3u8`);
    const again = withHeldCatalog('?movie_id=1');
    await untilIdle();
    expect(again.playlists).toEqual([`${HLS}/master.m3u8`]);
    expect(again.segments.sort()).toEqual([`${HLS}/init.mp4`, `${HLS}/s0.m4s`]);
    again.answer();
    await untilIdle();
    expect(again.playlists).toEqual([`${HLS}/master.m3u8`]); // each asked for once
    expect(again.segments).toHaveLength(2);
    expect(again.dropped).toEqual([]);
  });

  it('a guess the catalog proves wrong is dropped, and the right manifest started and remembered', async () => {
    rememberManifest(1, `${HLS}/old.m3u8`); // an episode watched before, another address since
    const back = withHeldCatalog('?movie_id=1');
    await untilIdle();
    expect(back.segments.sort()).toEqual([`${HLS}/old-init.mp4`, `${HLS}/old-s0.m4s`]);
    back.answer();
    await untilIdle();
    expect(back.dropped.sort()).toEqual([
      `${HLS}/old-init.mp4`,
      `${HLS}/old-s0.m4s`,
      `${HLS}/old.m3u8`,
    ]);
    expect(back.playlists).toEqual([`${HLS}/old.m3u8`, `${HLS}/master.m3u8`]);
    expect(back.segments.slice(2).sort()).toEqual([`${HLS}/init.mp4`, `${HLS}/s0.m4s`]);
    expect(remembered()).toEqual({ movieId: 1, manifest: `${HLS}/master.m3u8` });
  });

  it.each([
    ['another film’s', JSON.stringify({ movieId: 2, manifest: `${BASE}/media/hls/old.m3u8` })],
    ['unreadable', '{"movieId":1,'],
    ['of the wrong shape', JSON.stringify({ movieId: 1, manifest: 7 })],
  ])('a memory %s is no guess', async (_name, stored) => {
    localStorage.setItem(STREAM_GUESS_KEY, stored);
    const visit = withHeldCatalog('?movie_id=1');
    await untilIdle();
    expect(visit.playlists).toEqual([]);
  });
});

describe('the answers in flight', () => {
  const request: HttpRequest = { method: 'GET', url: `${BASE}/x`, timeoutMs: 1000 };
  const answer: HttpResponse = { status: 200, headers: {}, data: { a: 1 } };

  it('hands each answer out once, to the same request only', async () => {
    const early = createEarlyAnswers(async () => answer);
    early.start(request);
    expect(early.take({ ...request, headers: { Authorization: 'Bearer other' } })).toBeNull();
    expect(early.take({ ...request, responseType: 'text' })).toBeNull();
    await expect(early.take(request)).resolves.toEqual(answer);
    expect(early.take(request)).toBeNull();
  });

  it('hands a failure to its taker, and an untaken failure troubles nobody', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const early = createEarlyAnswers(
        () => Promise.reject(new Error('Network error')),
        () => Promise.reject(new Error('Network error')),
        () => ({
          answered: Promise.reject(new Error('Network error')),
          loaded: Promise.reject(new Error('Network error')),
          abort: () => undefined,
        }),
      );
      early.start(request);
      early.start({ ...request, url: `${BASE}/never-taken` });
      early.startPlaylist(`${BASE}/never-taken.m3u8`).catch(() => undefined); // the early start's own
      early.startSegment(`${BASE}/never-taken.m4s`);
      await expect(early.take(request)).rejects.toThrow('Network error');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('forgets each answer nobody took within its lifetime, however late it was started', () => {
    jest.useFakeTimers();
    try {
      const manifest = { text: '#EXTM3U', url: `${BASE}/a.m3u8` };
      const early = createEarlyAnswers(
        async () => answer,
        async () => manifest,
      );
      early.start(request);
      jest.advanceTimersByTime(EARLY_LIFETIME_MS - 1000);
      void early.startPlaylist(`${BASE}/a.m3u8`); // started late in the chain
      jest.advanceTimersByTime(1000);
      expect(early.take(request)).toBeNull();
      expect(early.playlist(`${BASE}/a.m3u8`)).not.toBeNull(); // still within its own lifetime
      void early.startPlaylist(`${BASE}/a.m3u8`);
      jest.advanceTimersByTime(EARLY_LIFETIME_MS);
      expect(early.playlist(`${BASE}/a.m3u8`)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops a segment nobody took within its lifetime: its bytes would take the viewer’s bandwidth', () => {
    jest.useFakeTimers();
    try {
      const abort = jest.fn();
      const coming = () => ({
        answered: Promise.resolve(),
        loaded: new Promise<never>(() => undefined),
        abort,
      });
      const early = createEarlyAnswers(
        async () => answer,
        async () => ({ text: '#EXTM3U', url: `${BASE}/a.m3u8` }),
        coming,
      );
      early.startSegment(`${BASE}/taken.m4s`);
      early.startSegment(`${BASE}/untaken.m4s`);
      expect(early.segment(`${BASE}/taken.m4s`)).not.toBeNull();
      jest.advanceTimersByTime(EARLY_LIFETIME_MS - 1);
      expect(abort).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(abort).toHaveBeenCalledTimes(1); // the untaken one; the taken one is its loader's
      expect(early.segment(`${BASE}/untaken.m4s`)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
