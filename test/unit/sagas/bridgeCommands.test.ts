// The host's commands and getters beyond play, pause, seek and volume: rate, quality, subtitles,
// audio, fullscreen and picture-in-picture, other content; the events of buffering, duration and
// rate; and the refusals, each with its stable code.
import { DISPLAY_EVENT_WAIT_MS } from '../../../sagas/bridge/commands';
import { PROTOCOL } from '../../../src/shared/protocol';
import { adsActions } from '../../../src/state/ads';
import {
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  fakeViewport,
  HOST_ORIGIN,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const LEVELS = [
  { height: 360, bitrate: 800_000 },
  { height: 1080, bitrate: 5_000_000 },
  { height: 720, bitrate: 2_500_000 },
];
const AUDIO = [
  { id: 0, name: 'Русский', lang: 'ru' },
  { id: 1, name: 'English', lang: 'en' },
];
const SUBS = [
  { id: 0, name: 'Русские', lang: 'ru' },
  { id: 1, name: 'English', lang: 'en' },
];

async function embedded(dataset: Record<string, string> = {}) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const parent = fakeParent([], { embedder: HOST_ORIGIN });
  const viewport = fakeViewport();
  const reloads: unknown[] = [];
  const ports = fakePorts({
    http: fakeHttp(catalogRoutes(2, series)),
    media: media.port,
    clock: clock.port,
    parent: parent.port,
    viewport: viewport.port,
    page: {
      subscribe: () => () => undefined,
      reloadFor: (c) => void reloads.push(c),
      reload: () => undefined,
    },
  });
  const { store } = startPlayer('?movie_id=2', ports, {
    hostOrigin: HOST_ORIGIN,
    framed: true,
    dataset,
  });
  await untilIdle();
  media.emit({ type: 'levels', levels: LEVELS, auto: true });
  media.emit({ type: 'audioTracks', tracks: AUDIO, current: 0 });
  media.emit({ type: 'subtitleTracks', tracks: SUBS, current: -1 });
  await untilIdle();
  let next = 1;
  /** sends a command and gives its answer */
  const ask = async (command: string, args?: unknown) => {
    const requestId = `q${next++}`;
    parent.send({ protocol: PROTOCOL, command, args, requestId });
    await untilIdle();
    return parent.posted.find((m) => m.requestId === requestId) as
      { data?: unknown; error?: { code: string; message: string } } | undefined;
  };
  /** sends commands one after the other at once, as a host page may, and gives their answers */
  const askTogether = async (...commands: string[]) => {
    const ids = commands.map((command) => {
      const requestId = `q${next++}`;
      parent.send({ protocol: PROTOCOL, command, requestId });
      return requestId;
    });
    await untilIdle();
    return ids.map(
      (id) =>
        parent.posted.find((m) => m.requestId === id) as
          { data?: unknown; error?: { code: string; message: string } } | undefined,
    );
  };
  const told = (event: string) => parent.posted.filter((m) => m.event === event);
  const calls = (method: string) => media.calls.filter((c) => c.method === method);
  const inBreak = async () => {
    store.dispatch(adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }));
    await untilIdle();
  };
  return { store, media, parent, viewport, reloads, ask, askTogether, told, calls, inBreak, clock };
}

