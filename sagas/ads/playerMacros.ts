// The macro values a beacon takes from the player as it is when the beacon fires (VAST 4.3 macros):
// how the playback the ad is part of began, whether the player is muted or fullscreen, its size.
import type { SagaIterator } from 'redux-saga';
import { call, select } from 'typed-redux-saga';
import type { PlayerState } from '../../src/state';
import { PLAYBACK_METHOD, type MacroValues, type PlaybackMethod } from '../../src/vast/macros';
import { getConfig, getPorts } from '../lib/context';

/**
 * [PLAYBACKMETHODS], from what the state keeps of how the episode began:
 * - it did not start by itself: the viewer's play started it (a click, with sound: 3);
 * - it started by itself on a page that did not ask for autoplay (neither its flag nor its host's
 *   choice): SPEC.md section 4 then starts an episode by itself only after an episode change of a
 *   series, so it plays on from the one before (continuous: 7);
 * - it started by itself because the page asked: autoplay on the page's load, with sound (1) or
 *   without (2) as the advert plays now (a browser that refused sound leaves it muted).
 * The state keeps no more of how an episode was reached: on a page that asks for autoplay, the
 * episodes after the first count as the page's autoplay too, and an episode picked from the menu of
 * a page that does not counts as continuous play.
 */
export function playbackMethodOf(state: PlayerState, pageAutoplay: boolean): PlaybackMethod {
  if (!state.resume.autoplay) return PLAYBACK_METHOD.CLICK_SOUND_ON;
  if (!pageAutoplay && state.resume.autoplayChoice !== true) return PLAYBACK_METHOD.CONTINUOUS;
  return state.ads.muted ? PLAYBACK_METHOD.PAGE_LOAD_SOUND_OFF : PLAYBACK_METHOD.PAGE_LOAD_SOUND_ON;
}

/** [PLAYERSTATE]: during a break the player's sound is the advert's; the stretched frame is its fullscreen. */
export const playerStateOf = (state: PlayerState) => ({
  muted: state.ads.muted,
  fullscreen: state.viewport.fullscreen || state.viewport.stretched,
});

/**
 * The player's macro values for these URLs. Its size is asked of the ad media port only when one of
 * them has [PLAYERSIZE]: a beacon without it costs no port call, nor the flight log an entry.
 */
export function* playerMacroValues(urls: readonly string[]): SagaIterator<MacroValues> {
  const state = yield* select((s: PlayerState) => s);
  const config = yield* getConfig();
  const values: MacroValues = {
    playbackMethod: playbackMethodOf(state, config.autoPlay),
    playerState: playerStateOf(state),
  };
  if (urls.some((url) => url.includes('[PLAYERSIZE]'))) {
    const { adMedia } = yield* getPorts();
    values.playerSize = yield* call([adMedia, adMedia.size]);
  }
  return values;
}
