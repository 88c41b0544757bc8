// The preferences actor on its own: it reads the viewer's preferences back once at the start, into
// the state the stream actor applies them from, and writes each on the action that changes it, with
// the same keys, values and rules as before it owned them (the browser's autoplay mute, a host
// page's choices and a track the stream does not have are not the viewer's).
import type { UnknownAction } from 'redux';
import { expectSaga } from 'redux-saga-test-plan';
import { preferencesActor } from '../../../sagas/preferences/preferences';
import { rootReducer, type PlayerState } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { preferencesActions } from '../../../src/state/preferences';
import { streamActions, streamRequests } from '../../../src/state/stream';
import { subtitleStyleActions, subtitleStyleRequests } from '../../../src/state/subtitleStyle';
import { DEFAULT_SUBTITLE_STYLE } from '../../../src/shared/subtitleStyle';
import { systemActions } from '../../../src/state/system';
import {
  fakeHttp,
  fakeMedia,
  fakePorts,
  fakeStorage,
  HOST_ORIGIN,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { recordSession } from '../recorder/session';

const tracks = [
  { id: 0, name: 'Русский', lang: 'ru' },
  { id: 1, name: 'English', lang: 'en' },
];

/** Storage that tells each call made of it, in order. */
function recordingStorage(initial: Record<string, string> = {}) {
  const storage = fakeStorage(initial);
  const calls: string[][] = [];
  return {
    values: storage.values,
    calls,
    get: (key: string) => {
      calls.push(['get', key]);
      return storage.get(key);
    },
    set: (key: string, value: string) => {
      calls.push(['set', key, value]);
      storage.set(key, value);
    },
    remove: (key: string) => {
      calls.push(['remove', key]);
      storage.remove(key);
    },
  };
}

/** The state after these actions, from the initial one. */
const stateAfter = (...actions: UnknownAction[]): PlayerState =>
  actions.reduce(rootReducer, undefined as unknown as PlayerState);

/** The series (content 2) booted, its stream's subtitle and audio tracks known. */
const booted = (...more: UnknownAction[]) =>
  stateAfter(
    contentActions.loaded(series),
    systemActions.bootSucceeded(),
    streamActions.subtitleTracksLoaded({ tracks, current: -1 }),
    streamActions.audioTracksLoaded({ tracks, current: 0 }),
    ...more,
  );

/** The actor on this storage and state, given these actions; what it put and left in the state. */
async function run(
  storage: ReturnType<typeof recordingStorage>,
  state: PlayerState,
  ...actions: UnknownAction[]
) {
  const ports = fakePorts({ storage });
  let saga = expectSaga(preferencesActor)
    .withReducer(rootReducer, state)
    .provide({ getContext: () => ports });
  for (const action of actions) saga = saga.dispatch(action);
  const { effects, storeState } = await saga.silentRun(50);
  const puts = ((effects.put ?? []) as { payload: { action: UnknownAction } }[]).map(
    (p) => p.payload.action,
  );
  return { puts, state: storeState as PlayerState };
}

describe('the preferences actor: the last session read back at the start', () => {
  const stored = {
    'player-volume': '0.35',
    'player-muted': 'true',
    'player-playback-rate': '1.25',
    'player-subtitles': '{"lang":"en","name":"English"}',
    'player-subtitle-style': '{"size":"large","color":"yellow","background":100}',
  };

  it('reads each once, into the state the stream actor applies them from', async () => {
    const storage = recordingStorage(stored);
    const { puts, state } = await run(storage, stateAfter());
    expect(storage.calls).toEqual([
      ['get', 'player-subtitle-style'],
      ['get', 'player-volume'],
      ['get', 'player-muted'],
      ['get', 'player-playback-rate'],
      ['get', 'player-subtitles'],
    ]);
    expect(puts).toEqual([
      subtitleStyleActions.restored({
        ...DEFAULT_SUBTITLE_STYLE,
        size: 150,
        color: 'yellow',
        background: 100,
      }),
      preferencesActions.volumeRestored({ volume: 0.35, muted: true }),
      streamActions.rateRestored({ rate: 1.25 }),
      preferencesActions.subtitlesRemembered({ lang: 'en', name: 'English' }),
    ]);
    expect(state.preferences).toEqual({
      volume: 0.35,
      muted: true,
      subtitles: { lang: 'en', name: 'English' },
    });
    expect(state.stream.rate).toBe(1.25);
  });

  it('puts nothing when nothing was kept: a first visit has the actions it had', async () => {
    const storage = recordingStorage();
    const { puts, state } = await run(storage, stateAfter());
    expect(storage.calls).toHaveLength(5);
    expect(puts).toEqual([]);
    expect(state.preferences).toEqual({ volume: 1, muted: false, subtitles: null });
  });

  it('reads unreadable memory as the defaults', async () => {
    const storage = recordingStorage({
      'player-volume': 'loud',
      'player-playback-rate': '3',
      'player-subtitles': '{"lang":',
    });
    const { puts } = await run(storage, stateAfter());
    expect(puts).toEqual([preferencesActions.volumeRestored({ volume: 1, muted: false })]);
  });

  it('started again after the boot, keeps this session’s and reads nothing', async () => {
    const storage = recordingStorage(stored);
    const { puts, state } = await run(
      storage,
      booted(mediaActions.volumeChanged({ volume: 0.6, muted: false })),
    );
    expect(storage.calls).toEqual([]);
    expect(puts).toEqual([]);
    expect(state.preferences.volume).toBe(0.6);
  });
});

describe('the preferences actor: volume and mute', () => {
  it('writes both as the media element reports them; the state follows', async () => {
    const storage = recordingStorage();
    const { state } = await run(
      storage,
      booted(),
      mediaActions.volumeChanged({ volume: 0.4, muted: true }),
    );
    expect(storage.calls).toEqual([
      ['set', 'player-volume', '0.4'],
      ['set', 'player-muted', 'true'],
    ]);
    expect(state.preferences).toMatchObject({ volume: 0.4, muted: true });
  });

  it("does not store the browser's autoplay mute, nor keep it as the viewer's; the volume it does", async () => {
    const storage = recordingStorage();
    const { state } = await run(
      storage,
      booted(),
      mediaActions.volumeChanged({ volume: 0.5, muted: true, mutedForBrowser: true }),
    );
    expect(storage.calls).toEqual([['set', 'player-volume', '0.5']]);
    expect(state.preferences).toMatchObject({ volume: 0.5, muted: false });
  });

  it('does not write on a request: the element’s report is what is remembered', async () => {
    const storage = recordingStorage();
    await run(storage, booted(), playbackRequests.volumeRequested({ volume: 0.2, muted: false }));
    expect(storage.calls).toEqual([]);
  });
});

describe('the preferences actor: speed', () => {
  it("writes the viewer's speed", async () => {
    const storage = recordingStorage();
    await run(storage, booted(), streamRequests.rateRequested({ rate: 0.75 }));
    expect(storage.calls).toEqual([['set', 'player-playback-rate', '0.75']]);
  });

  it("does not write a host page's", async () => {
    const storage = recordingStorage();
    await run(storage, booted(), streamRequests.rateRequested({ rate: 2, byHost: true }));
    expect(storage.calls).toEqual([]);
  });
});

describe('the preferences actor: subtitles', () => {
  it("writes the viewer's subtitles by language, and off; the state follows", async () => {
    const storage = recordingStorage();
    const { puts, state } = await run(
      storage,
      booted(),
      streamRequests.subtitleRequested({ id: 1 }),
      streamRequests.subtitleRequested({ id: -1 }),
    );
    expect(storage.calls).toEqual([
      ['set', 'player-subtitles', '{"lang":"en","name":"English"}'],
      ['set', 'player-subtitles', 'off'],
    ]);
    expect(puts).toEqual([
      preferencesActions.subtitlesRemembered({ lang: 'en', name: 'English' }),
      preferencesActions.subtitlesRemembered('off'),
    ]);
    expect(state.preferences.subtitles).toBe('off');
  });

  it("writes neither a host page's choice nor a track the stream does not have", async () => {
    const storage = recordingStorage();
    const { puts, state } = await run(
      storage,
      booted(preferencesActions.subtitlesRemembered({ lang: 'ru', name: 'Русский' })),
      streamRequests.subtitleRequested({ id: 1, byHost: true }),
      streamRequests.subtitleRequested({ id: -1, byHost: true }),
      streamRequests.subtitleRequested({ id: 7 }),
    );
    expect(storage.calls).toEqual([]);
    expect(puts).toEqual([]);
    expect(state.preferences.subtitles).toEqual({ lang: 'ru', name: 'Русский' });
  });

  it('writes the subtitle style as the state has it, at each change', async () => {
    const storage = recordingStorage();
    await run(
      storage,
      booted(),
      subtitleStyleRequests.styleRequested({ color: 'cyan' }),
      subtitleStyleRequests.styleRequested({ background: 0 }),
    );
    expect(storage.calls).toEqual([
      [
        'set',
        'player-subtitle-style',
        JSON.stringify({ ...DEFAULT_SUBTITLE_STYLE, color: 'cyan' }),
      ],
      [
        'set',
        'player-subtitle-style',
        JSON.stringify({ ...DEFAULT_SUBTITLE_STYLE, color: 'cyan', background: 0 }),
      ],
    ]);
  });
});

describe('the preferences actor: audio labels and favourites', () => {
  it("writes the label for the content, and puts it first among the viewer's five favourites", async () => {
    const storage = recordingStorage({
      'player-favourite-audio-tracks': JSON.stringify(['A', 'B', 'English', 'C', 'D', 'E']),
    });
    await run(storage, booted(), streamRequests.audioTrackRequested({ id: 1 }));
    expect(storage.calls).toEqual([
      ['set', 'player-audio-track:2', 'English'],
      ['get', 'player-favourite-audio-tracks'],
      ['set', 'player-favourite-audio-tracks', '["English","A","B","C","D"]'],
    ]);
  });

  it('starts the favourites with the first choice, and writes nothing for a track the stream lacks', async () => {
    const storage = recordingStorage();
    await run(
      storage,
      booted(),
      streamRequests.audioTrackRequested({ id: 9 }),
      streamRequests.audioTrackRequested({ id: 0 }),
    );
    expect(storage.calls).toEqual([
      ['set', 'player-audio-track:2', 'Русский'],
      ['get', 'player-favourite-audio-tracks'],
      ['set', 'player-favourite-audio-tracks', '["Русский"]'],
    ]);
  });
});

describe('one actor owns the viewer’s preferences', () => {
  it('every write of them in a whole session is the preferences actor’s', async () => {
    const session = await recordSession();
    const { store, media } = session;
    media.emit({ type: 'subtitleTracks', tracks, current: -1 });
    media.emit({ type: 'audioTracks', tracks, current: 0 });
    media.emit({ type: 'durationchange', duration: 24 });
    media.emit({ type: 'volumechange', volume: 0.5, muted: true });
    await untilIdle();
    store.dispatch(streamRequests.subtitleRequested({ id: 1 }));
    store.dispatch(streamRequests.audioTrackRequested({ id: 1 }));
    store.dispatch(streamRequests.rateRequested({ rate: 1.5 }));
    store.dispatch(subtitleStyleRequests.styleRequested({ size: 150 }));
    await untilIdle();
    const writes = (await session.recorder.export()).entries.flatMap((e) =>
      e.kind === 'call' && e.port === 'storage' && e.method === 'set'
        ? [[e.actor, (e.args as string[])[0]]]
        : [],
    );
    expect(writes.filter(([, key]) => key !== 'episodesTimeProgress')).toEqual([
      ['preferences', 'player-volume'],
      ['preferences', 'player-muted'],
      ['preferences', 'player-subtitles'],
      ['preferences', 'player-audio-track:1'],
      ['preferences', 'player-favourite-audio-tracks'],
      ['preferences', 'player-playback-rate'],
      ['preferences', 'player-subtitle-style'],
    ]);
  });

  it('the first load applies the volume the element reported before it, not the stored one', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const ports = fakePorts({
      http: fakeHttp(catalogRoutes(2, series)),
      media: media.port,
      clock: clock.port,
      storage: fakeStorage({ 'player-volume': '0.35', 'player-muted': 'true' }),
    });
    startPlayer('?movie_id=2&episode_id=203', ports, { hostOrigin: HOST_ORIGIN });
    // before the film loads (a host page's setVolume), the element reports another volume
    media.emit({ type: 'volumechange', volume: 0.8, muted: false });
    await untilIdle();
    expect(media.calls.map((c) => c.method)).toEqual(['setVolume', 'load']);
    expect(media.calls[0]!.args).toEqual([0.8, false]);
  });
});
