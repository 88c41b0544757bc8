/** @jest-environment node */
import { call, getContext } from 'redux-saga/effects';
import { rootSaga } from '../../../sagas/root';
import type { PlayerConfig } from '../../../src/shared/config';
import type { Ports } from '../../../src/ports/types';
import { replayLog } from '../../../tools/replay/replay';
import { demoToken } from '../../../demo/tokens';
import { tokenExpiry } from '../../../src/api/token';
import { EPOCH, fakeHttp, fakeStorage, ok } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { filmRoutes, recordSession } from './session';
import { FlightRecorder } from '../../../src/recorder/recorder';
import { createActorTracker } from '../../../src/recorder/actorTracker';
import { parseConfig } from '../../../src/app/config';
import { fakePorts } from '../../../tools/sim/fakePorts';

describe('the flight recorder', () => {
  it('writes a versioned header and entries in order with a monotonic time', async () => {
    const { recorder } = await recordSession('?movie_id=1&auto_play=1&user_id=42');
    const log = await recorder.export();
    expect(log.header).toMatchObject({
      format: 'kino-player/flight-log',
      version: 1,
      build: 'test',
      sessionStart: '2026-11-22T00:00:00.000Z',
      rngSeed: 7,
      dropped: 0,
      config: { movieId: 1, userId: '<user-1>' },
      redacted: { user: 1 },
    });
    const seqs = log.entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const times = log.entries.map((e) => e.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(log.entries[0]!.kind).toBe('checkpoint');
    expect(log.entries[log.entries.length - 1]!.kind).toBe('checkpoint');
  });

  it('attributes puts and port calls to the actor that made them', async () => {
    const { recorder } = await recordSession();
    const entries = (await recorder.export()).entries;
    const actorOf = (pred: (e: (typeof entries)[number]) => boolean) =>
      entries.find(pred) as { actor?: string };
    expect(actorOf((e) => e.kind === 'put' && e.action.type === 'content/loaded').actor).toBe(
      'boot',
    );
    expect(actorOf((e) => e.kind === 'put' && e.action.type === 'media/playing').actor).toBe(
      'stream',
    );
    expect(actorOf((e) => e.kind === 'call' && e.method === 'load').actor).toBe('stream');
    expect(actorOf((e) => e.kind === 'call' && e.port === 'parent').actor).toBe('bridge');
  });

  it('replaces personal data with consistent placeholders and the log still replays', async () => {
    const token = 'tok-abcdef123456';
    const routes = {
      ...filmRoutes,
      [`${BASE}/auth`]: { status: 200, headers: { authorization: `Bearer ${token}` }, data: {} },
      [`${BASE}/me?user_id=u-secret-42`]: ok({ name: 'Viewer' }),
    };
    function* withToken() {
      const { http } = (yield getContext('ports')) as Ports;
      const { userId } = (yield getContext('config')) as PlayerConfig;
      const auth = (yield call([http, http.request], {
        method: 'POST',
        url: `${BASE}/auth`,
        timeoutMs: 1000,
      })) as {
        headers: Record<string, string>;
      };
      yield call([http, http.request], {
        method: 'GET',
        url: `${BASE}/me?user_id=${userId}`,
        headers: { Authorization: auth.headers.authorization! },
        timeoutMs: 1000,
      });
    }
    function* saga() {
      yield* rootSaga();
      yield call(withToken);
    }
    const { recorder } = await recordSession('?movie_id=1&user_id=u-secret-42', {
      saga,
      ports: { http: fakeHttp(routes) },
    });
    await untilIdle();
    const log = await recorder.export();
    const json = JSON.stringify(log);
    expect(json).not.toContain(token);
    expect(json).not.toContain('u-secret-42');
    expect(json).toContain('Bearer <token-1>');
    expect(json).toContain('user_id=<user-1>');
    expect(log.header.redacted).toEqual({ user: 1, token: 1, fingerprint: 1 });
    const result = await replayLog(log, { saga });
    expect(result.divergence).toBeNull();
  });

  it("keeps a protected film's license tickets and the token sent with them out, and the log still replays", async () => {
    const ticket = 'ticket-secret-77';
    const token = demoToken('viewer', 3600, Date.parse('2026-11-22T00:00:00.000Z'));
    const routes = {
      ...filmRoutes,
      [`${BASE}/media/film.json`]: ok({
        sources: [
          {
            label: 'A',
            link: '/media/protected/master.m3u8',
            isDefault: true,
            drm: [
              {
                keySystem: 'clearkey',
                licenseUrl: '/drm/clearkey',
                licenseHeaders: { 'X-Ticket': ticket },
                withToken: true,
              },
            ],
          },
        ],
        subtitles: [],
      }),
    };
    const { recorder } = await recordSession('?movie_id=1&auto_play=1', {
      ports: { http: fakeHttp(routes), cookies: fakeStorage({ access_token: token }) },
    });
    const log = await recorder.export();
    const load = log.entries.find((e) => e.kind === 'call' && e.method === 'load');
    expect(load).toMatchObject({
      args: [
        {
          protection: [
            {
              keySystem: 'clearkey',
              licenseUrl: `${BASE}/drm/clearkey`,
              licenseHeaders: { 'X-Ticket': expect.stringMatching(/^<token-\d>$/) },
              licenseToken: expect.stringMatching(/\.redacted$/),
            },
          ],
        },
      ],
    });
    const json = JSON.stringify(log);
    expect(json).not.toContain(ticket);
    expect(json).not.toContain(token);
    expect((await replayLog(log)).divergence).toBeNull();
  });

  it.each([
    ['a JWT', (t: string) => t],
    // the player reads its expiry too (api/token.ts): the placeholder must keep it
    ['a JWT without its signature part', (t: string) => t.split('.').slice(0, 2).join('.')],
  ])('keeps the expiry of %s in its placeholder, so expiry decisions replay', async (_, shape) => {
    const jwt = shape(demoToken('viewer-42', -60, EPOCH));
    const { recorder } = await recordSession('?movie_id=1', {
      ports: { cookies: fakeStorage({ access_token: jwt }) },
    });
    const log = await recorder.export();
    const json = JSON.stringify(log);
    expect(json).not.toContain(jwt);
    expect(json).not.toContain('viewer-42');
    const read = log.entries.find(
      (e) => e.kind === 'call' && e.port === 'cookies' && e.method === 'get',
    );
    const placeholder = (read as { result: string }).result;
    expect(placeholder).toMatch(/\.redacted$/);
    expect(tokenExpiry(placeholder)).toBe(tokenExpiry(jwt));
  });

  it('drops whole segments past its limits, and the truncated log still replays', async () => {
    const { recorder, media, clock } = await recordSession(undefined, {
      limits: { maxEntries: 60, maxBytes: 1e6 },
    });
    media.state.duration = 800;
    await clock.advance(300_000); // five minutes of the stream loop
    const log = await recorder.export();
    expect(log.header.dropped).toBeGreaterThan(0);
    expect(log.entries[0]!.kind).toBe('checkpoint');
    expect(log.entries.length).toBeLessThanOrEqual(60 + 2001);
    const result = await replayLog(log);
    // Never played: the pre-roll prepared ahead of the first play is the ad actor's memory, which a
    // restart cannot take up, so no checkpoint is clean and the reducers replay it
    // (test/replay/resume.test.ts has the sessions whose actors start again at a checkpoint).
    expect(result).toMatchObject({ ok: true, mode: 'reducers' });
    expect(result.unclean?.[0]?.why).toContain('ads calls cookies.get');
  });
});

describe('the flight recorder’s cost estimate', () => {
  it('times one entry in seven and every serialised batch, and scales the sample up', async () => {
    // A clock that moves 1 ms on every read: each timed entry or batch costs exactly one read.
    let reads = 0;
    const recorder = new FlightRecorder({
      config: parseConfig({ search: '?movie_id=1', origin: BASE }),
      build: 'test',
      rngSeed: 1,
      now: () => reads++,
      sessionStart: '2026-11-22T00:00:00.000Z',
    });
    const ports = recorder.wrapPorts(fakePorts());
    recorder.attach(
      () => ({}),
      createActorTracker(() => undefined),
    );
    const before = reads;
    for (let i = 0; i < 700; i++) ports.rng.next(); // a call entry each, completed at once
    const entries = 700;
    // One read each for the entry's time; three more per sampled call (its add's end, its end's
    // start and end); two per batch. Timing every entry would take four reads per call.
    expect(reads - before).toBeLessThanOrEqual(entries + (3 * entries) / 7 + 2 * 6);
    // Each call costs two reads' worth (logging it, completing it): the estimate says so.
    expect(recorder.stats.selfTimeMs).toBeGreaterThanOrEqual(entries * 2 * 0.9);
    expect(recorder.stats.selfTimeMs).toBeLessThanOrEqual(entries * 2 * 1.1);
  });
});

describe('the flight recorder’s checkpoints', () => {
  /** A recorder on a clock the test moves, and a way to log an inbound action at a time. */
  function recorderAt() {
    let nowMs = 0;
    const recorder = new FlightRecorder({
      config: parseConfig({ search: '?movie_id=1', origin: BASE }),
      build: 'test',
      rngSeed: 1,
      now: () => nowMs,
      sessionStart: '2026-11-22T00:00:00.000Z',
    });
    recorder.attach(
      () => ({ media: { currentTime: nowMs / 1000 } }),
      createActorTracker(() => undefined),
    );
    const dispatch = recorder.middleware({ dispatch: (a) => a, getState: () => ({}) })((a) => a);
    const logAt = (ms: number) => {
      nowMs = ms;
      dispatch({ type: 'media/positionChanged' });
    };
    const checkpointTimes = async () =>
      (await recorder.export()).entries.filter((e) => e.kind === 'checkpoint').map((e) => e.t);
    return { logAt, checkpointTimes };
  }

  it('steady playback (a few entries a second) is not checkpointed every 30 s', async () => {
    const { logAt, checkpointTimes } = recorderAt();
    for (let ms = 0; ms <= 60_000; ms += 1000) logAt(ms); // one report a second for a minute
    // the first and the one the export ends with
    expect(await checkpointTimes()).toEqual([0, 60_000]);
  });

  it('a busy stretch is checkpointed after 30 s, and any session every 2,000 entries', async () => {
    const busy = recorderAt();
    for (let ms = 0; ms <= 31_000; ms += 100) busy.logAt(ms); // ten entries a second
    expect((await busy.checkpointTimes()).slice(0, 2)).toEqual([0, 30_000]);

    const steady = recorderAt();
    for (let i = 0; i <= 2_100; i++) steady.logAt(i); // 2,100 entries within 3 s
    expect(await steady.checkpointTimes()).toHaveLength(3);
  });
});
