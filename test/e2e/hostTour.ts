// Every command of the host SDK, sent by the host app (test/fixtures/host-app) through one of its two
// players, the component's ref or the plain SDK's, each checked where the viewer would notice it:
// the film in the player's frame, its state, the events the page heard.
import type { Frame, Page } from 'puppeteer-core';
import type { FlightLog } from '../../src/recorder/format';
import type { HostQoe } from '../../src/shared/protocol';
import { expectLogReplays, expectReplayable } from './flightLog';
import { frameWithPlayer, screenshot, waitFor } from './browser';

export type Via = 'react' | 'sdk';
interface Settled {
  value?: unknown;
  code?: string;
}

declare global {
  interface Window {
    hostApp: {
      heard: { via: Via; event: string; data: unknown }[];
      called: Record<Via, string[]>;
      frames: { made: number; most: number };
      commandNames(): string[];
      call(via: Via, name: string, ...args: unknown[]): Promise<Settled>;
      mountReact(props: Record<string, unknown>): void;
      unmountReact(): void;
      createSdkPlayer(attributes: Record<string, string>): void;
      destroySdkPlayer(): void;
      runExample(name: string): Promise<void>;
      readonly handle: { ready: Promise<{ commands: string[] }>; play(): Promise<void> } | null;
      readonly player: { ready: Promise<{ commands: string[] }> } | null;
    };
    messageListeners: Set<unknown>;
  }
}

/** The player's frame of that part of the page, once its debug API is there. */
export async function frameOf(page: Page, via: Via): Promise<Frame> {
  return frameWithPlayer(page, `#${via} iframe`);
}

