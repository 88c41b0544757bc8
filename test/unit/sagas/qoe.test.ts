// Quality of experience end to end on the player's actors: the figures a host page reads, and the
// videoplayer_qoe event analytics sends once per episode, at its end or as the viewer leaves it.
import { PROTOCOL } from '../../../src/shared/protocol';
import { contentActions } from '../../../src/state/content';
import { playbackRequests } from '../../../src/state/playback';
import { systemActions } from '../../../src/state/system';

import {
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const LEVELS = [
  { height: 240, bitrate: 400_000 },
  { height: 480, bitrate: 1_200_000 },
];

async function player(search = '?movie_id=2&episode_id=203&auto_play=0', firstMasterDelayMs = 0) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const parent = fakeParent([], { embedder: HOST_ORIGIN });
  const pageListeners = new Set<(e: { hidden: boolean }) => void>();
  let masterDelayMs = firstMasterDelayMs;
  const http = fakeHttp({
    ...catalogRoutes(2, series),
    // the series' episodes play through a master JSON, as the demo's
    [`${BASE}/media/series.json`]: ok({
      sources: [{ label: 'Студия', link: '/media/hls/master.m3u8', isDefault: true }],
      subtitles: [],
    }),
  });
  const ports = fakePorts({
    http: {
      async request(req) {
        // the master JSON as slow as the test says: the time an episode change takes to attach
        if (masterDelayMs > 0 && req.url.endsWith('/series.json'))
          await clock.port.sleep(masterDelayMs);
        return http.request(req);
      },
    },
    media: media.port,
    clock: clock.port,
    parent: parent.port,
    page: {
      reloadFor: () => undefined,
      reload: () => undefined,
      subscribe(listener) {
        pageListeners.add(listener);
        return () => pageListeners.delete(listener);
      },
    },
  });
  const { store } = startPlayer(search, ports, {
    hostOrigin: HOST_ORIGIN,
    framed: true,
    dataset: {},
  });
  await untilIdle();
  expect(store.getState().system.boot).toBe('ready');
  const qoeSent = () => ports.sentStats.filter((s) => s.event === 'videoplayer_qoe');
  const hide = async () => {
    pageListeners.forEach((l) => l({ hidden: true }));
    await untilIdle();
  };
  let next = 1;
  const getQoe = async () => {
    const requestId = `q${next++}`;
    parent.send({ protocol: PROTOCOL, command: 'getQoe', requestId });
    await untilIdle();
    return parent.posted.find((m) => m.requestId === requestId)?.data as Record<string, unknown>;
  };
  /** the viewer's play, the first frame `waitMs` later, on the 480p level */
  const start = async (waitMs: number) => {
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await clock.advance(waitMs);
    media.emit({ type: 'levels', levels: LEVELS, auto: true });
    media.emit({ type: 'levelSwitched', level: 1, auto: true });
    media.emit({ type: 'playing' });
    await untilIdle();
  };
  const slowMaster = (ms: number) => void (masterDelayMs = ms);
  return { store, media, clock, qoeSent, hide, getQoe, start, slowMaster };
}

