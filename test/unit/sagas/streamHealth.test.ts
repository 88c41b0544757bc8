// The stream's health: its state machine's transitions, the reload budget that refills, and a
// network that is gone (waited for) told apart from a server that is broken (the message, quickly).
import { STALL_CHECK_MS, STALL_LIMIT_MS } from '../../../sagas/stream/stallWatch';
import { LONGEST_PROBE_DELAY_MS, NETWORK_WAIT_LIMIT_MS } from '../../../sagas/stream/networkWait';
import { rootReducer, type PlayerState } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { mediaActions } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { reloadAfterFailure } from '../../../src/app/reloadAfterFailure';
import { systemActions } from '../../../src/state/system';
import {
  BUDGET_REFILL_S,
  selectRetryingLoads,
  streamHealthActions,
  type StreamHealthPhase,
} from '../../../src/state/streamHealth';
import {
  LOAD_WAIT_LIMIT_MS,
  LONGEST_RETRY_MS,
  RETRY_JITTER,
} from '../../../src/stream/failurePolicy';
import type { MediaEvent } from '../../../src/shared/media';
import type { Ports } from '../../../src/ports/types';
import {
  fakeConnection,
  fakeHttp,
  fakeMedia,
  fakePorts,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

type Action = Parameters<typeof rootReducer>[1];

const position = (playedSeconds: number) =>
  mediaActions.positionChanged({ currentTime: 1, duration: 3600, bufferedEnd: 20, playedSeconds });
const loaded = streamActions.loadStarted({
  url: 'https://cdn.example/a.m3u8',
  sources: [],
  sourceIndex: 0,
});
const fatal = (kind: 'network' | 'media') =>
  streamActions.errorOccurred({
    fatal: true,
    kind,
    errorType: kind === 'network' ? 'network' : 'other',
    details: kind === 'network' ? 'fragLoadError' : 'bufferAppendError',
    networkType: '4g',
    bufferLength: 10,
  });

function run(...actions: Action[]): PlayerState {
  return actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
}
const phases = (...actions: Action[]) => {
  const seen: StreamHealthPhase[] = [];
  actions.reduce(
    (state, action) => {
      const next = rootReducer(state, action);
      seen.push(next.streamHealth.phase);
      return next;
    },
    rootReducer(undefined, { type: '@@init' }),
  );
  return seen;
};

const CDN = ['https://cdn-a.example', 'https://cdn-b.example'];

describe('the stream’s health machine', () => {
  it('goes playing, waiting for data and back as the element reports', () => {
    expect(
      phases(loaded, mediaActions.playing(), mediaActions.waiting(), mediaActions.playing()),
    ).toEqual(['idle', 'playing', 'waitingForData', 'playing']);
  });

  it('waits for the network until it is back, whatever the element plays out meanwhile', () => {
    expect(
      phases(
        loaded,
        mediaActions.playing(),
        streamHealthActions.networkLost({ details: 'fragLoadError' }),
        mediaActions.playing(), // the buffer it still had
        mediaActions.waiting(),
        streamHealthActions.networkBack(),
        mediaActions.playing(),
      ),
    ).toEqual([
      'idle',
      'playing',
      'waitingForNetwork',
      'waitingForNetwork',
      'waitingForNetwork',
      'recovering',
      'playing',
    ]);
    // the film never ran dry: it moving on after the network came back is the end of the incident
    expect(
      phases(
        loaded,
        mediaActions.playing(),
        fatal('network'),
        streamHealthActions.networkLost({ details: 'fragLoadError' }),
        position(10),
        streamHealthActions.networkBack(),
        position(11),
      ),
    ).toEqual([
      'idle',
      'playing',
      'playing',
      'waitingForNetwork',
      'waitingForNetwork',
      'recovering',
      'playing',
    ]);
    // a media recovery attaches the element afresh: only its playing event ends it
    expect(
      phases(
        loaded,
        fatal('media'),
        streamHealthActions.recovering({ kind: 'media', atPlayedS: 3 }),
        position(4),
      ),
    ).toEqual(['idle', 'idle', 'recovering', 'recovering']);
    const state = run(loaded, streamHealthActions.networkLost({ details: 'fragLoadError' }));
    expect(state.streamHealth.reason).toBe('fragLoadError'); // why it waits, in the log's state
    expect(state.streamHealth.recoveries).toEqual({ media: 0, network: 0 }); // a wait costs nothing
  });

  it('counts a reload under its error’s kind; failed stays failed until the next load', () => {
    const state = run(
      loaded,
      mediaActions.playing(),
      fatal('media'),
      streamHealthActions.recovering({ kind: 'media', atPlayedS: 12 }),
    );
    expect(state.streamHealth).toMatchObject({
      phase: 'recovering',
      recoveries: { media: 1, network: 0 },
      recoveredAtPlayedS: 12,
    });
    const failed = run(loaded, streamHealthActions.failed(), mediaActions.playing());
    expect(failed.streamHealth.phase).toBe('failed');
    expect(rootReducer(failed, loaded).streamHealth.phase).toBe('idle');
  });

  it(`refills the budget after ${BUDGET_REFILL_S} s of playing since the last reload`, () => {
    const reloaded = run(
      loaded,
      fatal('network'),
      streamHealthActions.recovering({ kind: 'network', atPlayedS: 100 }),
      mediaActions.playing(),
    );
    const almost = rootReducer(reloaded, position(100 + BUDGET_REFILL_S - 1));
    expect(almost.streamHealth.recoveries.network).toBe(1);
    expect(almost.streamHealth).toBe(reloaded.streamHealth); // a position report alone changes nothing
    const refilled = rootReducer(almost, position(100 + BUDGET_REFILL_S));
    expect(refilled.streamHealth.recoveries).toEqual({ media: 0, network: 0 });
    // counted under the kind it answers, whatever error was reported since (a probe takes time)
    const counted = run(
      loaded,
      fatal('network'),
      fatal('media'),
      streamHealthActions.recovering({ kind: 'network', atPlayedS: 1 }),
    );
    expect(counted.streamHealth.recoveries).toEqual({ media: 0, network: 1 });
    // a reload from an older build's log (no played time) never refills, as that build did
    const old = run(loaded, fatal('network'), streamHealthActions.recovering(), position(5000));
    expect(old.streamHealth.recoveries.network).toBe(1);
  });
});

/**
 * The whole player on fake ports and virtual time, the film playing at 30:00 of a two-hour film:
 * from the demo's own sources, or from these CDN hosts' (the services on a host of their own).
 */
async function playingFilm({ hosts, page }: { hosts?: string[]; page?: Ports['page'] } = {}) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const connection = fakeConnection();
  const routes = catalogRoutes(2, series);
  if (hosts)
    routes['https://demo.example/media/series.json'] = ok({
      sources: hosts.map((host, i) => ({
        label: `Источник ${i + 1}`,
        link: `${host}/film.m3u8`,
        isDefault: i === 0,
      })),
      subtitles: [],
    });
  const ports = fakePorts({
    http: fakeHttp(routes),
    media: media.port,
    clock: clock.port,
    connection: connection.port,
    ...(page ? { page } : {}),
  });
  const { store } = startPlayer('?movie_id=2&episode_id=203&auto_play=1', ports, {
    hostOrigin: HOST_ORIGIN,
  });
  await untilIdle();
  Object.assign(media.state, { duration: 7200, currentTime: 1800, bufferedEnd: 1830 });
  media.emit({ type: 'playing' });
  await untilIdle();
  const loads = () =>
    media.calls.filter((c) => c.method === 'load').map((c) => (c.args[0] as { url: string }).url);
  const recovers = () => media.calls.filter((c) => c.method === 'recover');
  const health = () => store.getState().streamHealth;
  const failure = () => store.getState().system.failure;
  const errors = () => store.getState().stream.lastError;
  const errorsSent = () =>
    ports.sentStats
      .filter((sent) => sent.event === 'videoplayer_error')
      .map((sent) => sent.payload.error_details);
  return { store, media, clock, connection, loads, recovers, health, failure, errors, errorsSent };
}

