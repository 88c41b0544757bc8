import type { PlayOutcome } from '../../../src/shared/media';
import { adRequests } from '../../../src/state/ads';
import { selectMidrollCountdown, selectMidrollMarkLeft } from '../../../src/state/nextMidroll';
import { playbackRequests } from '../../../src/state/playback';
import { nextUpActions } from '../../../src/state/nextUp';
import {
  AD_ENGINE_CODE_MS,
  MEDIA_TIMEOUT_MS,
  STALL_TIMEOUT_MS,
  VAST_CHAIN_LIMIT_MS,
  VAST_TIMEOUT_MS,
} from '../../../sagas/ads/limits';
import { viewportActions } from '../../../src/state/viewport';
import { systemActions } from '../../../src/state/system';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { adPlayer, startPreroll, vast } from './adPlayer';

describe('the availability check beside the start (SPEC.md section 6)', () => {
  it('holds only the film back: the pre-roll plays meanwhile, and the film once the answer is yes', async () => {
    const p = adPlayer(['nonskippable'], { availability: { available: true, afterMs: 9_000 } });
    await startPreroll(p, 6);
    expect(p.store.getState().system.boot).toBe('ready'); // the boot did not wait for it
    await p.adEvent({ type: 'ended' });
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.contentCalls()).not.toContain('play'); // the answer is not there yet
    await p.clock.advance(9_000);
    expect(p.store.getState().system.available).toBe(true);
    expect(p.contentCalls()).toContain('play');
  });

  it('a blocked answer during the pre-roll gives the message right after it, and the film never plays', async () => {
    const p = adPlayer(['nonskippable'], { availability: { available: false, afterMs: 2_000 } });
    await startPreroll(p, 6);
    await p.clock.advance(2_000);
    expect(p.store.getState().system.failure).toBeNull(); // the pre-roll plays to its end first
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    await p.adEvent({ type: 'ended' });
    expect(p.store.getState().system.failure?.reason).toBe('blocked');
    expect(p.contentCalls()).not.toContain('play');
  });

  it('a blocked answer known as the boot ends gives the message at start, without a pre-roll', async () => {
    const p = adPlayer(['nonskippable'], { availability: { available: false, afterMs: 0 } });
    await untilIdle();
    expect(p.store.getState().system.failure?.reason).toBe('blocked');
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.adCalls()).not.toContain('play');
    expect(p.contentCalls()).not.toContain('play');
  });
});

describe('the ad-break actor: native fullscreen', () => {
  it('passes the pre-roll while the device is in native fullscreen: the film plays at once', async () => {
    const p = adPlayer(['nonskippable']);
    await untilIdle();
    p.store.dispatch(viewportActions.fullscreenChanged({ active: true, native: true }));
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.adCalls()).not.toContain('play');
    expect(p.contentCalls()).toContain('play');
    expect(p.store.getState().ads.prerollDone).toBe(true);
  });
});

