import { PROGRESS_KEY } from '../../../sagas/lib/storageKeys';
import { STALL_CHECK_MS, STALL_LIMIT_MS } from '../../../sagas/stream/stallWatch';
import { PAUSE_HELD_AFTER_SEEK_MS } from '../../../sagas/stream/stream';
import { LOAD_WAIT_LIMIT_MS, LONGEST_RETRY_MS } from '../../../src/stream/failurePolicy';
import { systemActions } from '../../../src/state/system';
import { contentActions } from '../../../src/state/content';
import { playbackRequests } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';
import { streamRequests } from '../../../src/state/stream';
import {
  EPOCH,
  fakeHttp,
  fakeMedia,
  fakePorts,
  fakeStorage,
  HOST_ORIGIN,
  ok,
  status,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { NO_HLS_PLAYBACK, type PlayOutcome } from '../../../src/shared/media';
import { film, series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilCall, untilIdle } from '../../../tools/sim/waits';

const masterJson = {
  sources: [
    { label: 'A', link: '/media/hls/a.m3u8', isDefault: false },
    { label: 'B', link: 'media/hls/b.m3u8', isDefault: true },
  ],
  subtitles: [{ src: '/media/subs/ru.vtt', label: 'Русские', language: 'ru' }],
};
const tracks = [
  { id: 0, name: 'Русский', lang: 'ru' },
  { id: 1, name: 'English', lang: 'en' },
  { id: 2, name: 'Русский AC3', lang: 'ru' },
];

/** The whole player on fake ports and virtual time. */
function player(
  search: string,
  {
    routes = catalogRoutes(2, series),
    storage = fakeStorage(),
    playOutcome = { ok: true } as PlayOutcome,
    epoch = EPOCH,
  } = {},
) {
  const clock = virtualClock(epoch);
  const media = fakeMedia(playOutcome, clock.port);
  const ports = fakePorts({
    http: fakeHttp(routes),
    media: media.port,
    clock: clock.port,
    storage,
  });
  const { store } = startPlayer(search, ports, { hostOrigin: HOST_ORIGIN });
  const methods = () => media.calls.map((c) => c.method);
  return { store, media, clock, storage, ports, methods };
}

describe('the stream actor: loading', () => {
  it("loads the default source of a master JSON, with its subtitles, prefixed with the master's origin", async () => {
    const { media, store } = player('?movie_id=1&t=7', {
      routes: { ...catalogRoutes(1, film), [`${BASE}/media/film.json`]: ok(masterJson) },
    });
    await untilIdle();
    const load = media.calls.find((c) => c.method === 'load')!;
    expect(load.args[0]).toEqual({
      url: `${BASE}/media/hls/b.m3u8`,
      startAt: 7,
      preferredHeight: null,
      bandwidthEstimate: null,
      autoMaxHeight: null,
      subtitles: [{ src: `${BASE}/media/subs/ru.vtt`, label: 'Русские', language: 'ru' }],
    });
    expect(store.getState().stream).toMatchObject({
      url: `${BASE}/media/hls/b.m3u8`,
      engine: 'hls.js',
      sourceIndex: 1,
    });
  });

  const MINUTE = 60_000;
  const kept = (bitsPerSecond: unknown, ageMs: number) =>
    JSON.stringify({ bitsPerSecond, atMs: EPOCH - ageMs });
  it.each([
    [kept(800_000, 5 * MINUTE), 800_000],
    [kept(800_000, 29 * MINUTE), 800_000],
    // yesterday's network, or another one: the session starts as if nothing were known
    [kept(800_000, 31 * MINUTE), null],
    // kept at a time still to come (the clock was set back): its age is unknown
    [kept(800_000, -MINUTE), null],
    // an older version's number alone, of unknown age
    ['800000', null],
    [kept(-5, MINUTE), null],
    [kept('lots', MINUTE), null],
    ['{"bitsPerSecond":800000}', null],
    ['', null],
  ])(
    'gives hls.js the kept bandwidth estimate %s as %p (a stale or malformed one is none)',
    async (stored, expected) => {
      const { media } = player('?movie_id=2&episode_id=203', {
        storage: fakeStorage({ 'player-bandwidth': stored }),
      });
      await untilIdle();
      const load = media.calls.find((c) => c.method === 'load')!;
      expect(load.args[0]).toMatchObject({ bandwidthEstimate: expected });
    },
  );

  it('restores the saved volume and mute before the first load, and plays with auto_play', async () => {
    const { methods, media } = player('?movie_id=2&episode_id=203&auto_play=1', {
      storage: fakeStorage({ 'player-volume': '0.35', 'player-muted': 'true' }),
    });
    await untilIdle();
    expect(methods()).toEqual(['setVolume', 'load', 'play']);
    expect(media.calls[0]!.args).toEqual([0.35, true]);
  });

  it('shows the master JSON address when it cannot be loaded', async () => {
    const { media, store } = player('?movie_id=1', {
      routes: { ...catalogRoutes(1, film), [`${BASE}/media/film.json`]: status(500) },
    });
    await untilIdle();
    expect(store.getState().system.failure).toMatchObject({
      reason: 'master-load-failed',
      address: `${BASE}/media/film.json`,
    });
    expect(media.calls.filter((c) => c.method === 'load')).toEqual([]);
    expect(media.calls.filter((c) => c.method === 'unload')).toEqual([]); // nothing to stop
  });

  it('tells the viewer when the browser has no way to play HLS, rather than crashing', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    media.port.load = async () => {
      throw Object.assign(new Error('This browser cannot play HLS'), { name: NO_HLS_PLAYBACK });
    };
    const ports = fakePorts({
      http: fakeHttp(catalogRoutes(2, series)),
      media: media.port,
      clock: clock.port,
    });
    const { store } = startPlayer('?movie_id=2&episode_id=203&auto_play=1', ports, {
      hostOrigin: HOST_ORIGIN,
    });
    await untilIdle();
    const { system, stream, streamHealth } = store.getState();
    expect(system.failure).toMatchObject({
      reason: 'unexpected',
      errorId: expect.stringMatching(/^[0-9a-f]{8}$/),
      detail: 'Stream load failed: This browser cannot play HLS',
    });
    expect(system.crashes).toEqual([]);
    expect(streamHealth.phase).toBe('failed');
    expect(stream.lastError).toMatchObject({ fatal: true, details: 'noHlsPlayback' });
    expect(media.calls.map((c) => c.method)).not.toContain('play');
  });

  it("stops the episode playing when the next one's master JSON cannot be loaded", async () => {
    const { media, store, methods } = player('?movie_id=2&episode_id=203&auto_play=1', {
      routes: {
        ...catalogRoutes(2, {
          ...series,
          episodes: series.episodes.map((e) =>
            e.id === 204 ? { ...e, m3u8MasterFilePath: '/media/s2e1.json' } : e,
          ),
        }),
        [`${BASE}/media/s2e1.json`]: status(500),
      },
    });
    await untilIdle();
    expect(methods()).toEqual(['setVolume', 'load', 'play']);
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(store.getState().system.failure?.reason).toBe('master-load-failed');
    // the message is up: the last episode does not play on behind it
    expect(media.calls.slice(3).map((c) => c.method)).toEqual(['pause', 'unload']);
  });
});

