// What the player says to a SIMID 1.2 creative, whatever its session's state: its version and user
// agent, its error and stop codes, Player:init's arguments and the farewell at the ad's end.
import { call, select } from 'typed-redux-saga';
import type { AdMediaPort, SimidPlayerMessage } from '../../src/ports/types';
import { selectSkipOffset } from '../../src/state/ads';
import { selectPlayerState } from '../../src/state/selectors';
import { formatPlayhead } from '../../src/vast/macros';
import { VAST_ERROR, type VastAd } from '../../src/vast/model';
import { isHttpUrl } from '../../src/vast/urls';
import { getConfig } from '../lib/context';
import type { AdOutcome } from './adOutcome';
import { playerStateOf } from './playerMacros';

/** The SIMID version the player speaks, as Player:init tells it. */
export const SIMID_VERSION = '1.2';
/** Player:init's useragent: the player and the interface, as VAST's [CLIENTUA] names them. */
export const SIMID_USER_AGENT = `kino-player SIMID/${SIMID_VERSION}`;

/** The codes of SIMID 1.2 section 9 the player uses (12xx its own; 11xx are the creative's). */
export const SIMID_ERROR = {
  UNSPECIFIED: 1200,
  UNSUPPORTED: 1203,
  MEDIA_NOT_LOADED: 1206,
  MEDIA_TIMEOUT: 1207,
  NOT_FOLLOWING_SPEC: 1211,
  NO_INIT_ANSWER: 1212,
  NO_START_ANSWER: 1213,
  NAVIGATION_UNSUPPORTED: 1214,
  NAVIGATION_URL_INVALID: 1217,
  SESSION_NOT_CREATED: 1223,
} as const;

/** Player:adStopped's codes (SIMID 1.2 section 4.3.2) the player sends. */
const STOP_CODE = { MEDIA_COMPLETE: 2, PLAYER: 3, CREATIVE: 4 } as const;

/** The most tracking URLs one advert's creative may have the player fire (reportTracking). */
export const MAX_REPORTED_URLS = 100;

/** Who draws the skip button: the player when the VAST gives a skip offset, else the creative. */
export type SkippableState = 'playerHandles' | 'adHandles';

/** The end of the ad as the creative hears it: skipped, stopped (with why) or a fatal error. */
export function farewell(
  outcome: AdOutcome | null,
  byCreative: boolean,
): [SimidPlayerMessage, Record<string, unknown>] {
  if (outcome?.status === 'skipped') return ['SIMID:Player:adSkipped', {}];
  if (outcome?.status === 'error' && outcome.error) {
    const { code, message } = outcome.error;
    const errorCode =
      code === VAST_ERROR.MEDIA_TIMEOUT
        ? SIMID_ERROR.MEDIA_TIMEOUT
        : code === VAST_ERROR.MEDIA_NOT_FOUND ||
            code === VAST_ERROR.MEDIA_DELIVERY ||
            code === VAST_ERROR.CANNOT_PLAY
          ? SIMID_ERROR.MEDIA_NOT_LOADED
          : SIMID_ERROR.UNSPECIFIED;
    return ['SIMID:Player:fatalError', { errorCode, errorMessage: message }];
  }
  const code =
    outcome?.status === 'completed'
      ? STOP_CODE.MEDIA_COMPLETE
      : byCreative
        ? STOP_CODE.CREATIVE
        : STOP_CODE.PLAYER;
  return ['SIMID:Player:adStopped', { code }];
}

/** Player:init's arguments (SIMID 1.2 section 4.3.7), as the player is now. */
export function* initArgs(adMedia: AdMediaPort, ad: VastAd, skippableState: SkippableState) {
  const size = yield* call([adMedia, adMedia.size]);
  const state = yield* select(selectPlayerState);
  const config = yield* getConfig();
  const dimensions = { x: 0, y: 0, width: size.width, height: size.height };
  const skipAt = selectSkipOffset(state);
  return {
    environmentData: {
      videoDimensions: dimensions,
      creativeDimensions: dimensions,
      fullscreen: playerStateOf(state).fullscreen,
      fullscreenAllowed: false,
      variableDurationAllowed: false,
      skippableState,
      ...(skippableState === 'playerHandles' && skipAt !== null
        ? { skipoffset: formatPlayhead(skipAt) }
        : {}),
      version: SIMID_VERSION,
      ...(config.siteOrigin ? { siteUrl: config.siteOrigin } : {}),
      useragent: SIMID_USER_AGENT,
      muted: state.ads.muted,
      volume: state.ads.volume,
      navigationSupport: 'playerHandles',
    },
    creativeData: {
      adParameters: ad.adParameters,
      ...(isHttpUrl(ad.clickThrough) ? { clickThruUrl: ad.clickThrough } : {}),
    },
  };
}