const loadFailed = (details: string, extra: Partial<Extract<MediaEvent, { type: 'error' }>> = {}) =>
  ({
    type: 'error',
    fatal: true,
    kind: 'network',
    details,
    bandwidth: 2_000_000,
    bufferLength: 25,
    ...extra,
  }) as const;

describe('a network that goes away is waited for', () => {
  it('waits with the film’s position kept, for minutes, and resumes by itself when the host answers', async () => {
    const s = await playingFilm();
    s.connection.drop(); // requests fail without an answer; the browser still says online
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    await untilIdle();
    expect(s.health().phase).toBe('waitingForNetwork');
    expect(s.connection.net.probes).toEqual([`${new URL(s.store.getState().stream.url!).origin}/`]); // its own host
    // the buffer runs out: the spinner and the connection line, never the message
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(3 * 60_000);
    expect(s.failure()).toBeNull();
    expect(s.recovers()).toEqual([]);
    expect(s.health().phase).toBe('waitingForNetwork');
    // probed with a growing pause: at most one probe per LONGEST_PROBE_DELAY_MS once it is long
    const probes = s.connection.net.probes.length;
    expect(probes).toBeLessThanOrEqual((3 * 60_000) / LONGEST_PROBE_DELAY_MS + 5);
    expect(probes).toBeGreaterThan((3 * 60_000) / LONGEST_PROBE_DELAY_MS - 1);
    s.connection.restore();
    await s.clock.advance(LONGEST_PROBE_DELAY_MS);
    expect(s.recovers()).toEqual([{ method: 'recover', args: ['network'] }]); // startLoad where it was
    expect(s.health().phase).not.toBe('waitingForNetwork');
    expect(s.media.calls.filter((c) => c.method === 'load')).toHaveLength(1); // no reload of the stream
    s.media.emit({ type: 'playing' });
    await untilIdle();
    expect(s.health().phase).toBe('playing');
    expect(s.health().recoveries).toEqual({ media: 0, network: 0 });
  });

  it('resumes at once on the browser’s online event, and through any number of drops', async () => {
    const s = await playingFilm();
    for (let drop = 1; drop <= 3; drop++) {
      s.connection.drop({ offline: true });
      // a time limit while the browser says offline is the network too, not a hung server
      s.media.emit(loadFailed('fragLoadTimeOut'));
      await untilIdle();
      expect(s.health().phase).toBe('waitingForNetwork');
      await s.clock.advance(12_000);
      s.connection.restore(); // fires `online`
      await untilIdle();
      expect(s.recovers()).toHaveLength(drop); // without waiting for the next probe
      s.media.emit({ type: 'playing' });
      await s.clock.advance(60_000);
    }
    expect(s.failure()).toBeNull();
  });

  it('waits at once when the browser says it is offline, before any load fails', async () => {
    const s = await playingFilm();
    s.connection.drop({ offline: true });
    await untilIdle();
    expect(s.health()).toMatchObject({ phase: 'waitingForNetwork', reason: 'offline' });
    await s.clock.advance(20_000);
    expect(s.recovers()).toEqual([]);
    s.connection.restore();
    await untilIdle();
    expect(s.recovers()).toEqual([{ method: 'recover', args: ['network'] }]);
    expect(s.failure()).toBeNull();
    // before the stream has played, the loads' own errors decide
    s.store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    s.connection.drop({ offline: true });
    await untilIdle();
    expect(s.health().phase).toBe('idle');
  });

  it('a wait started by a stall outlives the stall watch: a pause, a seek, an actor restart', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.state.bufferedEnd = s.media.state.currentTime; // its buffer played out
    s.media.state.engineIdleMs = STALL_LIMIT_MS;
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(STALL_CHECK_MS * 5);
    expect(s.health().phase).toBe('waitingForNetwork');
    // the viewer pauses and seeks: the stall watch ends, the wait does not
    s.media.emit({ type: 'pause', currentTime: 1800 });
    s.media.emit({ type: 'seeking', currentTime: 1700 });
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(30_000);
    expect(s.health().phase).toBe('waitingForNetwork');
    s.connection.restore();
    await s.clock.advance(LONGEST_PROBE_DELAY_MS);
    expect(s.recovers()).toEqual([{ method: 'recover', args: ['network'] }]);
  });

  it('ends when the engine loads again by itself, whatever the probe says', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    await s.clock.advance(10_000);
    expect(s.health().phase).toBe('waitingForNetwork');
    s.media.state.bufferedEnd += 12; // hls.js took up by itself; the host's root still silent
    await s.clock.advance(LONGEST_PROBE_DELAY_MS);
    expect(s.health().phase).not.toBe('waitingForNetwork');
    expect(s.recovers()).toHaveLength(1);
  });

  it('is not ended by a seek past the buffer while it waits: that is no load, the film waits on', async () => {
    const s = await playingFilm();
    s.connection.drop({ offline: true });
    await untilIdle();
    expect(s.health().phase).toBe('waitingForNetwork');
    // the viewer seeks past the buffer: the element's sample ends at the playhead (no range holds it)
    Object.assign(s.media.state, { currentTime: 2700, bufferedEnd: 2700 });
    s.media.emit({ type: 'seeking', currentTime: 2700 });
    await s.clock.advance(LONGEST_PROBE_DELAY_MS * 2);
    expect(s.health().phase).toBe('waitingForNetwork');
    expect(s.recovers()).toEqual([]);
    // loads taken up there by themselves: the wait ends
    s.media.state.bufferedEnd = s.media.state.currentTime + 12;
    await s.clock.advance(LONGEST_PROBE_DELAY_MS);
    expect(s.health().phase).not.toBe('waitingForNetwork');
  });

  it('gives a paused film no message however long the network is away', async () => {
    const s = await playingFilm();
    s.connection.drop({ offline: true });
    await untilIdle();
    s.media.emit({ type: 'pause', currentTime: 1805 });
    await s.clock.advance(NETWORK_WAIT_LIMIT_MS * 2);
    expect(s.failure()).toBeNull();
    expect(s.health().phase).toBe('waitingForNetwork');
  });

  it('a fatal media error during the wait is recovered at once', async () => {
    const s = await playingFilm();
    s.connection.drop({ offline: true });
    await untilIdle();
    s.media.emit({ ...loadFailed('bufferAppendError'), kind: 'media' });
    await untilIdle();
    expect(s.recovers()).toEqual([{ method: 'recover', args: ['media'] }]);
  });

  it('takes further errors of the same drop as one incident', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    await untilIdle();
    s.media.emit(loadFailed('levelLoadError', { noResponse: true }));
    await untilIdle();
    expect(s.errors()?.details).toBe('levelLoadError'); // still reported
    await s.clock.advance(30_000);
    expect(s.recovers()).toEqual([]);
    expect(s.connection.net.probes.length).toBeLessThan(8); // one wait's probes, not two
    s.connection.restore();
    await s.clock.advance(LONGEST_PROBE_DELAY_MS);
    expect(s.recovers()).toHaveLength(1);
  });

  it('does not call a silent engine stalled while it waits for the network', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    s.media.state.engineIdleMs = STALL_LIMIT_MS * 100;
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(STALL_CHECK_MS * 20);
    expect(s.errors()?.details).toBe('fragLoadError'); // no engineStalled reported after it
    expect(s.failure()).toBeNull();
  });

  it('an engine gone silent with the host unreachable waits for the network too', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.state.bufferedEnd = s.media.state.currentTime; // its buffer played out
    s.media.state.engineIdleMs = STALL_LIMIT_MS;
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(STALL_CHECK_MS * 5);
    expect(s.health()).toMatchObject({ phase: 'waitingForNetwork', reason: 'engineStalled' });
    expect(s.failure()).toBeNull();
  });

  it(`gives the message with its id after ${NETWORK_WAIT_LIMIT_MS / 60_000} minutes away`, async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    await s.clock.advance(NETWORK_WAIT_LIMIT_MS - 10_000);
    expect(s.failure()).toBeNull();
    await s.clock.advance(20_000);
    expect(s.failure()).toMatchObject({
      reason: 'unexpected',
      errorId: expect.stringMatching(/^[0-9a-f]{8}$/),
      detail: 'Stream failed: fragLoadError, the network away 10 minutes',
    });
    expect(s.health().phase).toBe('failed');
  });

  it('stops waiting when another episode is chosen', async () => {
    const s = await playingFilm();
    s.connection.drop();
    s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
    await untilIdle();
    s.store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(s.health().phase).toBe('idle');
    s.connection.restore();
    await s.clock.advance(LONGEST_PROBE_DELAY_MS * 2);
    expect(s.recovers()).toEqual([]); // the old stream's wait is over
  });
});