describe('the bridge: rate, quality, subtitles, audio', () => {
  it('sets the playback rate; the rateChange event and getPlaybackRate follow the element', async () => {
    const { ask, calls, media, told } = await embedded();
    expect(await ask('setPlaybackRate', { rate: 1.5 })).toMatchObject({ event: 'response' });
    expect(calls('setRate').map((c) => c.args)).toEqual([[1.5]]);
    media.emit({ type: 'ratechange', rate: 1.5 });
    await untilIdle();
    expect(told('rateChange').map((m) => m.data)).toEqual([{ rate: 1.5 }]);
    expect((await ask('getPlaybackRate'))?.data).toBe(1.5);
  });

  it('refuses a rate out of range (BAD_ARGUMENT) and any rate during an advert (AD_PLAYING)', async () => {
    const { ask, calls, inBreak } = await embedded();
    expect((await ask('setPlaybackRate', { rate: 16 }))?.error?.code).toBe('BAD_ARGUMENT');
    expect((await ask('setPlaybackRate', { rate: 'fast' }))?.error?.code).toBe('BAD_ARGUMENT');
    await inBreak();
    expect((await ask('setPlaybackRate', { rate: 2 }))?.error?.code).toBe('AD_PLAYING');
    expect(calls('setRate')).toEqual([]);
  });

  it('lists the qualities highest first, sets one by its height and Auto again', async () => {
    const { ask, calls, media, told } = await embedded();
    expect((await ask('getQualities'))?.data).toEqual([
      { level: 1, height: 1080, bitrate: 5_000_000 },
      { level: 2, height: 720, bitrate: 2_500_000 },
      { level: 0, height: 360, bitrate: 800_000 },
    ]);
    expect((await ask('setQuality', { quality: 720 }))?.error).toBeUndefined();
    media.emit({ type: 'levelSwitched', level: 2, auto: false });
    await untilIdle();
    expect((await ask('getQuality'))?.data).toEqual({ level: 2, height: 720, auto: false });
    expect(told('qualityChange').at(-1)?.data).toEqual({ level: 2, height: 720, auto: false });
    await ask('setQuality', { quality: 'auto' });
    expect(calls('setLevel').map((c) => c.args)).toEqual([[2], [-1]]);
  });

  it('refuses a height the stream does not have (UNKNOWN_QUALITY) and a bad value (BAD_ARGUMENT)', async () => {
    const { ask, calls } = await embedded();
    expect((await ask('setQuality', { quality: 480 }))?.error?.code).toBe('UNKNOWN_QUALITY');
    expect((await ask('setQuality', { quality: 'best' }))?.error?.code).toBe('BAD_ARGUMENT');
    expect(calls('setLevel')).toEqual([]);
  });

  it('lists and sets subtitles, off included; refuses an unknown track', async () => {
    const { ask, calls, media, told } = await embedded();
    expect((await ask('getSubtitleTracks'))?.data).toEqual(SUBS);
    expect((await ask('getSubtitleTrack'))?.data).toBeNull();
    await ask('setSubtitleTrack', { id: 1 });
    media.emit({ type: 'subtitleTrackSwitched', id: 1 });
    await untilIdle();
    expect((await ask('getSubtitleTrack'))?.data).toEqual(SUBS[1]);
    expect(told('subtitleChange').at(-1)?.data).toEqual(SUBS[1]);
    await ask('setSubtitleTrack', { id: 'off' });
    expect(calls('setSubtitleTrack').map((c) => c.args)).toEqual([[1], [-1]]);
    expect((await ask('setSubtitleTrack', { id: 9 }))?.error?.code).toBe('UNKNOWN_SUBTITLE_TRACK');
    expect(calls('setSubtitleTrack')).toHaveLength(2);
  });

  it('lists and sets the audio track; refuses an unknown one', async () => {
    const { ask, calls, store } = await embedded();
    expect((await ask('getAudioTracks'))?.data).toEqual(AUDIO);
    expect((await ask('getAudioTrack'))?.data).toEqual(AUDIO[0]);
    expect((await ask('setAudioTrack', { id: 1 }))?.error).toBeUndefined();
    expect(store.getState().stream.audioTracks).toHaveLength(2);
    expect(calls('setAudioTrack').map((c) => c.args)).toContainEqual([1]);
    expect((await ask('setAudioTrack', { id: 5 }))?.error?.code).toBe('UNKNOWN_AUDIO_TRACK');
    expect((await ask('setAudioTrack', { id: 'en' }))?.error?.code).toBe('BAD_ARGUMENT');
  });

  it('answers every track at once', async () => {
    const { ask } = await embedded();
    const tracks = (await ask('getTracks'))?.data as { qualities: unknown[] };
    expect(tracks).toMatchObject({ subtitles: SUBS, audio: AUDIO });
    expect(tracks.qualities).toHaveLength(3);
  });
});

