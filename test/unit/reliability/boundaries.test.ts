// Property-based: what the catalog, the master JSON and the ad list answer is checked at the door.
// Whatever shape comes in, each call ends the way the specification names for its failure (the
// error page with its id; 'Ошибка в загрузке: {address}'; no adverts), says what was wrong, and no
// actor throws.
import fc from 'fast-check';
import { expectSaga } from 'redux-saga-test-plan';
import { bootActor } from '../../../sagas/boot/boot';
import { adListItems } from '../../../sagas/ads/adList';
import { bearerOf } from '../../../src/api/token';
import { resolveStream } from '../../../sagas/stream/resolveStream';
import { parseConfig } from '../../../src/app/config';
import { rootReducer } from '../../../src/state';
import { fakeHttp, fakePorts, ok } from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';

const BASE = 'https://demo.example';
const api = (path: string) => `${BASE}/catalog-api${path}`;
// FUZZ_RUNS raises the count for a longer search than CI's.
const RUNS = Number(process.env.FUZZ_RUNS) || 150;

type Json = unknown;

/** Every path into a JSON value, the value itself first. */
function pathsOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const paths = [at];
  if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      paths.push(...pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]));
  return paths;
}

/** The value with one part replaced by `other`, or removed: the shapes a catalog gets wrong. */
function mutated(value: Json, pick: number, other: Json, remove: boolean): Json {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length]!;
  if (path.length === 0) return other;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(parent)) Reflect.deleteProperty(parent, last);
  else parent[last] = other;
  return copy;
}

/** A valid answer made wrong in one place, or any JSON at all. */
const wrongShapeOf = (valid: Json) =>
  fc.oneof(
    fc
      .tuple(fc.nat(), fc.jsonValue(), fc.boolean())
      .map(([pick, other, remove]) => mutated(valid, pick, other, remove)),
    fc.jsonValue(),
  );

function boot(routes: Parameters<typeof fakeHttp>[0]) {
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });
  const ports = fakePorts({ http: fakeHttp(routes) });
  return expectSaga(bootActor)
    .withReducer(rootReducer)
    .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
    .run({ silenceTimeout: true, timeout: 500 });
}