describe('the host page during an advert', () => {
  const heard = (p: ReturnType<typeof adPlayer>, event: string) =>
    p.parent.posted.filter((m) => m.event === event);

  it('pauses and plays the advert, not the film, tracked as the viewer’s, and tells the host both', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await startPreroll(p);
    const pauses = () => p.adCalls().filter((m) => m === 'pause').length;
    const plays = () => p.adCalls().filter((m) => m === 'play').length;
    const playsBefore = plays();
    expect(await p.hostCommand('pause')).not.toHaveProperty('error');
    expect(pauses()).toBe(1);
    expect((await p.hostCommand('getPaused'))?.data).toBe(true);
    await p.adEvent({ type: 'pause' });
    expect(heard(p, 'pause').at(-1)?.data).toMatchObject({ ad: true });
    // the host's pause holds: the advert coming back into view does not restart it
    await p.setViewport({ type: 'intersection', ratio: 0.2 });
    await p.setViewport({ type: 'intersection', ratio: 1 });
    expect(plays()).toBe(playsBefore);
    await p.hostCommand('play');
    expect(plays()).toBe(playsBefore + 1);
    expect((await p.hostCommand('getPaused'))?.data).toBe(false);
    await p.adEvent({ type: 'playing' });
    expect(heard(p, 'play').at(-1)?.data).toMatchObject({ ad: true });
    expect(p.beacons).toEqual(
      expect.arrayContaining(['/track/skippable/pause', '/track/skippable/resume']),
    );
    expect(p.contentCalls()).not.toContain('play');
  });

  it('sets the volume and mutes the advert and the film alike, tracked, and answers at once', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await startPreroll(p);
    await p.hostCommand('setVolume', { volume: 0.5 });
    expect((await p.hostCommand('getVolume'))?.data).toBe(0.5);
    await p.hostCommand('mute');
    expect((await p.hostCommand('getMuted'))?.data).toBe(true);
    const volumes = (calls: { method: string; args: unknown[] }[]) =>
      calls.filter((c) => c.method === 'setVolume').map((c) => c.args);
    expect(volumes(p.adMedia.calls).slice(-2)).toEqual([
      [0.5, false],
      [0.5, true],
    ]);
    expect(volumes(p.media.calls).slice(-2)).toEqual([
      [0.5, false],
      [0.5, true],
    ]);
    await p.adEvent({ type: 'volumechange', volume: 0.5, muted: true });
    expect(p.beacons).toContain('/track/skippable/mute');
  });

  it('refuses a seek and an episode choice with AD_PLAYING, and the advert plays on', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await startPreroll(p);
    expect(await p.hostCommand('seek', { time: 30 })).toMatchObject({
      command: 'seek',
      error: { code: 'AD_PLAYING' },
    });
    expect(await p.hostCommand('selectEpisode', { episodeId: 101 })).toMatchObject({
      error: { code: 'AD_PLAYING' },
    });
    expect(p.contentCalls()).not.toContain('seek');
    expect(p.store.getState().ads.ad?.status).toBe('playing');
  });

  it('a pause sent while the advert is starting holds it as soon as it plays', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 15 }); // play() asked, no frame yet
    await p.hostCommand('pause');
    expect(p.adCalls()).not.toContain('pause');
    await p.adEvent({ type: 'playing' });
    expect(p.adCalls()).toContain('pause');
  });

  it('a host play lifts only its own pause: the advert out of view stays paused', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await startPreroll(p);
    await p.hostCommand('pause');
    await p.adEvent({ type: 'pause' });
    await p.setViewport({ type: 'intersection', ratio: 0.2 });
    const plays = p.adCalls().filter((m) => m === 'play').length;
    await p.hostCommand('play');
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(plays);
    await p.setViewport({ type: 'intersection', ratio: 1 });
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(plays + 1);
  });

  it('a host that paused during the break finds the film paused after it, until its play', async () => {
    const p = adPlayer(['skippable'], { framed: true });
    await startPreroll(p);
    await p.playTo(0.25, 6, 15);
    await p.hostCommand('pause');
    await p.adEvent({ type: 'pause' });
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.contentCalls()).not.toContain('play');
    await p.hostCommand('play');
    expect(p.contentCalls()).toContain('play');
  });
});