export async function tourEveryCommand(page: Page, via: Via) {
  const call = (name: string, ...args: unknown[]) =>
    page.evaluate((v, n, a) => window.hostApp.call(v, n, ...a), via, name, args);
  /** a command's answer; a refusal fails the tour with its code */
  const value = async <T = unknown>(name: string, ...args: unknown[]) => {
    const settled = await call(name, ...args);
    if (settled.code)
      throw new Error(`${via}: ${name}(${args.join(', ')}) refused: ${settled.code}`);
    return settled.value as T;
  };
  const heard = () =>
    page.evaluate((v) => window.hostApp.heard.filter((h) => h.via === v).map((h) => h.event), via);
  const ready = () =>
    page.evaluate(
      (v) => (v === 'react' ? window.hostApp.handle : window.hostApp.player)!.ready,
      via,
    );
  const video = (frame: Frame, property: string) =>
    frame.evaluate(`document.querySelector('video').${property}`);

  let frame = await frameOf(page, via);
  expect((await ready()).commands).toEqual(expect.arrayContaining(['loadContent', 'play']));

  // play, pause, seek
  await value('play');
  await waitFor(frame, `document.querySelector('video').currentTime > 1`);
  expect(await value('getPaused')).toBe(false);
  await value('pause');
  await waitFor(frame, `document.querySelector('video').paused`);
  expect(await value('getPaused')).toBe(true);
  await value('seek', 8);
  expect(await value<number>('getCurrentTime')).toBeCloseTo(8, 0);

  // volume and mute
  await value('setVolume', 0.5);
  expect(await value('getVolume')).toBe(0.5);
  expect(await video(frame, 'volume')).toBe(0.5);
  await value('mute');
  expect(await value('getMuted')).toBe(true);
  expect(await video(frame, 'muted')).toBe(true);
  await value('unmute');
  expect(await value('getMuted')).toBe(false);

  // the rate
  await value('setPlaybackRate', 1.5);
  expect(await value('getPlaybackRate')).toBe(1.5);
  expect(await video(frame, 'playbackRate')).toBe(1.5);
  await value('setPlaybackRate', 1);

  // the quality: one by its height, then Auto
  await value('play');
  await waitFor(frame, `window.__player.getState().stream.levels.length > 1`);
  const qualities = await value<{ height: number }[]>('getQualities');
  expect(qualities.map((q) => q.height)).toEqual([1080, 720, 540, 480, 360, 240]);
  await value('setQuality', 240);
  await waitFor(
    frame,
    `(() => { const s = window.__player.getState().stream;
      return !s.autoLevel && s.levels[s.currentLevel]?.height === 240; })()`,
  );
  expect(await value('getQuality')).toMatchObject({ height: 240, auto: false });
  await value('setQuality', 'auto');
  await waitFor(frame, `window.__player.getState().stream.autoLevel`);
  expect(await value('getQuality')).toMatchObject({ auto: true });

  // subtitles on, then off; another audio track
  const subtitles = await value<{ id: number; lang: string }[]>('getSubtitleTracks');
  const ru = subtitles.find((t) => t.lang.startsWith('ru')) ?? subtitles[0]!;
  await value('setSubtitleTrack', ru.id);
  await waitFor(frame, `window.__player.getState().stream.subtitleTrack === ${ru.id}`);
  expect(await value('getSubtitleTrack')).toEqual(ru);
  await value('setSubtitleTrack', 'off');
  expect(await value('getSubtitleTrack')).toBeNull();
  const audio = await value<{ id: number }[]>('getAudioTracks');
  const current = await value<{ id: number } | null>('getAudioTrack');
  const other = audio.find((t) => t.id !== current?.id)!;
  await value('setAudioTrack', other.id);
  await waitFor(frame, `window.__player.getState().stream.audioTrack === ${other.id}`);
  expect(await value('getAudioTrack')).toEqual(other);
  expect(await value('getTracks')).toMatchObject({ subtitles, audio });

  // what the film is doing
  await waitFor(frame, `document.querySelector('video').currentTime > 10`);
  const buffered = await value<[number, number][]>('getBuffered');
  expect(buffered[0]![1]).toBeGreaterThan(buffered[0]![0]);
  expect(await value('getDuration')).toBeGreaterThan(20);
  expect(await value('getEnded')).toBe(false);
  expect(await value('isAdPlaying')).toBe(false);
  expect(await value('getEpisode')).toMatchObject({ id: 101 });
  expect(await value('getEpisodes')).toEqual([expect.objectContaining({ id: 101 })]);
  // what the viewer felt so far: the start took time, the shares are shares, frames were shown
  const qoe = await value<HostQoe>('getQoe');
  expect(qoe.ttffMs).toBeGreaterThan(0);
  expect(qoe.ttffContentMs).toBeGreaterThanOrEqual(qoe.ttffMs!);
  expect(qoe.watchedSec).toBeGreaterThan(0);
  expect(qoe.rebufferRatio).toBeGreaterThanOrEqual(0);
  expect(qoe.rebufferRatio).toBeLessThanOrEqual(1);
  expect(qoe.totalFrames).toBeGreaterThan(0);
  expect(qoe.averageBitrate).toBeGreaterThan(0);

  // fullscreen, within a viewer's gesture in the player (puppeteer's evaluation there is one)
  expect(await value('getFullscreen')).toBe(false);
  await frame.evaluate(() => 0);
  expect(await value('requestFullscreen')).toEqual({ mode: 'fullscreen' });
  expect(await value('getFullscreen')).toBe(true);
  await screenshot(page, `host-app-${via}-fullscreen`);
  await value('exitFullscreen');
  expect(await value('getFullscreen')).toBe(false); // answered once left
  // picture-in-picture: the same gesture; headless Chromium has no window to put it in
  await frame.evaluate(() => 0);
  const pip = await call('requestPictureInPicture');
  const inPip = await value('getPictureInPicture');
  if (pip.code) expect(['NOT_ALLOWED', 'NOT_SUPPORTED']).toContain(pip.code);
  expect(inPip).toBe(!pip.code);

  // the session's log, as the host gets it, replays
  const log = JSON.parse(await value<string>('getFlightLog')) as FlightLog;
  expect(log.entries.length).toBeGreaterThan(10);
  await expectLogReplays(log, `host-app-${via}-film`);

  // the series, in the same frame; the autoplay choice
  await value('setAutoplay', false);
  await waitFor(frame, `window.__player.getState().resume.autoplay === false`);
  await value('loadContent', { movieId: 2, episodeId: 203 });
  expect((await ready()).commands).toContain('selectEpisode');
  frame = await frameOf(page, via);
  expect(await value('getEpisode')).toMatchObject({ id: 203 });
  expect((await value<{ id: number }[]>('getEpisodes')).map((e) => e.id)).toEqual([
    201, 202, 203, 204, 205,
  ]);
  await value('selectEpisode', 204);
  await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`);
  expect(await value('getEpisode')).toMatchObject({ id: 204, title: 'Возвращение' });
  // autoplay on: at the end of 204's credits' countdown (the demo's markers: 18 s to 23 s), which the
  // host hears as the episode's `ended`, 205 follows by itself
  await value('setAutoplay', true);
  await value('play');
  await waitFor(frame, `document.querySelector('video').currentTime > 1`);
  await value('seek', 21);
  const countdownEnded = frame.evaluate(() =>
    window.__player!.waitForAction('nextUp/countdownEnded', 30_000),
  );
  await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 205`, 30_000);
  await countdownEnded;
  // (it plays: an episode change on a series starts by itself)
  await waitFor(
    frame,
    `(() => { const v = document.querySelector('video'); return !v.paused && v.currentTime > 1 && v.currentTime < 20; })()`,
  );
  const events = await heard();
  for (const event of [
    'ready',
    'play',
    'pause',
    'seeked',
    'volumeChange',
    'rateChange',
    'qualityChange',
    'subtitleChange',
    'audioTrackChange',
    'fullscreenChange',
    'episodeChanged',
    'ended',
  ])
    expect({ event, heard: events.includes(event) }).toEqual({ event, heard: true });
  await screenshot(page, `host-app-${via}-series`);
  await expectReplayable(frame, `host-app-${via}-series`);

  // every command of the SDK was sent
  const sent = await page.evaluate((v) => window.hostApp.called[v], via);
  const every = await page.evaluate(() => window.hostApp.commandNames());
  expect(every.filter((name) => !sent.includes(name))).toEqual([]);
}