describe('payloads checked at the door', () => {
  it('the catalog: any answer boots the film or shows the error page with its id and what was wrong', async () => {
    const parts = [
      ['/contents/1', film.content],
      ['/contents/1/seasons', film.seasons],
      ['/episodes?content-id=1', film.episodes],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: parts.length - 1 }),
        fc
          .nat()
          .chain((n) => wrongShapeOf(parts[n % parts.length]![1]).map((v) => [n, v] as const)),
        async (_which, [n, answer]) => {
          const [path] = parts[n % parts.length]!;
          const routes = Object.fromEntries(parts.map(([p, body]) => [api(p), ok(body)]));
          routes[api(path)] = ok(answer);
          const { storeState } = await boot(routes);
          const { boot: phase, failure } = storeState.system;
          expect(['ready', 'failed']).toContain(phase);
          if (phase === 'failed' && failure.reason === 'unexpected') {
            expect(failure.errorId).toEqual(expect.any(String));
            expect(failure.detail).toMatch(
              /Unexpected answer \(.+: (expected .+, got .+|no entry of the right shape; .+)\)|Malformed JSON/,
            );
          }
          if (phase === 'ready') expect(storeState.content.content.id).toEqual(expect.any(Number));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the availability check: any answer plays the film, blocks it, or is a skipped check', async () => {
    await fc.assert(
      fc.asyncProperty(wrongShapeOf({ available: false }), async (answer) => {
        const { storeState } = await boot({
          [api('/contents/1')]: ok(film.content),
          [api('/contents/1/seasons')]: ok(film.seasons),
          [api('/episodes?content-id=1')]: ok(film.episodes),
          [api('/contents/1/available?domain=demo.example')]: ok(answer),
        });
        const { system } = storeState;
        const valid = typeof (answer as { available?: unknown } | null)?.available === 'boolean';
        if (!valid) {
          // as the specification has it for a check that cannot be made: available
          expect(system.boot).toBe('ready');
          expect(system.skippedChecks[0].detail).toMatch(/Unexpected answer|Malformed JSON/);
        } else if ((answer as { available: boolean }).available) expect(system.boot).toBe('ready');
        else expect(system.failure).toMatchObject({ reason: 'blocked' });
      }),
      { numRuns: RUNS },
    );
  });

  it('a catalog answer of the wrong shape names the field and the type it expected', async () => {
    const episodes = JSON.parse(JSON.stringify(film.episodes)) as Record<string, unknown>[];
    episodes[0]!.season = { id: 10, order: 'first' };
    const { storeState } = await boot({
      [api('/contents/1')]: ok(film.content),
      [api('/contents/1/seasons')]: ok(film.seasons),
      [api('/episodes?content-id=1')]: ok(episodes),
    });
    expect(storeState.system.failure).toMatchObject({
      reason: 'unexpected',
      errorId: expect.any(String),
      detail: expect.stringContaining(
        'no entry of the right shape; the first: season.order: expected number, got "first"',
      ),
    });
  });

  it('a number that is not a whole id is named with the check it failed', async () => {
    const { storeState } = await boot({
      [api('/contents/1')]: ok({ ...film.content, id: 1.5 }),
      [api('/contents/1/seasons')]: ok(film.seasons),
      [api('/episodes?content-id=1')]: ok(film.episodes),
    });
    expect(storeState.system.failure).toMatchObject({
      reason: 'unexpected',
      detail: expect.stringContaining('id: expected integer, got 1.5'),
    });
  });

  it('an episode of another shape is left out; the others play', async () => {
    const { storeState } = await boot({
      [api('/contents/1')]: ok(film.content),
      [api('/contents/1/seasons')]: ok(film.seasons),
      [api('/episodes?content-id=1')]: ok([
        { id: 999, order: 2, m3u8MasterFilePath: null, season: { id: 10, order: 1 } },
        ...film.episodes,
      ]),
    });
    expect(storeState.system.boot).toBe('ready');
    expect(storeState.content.episodes.map((e: { id: number }) => e.id)).toEqual(
      film.episodes.map((e) => e.id),
    );
  });

  it('a content without what only decorates the interface still plays', async () => {
    const { title, id, ...rest } = film.content;
    void rest;
    const { storeState } = await boot({
      [api('/contents/1')]: ok({ id, title }),
      [api('/contents/1/seasons')]: ok(film.seasons),
      [api('/episodes?content-id=1')]: ok(film.episodes),
    });
    expect(storeState.system.boot).toBe('ready');
    expect(storeState.content.content).toMatchObject({
      posterUrl: null,
      hasMultipleEpisodes: false,
    });
  });

  it('the master JSON: any answer is a stream with a source, or "Ошибка в загрузке" with its address', async () => {
    const valid = {
      sources: [{ label: '720p', link: '/media/a.m3u8', isDefault: true }],
      subtitles: [{ src: '/media/ru.vtt', label: 'Русские', language: 'ru' }],
      markers: { intro: { start: 0, end: 10 } },
    };
    const url = `${BASE}/media/film.json`;
    const config = parseConfig({ search: '?movie_id=1', origin: BASE });
    await fc.assert(
      fc.asyncProperty(wrongShapeOf(valid), async (answer) => {
        const ports = fakePorts({ http: fakeHttp({ [url]: ok(answer) }) });
        const { returnValue, storeState } = await expectSaga(resolveStream, '/media/film.json')
          .withReducer(rootReducer)
          .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
          .run({ silenceTimeout: true, timeout: 500 });
        if (returnValue) {
          expect(returnValue.sources[returnValue.sourceIndex].link).toEqual(expect.any(String));
          for (const s of returnValue.subtitles) expect(s.src).toEqual(expect.any(String));
        } else {
          expect(storeState.system.failure).toMatchObject({
            reason: 'master-load-failed',
            address: url,
          });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the ad list: any answer is a list of http(s) VAST addresses, or no adverts with what was wrong', () => {
    const valid = { prerollList: [{ vastUrl: 'https://ads.example/vast.xml' }, { vastUrl: 'x' }] };
    expect(adListItems(valid)).toEqual([{ vastUrl: 'https://ads.example/vast.xml' }]);
    // an entry of another shape is left out, not the list; an entry's other fields are not kept
    expect(
      adListItems({
        prerollList: [null, 7, { vastUrl: 7 }, { vastUrl: 'http://a.example/v', skip: true }],
      }),
    ).toEqual([{ vastUrl: 'http://a.example/v' }]);
    expect(adListItems({ prerollList: 'none' })).toBe(
      'Malformed ad list (prerollList: expected Array, got "none")',
    );
    fc.assert(
      fc.property(wrongShapeOf(valid), (answer) => {
        const items = adListItems(answer);
        if (typeof items === 'string') expect(items).toMatch(/^Malformed ad list \(.+\)$/);
        else for (const item of items) expect(item.vastUrl).toMatch(/^https?:\/\//i);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the token refresh: any Authorization header is a token without spaces, with or without its prefix, or none', () => {
    expect(bearerOf('Bearer abc.def')).toBe('abc.def');
    expect(bearerOf('abc.def')).toBe('abc.def');
    fc.assert(
      fc.property(
        fc.option(fc.string({ unit: 'binary', maxLength: 80 }), { nil: undefined }),
        (header) => {
          const token = bearerOf(header);
          if (token === null) return;
          expect(token).toMatch(/^\S+$/);
          expect(token).not.toMatch(/^Bearer$/i);
          expect(header!.trim().endsWith(token)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