describe('a host that keeps failing is tried again while the film has any of it to play', () => {
  it.each([
    ['answers with an error', loadFailed('fragLoadError'), false], // an HTTP status: it answered
    ['hangs (no first byte)', loadFailed('fragLoadTimeOut'), false],
    ['resets while the services answer', loadFailed('fragLoadError', { noResponse: true }), true],
  ])(
    'a host that %s: retried with growing waits, the message only past the limit',
    async (_how, failure, hostDown) => {
      const s = await playingFilm({ hosts: [CDN[0]!] });
      // the stream's host down, the player's services answering: not the viewer's network
      if (hostDown) s.connection.net.down = [CDN[0]!];
      const waits: number[] = [];
      let last = s.clock.port.now();
      // the film plays on from its 30 s of buffer while every load fails
      for (let attempt = 0; attempt < 6; attempt++) {
        s.media.emit(failure);
        const before = s.recovers().length;
        for (let i = 0; i < 200 && s.recovers().length === before; i++) await s.clock.advance(100);
        waits.push(s.clock.port.now() - last);
        last = s.clock.port.now();
        expect(s.health().phase).not.toBe('waitingForNetwork');
        expect(s.failure()).toBeNull();
      }
      // growing, up to the longest wait, each jittered
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
      expect(waits[3]!).toBeGreaterThan(waits[1]!);
      for (const wait of waits.slice(4))
        expect(wait).toBeLessThanOrEqual(LONGEST_RETRY_MS * (1 + RETRY_JITTER) + 100);
      // the buffer gone, the film waits: it keeps trying for the limit, then the message
      Object.assign(s.media.state, { paused: false, currentTime: 1830, bufferedEnd: 1830 });
      s.media.emit({ type: 'waiting' });
      const dryAt = s.clock.port.now();
      while (s.failure() === null && s.clock.port.now() - dryAt < LOAD_WAIT_LIMIT_MS + 60_000) {
        s.media.state.currentTime = 1830; // it waits where its buffer ended
        s.media.emit(failure);
        await s.clock.advance(LONGEST_RETRY_MS * 1.5);
      }
      expect(s.failure()?.reason).toBe('unexpected');
      expect(s.clock.port.now() - dryAt).toBeGreaterThanOrEqual(LOAD_WAIT_LIMIT_MS);
    },
  );

  it('a host that comes back after 12 s: loads again, and the next outage starts afresh', async () => {
    const s = await playingFilm();
    for (let outage = 0; outage < 3; outage++) {
      const from = s.clock.port.now();
      while (s.clock.port.now() - from < 12_000) {
        s.media.emit(loadFailed('fragLoadError'));
        await s.clock.advance(1_000);
      }
      // the host is back: the last retry's load came, and the film plays on past the refill
      await s.clock.advance(LONGEST_RETRY_MS * 2);
      s.media.emit({ type: 'playing' });
      await s.clock.advance((BUDGET_REFILL_S + 1) * 1000);
      expect(s.health().recoveries.network).toBe(0);
    }
    expect(s.failure()).toBeNull();
  });

  it('a retry whose task died mid-wait holds later failures off only until its time', async () => {
    const s = await playingFilm();
    // as a retry put by a stream actor that crashed before its wait was over
    const now = s.clock.port.now();
    s.store.dispatch(
      streamHealthActions.recovering({ kind: 'network', atPlayedS: 1, afterMs: 4_000, atMs: now }),
    );
    s.media.emit(loadFailed('fragLoadError'));
    await s.clock.advance(1_000);
    expect(s.recovers()).toEqual([]); // the retry due in 3 s loads for it
    await s.clock.advance(6_000); // its time is past, and nothing came
    s.media.emit(loadFailed('fragLoadError'));
    await s.clock.advance(LONGEST_RETRY_MS * 1.5);
    expect(s.recovers()).toEqual([{ method: 'recover', args: ['network'] }]);
  });

  it('shows the trouble line under the spinner while its loads are tried again', async () => {
    const s = await playingFilm();
    s.media.emit(loadFailed('fragLoadError'));
    await s.clock.advance(2_000);
    // the film plays on from its buffer: nothing to say yet (the line shows under a spinner only)
    expect(selectRetryingLoads(s.store.getState())).toBe(false);
    // its buffer gone, the loads still failing
    Object.assign(s.media.state, { currentTime: 1830, bufferedEnd: 1830 });
    s.media.emit({ type: 'waiting' });
    s.media.emit(loadFailed('fragLoadError'));
    await s.clock.advance(100);
    expect(selectRetryingLoads(s.store.getState())).toBe(true);
    // data again: the film plays, the line goes
    s.media.emit({ type: 'playing' });
    await s.clock.advance(100);
    expect(selectRetryingLoads(s.store.getState())).toBe(false);
    // dry again once the retry under way has loaded, and failed
    await s.clock.advance(LONGEST_RETRY_MS * 1.5);
    s.media.emit({ type: 'waiting' });
    s.media.emit(loadFailed('fragLoadError'));
    await s.clock.advance(100);
    expect(selectRetryingLoads(s.store.getState())).toBe(true);
    // the network gone is another line, not this one
    s.connection.drop({ offline: true });
    await s.clock.advance(100);
    expect(selectRetryingLoads(s.store.getState())).toBe(false);
  });
});