describe('the bridge: fullscreen and picture-in-picture', () => {
  it('asks the browser; answers the mode once the state shows it, so a getter after reads it', async () => {
    const { askTogether, viewport, parent, store } = await embedded();
    // the browser has agreed, its change event not yet come: no answer yet
    const [waiting] = await askTogether('requestFullscreen', 'getFullscreen');
    expect(waiting).toBeUndefined();
    viewport.release();
    await untilIdle();
    const answers = parent.posted.filter(
      (m) => m.command === 'requestFullscreen' || m.command === 'getFullscreen',
    );
    expect(answers.map((m) => [m.command, m.data])).toEqual([
      ['requestFullscreen', { mode: 'fullscreen' }],
      ['getFullscreen', true],
    ]);
    const [left] = await askTogether('exitFullscreen');
    expect(left).toBeUndefined();
    viewport.release();
    await untilIdle();
    expect(store.getState().viewport.fullscreen).toBe(false);
    const [pip] = await askTogether('requestPictureInPicture');
    expect(pip).toBeUndefined();
    viewport.release();
    await untilIdle();
    const [inPip] = await askTogether('getPictureInPicture');
    expect(inPip?.data).toBe(true);
    expect(viewport.calls.map((c) => c.method)).toEqual([
      'requestFullscreen',
      'exitFullscreen',
      'requestPictureInPicture',
    ]);
  });

  it('when the browser never tells the change, answers within a second and goes on', async () => {
    const { askTogether, clock, parent } = await embedded();
    const [entered, after] = await askTogether('requestFullscreen', 'getVolume');
    expect([entered, after]).toEqual([undefined, undefined]);
    await clock.advance(DISPLAY_EVENT_WAIT_MS);
    await untilIdle();
    const answered = (command: string) => parent.posted.find((m) => m.command === command);
    expect(answered('requestFullscreen')?.data).toEqual({ mode: 'fullscreen' });
    expect(answered('getVolume')?.data).toBe(1);
  });

  it('NOT_ALLOWED when the browser refuses (no gesture), NOT_SUPPORTED when it has none', async () => {
    const { ask, viewport } = await embedded();
    viewport.outcomes.fullscreen = 'refused';
    viewport.outcomes.pictureInPicture = 'unsupported';
    const fullscreen = await ask('requestFullscreen');
    expect(fullscreen?.error).toEqual({
      code: 'NOT_ALLOWED',
      message: expect.stringContaining('gesture'),
    });
    expect((await ask('requestPictureInPicture'))?.error?.code).toBe('NOT_SUPPORTED');
  });

  it('the stretched mode needs no browser: the host page is told to stretch the frame, and back', async () => {
    const { ask, viewport, told, store } = await embedded({ fullscreen_mode: 'stretched' });
    expect((await ask('requestFullscreen'))?.data).toEqual({ mode: 'stretched' });
    expect(store.getState().viewport.stretched).toBe(true);
    await ask('requestFullscreen'); // already stretched: nothing more
    expect(told('fullscreenStretchedEnter')).toHaveLength(1);
    await ask('exitFullscreen');
    expect(told('fullscreenStretchedExit')).toHaveLength(1);
    expect(viewport.calls).toEqual([]);
  });

  it('no picture-in-picture during an advert: it would show the film', async () => {
    const { ask, inBreak, viewport } = await embedded();
    await inBreak();
    expect((await ask('requestPictureInPicture'))?.error?.code).toBe('AD_PLAYING');
    expect(viewport.calls).toEqual([]);
    expect((await ask('getPictureInPicture'))?.data).toBe(false);
  });
});