describe('the ad-break actor: a pre-roll', () => {
  it('plays before content, tracks impression, start, each quartile once and complete, then content plays', async () => {
    const p = adPlayer(['nonskippable']);
    await startPreroll(p, 6);
    expect(p.contentCalls()).not.toContain('play');
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    await p.playTo(0.25, 6, 6);
    await p.playTo(1.5, 2, 6); // a seek back replays quartile times: nothing fires twice
    await p.adEvent({ type: 'pause' }, { type: 'ended' });
    expect(p.beacons.map((b) => b.replace(/\?.*/, ''))).toEqual([
      '/track/nonskippable/impression',
      '/track/nonskippable/start',
      '/track/nonskippable/firstQuartile',
      '/track/nonskippable/midpoint',
      '/track/nonskippable/progress-3s',
      '/track/nonskippable/thirdQuartile',
      '/track/nonskippable/complete',
    ]);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.store.getState().ads.history).toEqual([
      expect.objectContaining({ id: 'demo-nonskippable', type: 'pre-roll', status: 'completed' }),
    ]);
    expect(p.adCalls()).toContain('unload');
    expect(p.contentCalls()).toContain('play');
  });

  it('an advert the browser paused by itself plays on muted, untracked; a second such pause shows it paused', async () => {
    const p = adPlayer(['nonskippable']);
    await startPreroll(p, 6);
    await p.playTo(0.25, 1, 6);
    const callsBefore = p.adCalls().length;
    await p.adEvent({ type: 'pause', atEnd: false }); // Safari: sound found, no click yet
    expect(p.adCalls().slice(callsBefore)).toEqual(['setVolume', 'play']);
    expect(p.adMedia.calls.at(-2)).toEqual({ method: 'setVolume', args: [1, true] });
    await p.adEvent({ type: 'volumechange', volume: 1, muted: true }, { type: 'playing' });
    expect(p.store.getState().ads).toMatchObject({ muted: true, ad: { status: 'playing' } });
    await p.playTo(1.25, 2, 6);
    await p.adEvent({ type: 'pause', atEnd: false });
    expect(p.store.getState().ads.ad?.status).toBe('paused'); // the viewer's click plays it
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(2);
    // neither the mute nor the pauses were the viewer's
    expect(p.beacons.filter((b) => /\/(mute|pause|resume)/.test(b))).toEqual([]);
  });

  it('a muted advert the browser paused shows paused at once; a hidden one only stays paused', async () => {
    const p = adPlayer(['nonskippable']);
    await startPreroll(p, 6);
    await p.adEvent({ type: 'volumechange', volume: 1, muted: true });
    await p.adEvent({ type: 'pause', atEnd: false }); // not for its sound: the viewer's or the system's
    expect(p.store.getState().ads.ad?.status).toBe('paused');
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(1);

    const q = adPlayer(['nonskippable']);
    await startPreroll(q, 6);
    await q.setHidden(true);
    await untilIdle();
    const calls = q.adCalls().length;
    await q.adEvent({ type: 'pause', atEnd: false });
    expect(q.adCalls().slice(calls)).toEqual([]);
    await q.setHidden(false);
    await untilIdle();
    expect(q.adCalls().slice(calls)).toEqual(['play']); // back in view, with its sound
  });

  it('fills the impression cache-buster from the rng: eight digits', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p);
    expect(p.beacons[0]).toBe('/track/skippable/impression?cb=50000000');
  });

  it('refuses a skip before the skip offset and skips after it', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p);
    await p.playTo(0.25, 4.75, 15);
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    expect(p.beacons).not.toContain('/track/skippable/skip');
    await p.playTo(5, 5, 15);
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    expect(p.beacons).toContain('/track/skippable/skip');
    expect(p.beacons).not.toContain('/track/skippable/complete');
    expect(p.store.getState().ads.history[0]?.status).toBe('skipped');
    expect(p.contentCalls()).toContain('play');
  });

  it.each([
    ['as it loads', 20],
    ['in its first time update', 0],
  ])(
    'skips an advert whose skip offset is a percentage, without <Duration>, once its media tells its duration %s',
    async (_when, loadedDuration) => {
      const quarter = vast('skippable')
        .replace('skipoffset="00:00:05"', 'skipoffset="25%"')
        .replace(/<Duration>[^<]*<\/Duration>/, '');
      const p = adPlayer(['quarter'], { documents: { quarter } });
      await startPreroll(p, loadedDuration);
      await p.playTo(0.25, 4.75, 20);
      expect(p.store.getState().ads.ad?.skipOffsetSec).toBe(5); // 25% of 20 s
      p.store.dispatch(adRequests.skipRequested());
      await untilIdle();
      expect(p.beacons).not.toContain('/track/skippable/skip');
      await p.playTo(5, 5, 20);
      p.store.dispatch(adRequests.skipRequested());
      await untilIdle();
      expect(p.beacons).toContain('/track/skippable/skip');
      expect(p.store.getState().ads.history[0]?.status).toBe('skipped');
    },
  );

  it('pauses below 51% visibility and plays again above it, tracking pause and resume', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p);
    await p.setViewport({ type: 'intersection', ratio: 0.5 });
    expect(p.adCalls().filter((m) => m === 'pause')).toHaveLength(1);
    await p.adEvent({ type: 'pause' });
    expect(p.store.getState().ads.ad?.status).toBe('paused');
    await p.setViewport({ type: 'intersection', ratio: 0.51 });
    await p.adEvent({ type: 'playing' });
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    expect(p.beacons).toEqual(
      expect.arrayContaining(['/track/skippable/pause', '/track/skippable/resume']),
    );
    // Each tracking URL once per ad: a second pause and resume are not told again.
    await p.setViewport({ type: 'intersection', ratio: 0.2 });
    await p.adEvent({ type: 'pause' });
    await p.setViewport({ type: 'intersection', ratio: 1 });
    await p.adEvent({ type: 'playing' });
    expect(p.adCalls().filter((m) => m === 'pause')).toHaveLength(2);
    expect(p.beacons.filter((b) => b === '/track/skippable/pause')).toHaveLength(1);
    expect(p.beacons.filter((b) => b === '/track/skippable/resume')).toHaveLength(1);
  });

  it('fires each tracking event at most once through seeks back and forth, pauses, hiding and an unload', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p, 20);
    await p.playTo(0, 6, 20); // past the first quartile (5 s)
    await p.playTo(1, 6, 20); // back to 1 s (a seek back) and past it again
    p.store.dispatch(adRequests.playPauseRequested()); // pause
    await p.adEvent({ type: 'pause' });
    p.store.dispatch(adRequests.playPauseRequested()); // play
    await p.adEvent({ type: 'playing' });
    await p.setHidden(true); // another tab
    await p.adEvent({ type: 'pause' });
    await p.setHidden(false);
    await p.adEvent({ type: 'playing' });
    await p.playTo(6, 11, 20); // past the midpoint (10 s) and the 10 s progress offset
    await p.playTo(9, 11, 20); // back before them and past them again
    // the page unloads in the middle of the ad: what was due has gone, nothing goes twice
    const beforeUnload = [...p.beacons];
    await p.setHidden(true);
    const fired = (path: string) => p.beacons.filter((b) => b.split('?')[0] === path).length;
    for (const event of [
      'impression',
      'start',
      'firstQuartile',
      'midpoint',
      'progress-10s',
      'pause',
      'resume',
    ])
      expect([event, fired(`/track/skippable/${event}`)]).toEqual([event, 1]);
    expect(beforeUnload).toEqual(expect.arrayContaining(['/track/skippable/midpoint']));
    expect(fired('/track/skippable/thirdQuartile')).toBe(0); // not reached
    expect(fired('/track/skippable/complete')).toBe(0);
    expect(new Set(p.beacons).size).toBe(p.beacons.length);
  });

  it('pauses while the document is hidden, even after the viewer chose play', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p);
    p.store.dispatch(adRequests.playPauseRequested()); // pause
    await p.adEvent({ type: 'pause' });
    p.store.dispatch(adRequests.playPauseRequested()); // play again
    await untilIdle();
    await p.adEvent({ type: 'playing' });
    const pausesBefore = p.adCalls().filter((m) => m === 'pause').length;
    await p.setHidden(true);
    expect(p.adCalls().filter((m) => m === 'pause')).toHaveLength(pausesBefore + 1);
  });

  it('follows the wrapper chain and merges the wrappers’ tracking into the ad', async () => {
    const p = adPlayer(['wrapper-1']);
    await startPreroll(p, 6);
    expect(p.beacons).toEqual(
      expect.arrayContaining([
        '/track/wrapper-1/impression',
        '/track/wrapper-1/start',
        expect.stringMatching(/^\/track\/nonskippable\/impression/),
        '/track/nonskippable/start',
      ]),
    );
  });
});

