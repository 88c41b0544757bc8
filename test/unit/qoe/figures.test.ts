// The quality-of-experience arithmetic, and the tallies the qoe slice keeps from the player's actions.
import {
  adFill,
  averageBitrate,
  elapsedMs,
  meanMs,
  rebufferRatio,
  stalledMs,
} from '../../../src/qoe/figures';
import { adRequests, adsActions } from '../../../src/state/ads';
import { analyticsActions } from '../../../src/state/analytics';
import { contentActions } from '../../../src/state/content';
import { systemActions } from '../../../src/state/system';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { qoeActions, qoeSlice, timeMatters, type QoeState } from '../../../src/state/qoe';
import { qoeFigures } from '../../../src/qoe/episodeFigures';
import type { UnknownAction } from 'redux';

describe('the quality-of-experience arithmetic', () => {
  it('nothing watched is a ratio of 0, not NaN; the ratio stays within 0..1', () => {
    expect(rebufferRatio(0, 0)).toBe(0);
    expect(rebufferRatio(500, 0)).toBe(0);
    expect(rebufferRatio(1_000, 8_000)).toBe(0.125);
    expect(rebufferRatio(9_000, 8_000)).toBe(1);
    expect(rebufferRatio(1, 3)).toBe(0.3333);
  });

  it('no ads asked is a fill of null; otherwise played over asked', () => {
    expect(adFill(0, 0)).toBeNull();
    expect(adFill(0, 2)).toBe(0);
    expect(adFill(1, 2)).toBe(0.5);
    expect(adFill(2, 2)).toBe(1);
  });

  it('the bitrate is weighted by the seconds each level played, null before any played', () => {
    expect(averageBitrate(0, 0)).toBeNull();
    // 10 s at 400 kb/s and 30 s at 1200 kb/s
    expect(averageBitrate(10 * 400_000 + 30 * 1_200_000, 40)).toBe(1_000_000);
  });

  it('a time between two readings is null while one is missing, never negative', () => {
    expect(elapsedMs(null, 5)).toBeNull();
    expect(elapsedMs(5, null)).toBeNull();
    expect(elapsedMs(100, 350.4)).toBe(250);
    expect(elapsedMs(300, 200)).toBe(0);
    expect(meanMs(0, 0)).toBeNull();
    expect(meanMs(900, 2)).toBe(450);
  });

  it('a stall still on counts up to now', () => {
    expect(stalledMs(1_000, null, 9_999)).toBe(1_000);
    expect(stalledMs(1_000, 5_000, 5_600)).toBe(1_600);
  });
});

/** The slice after these actions, each followed by its clock reading when the actor would read it. */
function tallies(steps: [UnknownAction, number?][]): QoeState {
  return tallies.from(qoeSlice.reducer(undefined, { type: '@@init' }), steps);
}
/** The same, from a slice state. */
tallies.from = (from: QoeState, steps: [UnknownAction, number?][]): QoeState => {
  let state = from;
  for (const [action, atMs] of steps) {
    state = qoeSlice.reducer(state, action);
    if (atMs !== undefined && timeMatters(state, action.type))
      state = qoeSlice.reducer(state, qoeActions.clocked({ of: action.type, atMs }));
  }
  return state;
};
const NO_FRAMES = { dropped: 0, total: 0 };

