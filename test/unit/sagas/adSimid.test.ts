// SIMID 1.2 creatives over linear adverts (sagas/ads/simidCreative.ts), through the ad actor on fake
// ports: the session and its init before the video, startCreative at the first frame, the media's
// events told, the creative's requests carried out or refused, the ad's end told and answered, and
// every way the creative can fail leaving the advert to play as its plain video, 902 told.
import {
  SIMID_CODE_MS,
  SIMID_END_MS,
  SIMID_READY_MS,
  SIMID_START_MS,
} from '../../../sagas/ads/limits';
import { runSaga } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { openAdSession, type AdSession } from '../../../sagas/ads/openAdSession';
import { MAX_REPORTED_URLS } from '../../../sagas/ads/simidCreative';
import { playAd } from '../../../sagas/ads/playAd';
import { parseConfig } from '../../../src/app/config';
import type { SimidEvent } from '../../../src/ports/types';
import { rootReducer } from '../../../src/state';
import { adRequests } from '../../../src/state/ads';
import { playbackRequests } from '../../../src/state/playback';
import { resolveStep } from '../../../src/vast/resolve';
import { fakeAdMedia, fakeHttp, fakePorts, fakeSimid, ok } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { cdata, inlineAd, linear, vast } from '../vast/documents';
import { adPlayer, vast as demoVast } from './adPlayer';

type Player = ReturnType<typeof adPlayer>;

const CREATIVE = `${BASE}/simid/button.html`;

/** The creative's answer to the player's message `to`. */
const resolveOf = (to: number, value: unknown = null): SimidEvent => ({
  type: 'resolve',
  messageId: 100 + to,
  args: { messageId: to, value },
  answers: null,
});
const rejectOf = (to: number, errorCode: number | null, message: string | null): SimidEvent => ({
  type: 'reject',
  messageId: 100 + to,
  args: { messageId: to, value: { errorCode, message } },
  answers: null,
});

/** The demo's SIMID advert, its first ad asked for: the creative loads. */
async function simidAd(ads = ['simid'], documents: Record<string, string> = {}) {
  const p = adPlayer(ads, { documents });
  await untilIdle();
  p.store.dispatch(playbackRequests.playRequested());
  await untilIdle();
  return p;
}

/** The creative opens its session and answers init. */
async function initialised(p: Player) {
  await p.simidEvent({ type: 'createSession', messageId: 0 });
  await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:init')));
}

/** Its video's first frame, and the creative's answer to startCreative: it shows. */
async function shown(p: Player, duration = 15) {
  await p.adEvent({ type: 'loaded', duration }, { type: 'playing' });
  await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:startCreative')));
}

/** A SIMID advert on show over its video. */
async function showing(ads = ['simid'], documents: Record<string, string> = {}) {
  const p = await simidAd(ads, documents);
  await initialised(p);
  await shown(p);
  return p;
}

const methods = (p: Player) => p.simid.calls.map((c) => c.method);
const path = (beacon: string) => beacon.replace(/\?.*/, '');
const simidView = (p: Player) => p.store.getState().ads.ad?.simid;