describe('the ad-break actor: the VAST 4.3 beacons of the demo’s measured advert', () => {
  it('tells its two vendors with their reasons, then its impression, Viewable at 2 s, its end', async () => {
    const p = adPlayer(['measured']);
    await startPreroll(p, 6);
    await p.playTo(0, 6, 6);
    await p.adEvent({ type: 'ended' });
    expect(p.beacons).toEqual([
      '/track/measured/verification-one?reason=2',
      '/track/measured/verification-two?reason=3',
      '/track/measured/impression?id=demo-measured-serving',
      '/track/measured/start',
      '/track/measured/viewable?at=00%3A00%3A02.000',
      '/track/measured/complete',
    ]);
  });
});

describe('the ad-break actor: the demo’s advert with the AdChoices icon', () => {
  it('tells the icon’s view as it shows with the advert, its click as the viewer clicks it through', async () => {
    const p = adPlayer(['icon']);
    await startPreroll(p, 6);
    await p.playTo(0, 2, 6);
    p.store.dispatch(adRequests.industryIconClicked({ index: 0 }));
    await untilIdle();
    await p.adEvent({ type: 'pause' });
    expect(p.beacons).toEqual([
      '/track/icon/impression',
      '/track/icon/start',
      '/track/icon/icon-view?at=00%3A00%3A00.000',
      '/track/icon/icon-click',
      '/track/icon/pause',
    ]);
    expect(p.store.getState().ads.ad?.icons).toMatchObject([
      { program: 'AdChoices', clickThrough: `${BASE}/advertiser.html`, shown: true },
    ]);
  });
});

