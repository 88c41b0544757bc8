import { all } from 'typed-redux-saga';
import { plain } from './lib/plainEffects';
import { adsActor } from './ads/adBreak';
import { analyticsActor } from './analytics/analytics';
import { authActor } from './auth/auth';
import { bootActor } from './boot/boot';
import { episodesActor } from './boot/episodes';
import { firstFrameActor } from './boot/firstFrame';
import { bridgeActor } from './bridge/bridge';
import { supervise, type Actor } from './lib/supervise';
import { midrollActor } from './midroll/midroll';
import { nextUpActor } from './nextUp/nextUp';
import { progressActor } from './progress/progress';
import { qoeActor } from './qoe/qoe';
import { streamActor } from './stream/stream';
import { mediaSessionActor } from './systemMedia/mediaSession';
import { wakeLockActor } from './systemMedia/wakeLock';
import { thumbnailsActor } from './thumbnails/thumbnails';
import { uiActor } from './ui/ui';
import { viewportActor } from './viewport/viewport';
import { preferencesActor } from './preferences/preferences';

/** Every actor of the player, by the name its crashes are reported under. */
export const ACTORS: Record<string, Actor> = {
  auth: authActor,
  bridge: bridgeActor,
  viewport: viewportActor,
  stream: streamActor,
  ads: adsActor,
  midroll: midrollActor,
  progress: progressActor,
  analytics: analyticsActor,
  ui: uiActor,
  episodes: episodesActor,
  boot: bootActor,
  firstFrame: firstFrameActor,
  nextUp: nextUpActor,
  mediaSession: mediaSessionActor,
  wakeLock: wakeLockActor,
  preferences: preferencesActor,
  qoe: qoeActor,
  thumbnails: thumbnailsActor,
};

/** The supervisor: spawns each actor detached, so one crash never cancels the others. */
export function* rootSaga() {
  yield* all(Object.entries(ACTORS).map(([name, actor]) => plain.spawn(supervise, name, actor)));
}
