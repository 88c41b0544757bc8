// What the viewer set up is there in the next session: subtitles (by language), speed and the
// subtitle style; unreadable memory is no memory. And Save-Data caps automatic quality until the
// viewer picks one.
import { PROTOCOL } from '../../../src/shared/protocol';
import { contentActions } from '../../../src/state/content';
import { streamRequests } from '../../../src/state/stream';
import { subtitleStyleRequests } from '../../../src/state/subtitleStyle';
import { DEFAULT_SUBTITLE_STYLE } from '../../../src/shared/subtitleStyle';
import {
  DESKTOP,
  fakeDevice,
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  fakeStorage,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import seriesMaster from '../../../demo/fixtures/series.json';

const subtitleTracks = [
  { id: 0, name: 'Русские', lang: 'ru' },
  { id: 1, name: 'English', lang: 'en' },
];

function player(stored: Record<string, string> = {}, { saveData = false } = {}) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  // as hls.js does, the switch is told inside the call that asks for it (the actor is mid-step)
  const record = media.port.setSubtitleTrack;
  media.port.setSubtitleTrack = (id) => {
    record(id);
    media.emit({ type: 'subtitleTrackSwitched', id });
  };
  const storage = fakeStorage(stored);
  const parent = fakeParent([], { embedder: HOST_ORIGIN });
  const ports = fakePorts({
    http: fakeHttp({
      ...catalogRoutes(2, series),
      [`${BASE}/media/series.json`]: ok(seriesMaster),
    }),
    media: media.port,
    clock: clock.port,
    storage,
    device: fakeDevice({ ...DESKTOP, saveData }),
    parent: parent.port,
  });
  const { store } = startPlayer('?movie_id=2&episode_id=203', ports, {
    hostOrigin: HOST_ORIGIN,
    framed: true,
  });
  const callsOf = (method: string) => media.calls.filter((c) => c.method === method);
  /** the events the host page was told */
  const told = (event: string) => parent.posted.filter((m) => m.event === event);
  /** a host page's command */
  const hostSends = async (command: string, args: unknown) => {
    parent.send({ protocol: PROTOCOL, command, args, requestId: command });
    await untilIdle();
  };
  return { store, media, storage, callsOf, told, hostSends };
}

describe('speed across sessions', () => {
  it('applies the last session speed with the first load', async () => {
    const { store, media, callsOf } = player({ 'player-playback-rate': '1.5' });
    await untilIdle();
    expect(store.getState().stream.rate).toBe(1.5);
    const methods = media.calls.map((c) => c.method);
    expect(methods.indexOf('setRate')).toBeGreaterThan(methods.indexOf('load'));
    expect(callsOf('setRate').map((c) => c.args)).toEqual([[1.5]]);
  });

  it.each(['3', 'fast', '', '{"rate":1.5}'])(
    'keeps the normal speed when the stored one is %j (not one the menu offers)',
    async (stored) => {
      const { store, callsOf } = player({ 'player-playback-rate': stored });
      await untilIdle();
      expect(store.getState().stream.rate).toBe(1);
      expect(callsOf('setRate')).toEqual([]);
    },
  );

  it("does not remember a host page's speed as the viewer's", async () => {
    const { store, storage, hostSends } = player();
    await untilIdle();
    await hostSends('setPlaybackRate', { rate: 1.25 });
    expect(store.getState().stream.rate).toBe(1.25);
    expect(storage.values.has('player-playback-rate')).toBe(false);
  });

  it("remembers the viewer's speed", async () => {
    const { store, storage } = player();
    await untilIdle();
    store.dispatch(streamRequests.rateRequested({ rate: 0.75 }));
    await untilIdle();
    expect(storage.values.get('player-playback-rate')).toBe('0.75');
  });

  it('tells the host no speed change at the start before the video changes its speed', async () => {
    const { store, media, told } = player({ 'player-playback-rate': '1.5' });
    await untilIdle();
    expect(store.getState().stream.rate).toBe(1.5);
    expect(told('rateChange')).toEqual([]);
    media.emit({ type: 'ratechange', rate: 1.5 });
    await untilIdle();
    expect(told('rateChange').map((m) => m.data)).toEqual([{ rate: 1.5 }]);
  });

  it("a host's speed sent before the film loads is the one applied, and not remembered", async () => {
    const { store, storage, callsOf, hostSends } = player({ 'player-playback-rate': '1.5' });
    await hostSends('setPlaybackRate', { rate: 2 });
    await untilIdle();
    expect(callsOf('load')).toHaveLength(1);
    expect(callsOf('setRate').at(-1)?.args).toEqual([2]);
    expect(store.getState().stream.rate).toBe(2);
    expect(storage.values.get('player-playback-rate')).toBe('1.5');
  });
});