describe('a SIMID advert: session, init, start', () => {
  it('loads the creative hidden with the ad, and holds the video until the creative answers init', async () => {
    const p = await simidAd();
    expect(p.simid.calls[0]).toEqual({ method: 'load', args: [CREATIVE] });
    expect(simidView(p)).toEqual({ status: 'loading' });
    await p.adEvent({ type: 'loaded', duration: 15 });
    expect(p.adCalls()).not.toContain('play'); // SIMID 1.2 section 6.1: the creative first
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    expect(p.simid.calls.slice(1, 3)).toEqual([
      { method: 'resolve', args: [0] },
      { method: 'send', args: ['SIMID:Player:init', expect.any(Object)] },
    ]);
    expect(p.adCalls()).not.toContain('play');
    await p.simidEvent(resolveOf(0));
    expect(p.adCalls()).toContain('play');
    expect(p.simid.messages()).toEqual(['SIMID:Player:init', 'SIMID:Media:play']);
  });

  it('tells the creative its environment and data in Player:init', async () => {
    const p = await simidAd();
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    const size = { x: 0, y: 0, width: 1280, height: 720 };
    expect(p.simid.lastArgs('SIMID:Player:init')).toEqual({
      environmentData: {
        videoDimensions: size,
        creativeDimensions: size,
        fullscreen: false,
        fullscreenAllowed: false,
        variableDurationAllowed: false,
        skippableState: 'adHandles', // no skipoffset: skipping is the creative's to offer
        version: '1.2',
        siteUrl: BASE,
        useragent: 'kino-player SIMID/1.2',
        muted: false,
        volume: 1,
        navigationSupport: 'playerHandles',
      },
      creativeData: {
        adParameters: `{"interactionTracking": "${BASE}/track/simid/interaction?button=[BUTTON]&at=[ADPLAYHEAD]"}`,
        clickThruUrl: `${BASE}/advertiser.html`,
      },
    });
  });

  it('sends startCreative at the first frame, after the impression; shows the creative on its answer', async () => {
    const p = await simidAd();
    await initialised(p);
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' });
    expect(p.simid.messages().slice(-2)).toEqual([
      'SIMID:Media:playing',
      'SIMID:Player:startCreative',
    ]);
    expect(p.beacons).toEqual(['/track/simid/impression', '/track/simid/start']);
    expect(methods(p)).not.toContain('show');
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:startCreative')));
    expect(p.simid.calls.at(-1)).toEqual({ method: 'show', args: [true] });
    expect(simidView(p)).toEqual({ status: 'shown' });
    expect(p.beacons.at(-1)).toBe('/track/simid/interactiveStart');
  });

  it('tells the creative the media events: the duration once, the time about four times a second, volume, pause', async () => {
    const p = await showing(); // loaded with its duration after init: told then
    expect(p.simid.messages().filter((m) => m === 'SIMID:Media:durationchange')).toHaveLength(1);
    expect(p.simid.lastArgs('SIMID:Media:durationchange')).toEqual({ duration: 15 });
    const before = p.simid.messages().length;
    await p.playTo(0, 1, 15); // 0, 0.25, ... 1
    await p.adEvent({ type: 'timeupdate', currentTime: 1.1, duration: 15 }); // too soon after 1
    await p.adEvent({ type: 'timeupdate', currentTime: 1.1, duration: 16 }); // a new duration
    await p.adEvent({ type: 'volumechange', volume: 0.5, muted: true }, { type: 'pause' });
    expect(p.simid.messages().slice(before)).toEqual([
      ...Array(5).fill('SIMID:Media:timeupdate'),
      'SIMID:Media:durationchange',
      'SIMID:Media:volumechange',
      'SIMID:Media:pause',
    ]);
    expect(p.simid.lastArgs('SIMID:Media:durationchange')).toEqual({ duration: 16 });
    expect(p.simid.lastArgs('SIMID:Media:timeupdate')).toEqual({ currentTime: 1 });
    expect(p.simid.lastArgs('SIMID:Media:volumechange')).toEqual({ volume: 0.5, muted: true });
  });

  it('at its end: Media:ended, adStopped 2 (media complete), the frame removed on the answer; content plays', async () => {
    const p = await showing();
    await p.playTo(0, 15, 15);
    await p.adEvent({ type: 'ended' });
    expect(p.simid.messages().slice(-2)).toEqual(['SIMID:Media:ended', 'SIMID:Player:adStopped']);
    expect(p.simid.lastArgs('SIMID:Player:adStopped')).toEqual({ code: 2 });
    expect(methods(p).slice(-2)).toEqual(['show', 'send']); // hidden before it is told
    expect(p.contentCalls()).not.toContain('play'); // the creative has its moment to answer
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:adStopped')));
    expect(methods(p).at(-1)).toBe('unload');
    expect(p.store.getState().ads.history[0]).toMatchObject({
      id: 'demo-simid',
      status: 'completed',
    });
    expect(p.contentCalls()).toContain('play');
    expect(p.beacons.map(path)).toEqual([
      '/track/simid/impression',
      '/track/simid/start',
      '/track/simid/interactiveStart',
      '/track/simid/firstQuartile',
      '/track/simid/midpoint',
      '/track/simid/thirdQuartile',
      '/track/simid/complete',
    ]);
  });

  it('waits no longer than its limit for the creative’s answer to the end', async () => {
    const p = await showing();
    await p.adEvent({ type: 'ended' });
    await p.clock.advance(SIMID_END_MS - 1);
    expect(methods(p)).not.toContain('unload');
    await p.clock.advance(1);
    expect(methods(p).at(-1)).toBe('unload');
    expect(p.contentCalls()).toContain('play');
  });

  it('fires the tracking the creative reports while it ends, and answers it', async () => {
    const p = await showing();
    await p.adEvent({ type: 'ended' });
    await p.simidEvent({
      type: 'SIMID:Creative:reportTracking',
      messageId: 7,
      args: { trackingUrls: ['https://creative.test/ended?t=[ADPLAYHEAD]'] },
    });
    expect(p.beacons.at(-1)).toBe('https://creative.test/ended?t=00%3A00%3A00.000');
    expect(p.simid.calls.at(-1)).toEqual({ method: 'resolve', args: [7] });
  });

  it('an advert without a SIMID creative never touches the SIMID port', async () => {
    const p = adPlayer(['skippable']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' }, { type: 'ended' });
    expect(p.simid.calls).toEqual([]);
    expect(p.simid.listening()).toBe(false);
    expect(p.store.getState().ads.history[0]?.status).toBe('completed');
  });
});

describe('a SIMID advert: what the creative asks', () => {
  it('clickThru: the player opens the page, fires ClickTracking and pauses the advert as a click-through does', async () => {
    const p = await showing();
    await p.simidEvent({
      type: 'SIMID:Creative:clickThru',
      messageId: 3,
      args: { x: 20, y: 300, playerHandles: true, url: `${BASE}/advertiser.html` },
    });
    expect(p.simid.calls.slice(-2)).toEqual([
      { method: 'resolve', args: [3] },
      { method: 'open', args: [`${BASE}/advertiser.html`] },
    ]);
    expect(p.beacons.at(-1)).toBe('/track/simid/click');
    expect(p.store.getState().ads.userChoice).toBe('pause');
    expect(p.adCalls().at(-1)).toBe('pause');
  });

  it('clickThru asking the player to open no http(s) page is refused (1214), and still tracked', async () => {
    const p = await showing();
    await p.simidEvent({
      type: 'SIMID:Creative:clickThru',
      messageId: 3,
      args: { x: null, y: null, playerHandles: true, url: 'javascript:alert(1)' },
    });
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'reject',
      args: [3, 1214, 'No http(s) landing page to open'],
    });
    expect(methods(p)).not.toContain('open');
    expect(p.beacons.at(-1)).toBe('/track/simid/click');
  });

  it('requestSkip when skipping is the creative’s: the skip tracked, the request answered, then adSkipped', async () => {
    const p = await showing();
    await p.playTo(0, 2, 15);
    await p.simidEvent({ type: 'SIMID:Creative:requestSkip', messageId: 4 });
    expect(p.beacons.at(-1)).toBe('/track/simid/skip');
    expect(p.simid.calls.slice(-3)).toEqual([
      { method: 'show', args: [false] },
      { method: 'resolve', args: [4] },
      { method: 'send', args: ['SIMID:Player:adSkipped', {}] },
    ]);
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:adSkipped')));
    expect(methods(p).at(-1)).toBe('unload');
    expect(p.store.getState().ads.history[0]?.status).toBe('skipped');
    expect(p.contentCalls()).toContain('play');
  });

  it('requestSkip before the VAST’s skip offset is refused (the player’s skip button), honoured after it', async () => {
    const skippable = demoVast('simid').replace('<Linear>', '<Linear skipoffset="00:00:05">');
    const p = await showing(['skippable-simid'], { 'skippable-simid': skippable });
    expect(p.simid.lastArgs('SIMID:Player:init')).toMatchObject({
      environmentData: { skippableState: 'playerHandles', skipoffset: '00:00:05.000' },
    });
    await p.playTo(0, 4, 15);
    await p.simidEvent({ type: 'SIMID:Creative:requestSkip', messageId: 4 });
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'reject',
      args: [4, 1200, 'Not skippable now'],
    });
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    await p.playTo(5, 5, 15);
    await p.simidEvent({ type: 'SIMID:Creative:requestSkip', messageId: 5 });
    expect(p.simid.messages().at(-1)).toBe('SIMID:Player:adSkipped');
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:adSkipped')));
    expect(p.store.getState().ads.history[0]?.status).toBe('skipped');
  });

  it('the viewer’s skip: adSkipped', async () => {
    const skippable = demoVast('simid').replace('<Linear>', '<Linear skipoffset="00:00:01">');
    const p = await showing(['skippable-simid'], { 'skippable-simid': skippable });
    await p.playTo(0, 1, 15);
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    expect(p.simid.messages().at(-1)).toBe('SIMID:Player:adSkipped');
  });

  it('requestStop: the ad stops, adStopped 4 (the creative’s close)', async () => {
    const p = await showing();
    await p.simidEvent({ type: 'SIMID:Creative:requestStop', messageId: 6 });
    expect(p.simid.calls.slice(-2)).toEqual([
      { method: 'resolve', args: [6] },
      { method: 'send', args: ['SIMID:Player:adStopped', { code: 4 }] },
    ]);
    // the ad is over once the creative has answered (or its time to answer is up)
    expect(p.store.getState().ads.history).toEqual([]);
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:adStopped')));
    expect(p.store.getState().ads.history[0]?.status).toBe('stopped');
  });

  it('an episode change stops the ad: adStopped 3 (the player’s close)', async () => {
    const p = await showing();
    p.store.dispatch({ type: 'content/episodeSelected', payload: { episodeId: 2 } });
    await untilIdle();
    expect(p.simid.lastArgs('SIMID:Player:adStopped')).toEqual({ code: 3 });
  });

  it('a media error ends the ad: Media:error, then Player:fatalError 1206', async () => {
    const p = await showing();
    await p.adEvent({ type: 'error', code: 2, message: 'network' });
    expect(p.simid.messages().slice(-2)).toEqual(['SIMID:Media:error', 'SIMID:Player:fatalError']);
    expect(p.simid.lastArgs('SIMID:Media:error')).toEqual({ error: 2, message: 'network' });
    expect(p.simid.lastArgs('SIMID:Player:fatalError')).toEqual({
      errorCode: 1206,
      errorMessage: 'Media delivery failed: network',
    });
  });

  it('requestPause and requestPlay: the advert paused and played as by the viewer, each answered', async () => {
    const p = await showing();
    await p.simidEvent({ type: 'SIMID:Creative:requestPause', messageId: 8 });
    expect(p.simid.calls.at(-1)).toEqual({ method: 'resolve', args: [8] });
    expect(p.adCalls().at(-1)).toBe('pause');
    await p.adEvent({ type: 'pause' });
    expect(p.beacons.at(-1)).toBe('/track/simid/pause');
    await p.simidEvent({ type: 'SIMID:Creative:requestPause', messageId: 9 });
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'reject',
      args: [9, 1200, 'The advert is paused'],
    });
    await p.simidEvent({ type: 'SIMID:Creative:requestPlay', messageId: 10 });
    expect(p.simid.calls.slice(-2)).toEqual([
      { method: 'resolve', args: [10] },
      { method: 'send', args: ['SIMID:Media:play'] },
    ]);
    expect(p.adCalls().at(-1)).toBe('play');
    await p.adEvent({ type: 'playing' });
    expect(p.beacons.at(-1)).toBe('/track/simid/resume');
  });

  it('getMediaState: the advert as it is', async () => {
    const p = await showing();
    await p.playTo(0, 2, 15);
    await p.simidEvent({ type: 'SIMID:Creative:getMediaState', messageId: 11 });
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'resolve',
      args: [
        11,
        {
          currentSrc: `${BASE}/media/ads/ad-15s.mp4`,
          currentTime: 2,
          duration: 15,
          ended: false,
          muted: false,
          paused: false,
          volume: 1,
          fullscreen: false,
        },
      ],
    });
  });

  it('reportTracking: its http(s) URLs fired with the macros filled in; none is refused', async () => {
    const p = await showing();
    await p.playTo(0, 3, 15);
    await p.simidEvent({
      type: 'SIMID:Creative:reportTracking',
      messageId: 12,
      args: {
        trackingUrls: [
          `${BASE}/track/simid/interaction?button=learn-more&at=[ADPLAYHEAD]`,
          'ftp://x',
        ],
      },
    });
    expect(p.beacons.at(-1)).toBe('/track/simid/interaction?button=learn-more&at=00%3A00%3A03.000');
    expect(p.simid.calls.at(-1)).toEqual({ method: 'resolve', args: [12] });
    await p.simidEvent({
      type: 'SIMID:Creative:reportTracking',
      messageId: 13,
      args: { trackingUrls: ['data:,x'] },
    });
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'reject',
      args: [13, 1211, 'No http(s) tracking URL'],
    });
  });

  it('reportTracking: no more than MAX_REPORTED_URLS for one advert, the rest refused', async () => {
    const p = await showing();
    const before = p.beacons.length;
    const twenty = Array.from({ length: 20 }, (_, i) => `${BASE}/track/simid/flood?n=${i}`);
    for (let id = 20; id < 20 + MAX_REPORTED_URLS / 20 + 1; id++)
      await p.simidEvent({
        type: 'SIMID:Creative:reportTracking',
        messageId: id,
        args: { trackingUrls: twenty },
      });
    expect(p.beacons.length - before).toBe(MAX_REPORTED_URLS);
    expect(p.simid.calls.at(-1)).toEqual({
      method: 'reject',
      args: [
        20 + MAX_REPORTED_URLS / 20,
        1200,
        `No more than ${MAX_REPORTED_URLS} tracking URLs an advert`,
      ],
    });
  });

  it('requestChangeVolume: the advert’s volume, answered', async () => {
    const p = await showing();
    await p.simidEvent({
      type: 'SIMID:Creative:requestChangeVolume',
      messageId: 14,
      args: { volume: 0.3, muted: false },
    });
    expect(p.adMedia.calls.at(-1)).toEqual({ method: 'setVolume', args: [0.3, false] });
    expect(p.simid.calls.at(-1)).toEqual({ method: 'resolve', args: [14] });
  });

  it('requests the player does not support are refused with 1203', async () => {
    const p = await showing();
    await p.simidEvent({ type: 'SIMID:Creative:requestFullscreen', messageId: 15 });
    await p.simidEvent({ type: 'SIMID:Creative:requestChangeAdDuration', messageId: 16 });
    expect(p.simid.calls.slice(-2)).toEqual([
      { method: 'reject', args: [15, 1203, 'Not supported by this player'] },
      { method: 'reject', args: [16, 1203, 'Not supported by this player'] },
    ]);
  });

  it('the frame resized: Player:resize with the new size', async () => {
    const p = await showing();
    await p.simidEvent({ type: 'frameResized', width: 640, height: 360 });
    const size = { x: 0, y: 0, width: 640, height: 360 };
    expect(p.simid.lastArgs('SIMID:Player:resize')).toEqual({
      videoDimensions: size,
      creativeDimensions: size,
      fullscreen: false,
    });
  });

  it('asks nothing of a creative whose init is unanswered: no media messages, no requests carried out', async () => {
    const p = await simidAd();
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    await p.simidEvent({ type: 'SIMID:Creative:requestSkip', messageId: 1 });
    await p.adEvent({ type: 'loaded', duration: 15 });
    expect(p.simid.messages()).toEqual(['SIMID:Player:init']);
    expect(p.store.getState().ads.ad?.status).toBe('loaded');
  });
});