describe('quality of experience', () => {
  it('the host reads the start time, the stalls, the frames and the bitrate of the episode', async () => {
    const { media, clock, getQoe, start } = await player();
    expect(await getQoe()).toMatchObject({ ttffMs: null, rebufferRatio: 0, adFill: null });
    await start(700);
    await clock.advance(8_000);
    media.emit({ type: 'waiting' });
    await clock.advance(2_000);
    media.emit({ type: 'playing' });
    await untilIdle();
    await clock.advance(10_000);
    media.state.droppedFrames = 3;
    media.state.totalFrames = 480;
    expect(await getQoe()).toEqual({
      ttffMs: 700,
      ttffContentMs: 700, // no pre-roll: the film's frame was the first
      rebufferCount: 1,
      rebufferMs: 2_000,
      rebufferRatio: 0.1, // 2 s of 20 s watched
      watchedSec: 20,
      droppedFrames: 3,
      totalFrames: 480,
      averageBitrate: 1_200_000,
      levelSwitches: 0,
      secondsByLevel: { '480p': 20 },
      bandwidthEstimate: null,
      adsAsked: 0,
      adsPlayed: 0,
      adFill: null,
      adStartMs: null,
    });
  });

  it('the host reads the switches, the seconds on each level and the bandwidth estimate', async () => {
    const { media, clock, getQoe, start, qoeSent, hide } = await player();
    media.state.bandwidth = 3_500_000;
    await start(100);
    await clock.advance(12_000);
    media.emit({ type: 'levelSwitched', level: 0, auto: true });
    await clock.advance(5_000);
    media.emit({ type: 'levelSwitched', level: 1, auto: true });
    await clock.advance(3_000);
    expect(await getQoe()).toMatchObject({
      levelSwitches: 2,
      secondsByLevel: { '480p': 15, '240p': 5 },
      bandwidthEstimate: 3_500_000, // kept after 10 s of playing
    });
    await hide();
    expect(qoeSent()[0]?.payload).toMatchObject({
      level_switches: 2,
      seconds_by_level: { '480p': 15, '240p': 5 },
      bandwidth_estimate: 3_500_000,
    });
  });

  it('a wait for data during a seek is the seek, not a stall; a stall still on counts up to now', async () => {
    const { media, clock, getQoe, start } = await player();
    await start(100);
    await clock.advance(3_000);
    media.emit({ type: 'seeking', currentTime: 15 });
    media.emit({ type: 'waiting' });
    await clock.advance(1_500);
    media.emit({ type: 'seeked', currentTime: 15 });
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(await getQoe()).toMatchObject({ rebufferCount: 0, rebufferMs: 0 });
    media.emit({ type: 'waiting' });
    await clock.advance(1_000);
    expect(await getQoe()).toMatchObject({ rebufferCount: 1, rebufferMs: 1_000 });
  });

  it('videoplayer_qoe goes out once at the episode end, with the common fields, and not again', async () => {
    // the last episode: no next one follows its end
    const { media, clock, qoeSent, hide, start } = await player(
      '?movie_id=2&episode_id=205&auto_play=0',
    );
    await start(500);
    await clock.advance(5_000);
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(qoeSent()).toHaveLength(1);
    expect(qoeSent()[0]!.payload).toMatchObject({
      video_id: 2,
      episode: series.episodes.find((e) => e.id === 205)!.order,
      device_type: 'desktop',
      ttff_ms: 500,
      ttff_content_ms: 500,
      rebuffer_count: 0,
      rebuffer_ratio: 0,
      avg_bitrate: 1_200_000,
      ad_fill: null,
      ad_start_ms: null,
    });
    // watched again to its end, then the page hidden: the episode's figures went out already
    media.emit({ type: 'seeked', currentTime: 0 });
    media.emit({ type: 'playing' });
    await clock.advance(2_000);
    media.emit({ type: 'ended' });
    await hide();
    expect(qoeSent()).toHaveLength(1);
  });

  it('an episode whose end starts the next by itself sends its figures once, the next none yet', async () => {
    const { store, media, clock, qoeSent, start } = await player();
    await start(400);
    await clock.advance(3_000);
    media.emit({ type: 'ended' }); // the end, and at once the next episode asked for
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(204);
    expect(qoeSent().map((s) => [s.payload.episode, s.payload.ttff_ms])).toEqual([
      [series.episodes.find((e) => e.id === 203)!.order, 400],
    ]);
  });

  it('leaving for another episode sends the one left; the next sends its own when the page hides', async () => {
    const { store, media, clock, qoeSent, hide, start } = await player();
    await start(300);
    await clock.advance(4_000);
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(qoeSent().map((s) => s.payload.ttff_ms)).toEqual([300]);
    expect(qoeSent()[0]!.payload.episode).toBe(series.episodes.find((e) => e.id === 203)!.order);
    expect(store.getState().content.currentEpisodeId).toBe(204);
    // the same episode asked for again is no leaving
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(qoeSent()).toHaveLength(1);
    await start(900);
    await hide();
    await hide();
    expect(qoeSent().map((s) => s.payload.ttff_ms)).toEqual([300, 900]);
    expect(qoeSent()[1]!.payload.episode).toBe(series.episodes.find((e) => e.id === 204)!.order);
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(qoeSent()).toHaveLength(2);
  });

  it('an episode nobody started sends nothing; a restarted analytics actor does not send twice', async () => {
    const { store, clock, qoeSent, hide, start } = await player();
    await hide();
    expect(qoeSent()).toHaveLength(0);
    await start(200);
    await clock.advance(2_000);
    await hide();
    expect(qoeSent()).toHaveLength(1);
    store.dispatch(systemActions.crashDrillRequested({ actor: 'analytics' }));
    await untilIdle();
    await hide();
    expect(store.getState().system.crashes).toHaveLength(1);
    expect(qoeSent()).toHaveLength(1);
  });

  it('the next episode’s start counts from the moment it was asked for, not from its stream’s attach', async () => {
    const { store, media, clock, qoeSent, hide, start, slowMaster } = await player();
    await start(300);
    await clock.advance(4_000);
    slowMaster(500);
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(204);
    await clock.advance(500);
    // the series plays on by itself: the stream of 204 attached and its autoplay asked to play
    expect(store.getState().qoe.intentAtMs).not.toBeNull();
    await clock.advance(300);
    media.emit({ type: 'playing' });
    await untilIdle();
    await hide();
    expect(qoeSent().map((s) => s.payload.ttff_ms)).toEqual([300, 800]);
  });

  it('an episode the browser started without a play request still sends its figures, once', async () => {
    const { media, clock, qoeSent, hide, getQoe } = await player();
    media.emit({ type: 'playing' });
    await untilIdle();
    await clock.advance(3_000);
    expect(await getQoe()).toMatchObject({ ttffMs: null, watchedSec: 3 });
    await hide();
    await hide();
    expect(qoeSent()).toHaveLength(1);
    expect(qoeSent()[0]!.payload).toMatchObject({ ttff_ms: null, watched_sec: 3 });
  });

  it('the frame counts go on through a media recovery that resets the element’s', async () => {
    const { media, getQoe, start } = await player();
    await start(100);
    media.state.droppedFrames = 4;
    media.state.totalFrames = 600;
    media.emit({
      type: 'error',
      fatal: true,
      kind: 'media',
      details: 'bufferAppendError',
      bandwidth: 5_000_000,
      bufferLength: 0,
    });
    await untilIdle();
    expect(media.calls.map((c) => c.method)).toContain('recover');
    // the element attached afresh counts from zero again
    media.state.droppedFrames = 1;
    media.state.totalFrames = 50;
    expect(await getQoe()).toMatchObject({ droppedFrames: 5, totalFrames: 650 });
    // a network recovery loads on in the same element: nothing is counted twice
    media.emit({
      type: 'error',
      fatal: true,
      kind: 'network',
      details: 'fragLoadError',
      bandwidth: 5_000_000,
      bufferLength: 0,
    });
    await untilIdle();
    expect(await getQoe()).toMatchObject({ droppedFrames: 5, totalFrames: 650 });
  });

  it('the autoplay at the page’s load counts from the boot’s choice of the episode, the master JSON included', async () => {
    const { media, clock, getQoe } = await player('?movie_id=2&episode_id=203&auto_play=1', 600);
    expect(media.calls.map((c) => c.method)).not.toContain('play'); // the master JSON is awaited
    await clock.advance(600);
    expect(media.calls.map((c) => c.method)).toContain('play'); // the autoplay asked to play
    await clock.advance(200);
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(await getQoe()).toMatchObject({ ttffMs: 800, ttffContentMs: 800 });
  });
});