describe('the message’s reload button', () => {
  const pageRecording = () => {
    const reloads: unknown[] = [];
    const page: Ports['page'] = {
      subscribe: () => () => undefined,
      reloadFor: (c) => void reloads.push(c),
      reload: () => void reloads.push('same address'),
    };
    return { page, reloads };
  };

  it('takes the same episode up where its stream failed, not from the start', async () => {
    const s = await playingFilm();
    s.media.state.currentTime = 1830.6;
    // a manifest that cannot be had is the message at once (SPEC.md section 8)
    s.media.emit(loadFailed('manifestParsingError'));
    await s.clock.advance(1_000);
    expect(s.failure()?.reason).toBe('unexpected');
    const { page, reloads } = pageRecording();
    reloadAfterFailure(s.store.getState(), page);
    expect(reloads).toEqual([{ movieId: 2, episodeId: 203, origin: HOST_ORIGIN, atS: 1830 }]);
  });

  it('after a source switch, from the position the film had (the new element is still at 0)', async () => {
    const s = await playingFilm({ hosts: CDN });
    s.connection.net.down = [...CDN];
    for (let i = 0; i < 10 && s.loads().length === 1; i++) {
      s.media.state.bufferedEnd = s.media.state.currentTime + 2;
      s.media.emit(loadFailed('fragLoadError', { noResponse: true }));
      await s.clock.advance(LONGEST_RETRY_MS * 1.5);
    }
    expect(s.loads()).toHaveLength(2);
    const position = s.store.getState().media.currentTime;
    expect(position).toBeGreaterThan(1800);
    // the second source's manifest fails before its element has played
    s.media.state.currentTime = 0;
    s.media.emit(loadFailed('manifestLoadError'));
    await s.clock.advance(1_000);
    expect(s.failure()?.reason).toBe('unexpected');
    const { page, reloads } = pageRecording();
    reloadAfterFailure(s.store.getState(), page);
    expect(reloads).toEqual([
      { movieId: 2, episodeId: 203, origin: HOST_ORIGIN, atS: Math.floor(position) },
    ]);
  });

  it('any other failure loads the same address again', async () => {
    const s = await playingFilm();
    s.store.dispatch(
      systemActions.playbackFailed({
        reason: 'actor-stopped',
        errorId: 'x',
        address: null,
        detail: 'stream',
      }),
    );
    const { page, reloads } = pageRecording();
    reloadAfterFailure(s.store.getState(), page);
    expect(reloads).toEqual(['same address']);
  });
});