describe('a SIMID creative that fails: the advert plays on as its plain video, 902 told', () => {
  /** The advert played from where it is to its end; its beacons by path. */
  async function playedOn(p: Player, from = 0) {
    await p.playTo(from, 15, 15);
    await p.adEvent({ type: 'ended' });
    return p.beacons.map(path);
  }

  it('its own fatal error: the frame removed at once, the error told, the video plays to its end', async () => {
    const p = await showing();
    await p.playTo(0, 1, 15);
    await p.simidEvent({
      type: 'SIMID:Creative:fatalError',
      messageId: 2,
      args: { errorCode: 1101, errorMessage: 'resources' },
    });
    expect(methods(p).at(-1)).toBe('unload');
    expect(simidView(p)).toEqual({ status: 'failed', code: 1101, message: 'resources' });
    expect(p.beacons.at(-1)).toBe('/track/simid/error?code=902');
    const sent = p.simid.messages().length;
    expect(await playedOn(p, 1.25)).toContain('/track/simid/complete');
    expect(p.simid.messages().length).toBe(sent); // nothing more is told to a creative gone
    expect(p.store.getState().ads.history[0]).toMatchObject({
      status: 'completed',
      errorCode: null,
    });
    expect(p.contentCalls()).toContain('play');
  });

  it('the demo’s failing creative (simid-fail.xml): shown, then its fatal error 1101, the plain 6 s video to its end', async () => {
    const p = await simidAd(['simid-fail']);
    expect(p.simid.calls[0]).toEqual({ method: 'load', args: [`${CREATIVE}?fail=1`] });
    await initialised(p);
    await shown(p, 6);
    await p.simidEvent({
      type: 'SIMID:Creative:fatalError',
      messageId: 3,
      args: { errorCode: 1101, errorMessage: 'The demo creative could not load its resources' },
    });
    await p.playTo(0, 6, 6);
    await p.adEvent({ type: 'ended' });
    expect(p.beacons).toEqual([
      '/track/simid-fail/impression',
      '/track/simid-fail/start',
      '/track/simid-fail/interactiveStart',
      '/track/simid-fail/error?code=902',
      '/track/simid-fail/firstQuartile',
      '/track/simid-fail/midpoint',
      '/track/simid-fail/thirdQuartile',
      '/track/simid-fail/complete',
    ]);
  });

  it('no session within its limit: the frame removed (1223), the error told, the video plays', async () => {
    const p = await simidAd();
    await p.adEvent({ type: 'loaded', duration: 15 });
    await p.clock.advance(SIMID_READY_MS - 1);
    expect(p.adCalls()).not.toContain('play');
    await p.clock.advance(1);
    expect(methods(p)).toEqual(['load', 'unload']);
    expect(simidView(p)).toMatchObject({ status: 'failed', code: 1223 });
    expect(p.beacons).toEqual(['/track/simid/error?code=902']);
    expect(p.adCalls()).toContain('play');
    await p.adEvent({ type: 'playing' });
    expect(p.simid.messages()).toEqual([]); // no startCreative, no media messages
    expect(await playedOn(p)).toContain('/track/simid/complete');
    expect(p.beacons.filter((b) => b.includes('error'))).toHaveLength(1);
  });

  it('a session come too late is not taken up', async () => {
    const p = await simidAd();
    await p.clock.advance(SIMID_READY_MS);
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    expect(methods(p)).toEqual(['load', 'unload']);
  });

  it('init rejected: the frame removed, its code kept, the error told, the video plays', async () => {
    const p = await simidAd();
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    await p.simidEvent(rejectOf(p.simid.idOf('SIMID:Player:init'), 1103, 'Wrong SIMID version'));
    expect(methods(p).at(-1)).toBe('unload');
    expect(simidView(p)).toEqual({ status: 'failed', code: 1103, message: 'Wrong SIMID version' });
    expect(p.beacons).toEqual(['/track/simid/error?code=902']);
    await p.adEvent({ type: 'loaded', duration: 15 });
    expect(p.adCalls()).toContain('play');
  });

  it('init unanswered within its limit: Player:fatalError 1212, the frame gone on its answer, the video plays', async () => {
    const p = await simidAd();
    await p.adEvent({ type: 'loaded', duration: 15 });
    await p.simidEvent({ type: 'createSession', messageId: 0 });
    await p.clock.advance(SIMID_READY_MS);
    expect(p.simid.messages()).toEqual(['SIMID:Player:init', 'SIMID:Player:fatalError']);
    expect(p.simid.lastArgs('SIMID:Player:fatalError')).toEqual({
      errorCode: 1212,
      errorMessage: 'The SIMID creative did not answer init in time',
    });
    expect(p.adCalls()).toContain('play');
    expect(p.beacons).toEqual(['/track/simid/error?code=902']);
    expect(methods(p)).not.toContain('unload');
    await p.simidEvent(resolveOf(p.simid.idOf('SIMID:Player:fatalError')));
    expect(methods(p).at(-1)).toBe('unload');
  });

  it('startCreative rejected: the frame removed, the error told, the video plays on', async () => {
    const p = await simidAd();
    await initialised(p);
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' });
    await p.simidEvent(rejectOf(p.simid.idOf('SIMID:Player:startCreative'), 1102, null));
    expect(methods(p).at(-1)).toBe('unload');
    expect(simidView(p)).toEqual({
      status: 'failed',
      code: 1102,
      message: 'The SIMID creative rejected startCreative',
    });
    expect(await playedOn(p)).toEqual([
      '/track/simid/impression',
      '/track/simid/start',
      '/track/simid/error',
      '/track/simid/firstQuartile',
      '/track/simid/midpoint',
      '/track/simid/thirdQuartile',
      '/track/simid/complete',
    ]);
  });

  it('startCreative unanswered within its limit: Player:fatalError 1213', async () => {
    const p = await simidAd();
    await initialised(p);
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' });
    await p.clock.advance(SIMID_START_MS);
    expect(p.simid.lastArgs('SIMID:Player:fatalError')).toMatchObject({ errorCode: 1213 });
    expect(simidView(p)).toMatchObject({ status: 'failed', code: 1213 });
  });

  it('startCreative unanswered when the ad ends sooner: 1213 told at the end', async () => {
    const p = await simidAd();
    await initialised(p);
    await p.adEvent({ type: 'loaded', duration: 2 }, { type: 'playing' }, { type: 'ended' });
    expect(p.beacons).toContain('/track/simid/error?code=902');
    expect(simidView(p)).toMatchObject({ status: 'failed', code: 1213 });
    expect(p.simid.messages().at(-1)).toBe('SIMID:Player:adStopped');
  });

  it('its code that could not be loaded: no frame, the error told, the plain video played through', async () => {
    const p = adPlayer(['simid'], { simidLoads: false });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.simid.calls).toEqual([]); // no frame, no message
    expect(simidView(p)).toEqual({
      status: 'failed',
      code: null,
      message: 'The SIMID creative’s code could not be loaded in time',
    });
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' });
    expect(await playedOn(p)).toEqual([
      '/track/simid/error',
      '/track/simid/impression',
      '/track/simid/start',
      '/track/simid/firstQuartile',
      '/track/simid/midpoint',
      '/track/simid/thirdQuartile',
      '/track/simid/complete',
    ]);
    expect(p.beacons[0]).toBe('/track/simid/error?code=902');
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'completed' });
    expect(p.contentCalls()).toContain('play');
  });

  it('its code that never comes: the plain video after SIMID_CODE_MS, the error told', async () => {
    const p = adPlayer(['simid'], { simidLoads: 'never' });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.adCalls()).not.toContain('play'); // the video waits for the code, a while
    expect(simidView(p)).toBeUndefined();
    await p.clock.advance(SIMID_CODE_MS);
    await untilIdle();
    expect(simidView(p)).toMatchObject({ status: 'failed', code: null });
    expect(p.beacons).toEqual(['/track/simid/error?code=902']);
    await p.adEvent({ type: 'loaded', duration: 15 }, { type: 'playing' });
    expect(await playedOn(p)).toContain('/track/simid/complete');
    expect(p.simid.calls).toEqual([]);
  });

  it('the click-through of the plain video is the viewer’s again once the creative is gone', async () => {
    const p = await showing();
    await p.simidEvent({
      type: 'SIMID:Creative:fatalError',
      messageId: 2,
      args: { errorCode: null, errorMessage: null },
    });
    expect(simidView(p)).toEqual({
      status: 'failed',
      code: null,
      message: 'The SIMID creative failed',
    });
    p.store.dispatch(adRequests.clickThroughRequested());
    await untilIdle();
    expect(p.beacons.at(-1)).toBe('/track/simid/click');
  });
});