describe('the ad-break actor: ready before the play click', () => {
  it('resolves the first ad and loads its media file before play, and does not fetch it again', async () => {
    const p = adPlayer(['skippable', 'nonskippable']);
    await untilIdle();
    expect(p.vastRequests()).toBe(1);
    expect(p.adMedia.calls).toEqual([{ method: 'load', args: [`${BASE}/media/ads/ad-15s.mp4`] }]);
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.vastRequests()).toBe(1);
    expect(p.store.getState().ads.ad).toMatchObject({ index: 0, status: 'loaded' });
  });
});

describe('the ad-break actor: a prepared ad starts at the head of its break', () => {
  it('plays the preloaded ad once, before the break’s bookkeeping, and tracks it as usual', async () => {
    const p = adPlayer(['skippable']);
    await untilIdle(); // prepared: VAST resolved, media loading
    const load = p.adMedia.port.load;
    p.adMedia.port.load = (url) => (load(url), { ready: true, duration: 15 }); // now loaded
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.adCalls()).toEqual(['load', 'load', 'show', 'play', 'setVolume', 'load', 'show']);
    await p.adEvent({ type: 'playing' });
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(1);
    expect(p.beacons.slice(0, 2).map((b) => b.replace(/\?.*/, ''))).toEqual([
      '/track/skippable/impression',
      '/track/skippable/start',
    ]);
  });
});

describe('the ad-break actor: failures end the break within its limits', () => {
  it('a paused ad that is skipped does not leave the next ad paused', async () => {
    const p = adPlayer(['skippable', 'nonskippable']);
    await startPreroll(p);
    await p.playTo(0.25, 5, 15);
    p.store.dispatch(adRequests.playPauseRequested()); // the viewer pauses
    await p.adEvent({ type: 'pause' });
    p.store.dispatch(adRequests.skipRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 6 });
    expect(p.adCalls().filter((m) => m === 'play')).toHaveLength(2);
    expect(p.store.getState().ads.ad).toMatchObject({ index: 1 });
  });

  it('an ad whose play() never settles ends in 402 after the media limit', async () => {
    const p = adPlayer(['skippable']);
    p.adMedia.port.play = () => new Promise(() => undefined);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 15 });
    await p.clock.advance(MEDIA_TIMEOUT_MS);
    expect(p.store.getState().ads.history[0]).toMatchObject({ errorCode: 402 });
    expect(p.contentCalls()).toContain('play');
  });

  it.each([
    ['broken', 100],
    ['empty', 303],
  ])('a %s VAST ends in %i and content plays', async (name, code) => {
    const p = adPlayer([name]);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.store.getState().ads.history).toEqual([
      expect.objectContaining({ status: 'error', errorCode: code }),
    ]);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.contentCalls()).toContain('play');
  });

  it('an XML parser whose code did not load leaves the VAST unread: 303, and content plays', async () => {
    const p = adPlayer(['skippable'], { parserLoads: false });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.store.getState().ads.history).toEqual([
      expect.objectContaining({ status: 'error', errorCode: 303 }),
    ]);
    expect(p.contentCalls()).toContain('play');
  });

  it('an XML parser whose code never comes: the advert ends in 350 at the chain’s time limit, and content plays', async () => {
    const p = adPlayer(['skippable'], { parserLoads: 'never' });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(VAST_CHAIN_LIMIT_MS - 1);
    expect(p.contentCalls()).not.toContain('play');
    await p.clock.advance(1);
    expect(p.store.getState().ads.history).toEqual([
      expect.objectContaining({ status: 'error', errorCode: 350 }),
    ]);
    expect(p.contentCalls()).toContain('play');
  });

  it('a film without adverts never asks for the ad engine’s code', async () => {
    const p = adPlayer([]);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.engineAsked()).toBe(0);
    expect(p.contentCalls()).toContain('play');
  });

  it('an ad engine whose code did not load: no VAST is asked for, no advert shows, and content plays', async () => {
    const p = adPlayer(['skippable'], { engineLoads: false });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.engineAsked()).toBeGreaterThan(0);
    expect(p.vastRequests()).toBe(0);
    expect(p.store.getState().ads.history).toEqual([]);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.contentCalls()).toContain('play');
  });

  it('an ad engine whose code never comes holds content back only until its time limit', async () => {
    const p = adPlayer(['skippable'], { engineLoads: 'never' });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(AD_ENGINE_CODE_MS - 1);
    expect(p.contentCalls()).not.toContain('play');
    await p.clock.advance(1);
    expect(p.vastRequests()).toBe(0);
    expect(p.contentCalls()).toContain('play');
  });

  it('a VAST that does not answer ends in 350 after the VAST time limit', async () => {
    const p = adPlayer(['skippable'], { hang: ['skippable.xml'] });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(VAST_TIMEOUT_MS - 1);
    expect(p.contentCalls()).not.toContain('play');
    await p.clock.advance(1);
    expect(p.store.getState().ads.history[0]).toMatchObject({ errorCode: 350 });
    expect(p.contentCalls()).toContain('play');
  });

  it('a media file that never loads ends in 402 with the error URL told the code', async () => {
    const p = adPlayer(['skippable', 'nonskippable']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(MEDIA_TIMEOUT_MS + 1_000);
    expect(p.beacons).toContain('/track/skippable/error?code=402');
    expect(p.store.getState().ads.ad?.index).toBe(1); // the next ad of the list
  });

  it('a media file that is not found ends in 401', async () => {
    const p = adPlayer(['skippable']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'error', code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' });
    expect(p.beacons).toEqual(['/track/skippable/error?code=401']);
    expect(p.contentCalls()).toContain('play');
  });

  it('a media file that cannot be decoded ends in 450 with its error URL told', async () => {
    const p = adPlayer(['skippable']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'error', code: 3, message: 'PIPELINE_ERROR_DECODE' });
    expect(p.beacons).toEqual(['/track/skippable/error?code=450']);
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'error', errorCode: 450 });
    expect(p.contentCalls()).toContain('play');
  });

  it('an ad that stalls while playing ends in 405 after the stall limit, its error URL told', async () => {
    const p = adPlayer(['skippable']);
    await startPreroll(p);
    await p.playTo(0.25, 2, 15);
    await p.clock.advance(STALL_TIMEOUT_MS - 1_000);
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    await p.clock.advance(2_000);
    expect(p.beacons).toContain('/track/skippable/error?code=405');
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'error', errorCode: 405 });
    expect(p.contentCalls()).toContain('play');
  });
});

