import type { PlayerState } from './index';
import { selectCountdownWindow } from './markerSelectors';

/** The last seconds before a mid-roll in which the viewer is told it is coming. */
export const MIDROLL_COUNTDOWN_S = 5;

export interface NextMidroll {
  /** the content time it will fall at, at this speed without a seek */
  at: number;
  /** whole seconds of play before it */
  inSeconds: number;
}

/**
 * Where and when the next mid-roll will come (SPEC.md section 4: when the played time reaches the
 * threshold): null when none will come in this film. None comes when mid-rolls are off, the ad list
 * has no adverts, the pre-roll has not had its turn, a break is on or due now, the player is
 * fullscreen (the break waits for its end), or the film ends first. The played time is wall time,
 * so at another speed the film moves on faster or slower before it.
 */
export function nextMidroll(s: PlayerState): NextMidroll | null {
  const { ads, media, viewport } = s;
  if (!ads.midrolls || ads.disabled || !ads.prerollDone || ads.activeBreak !== null) return null;
  if (ads.list.status !== 'loaded' || ads.list.items.length === 0) return null;
  if (viewport.fullscreen || viewport.stretched || s.nextUp.requested) return null;
  const inSeconds = Math.ceil(ads.nextMidrollAt - media.playedSeconds);
  if (inSeconds <= 0) return null;
  const at = media.currentTime + inSeconds * s.stream.rate;
  // the credits' countdown ends the episode before its media does
  const end = selectCountdownWindow(s)?.endsAt ?? media.duration;
  if (!(media.duration > 0) || at >= end) return null;
  return { at, inSeconds };
}

/** The mark of the next mid-roll on the progress bar, as a CSS left offset; null for no mark. */
export function selectMidrollMarkLeft(s: PlayerState): string | null {
  const next = nextMidroll(s);
  // whole tenths of a percent: a report a second that moves it by less writes nothing
  return next && `${Math.round((next.at / s.media.duration) * 1000) / 10}%`;
}

/**
 * The seconds counted down before a mid-roll ('Реклама через N'): 5 to 1, else null. Not while the
 * film is paused or buffering: the played time stands still then, and "in 3 s" would not be true
 * (the mark on the bar stays).
 */
export function selectMidrollCountdown(s: PlayerState): number | null {
  if (s.media.paused || s.media.buffering) return null;
  const next = nextMidroll(s);
  return next && next.inSeconds <= MIDROLL_COUNTDOWN_S ? next.inSeconds : null;
}
