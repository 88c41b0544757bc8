import type { UnknownAction } from 'redux';
import { rootReducer, type PlayerState } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { nextUpActions } from '../../../src/state/nextUp';
import { mediaActions } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { parseMarkers } from '../../../src/stream/markers';
import { series } from '../../../tools/sim/fixtures';
import {
  nextMidroll,
  selectMidrollCountdown,
  selectMidrollMarkLeft,
} from '../../../src/state/nextMidroll';

/** A film of 100 s playing with mid-rolls on, its ad list loaded and its pre-roll over. */
function playing({
  currentTime = 3,
  playedSeconds = 3,
  ...changes
}: {
  currentTime?: number;
  playedSeconds?: number;
  ads?: Partial<PlayerState['ads']>;
  viewport?: Partial<PlayerState['viewport']>;
  rate?: number;
  duration?: number;
} = {}): PlayerState {
  const s = rootReducer(undefined, { type: '@@init' });
  return {
    ...s,
    ads: {
      ...s.ads,
      midrolls: true,
      prerollDone: true,
      list: { status: 'loaded', items: [{ vastUrl: 'https://ads.example/vast' }], fetch: 1 },
      nextMidrollAt: 10,
      ...changes.ads,
    },
    media: {
      ...s.media,
      paused: false,
      currentTime,
      playedSeconds,
      duration: changes.duration ?? 100,
    },
    viewport: { ...s.viewport, ...changes.viewport },
    stream: { ...s.stream, rate: changes.rate ?? 1 },
  };
}

describe('the next mid-roll', () => {
  it('falls where the film will be when the played time reaches the threshold', () => {
    expect(nextMidroll(playing())).toEqual({ at: 10, inSeconds: 7 });
    // a seek moves the film, not the played time: the break moves with it
    expect(nextMidroll(playing({ currentTime: 50, playedSeconds: 3 }))).toEqual({
      at: 57,
      inSeconds: 7,
    });
    // after a break the threshold has moved on by the interval
    expect(
      nextMidroll(playing({ currentTime: 12, playedSeconds: 12, ads: { nextMidrollAt: 20 } })),
    ).toEqual({ at: 20, inSeconds: 8 });
    // played time is wall time: at double speed the film gets twice as far before it
    expect(nextMidroll(playing({ rate: 2 }))).toEqual({ at: 17, inSeconds: 7 });
    expect(selectMidrollMarkLeft(playing({ currentTime: 3.25 }))).toBe('10.3%');
  });

  it.each<[string, Parameters<typeof playing>[0]]>([
    ['mid-rolls are off', { ads: { midrolls: false } }],
    ['the ad list has no adverts', { ads: { list: { status: 'loaded', items: [], fetch: 1 } } }],
    ['the ad list could not be had', { ads: { list: { status: 'failed', items: [], fetch: 1 } } }],
    ['the ad list is being fetched again', { ads: { list: { status: 'loading', items: [], fetch: 2 } } }],
    ['the pre-roll is still to come', { ads: { prerollDone: false } }],
    ['the ads gave up after crashes', { ads: { disabled: true } }],
    ['a break is on', { ads: { activeBreak: { kind: 'midroll', total: 2, contentTime: 10 } } }],
    ['the player is fullscreen (the break waits)', { viewport: { fullscreen: true } }],
    ['the player is stretched over the page', { viewport: { stretched: true } }],
    ['the break is due now', { currentTime: 10, playedSeconds: 10 }],
    ['the film ends before it', { currentTime: 95, playedSeconds: 3 }],
    ['the duration is not known', { duration: 0 }],
  ])('is none when %s: no mark, no countdown', (_name, changes) => {
    const s = playing(changes);
    expect(nextMidroll(s)).toBeNull();
    expect(selectMidrollMarkLeft(s)).toBeNull();
    expect(selectMidrollCountdown(s)).toBeNull();
  });
});

describe('the countdown before a mid-roll', () => {
  it('counts the last 5 seconds down, 5 to 1, and is gone before and when the break is due', () => {
    const countdown = (played: number) =>
      selectMidrollCountdown(playing({ currentTime: played, playedSeconds: played }));
    expect([3, 4, 5, 6, 7, 8, 9, 10].map(countdown)).toEqual([
      null,
      null,
      5,
      4,
      3,
      2,
      1,
      null,
    ]);
  });

  it('is on the seconds of play left after a seek', () => {
    expect(selectMidrollCountdown(playing({ currentTime: 60, playedSeconds: 7 }))).toBe(3);
  });

  it('is not shown while the film is paused or buffering (the played time stands still); the mark stays', () => {
    const s = playing({ currentTime: 60, playedSeconds: 7 });
    const paused = { ...s, media: { ...s.media, paused: true } };
    const buffering = { ...s, media: { ...s.media, buffering: true } };
    expect(selectMidrollCountdown(paused)).toBeNull();
    expect(selectMidrollCountdown(buffering)).toBeNull();
    expect(selectMidrollMarkLeft(paused)).toBe('63%');
    expect(selectMidrollMarkLeft(buffering)).toBe('63%');
  });
});

describe('the next mid-roll in a series with a credits countdown', () => {
  /**
   * Episode 203 (24 s, credits from 10: the countdown ends the episode at 20) at 16 s, mid-rolls on,
   * the break `inSeconds` away.
   */
  function inCredits(inSeconds: number, ...more: UnknownAction[]): PlayerState {
    const { content, seasons, episodes } = series;
    const s = [
      contentActions.loaded({ content, seasons, episodes }),
      contentActions.episodeSelected({ episodeId: 203 }),
      streamActions.loadStarted({
        url: 'x',
        sources: [],
        sourceIndex: 0,
        markers: parseMarkers({ credits: { start: 10 } }),
      }),
      mediaActions.playing(),
      mediaActions.positionChanged({
        currentTime: 16,
        duration: 24,
        bufferedEnd: 24,
        playedSeconds: 16,
      }),
      ...more,
    ].reduce(rootReducer, undefined as unknown as PlayerState);
    const { ads } = playing();
    return { ...s, ads: { ...ads, nextMidrollAt: 16 + inSeconds } };
  }

  it('is none past the countdown’s end, where the episode ends: no mark, no countdown', () => {
    expect(nextMidroll(inCredits(3))).toEqual({ at: 19, inSeconds: 3 });
    const past = inCredits(5); // at 21: the media goes on to 24, the episode does not
    expect(nextMidroll(past)).toBeNull();
    expect(selectMidrollMarkLeft(past)).toBeNull();
    expect(selectMidrollCountdown(past)).toBeNull();
  });

  it('is none while the episode is being left', () => {
    const leaving = inCredits(3, nextUpActions.episodeChosen());
    expect(nextMidroll(leaving)).toBeNull();
    expect(selectMidrollCountdown(leaving)).toBeNull();
  });
});