describe('the qoe slice: the figures from the actions', () => {
  it('with a pre-roll: the first frame is the advert’s, the film’s comes after it; fill and ad start', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 1_000],
      [adRequests.breakRequested({ kind: 'preroll' }), 1_010],
      [adsActions.adCreated({ index: 0, vastUrl: '/vast/1.xml' })],
      [adsActions.adStarted(), 1_400],
      [adsActions.adCreated({ index: 1, vastUrl: '/vast/2.xml' })],
      // the second advert failed before its first frame
      [adsActions.breakEnded({ kind: 'preroll', episodeId: 101, playedSeconds: 0 })],
      [mediaActions.playing(), 7_500],
    ]);
    expect(qoeFigures(s, 8_000, 0, NO_FRAMES)).toMatchObject({
      ttffMs: 400,
      ttffContentMs: 6_500,
      adsAsked: 2,
      adsPlayed: 1,
      adFill: 0.5,
      adStartMs: 390,
      rebufferRatio: 0,
      averageBitrate: null,
    });
  });

  it('an autoplay the browser refused: the start counts from the viewer’s play', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 100], // the autoplay
      [mediaActions.autoplayBlocked()],
      [playbackRequests.playRequested(), 9_000], // the viewer, much later
      [mediaActions.playing(), 9_300],
    ]);
    expect(qoeFigures(s, 9_500, 0, NO_FRAMES)).toMatchObject({ ttffMs: 300, ttffContentMs: 300 });
  });

  it('a pre-roll the browser would not start: the start counts from the viewer’s click on it', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 100],
      [adRequests.breakRequested({ kind: 'preroll' }), 100],
      [adsActions.adCreated({ index: 0, vastUrl: '/vast/1.xml' })],
      [adsActions.adNeedsClick()],
      [adRequests.playPauseRequested(), 5_000],
      [adsActions.adStarted(), 5_200],
    ]);
    // the advert's start counts from the click too, not from the break's request
    expect(qoeFigures(s, 6_000, 0, NO_FRAMES)).toMatchObject({
      ttffMs: 200,
      adFill: 1,
      adStartMs: 200,
    });
  });

  it('a break that passed before its request was clocked leaves no start for the next break', () => {
    // the ads actor passes an empty break before the qoe actor reads the clock of its request
    let s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 0],
      [adRequests.breakRequested({ kind: 'preroll' })],
      [
        adsActions.breakPassed({
          kind: 'preroll',
          episodeId: 101,
          playedSeconds: 0,
          reason: 'no ads',
        }),
      ],
    ]);
    expect(timeMatters(s, adRequests.breakRequested.type)).toBe(false);
    s = qoeSlice.reducer(s, qoeActions.clocked({ of: adRequests.breakRequested.type, atMs: 10 }));
    s = tallies.from(s, [
      [mediaActions.playing(), 300],
      [adRequests.breakRequested({ kind: 'midroll' }), 120_000],
      [adsActions.adCreated({ index: 0, vastUrl: '/vast/1.xml' })],
      [adsActions.adStarted(), 120_500],
    ]);
    expect(qoeFigures(s, 121_000, 100, NO_FRAMES).adStartMs).toBe(500);
  });

  it('an ads actor that crashed mid-break leaves no start for the next break', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [adRequests.breakRequested({ kind: 'midroll' }), 1_000],
      [systemActions.actorCrashed({ actor: 'ads', message: 'boom', restarts: 1 })],
      [adRequests.breakRequested({ kind: 'midroll' }), 60_000],
      [adsActions.adStarted(), 60_250],
    ]);
    expect(qoeFigures(s, 61_000, 0, NO_FRAMES).adStartMs).toBe(250);
  });

  it('the autoplay of another episode starts from the moment it was asked for', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 0],
      [mediaActions.playing(), 100],
      [contentActions.episodeRequested({ episodeId: 102 }), 10_000],
      [qoeActions.autoplayDecided({ autoplay: true })],
      [contentActions.episodeSelected({ episodeId: 102 })],
      [mediaActions.reset()],
      // the autoplay's play, once the stream of the next episode is attached
      [playbackRequests.playRequested(), 10_900],
      [mediaActions.playing(), 11_200],
    ]);
    expect(qoeFigures(s, 12_000, 0, NO_FRAMES).ttffMs).toBe(1_200);
    // an episode that does not autoplay: the viewer's play is its intent
    const paused = tallies.from(s, [
      [contentActions.episodeRequested({ episodeId: 103 }), 20_000],
      [qoeActions.autoplayDecided({ autoplay: false })],
      [contentActions.episodeSelected({ episodeId: 103 })],
      [playbackRequests.playRequested(), 30_000],
      [mediaActions.playing(), 30_400],
    ]);
    expect(qoeFigures(paused, 31_000, 0, NO_FRAMES).ttffMs).toBe(400);
  });

  it('counts a stall only while the film plays, not during a seek nor before its first frame', () => {
    const s = tallies([
      [contentActions.episodeSelected({ episodeId: 101 })],
      [playbackRequests.playRequested(), 0],
      [mediaActions.waiting(), 100], // the start's own wait
      [mediaActions.playing(), 300],
      [mediaActions.seeking({ currentTime: 10 })],
      [mediaActions.waiting(), 1_000],
      [mediaActions.seeked({ currentTime: 10 })],
      [mediaActions.playing(), 1_500],
      [mediaActions.waiting(), 2_000],
      [mediaActions.waiting(), 2_100], // the same stall
      [mediaActions.paused({ currentTime: 11 }), 2_600],
    ]);
    // the seek's wait lasts past `seeked` until the film plays; a restart after a pause is no stall
    const more = tallies.from(s, [
      [mediaActions.playing(), 3_000],
      [mediaActions.seeking({ currentTime: 20 })],
      [mediaActions.seeked({ currentTime: 20 })],
      [mediaActions.waiting(), 3_100],
      [mediaActions.playing(), 3_900],
      [mediaActions.paused({ currentTime: 21 }), 4_000],
      [mediaActions.waiting(), 9_000], // after a mid-roll, the film starting again
      [mediaActions.playing(), 9_800],
    ]);
    expect(qoeFigures(more, 10_000, 6, NO_FRAMES)).toMatchObject({
      rebufferCount: 1,
      rebufferMs: 600,
    });
    expect(qoeFigures(s, 10_000, 5, NO_FRAMES)).toMatchObject({
      ttffMs: 300,
      rebufferCount: 1,
      rebufferMs: 600,
      rebufferRatio: 0.12,
    });
  });

  it('weights the levels by the seconds played on each, the one playing up to now', () => {
    const s = tallies([
      [qoeActions.levelPlayed({ bitrate: 400_000, playedSeconds: 0 })],
      [qoeActions.levelPlayed({ bitrate: 1_200_000, playedSeconds: 2 })],
      [qoeActions.levelPlayed({ bitrate: null, playedSeconds: 4 })], // a level of unknown bitrate
      [qoeActions.levelPlayed({ bitrate: 2_000_000, playedSeconds: 6 })],
    ]);
    // 2 s at 400 kb/s, 2 s at 1200 kb/s, 2 s not counted, then 4 s (to 10 s watched) at 2000 kb/s
    expect(qoeFigures(s, 0, 10, NO_FRAMES).averageBitrate).toBe(1_400_000);
    // a new episode's count of played seconds starts from zero: nothing plays until told
    const reset = qoeSlice.reducer(s, mediaActions.reset());
    expect(qoeFigures(reset, 0, 0, NO_FRAMES).averageBitrate).toBe(800_000);
  });

  it('another episode starts over; the first choice keeps a play asked during the boot', () => {
    const early = tallies([
      [playbackRequests.playRequested(), 50],
      [contentActions.episodeSelected({ episodeId: 201 })],
      [mediaActions.playing(), 250],
    ]);
    expect(qoeFigures(early, 300, 0, NO_FRAMES).ttffMs).toBe(200);
    let next = qoeSlice.reducer(
      early,
      analyticsActions.sent({ event: 'videoplayer_qoe', payload: {} }),
    );
    expect(next.reported).toBe(true);
    next = qoeSlice.reducer(next, contentActions.episodeSelected({ episodeId: 202 }));
    expect(next).toMatchObject({ episodeId: 202, reported: false, intentAtMs: null });
    expect(qoeFigures(next, 900, 0, NO_FRAMES)).toMatchObject({ ttffMs: null, adFill: null });
  });
});