describe('the stream actor: playback', () => {
  it('commits state only when the media element confirms it, and samples every 100 ms into whole seconds', async () => {
    const { store, media, clock, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(store.getState().media.paused).toBe(true);
    media.emit({ type: 'playing' });
    await clock.advance(4200);
    expect(store.getState().media).toMatchObject({
      paused: false,
      started: true,
      duration: 24,
      playedSeconds: 4,
    });
    expect(store.getState().media.currentTime).toBeCloseTo(4, 5); // the sample that began the fourth second
    store.dispatch(playbackRequests.seekRequested({ time: 10 }));
    store.dispatch(playbackRequests.pauseRequested());
    await untilIdle();
    expect(methods().filter((m) => ['play', 'seek', 'pause'].includes(m))).toEqual([
      'play',
      'seek',
      'pause',
    ]);
  });

  it('keeps a pause asked during a seek when the engine plays on at its end (WebKit)', async () => {
    const { store, media, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    media.emit({ type: 'playing' });
    // asked at once after the seek, before the element says it seeks
    store.dispatch(playbackRequests.seekRequested({ time: 10 }));
    store.dispatch(playbackRequests.pauseRequested());
    media.emit({ type: 'seeking', currentTime: 10 });
    media.emit({ type: 'pause', currentTime: 10 });
    await untilIdle();
    const pauses = () => methods().filter((m) => m === 'pause').length;
    expect(pauses()).toBe(1);
    // WebKit: playing again, by itself, before the seek ends
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(2);
    // at its end the element is paused: nothing more
    media.emit({ type: 'seeked', currentTime: 10 });
    await untilIdle();
    expect(pauses()).toBe(2);
    // WebKit, at times: playing by itself just after the seek's end
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(3);
    // the hold is over: a play from outside the player after the seek (the picture-in-picture
    // window's) is the viewer's
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(3);
    // a pause with no seek under way is carried out once, as ever
    store.dispatch(playbackRequests.pauseRequested());
    media.emit({ type: 'pause', currentTime: 10 });
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(4);
  });

  it('after a seek that ended paused, a playing event past the hold is the viewer’s, and so is a play asked in it', async () => {
    const { store, media, clock, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    media.emit({ type: 'playing' });
    const pauses = () => methods().filter((m) => m === 'pause').length;
    const pausedSeek = async () => {
      store.dispatch(playbackRequests.seekRequested({ time: 10 }));
      store.dispatch(playbackRequests.pauseRequested());
      media.emit({ type: 'seeking', currentTime: 10 });
      media.emit({ type: 'pause', currentTime: 10 });
      media.emit({ type: 'seeked', currentTime: 10 });
      await untilIdle();
    };
    await pausedSeek();
    expect(pauses()).toBe(1);
    await clock.advance(PAUSE_HELD_AFTER_SEEK_MS);
    media.emit({ type: 'playing' }); // the picture-in-picture window's play
    await untilIdle();
    expect(pauses()).toBe(1);
    await pausedSeek();
    expect(pauses()).toBe(2);
    store.dispatch(playbackRequests.playRequested()); // the viewer's, at once
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(2);
  });

  it('re-pauses at the seek’s end when the engine plays on then; a play asked takes the hold back', async () => {
    const { store, media, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    media.emit({ type: 'playing' });
    const pauses = () => methods().filter((m) => m === 'pause').length;
    store.dispatch(playbackRequests.seekRequested({ time: 10 }));
    store.dispatch(playbackRequests.pauseRequested());
    await untilIdle();
    media.state.paused = false; // the engine plays on by itself, its playing event not yet come
    media.emit({ type: 'seeked', currentTime: 10 });
    await untilIdle();
    expect(pauses()).toBe(2);
    // a play asked during a seek takes the held pause back
    store.dispatch(playbackRequests.seekRequested({ time: 4 }));
    store.dispatch(playbackRequests.pauseRequested());
    store.dispatch(playbackRequests.playRequested());
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(pauses()).toBe(3);
  });

  it('carries out a play asked while the stream loads once it is attached, not before', async () => {
    const { store, media, clock, methods } = player('?movie_id=2&episode_id=203');
    const load = media.port.load.bind(media.port);
    media.port.load = async (source) => {
      await clock.port.sleep(500); // the manifest is on its way
      return load(source);
    };
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(store.getState().stream.status).toBe('loading');
    store.dispatch(playbackRequests.playRequested()); // e.g. the host page's play command
    await untilIdle();
    expect(methods().filter((m) => m === 'play')).toEqual([]);
    await clock.advance(600);
    expect(methods().slice(-1)).toEqual(['play']);
  });

  it('does not play after the load when the play was taken back by a pause during it', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const load = media.port.load.bind(media.port);
    media.port.load = async (source) => {
      await clock.port.sleep(500); // the manifest is on its way
      return load(source);
    };
    const ports = fakePorts({
      http: fakeHttp(catalogRoutes(2, series)),
      media: media.port,
      clock: clock.port,
    });
    const { store } = startPlayer('?movie_id=2&episode_id=203', ports, {
      hostOrigin: HOST_ORIGIN,
    });
    await untilIdle();
    expect(store.getState().stream.status).toBe('loading');
    store.dispatch(playbackRequests.playRequested());
    await untilIdle(); // the pre-roll phase passes (no ads) and asks the stream to play
    store.dispatch(playbackRequests.pauseRequested());
    await clock.advance(600);
    expect(store.getState().stream.status).toBe('ready');
    expect(media.calls.map((c) => c.method)).not.toContain('play');
  });

  it('puts the position once a second, not ten times', async () => {
    const { store, media, clock } = player('?movie_id=2&episode_id=203');
    const seen: unknown[] = [];
    store.subscribe(() => {
      const { media } = store.getState();
      if (media !== seen.at(-1)) seen.push(media);
    });
    await untilIdle();
    media.emit({ type: 'playing' });
    const before = seen.length;
    await clock.advance(10_000);
    // each change of the media state (the position's among them) in 10 s of playing
    expect(seen.length - before).toBeLessThanOrEqual(11);
    expect(seen.length - before).toBeGreaterThanOrEqual(9);
  });

  it('starts muted when the browser refuses sound, and tells the parent', async () => {
    const { store, ports } = player('?movie_id=2&episode_id=203&auto_play=1', {
      playOutcome: { ok: false, reason: 'not-allowed' },
    });
    await untilIdle();
    expect(store.getState().media).toMatchObject({ autoplayBlocked: true, started: false });
    expect(ports.posted.map((m) => m.event)).toContain('autoplayBlocked');
  });

  it('carries out quality, subtitle, speed and volume choices through the media port', async () => {
    const { store, media, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit({
      type: 'levels',
      levels: [
        { height: 240, bitrate: 1e5 },
        { height: 480, bitrate: 2e5 },
      ],
      auto: true,
    });
    store.dispatch(streamRequests.qualityRequested({ level: 1 }));
    store.dispatch(streamRequests.subtitleRequested({ id: 0 }));
    store.dispatch(streamRequests.rateRequested({ rate: 1.5 }));
    store.dispatch(playbackRequests.volumeRequested({ volume: 0.5, muted: false }));
    await untilIdle();
    expect(media.calls.slice(-4)).toEqual([
      { method: 'setLevel', args: [1] },
      { method: 'setSubtitleTrack', args: [0] },
      { method: 'setRate', args: [1.5] },
      { method: 'setVolume', args: [0.5, false] },
    ]);
    expect(store.getState().stream.preferredHeight).toBe(480);
    expect(methods()).not.toContain('load2');
  });

  it('keeps a chosen quality for the next episode, and Auto forgets it', async () => {
    const { store, media } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit({
      type: 'levels',
      levels: [
        { height: 240, bitrate: 1e5 },
        { height: 480, bitrate: 2e5 },
      ],
      auto: true,
    });
    await untilCall(media.calls, 'load', () => {
      store.dispatch(streamRequests.qualityRequested({ level: 0 }));
      store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    });
    const loads = media.calls.filter((c) => c.method === 'load');
    expect(loads[1]!.args[0]).toMatchObject({ preferredHeight: 240, startAt: 0 });
    store.dispatch(streamRequests.qualityRequested({ level: -1 }));
    expect(store.getState().stream.preferredHeight).toBeNull();
  });

  it('switches the source at the same position, still playing, without the continue prompt', async () => {
    const { store, media, clock } = player('?movie_id=1&auto_play=1', {
      routes: { ...catalogRoutes(1, film), [`${BASE}/media/film.json`]: ok(masterJson) },
    });
    await untilIdle();
    media.emit({ type: 'playing' });
    await clock.advance(6000);
    store.dispatch(streamRequests.sourceRequested({ index: 0 }));
    await untilIdle();
    const loads = media.calls.filter((c) => c.method === 'load');
    expect(loads[1]!.args[0]).toMatchObject({ url: `${BASE}/media/hls/a.m3u8` });
    expect((loads[1]!.args[0] as { startAt: number }).startAt).toBeCloseTo(6, 5);
    expect(media.calls[media.calls.length - 1]!.method).toBe('play');
    expect(store.getState().resume.promptVisible).toBe(false);
    expect(store.getState().stream.sourceIndex).toBe(0);
  });

  it('keeps counting played time across a source switch, for the mid-roll and analytics', async () => {
    const { store, media, clock } = player('?movie_id=1&auto_play=1', {
      routes: { ...catalogRoutes(1, film), [`${BASE}/media/film.json`]: ok(masterJson) },
    });
    await untilIdle();
    media.emit({ type: 'playing' });
    await clock.advance(6000);
    const before = store.getState().media.playedSeconds;
    expect(before).toBeGreaterThanOrEqual(5);
    store.dispatch(streamRequests.sourceRequested({ index: 0 }));
    await untilIdle();
    expect(store.getState().media.playedSeconds).toBe(before); // not back to 0
    media.emit({ type: 'playing' });
    await clock.advance(5000);
    expect(store.getState().media.playedSeconds).toBeGreaterThanOrEqual(before + 4);
    expect(store.getState().media.videoPlayedSeconds).toBeGreaterThan(9);
  });
});

describe('the stream actor: audio tracks', () => {
  it('orders tracks by the language order, drops AC3, and switches to the first', async () => {
    const { store, media } = player('?movie_id=2&episode_id=203&lang_order=en,ru');
    await untilIdle();
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(store.getState().stream.audioTracks.map((t) => t.name)).toEqual(['English', 'Русский']);
    expect(media.calls[media.calls.length - 1]).toEqual({ method: 'setAudioTrack', args: [1] });
  });

  it('remembers the chosen label per content and applies it next time', async () => {
    const storage = fakeStorage();
    const first = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    first.media.emit({ type: 'audioTracks', tracks, current: 0 });
    first.store.dispatch(streamRequests.audioTrackRequested({ id: 1 }));
    await untilIdle();
    expect(storage.values.get('player-audio-track:2')).toBe('English');

    const second = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    second.media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(second.media.calls[second.media.calls.length - 1]).toEqual({
      method: 'setAudioTrack',
      args: [1],
    });
  });
});

describe('favourite audio tracks (SPEC.md section 3): kept by the preferences actor, applied by the stream actor', () => {
  it('keeps the labels the viewer chose, the last first, and plays a favourite in content with no choice of its own', async () => {
    const storage = fakeStorage();
    const first = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    first.media.emit({ type: 'audioTracks', tracks, current: 0 });
    first.store.dispatch(streamRequests.audioTrackRequested({ id: 1 })); // English
    await untilIdle();
    expect(JSON.parse(storage.values.get('player-favourite-audio-tracks')!)).toEqual(['English']);
    first.store.dispatch(streamRequests.audioTrackRequested({ id: 0 })); // Русский
    await untilIdle();
    expect(JSON.parse(storage.values.get('player-favourite-audio-tracks')!)).toEqual([
      'Русский',
      'English',
    ]);

    // another content, nothing remembered for it: the favourites order its audio first
    storage.values.set('player-favourite-audio-tracks', JSON.stringify(['English', 'Русский']));
    const other = player('?movie_id=1', { storage, routes: catalogRoutes(1, film) });
    await untilIdle();
    other.media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(other.store.getState().stream.audioTracks.map((t) => t.name)).toEqual([
      'English',
      'Русский',
    ]);
    expect(other.media.calls.at(-1)).toEqual({ method: 'setAudioTrack', args: [1] });
  });

  it('a favourite AC3 label does not bring AC3 tracks back', async () => {
    const storage = fakeStorage({
      'player-favourite-audio-tracks': JSON.stringify(['Русский AC3', 'English']),
    });
    const { store, media } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(store.getState().stream.audioTracks.map((t) => t.name)).toEqual(['English', 'Русский']);
  });

  it('ignores a favourites list that is not one', async () => {
    const storage = fakeStorage({ 'player-favourite-audio-tracks': '{"not":"a list"}' });
    const { store, media } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(store.getState().stream.audioTracks.map((t) => t.name)).toEqual(['Русский', 'English']);
  });
});

describe('the stream actor: errors', () => {
  const error = (kind: 'network' | 'media' | 'other', details: string, fatal = true) =>
    ({ type: 'error', fatal, kind, details, bandwidth: 250_000, bufferLength: 3.5 }) as const;

  it('reports non-fatal errors with their type and the network type, and does nothing else', async () => {
    const { store, media, methods } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit(error('network', 'fragLoadError', false));
    await untilIdle();
    expect(store.getState().stream.lastError).toEqual({
      fatal: false,
      kind: 'network',
      errorType: 'network',
      details: 'fragLoadError',
      networkType: '2g',
      bufferLength: 3.5,
    });
    expect(methods()).not.toContain('recover');
  });

  it('a subtitle or alternate audio track that fails falls back, and the film plays on without a message', async () => {
    const { store, media, clock } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    store.dispatch(streamRequests.audioTrackRequested({ id: 1 })); // English
    media.emit({ type: 'audioTrackSwitched', id: 1 });
    await untilIdle();
    media.emit(error('network', 'audioTrackLoadError'));
    await untilIdle();
    expect(media.calls.slice(-2)).toEqual([
      { method: 'setAudioTrack', args: [0] },
      { method: 'recover', args: ['network'] },
    ]);
    media.emit(error('network', 'subtitleTrackLoadError'));
    await untilIdle();
    expect(media.calls.slice(-2)).toEqual([
      { method: 'setSubtitleTrack', args: [-1] },
      { method: 'recover', args: ['network'] },
    ]);
    expect(store.getState().stream.lastError?.details).toBe('subtitleTrackLoadError'); // reported
    expect(store.getState().system.failure).toBeNull();
    // a playlist of the alternate audio that cannot be parsed is the same
    media.emit({ ...error('network', 'levelParsingError'), track: { kind: 'audio', id: 1 } });
    await untilIdle();
    expect(media.calls.at(-2)).toEqual({ method: 'setAudioTrack', args: [0] });
    // the stream's own first audio failing is a load like any other: tried again after a wait,
    // the film playing on from its buffer, no message
    media.emit({ type: 'audioTrackSwitched', id: 0 });
    await untilIdle();
    const recovers = () => media.calls.filter((c) => c.method === 'recover').length;
    const before = recovers();
    media.emit(error('network', 'audioTrackLoadError'));
    await untilIdle();
    expect(recovers()).toBe(before);
    await clock.advance(LONGEST_RETRY_MS * 2);
    expect(recovers()).toBe(before + 1);
    expect(store.getState().system.failure).toBeNull();
  });

  it('falls back to the stream’s own first audio, whatever order the menu shows', async () => {
    const { store, media } = player('?movie_id=2&episode_id=203&lang_order=en');
    await untilIdle();
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    await untilIdle();
    expect(store.getState().stream.audioTracks[0]?.name).toBe('English'); // first in the menu
    media.emit({ ...error('network', 'audioTrackLoadError'), track: { kind: 'audio', id: 1 } });
    await untilIdle();
    expect(media.calls.slice(-2)).toEqual([
      { method: 'setAudioTrack', args: [0] },
      { method: 'recover', args: ['network'] },
    ]);
    expect(store.getState().system.failure).toBeNull();
  });

  it('recovers media errors twice, then gives up', async () => {
    const { store, media } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    for (let i = 0; i < 3; i++) media.emit(error('media', 'bufferAppendError'));
    await untilIdle();
    expect(media.calls.filter((c) => c.method === 'recover')).toEqual([
      { method: 'recover', args: ['media'] },
      { method: 'recover', args: ['media'] },
    ]);
    expect(store.getState().streamHealth.phase).toBe('failed');
    expect(store.getState().stream.lastError?.errorType).toBe('other');
    // hls.js loads no more and the film cannot go on behind the message
    expect(media.calls.slice(-2).map((c) => c.method)).toEqual(['pause', 'unload']);
    // the viewer is told, with an id to quote, instead of a spinner that never ends
    expect(store.getState().system.failure).toEqual(
      expect.objectContaining({
        reason: 'unexpected',
        errorId: expect.stringMatching(/^[0-9a-f]{8}$/),
        detail: 'Stream failed: bufferAppendError',
      }),
    );
  });

  it('plays again after a media recovery when the film was playing, and not when it was paused', async () => {
    const { media, store } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    media.emit({ type: 'playing' });
    media.emit(error('media', 'fragParsingError'));
    await untilIdle();
    // the element attached afresh is stopped: without a new play() the film would wait at 0
    expect(media.calls.slice(-2).map((c) => c.method)).toEqual(['recover', 'play']);
    expect(store.getState().streamHealth.phase).toBe('recovering');
    media.emit({ type: 'playing' });
    expect(store.getState().streamHealth.phase).toBe('playing'); // recovered
    media.emit({ type: 'pause', currentTime: 3 });
    media.emit(error('media', 'bufferAppendError'));
    await untilIdle();
    expect(media.calls.at(-1)?.method).toBe('recover');
  });

  it('plays again when the recovery cut its play short, once the element has its source back', async () => {
    // hls.js attaches the element afresh: a play() right after is aborted by that load
    const { media, store } = player('?movie_id=2&episode_id=203&auto_play=1', {
      playOutcome: { ok: false, reason: 'aborted' },
    });
    await untilIdle();
    media.emit({ type: 'playing' });
    media.emit(error('media', 'fragParsingError'));
    await untilIdle();
    expect(media.calls.slice(-2).map((c) => c.method)).toEqual(['recover', 'play']);
    const before = media.calls.length;
    media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    expect(media.calls.slice(before).map((c) => c.method)).toEqual(['play']);
    // a paused viewer is not overruled: a pause takes the wanted play back
    media.emit(error('media', 'bufferAppendError'));
    await untilIdle();
    store.dispatch(playbackRequests.pauseRequested());
    const paused = media.calls.length;
    media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    expect(media.calls.slice(paused).map((c) => c.method)).not.toContain('play');
  });

  it("keeps a pause asked while a recovery's play is still under way (the pause cut it short)", async () => {
    const { media, store } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    media.emit({ type: 'playing' });
    // the element attached afresh waits to be startable: the play stays under way until the pause
    let endPlay: (outcome: PlayOutcome) => void = () => undefined;
    media.port.play = () => {
      media.calls.push({ method: 'play', args: [] });
      return new Promise<PlayOutcome>((resolve) => (endPlay = resolve));
    };
    media.emit(error('media', 'fragParsingError'));
    await untilIdle();
    expect(media.calls.slice(-2).map((c) => c.method)).toEqual(['recover', 'play']);
    store.dispatch(playbackRequests.pauseRequested()); // the host's pause, mid-play
    endPlay({ ok: false, reason: 'paused' }); // the pause ended the play's wait
    await untilIdle();
    const paused = media.calls.length;
    media.emit({ type: 'durationchange', duration: 24 }); // the new attachment's source is there
    await untilIdle();
    expect(media.calls.slice(paused).map((c) => c.method)).not.toContain('play');
    expect(store.getState().playIntent.playKept).toBe(false);
  });

  it('loads again for an engine gone silent while the film waits, and tells the viewer past the limit', async () => {
    const { store, media, clock } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    const recovers = () => media.calls.filter((c) => c.method === 'recover');
    media.emit({ type: 'levels', levels: [{ height: 720, bitrate: 2_000_000 }], auto: true });
    media.emit({ type: 'playing' }); // the film has started
    await untilIdle();
    media.state.paused = false; // play() asked, the element waits for data
    media.state.bufferedEnd = 0; // at the end of what it has
    media.emit({ type: 'waiting' });
    // hls.js busy (a slow segment, a retry pending): left to it
    media.state.engineIdleMs = STALL_LIMIT_MS - 1;
    await clock.advance(STALL_CHECK_MS * 3);
    expect(recovers()).toEqual([]);
    // silent past the limit: loaded again after a wait, as for a failed load
    media.state.engineIdleMs = STALL_LIMIT_MS;
    await clock.advance(STALL_CHECK_MS + LONGEST_RETRY_MS * 1.5);
    await untilIdle();
    expect(recovers()[0]).toEqual({ method: 'recover', args: ['network'] });
    expect(store.getState().system.failure).toBeNull();
    // silent on and on: tried again, the message only past the limit of a film that ran dry,
    // counted from the stall that first found it dry
    const dryAt = store.getState().streamHealth.dryAtMs!;
    await clock.advance(dryAt + LOAD_WAIT_LIMIT_MS - 1_000 - clock.port.now());
    expect(recovers().length).toBeGreaterThan(3);
    expect(store.getState().system.failure).toBeNull();
    await clock.advance(STALL_LIMIT_MS + LONGEST_RETRY_MS * 2);
    await untilIdle();
    expect(store.getState().system.failure).toEqual(
      expect.objectContaining({ reason: 'unexpected', detail: 'Stream failed: engineStalled' }),
    );
  });

  it('an engine silent before its manifest came: the manifest hangs, the message (SPEC.md section 8)', async () => {
    const { store, media, clock } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    media.state.paused = false; // play() asked, nothing there yet
    media.state.bufferedEnd = 0;
    media.emit({ type: 'waiting' });
    media.state.engineIdleMs = STALL_LIMIT_MS;
    await clock.advance(STALL_CHECK_MS * 2);
    await untilIdle();
    expect(media.calls.filter((c) => c.method === 'recover')).toEqual([]);
    expect(store.getState().system.failure).toEqual(
      expect.objectContaining({ reason: 'unexpected', detail: 'Stream failed: engineStalled' }),
    );
  });

  it('attaches the element afresh when the film waits with its data buffered, then tells the viewer', async () => {
    // seen in WebKit after a pre-roll: the whole film buffered, the element waiting at 0 for good,
    // and a reload of loads that were all done could not help
    const { store, media, clock } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    const recovers = () => media.calls.filter((c) => c.method === 'recover');
    media.state.paused = false;
    media.state.bufferedEnd = 24; // everything buffered, far more than a second ahead
    media.state.engineIdleMs = STALL_LIMIT_MS;
    media.emit({ type: 'waiting' });
    await clock.advance(STALL_CHECK_MS);
    await untilIdle();
    expect(recovers()).toEqual([{ method: 'recover', args: ['media'] }]);
    // the element attached afresh is stopped: the film is asked to play again
    expect(media.calls.at(-1)?.method).toBe('play');
    expect(store.getState().streamHealth).toMatchObject({
      phase: 'recovering',
      reason: 'media',
    });
    // stalled again and again: the media budget (two), then the message, not a spinner for good
    await clock.advance(STALL_CHECK_MS);
    await untilIdle();
    expect(recovers()).toHaveLength(2);
    expect(store.getState().system.failure).toBeNull();
    await clock.advance(STALL_CHECK_MS);
    await untilIdle();
    expect(store.getState().system.failure).toEqual(
      expect.objectContaining({ reason: 'unexpected', detail: 'Stream failed: elementStalled' }),
    );
  });

  it('leaves alone a film that plays again, or that the viewer paused, while it waited', async () => {
    const { media, clock } = player('?movie_id=2&episode_id=203&auto_play=1');
    await untilIdle();
    media.state.engineIdleMs = STALL_LIMIT_MS * 10;
    media.state.paused = false;
    media.emit({ type: 'waiting' });
    media.emit({ type: 'playing' });
    await clock.advance(STALL_CHECK_MS * 3);
    media.emit({ type: 'pause', currentTime: 3 });
    media.emit({ type: 'waiting' });
    await clock.advance(STALL_CHECK_MS * 3);
    expect(media.calls.filter((c) => c.method === 'recover')).toEqual([]);
  });

  it('plays nothing behind the failure message, even a play asked after it', async () => {
    // a manifest that is there at once can fail before the play its load asked for
    const { store, media } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit(error('network', 'manifestParsingError'));
    await untilIdle();
    expect(store.getState().system.failure?.reason).toBe('unexpected');
    const before = media.calls.length;
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(media.calls.slice(before).map((c) => c.method)).not.toContain('play');
  });

  it('retries network errors after a growing pause; a broken manifest is fatal at once', async () => {
    const { store, media, clock } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit(error('network', 'levelLoadError'));
    await untilIdle();
    expect(media.calls.filter((c) => c.method === 'recover')).toHaveLength(0);
    await clock.advance(1000);
    expect(media.calls.filter((c) => c.method === 'recover')).toEqual([
      { method: 'recover', args: ['network'] },
    ]);
    expect(store.getState().system.failure).toBeNull();
    media.emit(error('network', 'manifestLoadError'));
    await untilIdle();
    expect(store.getState().streamHealth.phase).toBe('failed');
    expect(store.getState().system.failure?.reason).toBe('unexpected');
  });
});

describe('the viewer’s memory', () => {
  it('writes the position at most every 10 s while playing, never more than 10 s stale', async () => {
    const storage = fakeStorage();
    const writes: { at: number; position: number }[] = [];
    const { media, clock } = player('?movie_id=2&episode_id=203', { storage });
    const set = storage.set;
    storage.set = (key: string, value: string) => {
      if (key === PROGRESS_KEY) writes.push({ at: clock.now, position: JSON.parse(value)['203'] });
      set(key, value);
    };
    await untilIdle();
    media.state.duration = 100; // 25 s of it are far from its end
    media.emit({ type: 'playing' });
    await clock.advance(25_000);
    expect(writes.length).toBe(2);
    for (let i = 1; i < writes.length; i++)
      expect(writes[i]!.at - writes[i - 1]!.at).toBeGreaterThanOrEqual(10_000);
    expect(clock.now - writes[writes.length - 1]!.at).toBeLessThanOrEqual(10_000);
    expect(writes.map((w) => w.position)).toEqual([9, 19]); // the loop's last whole-second sample
  });

  it("keeps the engine's estimate with the time it was kept, for the next session's first guess", async () => {
    const storage = fakeStorage();
    const { media, clock } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.state.duration = 100;
    media.state.bandwidth = 2_400_000;
    media.emit({ type: 'playing' });
    await clock.advance(12_000); // kept at 10 s of playing
    const kept = JSON.parse(storage.values.get('player-bandwidth')!);
    expect(kept.bitsPerSecond).toBe(2_400_000);
    // the wall clock at the loop's tick after 10 s of playing
    expect(kept.atMs - EPOCH).toBeGreaterThanOrEqual(10_000);
    expect(kept.atMs - EPOCH).toBeLessThan(10_500);
    // the next sessions, a minute later and an hour later: fresh, then stale
    const guessOfSessionAfter = async (laterMs: number) => {
      const next = player('?movie_id=2&episode_id=203', { storage, epoch: EPOCH + laterMs });
      await untilIdle();
      return next.media.calls.find((c) => c.method === 'load')!.args[0];
    };
    expect(await guessOfSessionAfter(60_000)).toMatchObject({ bandwidthEstimate: 2_400_000 });
    expect(await guessOfSessionAfter(3_600_000)).toMatchObject({ bandwidthEstimate: null });
  });

  it('restarted after a crash while the film plays, goes on writing every 10 s', async () => {
    const storage = fakeStorage();
    const { media, clock, store } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.state.duration = 100;
    media.emit({ type: 'playing' });
    await clock.advance(12_000); // written at 10 s
    store.dispatch(systemActions.crashDrillRequested({ actor: 'progress' }));
    await clock.advance(21_000); // the restarted loop writes at 22 s and 32 s
    expect(store.getState().system.crashes).toHaveLength(1);
    expect(JSON.parse(storage.values.get(PROGRESS_KEY)!)).toEqual({ 203: 31 });
  });

  it('writes at once on pause and when the episode changes', async () => {
    const storage = fakeStorage();
    const { media, clock, store } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.emit({ type: 'playing' });
    await clock.advance(3500);
    media.emit({ type: 'pause', currentTime: media.state.currentTime });
    await untilIdle();
    expect(JSON.parse(storage.values.get(PROGRESS_KEY)!)).toEqual({ 203: 3 });
    media.emit({ type: 'playing' });
    await clock.advance(2000);
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(JSON.parse(storage.values.get(PROGRESS_KEY)!)).toEqual({ 203: 5 });
    expect(store.getState().content.currentEpisodeId).toBe(204);
  });

  it('remembers volume and mute as the media element reports them', async () => {
    const storage = fakeStorage();
    const { media } = player('?movie_id=2&episode_id=203', { storage });
    await untilIdle();
    media.emit({ type: 'volumechange', volume: 0.4, muted: true });
    await untilIdle();
    expect(storage.values.get('player-volume')).toBe('0.4');
    expect(storage.values.get('player-muted')).toBe('true');
  });

  it("neither remembers nor counts the browser's mute of an autoplay; the viewer's unmute and mute it does", async () => {
    const storage = fakeStorage();
    const { media, store, ports } = player('?movie_id=2&episode_id=203&auto_play=1', {
      storage,
    });
    // the browser refuses sound: the first play fails, the muted one plays
    let plays = 0;
    media.port.play = async () =>
      ++plays === 1 ? { ok: false, reason: 'not-allowed' } : { ok: true };
    // the element tells of each volume it is given a moment later, as a browser's does
    const setVolume = media.port.setVolume;
    media.port.setVolume = (volume, muted) => {
      setVolume(volume, muted);
      void Promise.resolve().then(() => media.emit({ type: 'volumechange', volume, muted }));
    };
    const mutes = () =>
      ports.sentStats
        .map((s) => s.event)
        .filter((e) => e === 'videoplayer_mute' || e === 'videoplayer_unmute');
    await untilIdle();
    expect(store.getState().media).toMatchObject({ muted: true, autoplayMuted: true });
    expect(storage.values.get('player-muted')).not.toBe('true');
    expect(mutes()).toEqual([]);
    // a quieter volume while it is so (the volume-down key) is the viewer's volume, not their mute
    store.dispatch(playbackRequests.volumeRequested({ volume: 0.5, muted: true }));
    await untilIdle();
    expect(storage.values.get('player-volume')).toBe('0.5');
    expect(storage.values.get('player-muted')).not.toBe('true');

    store.dispatch(playbackRequests.volumeRequested({ volume: 1, muted: false }));
    await untilIdle();
    expect(storage.values.get('player-muted')).toBe('false');
    store.dispatch(playbackRequests.volumeRequested({ volume: 1, muted: true }));
    await untilIdle();
    expect(storage.values.get('player-muted')).toBe('true');
    expect(mutes()).toEqual(['videoplayer_unmute', 'videoplayer_mute']);
  });
});

describe('the end of an episode is no saved position', () => {
  /** the series, its catalog saying its episodes last 100 s, longer than the media's 24 s */
  const longerInCatalog = catalogRoutes(2, {
    ...series,
    episodes: series.episodes.map((e) => ({ ...e, duration: 100 })),
  });

  it('writes a pause in the media’s last seconds as the episode’s end, which no prompt offers', async () => {
    const storage = fakeStorage();
    // the 24 s media's end is its last 1.2 s (a short clip's is 5 % of it)
    const { media, clock } = player('?movie_id=2&episode_id=203&t=21', {
      routes: longerInCatalog,
      storage,
    });
    await untilIdle();
    media.emit({ type: 'durationchange', duration: 24 });
    media.emit({ type: 'playing' });
    await clock.advance(2500);
    media.emit({ type: 'pause', currentTime: media.state.currentTime });
    await untilIdle();
    expect(JSON.parse(storage.values.get(PROGRESS_KEY)!)).toEqual({ 203: 100 });
    // the next visit
    const next = startPlayer(
      '?movie_id=2&episode_id=203',
      fakePorts({
        http: fakeHttp(longerInCatalog),
        storage,
      }),
    );
    await untilIdle();
    expect(next.store.getState().resume).toMatchObject({ savedTime: null, promptVisible: false });
  });

  it('writes a pause before the media’s last seconds as the position', async () => {
    const storage = fakeStorage();
    const { media, clock } = player('?movie_id=2&episode_id=203&t=10', {
      routes: longerInCatalog,
      storage,
    });
    await untilIdle();
    media.emit({ type: 'durationchange', duration: 24 });
    media.emit({ type: 'playing' });
    await clock.advance(2500);
    media.emit({ type: 'pause', currentTime: media.state.currentTime });
    await untilIdle();
    expect(JSON.parse(storage.values.get(PROGRESS_KEY)!)).toEqual({ 203: 12 });
  });

  it.each([
    ['starts over from a position in the media’s last seconds', 50, 0],
    ['continues from a position before them', 10, 10],
  ])('%s', async (_name, saved, from) => {
    const { media, store } = player('?movie_id=2&episode_id=203', {
      routes: longerInCatalog,
      storage: fakeStorage({ [PROGRESS_KEY]: JSON.stringify({ 203: saved }) }),
    });
    await untilIdle();
    expect(store.getState().resume).toMatchObject({ savedTime: saved, promptVisible: true });
    media.emit({ type: 'durationchange', duration: 24 });
    store.dispatch(resumeActions.continueRequested());
    await untilIdle();
    expect(media.calls.filter((c) => c.method === 'seek')).toEqual([
      { method: 'seek', args: [from] },
    ]);
    expect(media.calls.at(-1)!.method).toBe('play');
  });
});

describe('end of an episode', () => {
  it('selects the next episode and plays it', async () => {
    const { media, store, ports } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(204);
    expect(store.getState().resume).toMatchObject({ autoplay: true, promptVisible: false });
    expect(media.calls.filter((c) => c.method === 'load')).toHaveLength(2);
    expect(media.calls[media.calls.length - 1]!.method).toBe('play');
    expect(
      ports.posted
        .filter((m) => m.event === 'episodeChanged')
        .map((m) => (m.data as { id: number }).id),
    ).toEqual([203, 204]);
  });

  it('stops after the last episode', async () => {
    const { media, store } = player('?movie_id=2&episode_id=205');
    await untilIdle();
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(205);
    expect(media.calls.filter((c) => c.method === 'load')).toHaveLength(1);
  });
});