describe('a SIMID creative with variableDuration="true"', () => {
  it('is not played, nor its video: 409, and the next ad plays', async () => {
    const variable = vast(
      inlineAd({
        creatives: `<Creative>${linear({
          mediaFiles: `<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">${cdata('https://cdn.test/ad.mp4')}</MediaFile>
            <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true">${cdata('https://simid.test/game.html')}</InteractiveCreativeFile>`,
        })}</Creative>`,
      }),
    );
    const p = adPlayer(['variable', 'nonskippable'], { documents: { variable } });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.simid.calls).toEqual([]);
    expect(p.beacons[0]).toBe('https://inline.test/error?code=409');
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'error', errorCode: 409 });
    expect(p.store.getState().ads.ad).toMatchObject({
      index: 1,
      vastUrl: `${BASE}/vast/nonskippable.xml`,
    });
  });
});

describe('the session of an ad with a SIMID creative (openAdSession)', () => {
  const simidFile = (variableDuration = false) =>
    `<InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="${variableDuration}">${cdata('https://simid.test/page.html')}</InteractiveCreativeFile>`;
  const video = `<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">${cdata('https://cdn.test/ad.mp4')}</MediaFile>`;
  const vpaid = `<MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="1280" height="720">${cdata('https://cdn.test/vpaid.js')}</MediaFile>`;
  const document = (mediaFiles: string) =>
    vast(inlineAd({ creatives: `<Creative>${linear({ mediaFiles })}</Creative>` }));

  async function open(mediaFiles: string, preload = false) {
    const adMedia = fakeAdMedia();
    const ports = fakePorts({
      http: fakeHttp({ 'https://ads.test/v.xml': ok(document(mediaFiles)) }),
      adMedia: adMedia.port,
    });
    const config = parseConfig({ search: '?movie_id=1', origin: BASE });
    // run as the ad actor runs it (its parser loads in a task of its own, which expectSaga cannot fork)
    const session: AdSession = await runSaga(
      { context: { ports, config }, getState: () => rootReducer(undefined, { type: 'init' }) },
      openAdSession,
      'https://ads.test/v.xml',
      preload,
    ).toPromise();
    return { session, adMedia };
  }

  it('plays the video with the SIMID page over it, the video preloaded as any prepared ad’s', async () => {
    const { session, adMedia } = await open(video + simidFile(), true);
    expect(session).toMatchObject({
      creative: 'simid',
      media: { url: 'https://cdn.test/ad.mp4' },
      simid: { url: 'https://simid.test/page.html', variableDuration: false },
      preloaded: true,
    });
    expect(adMedia.calls).toEqual([{ method: 'load', args: ['https://cdn.test/ad.mp4'] }]);
  });

  it('runs no SIMID page over a VPAID creative (no video to play under it)', async () => {
    const { session } = await open(vpaid + simidFile());
    expect(session).toMatchObject({ creative: 'vpaid', simid: null });
  });

  it('an ad without a SIMID file is a plain video ad', async () => {
    const { session } = await open(video);
    expect(session).toMatchObject({ creative: 'video', simid: null });
  });
});

describe('playAd: a SIMID creative that needs a variable duration', () => {
  it('plays neither it nor its video: 409 told to the Error URLs, the SIMID port untouched', async () => {
    const simid = fakeSimid();
    const fired: string[] = [];
    const ports = fakePorts({ simid: simid.port, beacon: { fire: (url) => void fired.push(url) } });
    const config = parseConfig({ search: '?movie_id=1', origin: BASE });
    const file = {
      url: 'https://simid.test/game.html',
      type: 'text/html',
      apiFramework: 'SIMID',
      variableDuration: true,
    };
    const step = resolveStep([], 'https://ads.test/v.xml', vast(inlineAd()));
    if (step.kind !== 'ad') throw new Error('expected an ad');
    const { ad } = step;
    const session: AdSession = {
      vastUrl: 'https://ads.test/v.xml',
      outcome: { kind: 'ad', ad: { ...ad, interactiveCreativeFiles: [file] } },
      media: ad.mediaFiles[0]!,
      creative: 'simid',
      simid: file,
      preloaded: false,
    };
    const message = 'The SIMID creative needs a variable duration, which the player does not allow';
    await expectSaga(playAd, session, 0, null)
      .withReducer(rootReducer)
      .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
      .put.like({ action: { type: 'ads/adLoaded' } })
      .returns({ status: 'error', error: { code: 409, message } })
      .run();
    expect(fired).toEqual(['https://inline.test/error?code=409']);
    expect(simid.calls).toEqual([]);
  });
});