describe('subtitles across sessions', () => {
  /** hls.js announces the tracks with none on, then switches a DEFAULT=YES one on */
  async function withTracks(stored: string | null, tracks = subtitleTracks, streamDefault = -1) {
    const p = player(stored === null ? {} : { 'player-subtitles': stored });
    await untilIdle();
    p.media.emit({ type: 'subtitleTracks', tracks, current: -1 });
    if (streamDefault >= 0) p.media.emit({ type: 'subtitleTrackSwitched', id: streamDefault });
    await untilIdle();
    // switched once the video has its metadata
    expect(p.callsOf('setSubtitleTrack')).toEqual([]);
    p.media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    return p;
  }

  it('turns the remembered language on when the episode has it; the menu knows it', async () => {
    const { callsOf, store, told } = await withTracks('{"lang":"en","name":"English"}');
    expect(callsOf('setSubtitleTrack').map((c) => c.args)).toEqual([[1]]);
    expect(store.getState().stream.subtitleTrack).toBe(1);
    expect(told('subtitleChange').at(-1)?.data).toEqual(subtitleTracks[1]);
  });

  it('finds the language under another name or a regional code', async () => {
    const { callsOf } = await withTracks('{"lang":"en","name":"English (forced)"}', [
      { id: 0, name: 'Русские', lang: 'ru' },
      { id: 5, name: 'English SDH', lang: 'en-US' },
    ]);
    expect(callsOf('setSubtitleTrack').map((c) => c.args)).toEqual([[5]]);
  });

  it.each([
    ['a language the episode lacks', '{"lang":"de","name":"Deutsch"}'],
    ['nothing remembered', null],
    ['corrupt memory', '{"lang":'],
    ['memory of the wrong shape', '["en"]'],
  ])('leaves the subtitles off for %s', async (_, stored) => {
    const { callsOf } = await withTracks(stored);
    expect(callsOf('setSubtitleTrack')).toEqual([]);
  });

  it("turns off the stream's default subtitles when the viewer had them off", async () => {
    const { callsOf, store } = await withTracks('off', subtitleTracks, 0);
    expect(callsOf('setSubtitleTrack').map((c) => c.args)).toEqual([[-1]]);
    expect(store.getState().stream.subtitleTrack).toBe(-1);
  });

  it('a choice the viewer makes while the restore waits for metadata is the one kept', async () => {
    const { store, media, callsOf } = player({
      'player-subtitles': '{"lang":"en","name":"English"}',
    });
    await untilIdle();
    media.emit({ type: 'subtitleTracks', tracks: subtitleTracks, current: -1 });
    store.dispatch(streamRequests.subtitleRequested({ id: 0 }));
    await untilIdle();
    media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    expect(callsOf('setSubtitleTrack').map((c) => c.args)).toEqual([[0]]);
    expect(store.getState().stream.subtitleTrack).toBe(0);
  });

  it("does not remember a host page's subtitles as the viewer's", async () => {
    const { store, storage, hostSends } = await withTracks('{"lang":"en","name":"English"}');
    await hostSends('setSubtitleTrack', { id: 'off' });
    expect(store.getState().stream.subtitleTrack).toBe(-1);
    expect(storage.values.get('player-subtitles')).toBe('{"lang":"en","name":"English"}');
    await hostSends('setSubtitleTrack', { id: 0 });
    expect(store.getState().stream.subtitleTrack).toBe(0);
    expect(storage.values.get('player-subtitles')).toBe('{"lang":"en","name":"English"}');
  });

  it("remembers the viewer's subtitles by language, and off", async () => {
    const { store, storage } = await withTracks(null);
    store.dispatch(streamRequests.subtitleRequested({ id: 1 }));
    await untilIdle();
    expect(JSON.parse(storage.values.get('player-subtitles')!)).toEqual({
      lang: 'en',
      name: 'English',
    });
    store.dispatch(streamRequests.subtitleRequested({ id: -1 }));
    await untilIdle();
    expect(storage.values.get('player-subtitles')).toBe('off');
  });

  it('drops a restore still waiting for metadata when another episode loads', async () => {
    const { store, media, callsOf } = player({
      'player-subtitles': '{"lang":"en","name":"English"}',
    });
    await untilIdle();
    media.emit({ type: 'subtitleTracks', tracks: subtitleTracks, current: -1 });
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    expect(callsOf('setSubtitleTrack')).toEqual([]); // the old episode's track ids
  });

  it('carries the choice to the next episode', async () => {
    const { store, media, callsOf } = await withTracks(null);
    store.dispatch(streamRequests.subtitleRequested({ id: 0 }));
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    media.emit({ type: 'subtitleTracks', tracks: subtitleTracks, current: -1 });
    media.emit({ type: 'durationchange', duration: 24 });
    await untilIdle();
    expect(callsOf('setSubtitleTrack').map((c) => c.args)).toEqual([[0], [0]]);
  });
});