describe('the mid-roll watcher', () => {
  it('asks for a break after 10 s of played content, pauses content, and resumes it after', async () => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1' });
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    p.media.emit({ type: 'playing' });
    await untilIdle();
    const playsBefore = p.contentCalls().filter((m) => m === 'play').length;
    await p.clock.advance(9_500);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    await p.clock.advance(1_000);
    expect(p.store.getState().ads.activeBreak).toMatchObject({ kind: 'midroll' });
    expect(p.contentCalls()).toContain('pause');
    p.media.emit({ type: 'pause', currentTime: 10 });
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 6 }, { type: 'playing' }, { type: 'ended' });
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.store.getState().ads.nextMidrollAt).toBe(20);
    expect(p.contentCalls().filter((m) => m === 'play')).toHaveLength(playsBefore + 1);
    expect(p.contentCalls()).not.toContain('seek'); // content resumes where it was
  });

  it.each([
    [
      'fullscreen',
      (active: boolean) => viewportActions.fullscreenChanged({ active, native: false }),
    ],
    [
      'the fullscreen-stretched mode',
      (active: boolean) => viewportActions.stretchedChanged({ active }),
    ],
  ])('postpones a mid-roll due in %s and runs it on the exit', async (_mode, fullscreen) => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1' });
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    p.media.emit({ type: 'playing' });
    await untilIdle();
    p.store.dispatch(fullscreen(true));
    await p.clock.advance(12_000);
    expect(p.store.getState().media.playedSeconds).toBeGreaterThanOrEqual(10);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    p.store.dispatch(fullscreen(false));
    await untilIdle();
    expect(p.store.getState().ads.activeBreak).toMatchObject({ kind: 'midroll' });
  });

  it('starts no break in an episode being left (it may have ended for the host already)', async () => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1' });
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    p.media.emit({ type: 'playing' });
    await untilIdle();
    await p.clock.advance(9_500);
    // the credits' countdown ran out (or another episode was chosen): the switch is under way
    p.store.dispatch(nextUpActions.episodeChosen());
    await p.clock.advance(2_000);
    expect(p.store.getState().media.playedSeconds).toBeGreaterThanOrEqual(10);
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.contentCalls()).not.toContain('pause');
  });

  it('starts no break behind a message', async () => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1' });
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    const loads = p.adCalls().filter((m) => m === 'load').length;
    p.store.dispatch(
      systemActions.playbackFailed({
        reason: 'unexpected',
        errorId: 'e1',
        address: null,
        detail: 'x',
      }),
    );
    p.store.dispatch(adRequests.breakRequested({ kind: 'midroll' }));
    await untilIdle();
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(p.adCalls().filter((m) => m === 'load')).toHaveLength(loads);
  });

  it('does nothing without the advert parameter', async () => {
    const p = adPlayer(['nonskippable']);
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    p.media.emit({ type: 'playing' });
    await untilIdle();
    expect(selectMidrollMarkLeft(p.store.getState())).toBeNull(); // no mark on the bar either
    await p.clock.advance(15_000);
    expect(p.store.getState().ads.activeBreak).toBeNull();
  });

  it('marks the break on the bar and counts its last 5 s down, gone once it starts', async () => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1' });
    await startPreroll(p, 6);
    expect(selectMidrollMarkLeft(p.store.getState())).toBeNull(); // not during the pre-roll
    await p.adEvent({ type: 'ended' });
    p.media.emit({ type: 'playing' });
    await p.clock.advance(1_000); // the film's duration is reported
    // at 10 s of the 24 s film (the played time is counted in whole seconds)
    const left = parseFloat(selectMidrollMarkLeft(p.store.getState()) ?? 'NaN');
    expect(left).toBeGreaterThanOrEqual((10 / 24) * 100 - 0.1);
    expect(left).toBeLessThan((11 / 24) * 100);
    const counted: (number | null)[] = [selectMidrollCountdown(p.store.getState())];
    for (let second = 0; second < 11; second++) {
      await p.clock.advance(1_000);
      counted.push(selectMidrollCountdown(p.store.getState()));
    }
    expect(counted.filter((n, i) => n !== counted[i - 1])).toEqual([null, 5, 4, 3, 2, 1, null]);
    expect(p.store.getState().ads.activeBreak).toMatchObject({ kind: 'midroll' });
    expect(selectMidrollMarkLeft(p.store.getState())).toBeNull();
  });
});