describe('a second source to fall back on', () => {
  it('leaves a host that fails for good before the film runs dry, at the same position, with no message', async () => {
    const s = await playingFilm({ hosts: CDN });
    s.connection.net.down = [CDN[0]!];
    const reset = loadFailed('fragLoadError', { noResponse: true });
    // a blip is ridden out on the same source
    s.media.emit(reset);
    await s.clock.advance(2_000);
    expect(s.loads()).toEqual([`${CDN[0]}/film.m3u8`]);
    // it keeps failing while the buffer runs low: the second source, from the same position
    for (let i = 0; i < 8 && s.loads().length === 1; i++) {
      s.media.state.bufferedEnd = s.media.state.currentTime + 5;
      s.media.emit(reset);
      await s.clock.advance(LONGEST_RETRY_MS * 1.5);
    }
    expect(s.loads()).toEqual([`${CDN[0]}/film.m3u8`, `${CDN[1]}/film.m3u8`]);
    const load = s.media.calls.filter((c) => c.method === 'load').at(-1)!.args[0] as {
      startAt: number;
    };
    expect(load.startAt).toBeGreaterThanOrEqual(1800);
    expect(s.store.getState().system.failure).toBeNull();
    expect(s.store.getState().stream.sourceIndex).toBe(1);
    // analytics heard why
    expect(s.errorsSent()).toContain('sourceFallback: fragLoadError');
    expect(s.health().failedSources).toEqual([0]);
    // the second failing too: no source left to go back to, it is tried on, never the first again
    s.connection.net.down = [...CDN];
    s.connection.net.answers = true;
    for (let i = 0; i < 5; i++) {
      s.media.emit(reset);
      await s.clock.advance(LONGEST_RETRY_MS * 1.5);
    }
    expect(s.loads()).toHaveLength(2);
    expect(s.failure()).toBeNull();
  });
});