describe('the bridge: other content, adverts, unknown commands', () => {
  it('loads other content: answers, then the frame loads the player again for it', async () => {
    const { ask, reloads, parent } = await embedded();
    const answer = await ask('loadContent', { movieId: 7, episodeId: 701 });
    expect(answer).toMatchObject({ event: 'response', command: 'loadContent' });
    expect(answer?.error).toBeUndefined();
    // for the same host, whose origin the new frame is told
    expect(reloads).toEqual([{ movieId: 7, episodeId: 701, origin: 'https://host.example' }]);
    // the frame is being replaced: what the host sends now is for the new one, not carried out here
    expect(await ask('play')).toBeUndefined();
    expect(await ask('loadContent', { movieId: 8 })).toBeUndefined();
    expect(reloads).toHaveLength(1);
    // answered before the frame goes
    expect(parent.posted.filter((m) => m.command === 'loadContent')).toHaveLength(1);
  });

  it('loads other content without an episode', async () => {
    const { ask, reloads } = await embedded();
    await ask('loadContent', { movieId: 8 });
    expect(reloads).toEqual([{ movieId: 8, episodeId: null, origin: 'https://host.example' }]);
  });

  it('refuses other content during an advert and with a bad id', async () => {
    const { ask, reloads, inBreak } = await embedded();
    expect((await ask('loadContent', { movieId: -3 }))?.error?.code).toBe('BAD_ARGUMENT');
    expect((await ask('loadContent'))?.error?.code).toBe('BAD_ARGUMENT');
    await inBreak();
    expect((await ask('loadContent', { movieId: 7 }))?.error?.code).toBe('AD_PLAYING');
    expect(reloads).toEqual([]);
  });

  it('tells whether an advert plays', async () => {
    const { ask, store } = await embedded();
    expect((await ask('isAdPlaying'))?.data).toBe(false);
    store.dispatch(adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }));
    store.dispatch(adsActions.adCreated({ index: 0, vastUrl: 'https://ads.example/v.xml' }));
    await untilIdle();
    expect((await ask('isAdPlaying'))?.data).toBe(true);
    store.dispatch(adsActions.breakEnded({ kind: 'preroll', episodeId: null, playedSeconds: 0 }));
    await untilIdle();
    expect((await ask('isAdPlaying'))?.data).toBe(false);
  });

  it('answers an unknown command with UNKNOWN_COMMAND, never silence', async () => {
    const { ask, store } = await embedded();
    expect(await ask('explode')).toMatchObject({
      event: 'response',
      command: 'explode',
      error: { code: 'UNKNOWN_COMMAND' },
    });
    expect(store.getState().bridge.ignored).toBe(1);
  });
});

describe('the bridge: ended, buffered, and the events of buffering and duration', () => {
  it('answers ended and the buffered ranges', async () => {
    const { ask, media } = await embedded();
    expect((await ask('getEnded'))?.data).toBe(false);
    expect((await ask('getBuffered'))?.data).toEqual([[0, 30]]);
    await ask('setAutoplay', { autoplay: false }); // the next episode waits: this one stays ended
    media.emit({ type: 'playing' });
    media.emit({ type: 'ended' });
    await untilIdle();
    expect((await ask('getEnded'))?.data).toBe(true);
  });

  it('tells each buffering start once and its end once, the end before the play', async () => {
    const { media, told, parent } = await embedded();
    media.emit({ type: 'playing' });
    media.emit({ type: 'waiting' });
    media.emit({ type: 'waiting' });
    await untilIdle();
    expect(told('bufferingStart')).toHaveLength(1);
    expect(told('bufferingEnd')).toHaveLength(0);
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(told('bufferingEnd')).toHaveLength(1);
    const names = parent.posted.map((m) => m.event);
    expect(names.lastIndexOf('bufferingEnd')).toBeLessThan(names.lastIndexOf('play'));
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(told('bufferingEnd')).toHaveLength(1); // no start, no end
  });

  it('tells the duration as it changes', async () => {
    const { media, told } = await embedded();
    media.emit({ type: 'durationchange', duration: 1234.5 });
    await untilIdle();
    expect(told('durationChange').at(-1)?.data).toEqual({ duration: 1234.5 });
  });
});