describe('the subtitle style across sessions', () => {
  it('reads the last style back', async () => {
    const stored = {
      ...DEFAULT_SUBTITLE_STYLE,
      font: 'monoSerif',
      size: 200,
      color: 'yellow',
      textOpacity: 75,
      backgroundColor: 'blue',
      background: 100,
      windowColor: 'white',
      windowOpacity: 25,
      edge: 'dropShadow',
    };
    const { store } = player({ 'player-subtitle-style': JSON.stringify(stored) });
    await untilIdle();
    expect(store.getState().subtitleStyle).toEqual(stored);
  });

  it('reads a style an earlier version remembered: its size by name is a percentage', async () => {
    const { store } = player({
      'player-subtitle-style': '{"size":"large","color":"yellow","background":100}',
    });
    await untilIdle();
    expect(store.getState().subtitleStyle).toEqual({
      ...DEFAULT_SUBTITLE_STYLE,
      size: 150,
      color: 'yellow',
      background: 100,
    });
  });

  it.each([
    ['corrupt', 'not json', DEFAULT_SUBTITLE_STYLE],
    [
      'unknown values',
      '{"size":"huge","color":"yellow","background":33}',
      {
        ...DEFAULT_SUBTITLE_STYLE,
        color: 'yellow',
      },
    ],
  ])('falls back to the defaults for %s memory', async (_, stored, expected) => {
    const { store } = player({ 'player-subtitle-style': stored });
    await untilIdle();
    expect(store.getState().subtitleStyle).toEqual(expected);
  });

  it('keeps the style to values the menu offers, whatever a request carries', async () => {
    const { store, storage } = player();
    await untilIdle();
    store.dispatch(
      subtitleStyleRequests.styleRequested({ color: 'purple', size: 150, edge: 7 } as unknown as {
        size: 150;
      }),
    );
    await untilIdle();
    const expected = { ...DEFAULT_SUBTITLE_STYLE, size: 150 };
    expect(store.getState().subtitleStyle).toEqual(expected);
    expect(JSON.parse(storage.values.get('player-subtitle-style')!)).toEqual(expected);
  });

  it("remembers each of the viewer's changes", async () => {
    const { store, storage } = player();
    await untilIdle();
    store.dispatch(subtitleStyleRequests.styleRequested({ color: 'cyan' }));
    store.dispatch(subtitleStyleRequests.styleRequested({ background: 0 }));
    await untilIdle();
    expect(JSON.parse(storage.values.get('player-subtitle-style')!)).toEqual({
      ...DEFAULT_SUBTITLE_STYLE,
      color: 'cyan',
      background: 0,
    });
  });

  it('the reset puts every field back to its default, and remembers that', async () => {
    const { store, storage } = player({
      'player-subtitle-style': '{"size":300,"color":"red","edge":"raised","windowOpacity":50}',
    });
    await untilIdle();
    store.dispatch(subtitleStyleRequests.styleReset());
    await untilIdle();
    expect(store.getState().subtitleStyle).toEqual(DEFAULT_SUBTITLE_STYLE);
    expect(JSON.parse(storage.values.get('player-subtitle-style')!)).toEqual(
      DEFAULT_SUBTITLE_STYLE,
    );
  });
});

describe('Save-Data', () => {
  const loads = (calls: { method: string; args: unknown[] }[]) =>
    calls.filter((c) => c.method === 'load').map((c) => c.args[0]);

  it('caps automatic quality at 360p while the viewer has picked none', async () => {
    const { media } = player({}, { saveData: true });
    await untilIdle();
    expect(loads(media.calls)).toEqual([expect.objectContaining({ autoMaxHeight: 360 })]);
  });

  it('leaves it uncapped without Save-Data', async () => {
    const { media } = player();
    await untilIdle();
    expect(loads(media.calls)).toEqual([expect.objectContaining({ autoMaxHeight: null })]);
  });

  it("lifts the cap with the viewer's pick, Auto included, for the next episodes too", async () => {
    const { store, media } = player({}, { saveData: true });
    await untilIdle();
    media.emit({
      type: 'levels',
      levels: [
        { height: 240, bitrate: 1 },
        { height: 480, bitrate: 2 },
      ],
      auto: true,
    });
    store.dispatch(streamRequests.qualityRequested({ level: -1 }));
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(media.calls.filter((c) => c.method === 'setLevel').map((c) => c.args)).toEqual([[-1]]);
    expect(loads(media.calls)).toEqual([
      expect.objectContaining({ autoMaxHeight: 360 }),
      expect.objectContaining({ autoMaxHeight: null }),
    ]);
  });
});