describe('a hole in the buffer', () => {
  it('a film waiting just before buffered media jumps to it; one far ahead is left to the engine', async () => {
    const s = await playingFilm();
    const seeks = () => s.media.calls.filter((c) => c.method === 'seek');
    // the first segment unusable: the rest buffered from 4 s, the film waiting at 0 (the fake
    // element's position moves on while it waits: paused, and its sample said not paused)
    Object.assign(s.media.state, { currentTime: 0, ranges: [[4.08, 24]] });
    s.media.emit({ type: 'waiting' });
    s.media.state.paused = true;
    const sample = s.media.port.sample;
    s.media.port.sample = () => ({ ...sample(), paused: false });
    // a load for the hole may still be on its way while the engine works
    await s.clock.advance(STALL_CHECK_MS * 2);
    expect(seeks()).toEqual([]);
    s.media.state.engineIdleMs = STALL_LIMIT_MS;
    await s.clock.advance(STALL_CHECK_MS);
    expect(seeks().map((c) => c.args[0])).toEqual([4.18]);
    expect(s.store.getState().stream.lastError).toBeNull(); // no error: nothing failed
    // a film waiting where data is buffered, or far from the next range, is not moved
    const before = seeks().length;
    Object.assign(s.media.state, {
      currentTime: 100,
      bufferedEnd: 100.2, // as the element's sample says: the end of the range it waits in
      ranges: [
        [90, 100.2],
        [130, 200],
      ],
    });
    s.media.emit({ type: 'playing' });
    s.media.emit({ type: 'waiting' });
    await s.clock.advance(STALL_CHECK_MS * 2);
    expect(seeks()).toHaveLength(before);
  });
});