describe('the ad-break actor: VPAID 2.0 creatives', () => {
  it('loads the creative, starts it, maps its events onto statuses and tracking, then content plays', async () => {
    const p = adPlayer(['vpaid']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.vpaid.calls[0]).toEqual({
      method: 'load',
      args: [
        `${BASE}/vpaid/vpaid-ad.js`,
        `{"mediaUrl": "${BASE}/media/ads/ad-6s.mp4", "clickThrough": "${BASE}/advertiser.html"}`,
      ],
    });
    expect(p.adCalls()).not.toContain('load'); // not a video file
    await p.vpaidEvent({ type: 'AdLoaded' });
    expect(p.vpaid.calls.map((c) => c.method)).toContain('start');
    await p.vpaidEvent({ type: 'AdStarted' }, { type: 'AdImpression' }, { type: 'AdVideoStart' });
    expect(p.store.getState().ads.ad?.status).toBe('playing');
    await p.vpaidEvent(
      { type: 'AdRemainingTimeChange', remaining: 3, duration: 6 },
      { type: 'AdVideoFirstQuartile' },
      { type: 'AdVideoMidpoint' },
      { type: 'AdVideoMidpoint' }, // a creative repeating itself fires nothing twice
      { type: 'AdVideoThirdQuartile' },
      { type: 'AdVideoComplete' },
      { type: 'AdStopped' },
    );
    expect(p.beacons).toEqual([
      '/track/vpaid/impression',
      '/track/vpaid/start',
      '/track/vpaid/firstQuartile',
      '/track/vpaid/midpoint',
      '/track/vpaid/thirdQuartile',
      '/track/vpaid/complete',
    ]);
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'completed' });
    expect(p.vpaid.calls.map((c) => c.method)).toContain('unload');
    expect(p.contentCalls()).toContain('play');
  });

  it('tracks the impression and start on AdStarted alone, once; a creative that stops itself is followed by the next ad', async () => {
    const p = adPlayer(['vpaid', 'nonskippable']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.vpaidEvent({ type: 'AdLoaded' }, { type: 'AdStarted' });
    expect(p.beacons).toEqual(['/track/vpaid/impression', '/track/vpaid/start']);
    await p.vpaidEvent({ type: 'AdImpression' }, { type: 'AdVideoStart' }); // told once only
    expect(p.beacons).toEqual(['/track/vpaid/impression', '/track/vpaid/start']);
    await p.vpaidEvent({ type: 'AdStopped' });
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'stopped' });
    expect(p.store.getState().ads.ad).toMatchObject({ index: 1 }); // the next ad of the break
    expect(p.adCalls()).toContain('load');
    expect(p.contentCalls()).not.toContain('play');
  });

  it('ends in 901 when the creative fails its handshake, telling the error URL', async () => {
    const p = adPlayer(['vpaid']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.vpaidEvent({ type: 'AdError', message: 'VPAID version 1.1 is not 2.x' });
    expect(p.beacons).toEqual(['/track/vpaid/error?code=901']);
    expect(p.store.getState().ads.history[0]).toMatchObject({ status: 'error', errorCode: 901 });
    expect(p.contentCalls()).toContain('play');
  });

  it('ends in 901 when the creative never loads, after the media limit', async () => {
    const p = adPlayer(['vpaid']);
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(MEDIA_TIMEOUT_MS + 1_000);
    expect(p.store.getState().ads.history[0]).toMatchObject({ errorCode: 901 });
    expect(p.contentCalls()).toContain('play');
  });
});

