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
  if (!intro || inAdvert(s) || s.media.ended || !s.media.started) return null;
  const t = s.media.currentTime;
  return t >= intro.start && t < intro.end ? intro.end : null;
};

/**
 * The credits' countdown to the next episode: whole seconds left (0 once it has run out), or null
 * when there is none — no credits marker, no next episode, the host turned autoplay off (the end of
 * the episode would not move on either), the viewer cancelled it, an advert plays, or the credits
 * have not started.
 */
export const selectNextUpCountdown = (s: PlayerState) => {
  const credits = s.stream.markers.credits;
  const { currentTime, duration, started, ended } = s.media;
  if (!credits || !started || ended || !(duration > 0)) return null;
  if (s.nextUp.cancelled || inAdvert(s) || !selectAutoNext(s) || !selectNextEpisode(s)) return null;
  // on a whole second of the episode: the position comes about once a second, and a count from
  // 5.08 would show 6 for a moment
  const endsAt = Math.min(
    credits.start + NEXT_EPISODE_COUNTDOWN_S,
    Math.floor(duration) - COUNTDOWN_END_MARGIN_S,
  );
  if (credits.start >= endsAt || currentTime < credits.start) return null;
  return Math.max(0, Math.ceil(endsAt - currentTime));
};

/** The countdown has run out and the next episode has not been asked for yet. */
export const selectNextUpDue = (s: PlayerState) =>
  selectNextUpCountdown(s) === 0 && !s.nextUp.requested;

/** The chapter playing at `time` of the episode, null before the first (or without chapters). */
export const selectChapterAt = (s: PlayerState, time: number) =>
  chapterAt(s.stream.markers.chapters, time);
