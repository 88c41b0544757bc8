/** @jest-environment node */
// A soak test on virtual time: two hours of the demo series with a mid-roll every 10 s of content
// (`advert`), episode changes and the viewer's pauses. Every simulated minute it checks that nothing
// is stuck and that listeners, timers and loaded streams do not pile up.
import type { UnknownAction } from '@reduxjs/toolkit';
import { adsActions } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { startSimulatedPlayer } from '../../../tools/sim/simulated';

const SECOND = 1000;
/** Content to play in all, in seconds of played time. */
const CONTENT_S = 2 * 60 * 60;
/** Each episode's stream: 25 minutes, so the session goes through every episode of the series. */
const EPISODE_S = 25 * 60;
/** No break (one 6 s ad) may last this long. */
const BREAK_LIMIT_MS = 30 * SECOND;
/** Content played in any minute, ads and the viewer's pauses included, at the least. */
const CONTENT_PER_MINUTE_S = 10;
/** The demo series: the session starts at its third episode, and goes back to the first at its end. */
const START_EPISODE = 203;
const FIRST_EPISODE = 201;
const LAST_EPISODE = 205;

describe('a two-hour session with mid-rolls', () => {
  it('never gets stuck, and its listeners, timers and streams do not pile up', async () => {
    // what the actions tell, as they reach the store
    let contentPlayed = 0; // seconds of content played, over every episode
    let playedThisStream = 0;
    let episodesSelected = 0;
    const breaks = { preroll: 0, midroll: 0, ended: 0 };
    let breakSince: number | null = null;
    let longestBreakMs = 0;
    const onAction = (action: UnknownAction) => {
      if (mediaActions.reset.match(action)) playedThisStream = 0;
      if (mediaActions.positionChanged.match(action)) {
        contentPlayed += Math.max(0, action.payload.playedSeconds - playedThisStream);
        playedThisStream = action.payload.playedSeconds;
      }
      if (contentActions.episodeSelected.match(action)) episodesSelected += 1;
      if (adsActions.breakStarted.match(action)) {
        breaks[action.payload.kind] += 1;
        breakSince = clock.now;
      }
      if (adsActions.breakEnded.match(action)) {
        breaks.ended += 1;
        longestBreakMs = Math.max(longestBreakMs, clock.now - (breakSince ?? clock.now));
        breakSince = null;
      }
    };
    const { store, clock, content, ads, advance, errors } = startSimulatedPlayer(
      `?movie_id=2&episode_id=${START_EPISODE}&auto_play=1&advert=1`,
      { episodeSeconds: EPISODE_S, onAction },
    );

    // Warm-up: until everything the session does has happened once (boot, pre-roll, mid-rolls, a
    // pause, an episode change). The highest count of pending timers in it bounds the rest.
    let warmingUp = true;
    let warmUpTimers = 0;
    let timersAfterWarmUp = 0;
    let firstMinute: { contentListeners: number; pendingTimers: number } | null = null;

    /** What is wrong at a minute's sample (nothing, for a healthy session). */
    const problemsAt = (minute: number, playedInMinute: number): string[] => {
      const state = store.getState();
      const problems: string[] = [];
      const check = (ok: boolean, what: string) => void (ok || problems.push(`${minute}: ${what}`));
      check(state.system.boot === 'ready' && state.system.failure === null, 'the player failed');
      check(state.system.crashes.length === 0, `crashes ${JSON.stringify(state.system.crashes)}`);
      check(!state.media.buffering, 'content buffering');
      check(
        playedInMinute >= CONTENT_PER_MINUTE_S,
        `only ${playedInMinute} s of content played in the minute`,
      );
      check(
        breakSince === null || clock.now - breakSince < BREAK_LIMIT_MS,
        `an ad break active for ${clock.now - (breakSince ?? 0)} ms`,
      );
      // One stream at a time: each episode chosen is loaded once, and nothing else is. The player
      // never unloads the content element itself: the media port's load() replaces the stream
      // loaded before (src/ports/media.ts), so loads - unloads is the episodes loaded in the session.
      const loads = content.count('load');
      const unloads = content.count('unload');
      check(loads === episodesSelected, `${loads} stream loads for ${episodesSelected} episodes`);
      check(unloads === 0, `${unloads} content unloads`);
      // the ad element holds an ad (and has a listener) only during a break
      const breakActive = state.ads.activeBreak !== null;
      check(breakActive || !ads.loaded, 'an ad left loaded after its break');
      check(ads.listeners.size <= (breakActive ? 1 : 0), `${ads.listeners.size} ad listeners`);
      // listeners and timers no more than after the first minute (timers: than in the warm-up)
      const contentListeners = content.media.listeners.size;
      firstMinute ??= { contentListeners, pendingTimers: clock.pending };
      check(
        contentListeners <= firstMinute.contentListeners,
        `${contentListeners} content listeners`,
      );
      const timerBound = Math.max(firstMinute.pendingTimers, warmUpTimers);
      check(clock.pending <= timerBound, `${clock.pending} pending timers (bound ${timerBound})`);
      return problems;
    };

    const problems: string[] = [];
    let minute = 0;
    let viewerPauses = 0;
    let pausedByViewer = false;
    while (contentPlayed < CONTENT_S && problems.length === 0) {
      minute += 1;
      if (minute > 6 * 60) throw new Error(`Only ${contentPlayed} s of content in 6 hours`);
      const before = contentPlayed;
      for (let second = 0; second < 60; second++) {
        await advance(SECOND);
        content.endIfOver();
        if (warmingUp) warmUpTimers = Math.max(warmUpTimers, clock.pending);
        else timersAfterWarmUp = Math.max(timersAfterWarmUp, clock.pending);
        const state = store.getState();
        // at the end of the series the viewer picks its first episode from the episodes menu
        if (state.content.currentEpisodeId === LAST_EPISODE && state.media.ended)
          store.dispatch(contentActions.episodeRequested({ episodeId: FIRST_EPISODE }));
        // every 7 minutes the viewer pauses content for 15 s (not during an ad)
        if (minute % 7 === 0 && second === 20 && !state.ads.activeBreak && !state.media.paused) {
          store.dispatch(playbackRequests.pauseRequested());
          pausedByViewer = true;
          viewerPauses += 1;
        }
        if (pausedByViewer && second === 35) {
          expect(store.getState().media.paused).toBe(true);
          store.dispatch(playbackRequests.playRequested());
          pausedByViewer = false;
        }
      }
      problems.push(...problemsAt(minute, contentPlayed - before));
      if (warmingUp && episodesSelected >= 2 && viewerPauses >= 1) warmingUp = false;
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);

    // the session: two hours of content, every episode of the series, the viewer's pauses
    expect(contentPlayed).toBeGreaterThanOrEqual(CONTENT_S);
    const lastState = store.getState();
    expect(episodesSelected).toBeGreaterThanOrEqual(5);
    expect(lastState.content.currentEpisodeId).toBe(FIRST_EPISODE + 1);
    expect(viewerPauses).toBeGreaterThanOrEqual(10);
    // a pre-roll for each episode and a mid-roll every 10 s of content, each played through and
    // ended quickly; the ad element unloaded after each
    expect(breaks.preroll).toBe(episodesSelected);
    expect(breaks.midroll).toBeGreaterThanOrEqual(12);
    expect(breaks.ended).toBe(breaks.preroll + breaks.midroll - (breakSince === null ? 0 : 1));
    expect(longestBreakMs).toBeLessThan(BREAK_LIMIT_MS);
    expect(lastState.ads.history.filter((h) => h.status !== 'completed')).toEqual([]);
    expect(ads.counts.unload).toBe(breaks.ended);
    // no stuck state at the end: no break that never ends, content not waiting on anything
    expect(lastState.ads.activeBreak === null || breakSince !== null).toBe(true);
    expect(lastState.media.buffering).toBe(false);
    // timers after the warm-up stayed within its bound
    expect(warmingUp).toBe(false);
    expect(timersAfterWarmUp).toBeLessThanOrEqual(warmUpTimers);
  }, 120_000);
});