describe('the quality of experience of the breaks, through the ad actor', () => {
  const qoe = async (p: ReturnType<typeof adPlayer>) =>
    (await p.hostCommand('getQoe'))?.data as Record<string, unknown>;

  it('counts the adverts asked for and shown, and the time from the request to the first frame', async () => {
    const p = adPlayer(['nonskippable', 'broken'], { framed: true });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.clock.advance(400);
    await p.adEvent({ type: 'loaded', duration: 6 }, { type: 'playing' });
    await p.adEvent({ type: 'ended' }); // the second advert's VAST is broken: it shows nothing
    expect(p.store.getState().ads.activeBreak).toBeNull();
    expect(await qoe(p)).toMatchObject({
      ttffMs: 400,
      adsAsked: 2,
      adsPlayed: 1,
      adFill: 0.5,
      adStartMs: 400,
    });
  });

  it('a pre-roll passed at once leaves no start behind: the mid-roll counts from its own request', async () => {
    const p = adPlayer(['nonskippable'], { search: '?movie_id=1&advert=1', framed: true });
    await untilIdle();
    // no pre-roll in native fullscreen: the break passes before its request is clocked
    p.store.dispatch(viewportActions.fullscreenChanged({ active: true, native: true }));
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(p.store.getState().ads.prerollDone).toBe(true);
    p.store.dispatch(viewportActions.fullscreenChanged({ active: false, native: false }));
    p.media.emit({ type: 'playing' });
    await untilIdle();
    await p.clock.advance(10_500);
    expect(p.store.getState().ads.activeBreak).toMatchObject({ kind: 'midroll' });
    const askedAt = p.store.getState().qoe.breakAskedAtMs!;
    await p.clock.advance(700);
    await p.adEvent({ type: 'loaded', duration: 6 }, { type: 'playing' });
    const startMs = (await qoe(p)).adStartMs as number;
    expect(startMs).toBeGreaterThanOrEqual(700);
    expect(startMs).toBe(p.clock.port.now() - askedAt);
    expect(startMs).toBeLessThan(2_000); // not from the passed pre-roll's request, 10 s before
  });

  it('an advert the browser would not start counts its start from the viewer’s click', async () => {
    const adPlay: PlayOutcome = { ok: false, reason: 'not-allowed' };
    const p = adPlayer(['nonskippable'], { adPlay, framed: true });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'loaded', duration: 6 });
    expect(p.store.getState().ads.ad?.needsClick).toBe(true);
    await p.clock.advance(30_000); // the viewer looks away
    Object.assign(adPlay, { ok: true, reason: undefined });
    p.store.dispatch(adRequests.playPauseRequested());
    await untilIdle();
    await p.clock.advance(250);
    await p.adEvent({ type: 'playing' });
    expect(await qoe(p)).toMatchObject({ ttffMs: 250, adStartMs: 250, adFill: 1 });
  });
});
