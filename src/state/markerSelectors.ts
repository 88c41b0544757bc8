// What the markers of the master JSON (intro, credits, chapters) mean for the viewer now.
import { chapterAt } from '../stream/markers';
import type { PlayerState } from './index';
import { selectAutoNext } from './resume';
import { selectNextEpisode } from './selectors';

/**
 * The longest the credits count down to the next episode, in seconds of the episode: long enough to
 * read the card and reach 'Отмена', short enough that the series goes on before the viewer reaches
 * for the remote. Counted in the episode's own time (the position the media reports, as the ad's
 * skip countdown counts in the ad's), so a pause holds it, a seek moves it and a replay of the
 * flight log sees the same countdown.
 */
export const NEXT_EPISODE_COUNTDOWN_S = 10;

/**
 * The countdown ends this long before the episode's end at the latest: the episode's end asks for
 * the next one by itself, and the two would ask twice.
 */
export const COUNTDOWN_END_MARGIN_S = 1;

const inAdvert = (s: PlayerState) => s.ads.activeBreak !== null;

/**
 * During the intro (and outside an advert): where 'Пропустить заставку' seeks to, its end; null
 * otherwise.
 */
export const selectIntroSkipTarget = (s: PlayerState) => {
  const intro = s.stream.markers.intro;
  const { currentTime: t, duration } = s.media;
  if (!intro || inAdvert(s) || s.media.ended || !s.media.started) return null;
  if (t < intro.start || t >= intro.end) return null;
  // an intro marked up to the episode's end (a typo) never makes the skip end the episode
  const target = duration > 0 ? Math.min(intro.end, lastSecond(duration)) : intro.end;
  return target > t ? target : null;
};

/** The last whole second of the episode the countdown may reach: its own end asks by itself. */
const lastSecond = (duration: number) => Math.floor(duration) - COUNTDOWN_END_MARGIN_S;

/**
 * The credits' countdown, as positions of the episode: it counts from `from` (the credits' start,
 * or where a seek past the countdown landed) to `endsAt`; null when there is none — no credits
 * marker, no next episode, the host turned autoplay off (the end of the episode would not move on
 * either), the viewer cancelled it, an advert plays, or the episode has ended.
 */
export const selectCountdownWindow = (s: PlayerState) => {
  const credits = s.stream.markers.credits;
  const { duration, started, ended } = s.media;
  if (!credits || !started || ended || !(duration > 0)) return null;
  if (s.nextUp.cancelled || inAdvert(s) || !selectAutoNext(s) || !selectNextEpisode(s)) return null;
  const from = Math.max(credits.start, s.nextUp.armedAt ?? credits.start);
  // on a whole second of the episode: the position comes about once a second, and a count from
  // 5.08 would show 6 for a moment
  const endsAt = Math.min(from + NEXT_EPISODE_COUNTDOWN_S, lastSecond(duration));
  return from < endsAt ? { creditsStart: credits.start, from, endsAt } : null;
};

/**
 * The credits' countdown to the next episode: whole seconds left (0 once it has run out), or null
 * when there is none (selectCountdownWindow) or the credits have not started.
 */
export const selectNextUpCountdown = (s: PlayerState) => {
  const t = s.media.currentTime;
  // before the credits, no countdown (it starts at them or later): the card follows the position,
  // and the window's look-up of the next episode would run once a second for nothing
  const credits = s.stream.markers.credits;
  if (!credits || t < credits.start) return null;
  const window = selectCountdownWindow(s);
  if (!window || t < window.from) return null;
  return Math.max(0, Math.ceil(window.endsAt - t));
};

/**
 * The countdown has run out while playing (never while paused: the viewer is looking at the card)
 * and the episode is not being left already.
 */
export const selectNextUpDue = (s: PlayerState) =>
  selectNextUpCountdown(s) === 0 && !s.nextUp.requested && !s.media.paused;

/**
 * Where the countdown starts after a seek that landed at `t`: a landing in the credits outside the
 * countdown (past its end, or before its start) counts down afresh from there, a landing before the
 * credits counts from their start again; undefined when the countdown stays as it is.
 */
export const selectCountdownStartAfterSeek = (s: PlayerState, t: number) => {
  const credits = s.stream.markers.credits;
  const { armedAt } = s.nextUp;
  if (!credits) return undefined;
  if (t < credits.start) return armedAt === null ? undefined : null;
  const from = Math.max(credits.start, armedAt ?? credits.start);
  const endsAt = Math.min(from + NEXT_EPISODE_COUNTDOWN_S, lastSecond(s.media.duration));
  return t >= from && t < endsAt ? undefined : t;
};

/** The chapter playing at `time` of the episode, null before the first (or without chapters). */
export const selectChapterAt = (s: PlayerState, time: number) =>
  chapterAt(s.stream.markers.chapters, time);
