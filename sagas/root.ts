import { multicastChannel } from 'redux-saga';
import { all, spawn } from 'typed-redux-saga';
import { plain } from './lib/plainEffects';
import { adsActor } from './ads/adBreak';
import { analyticsActor } from './analytics/analytics';
import { authActor } from './auth/auth';
import { bootActor } from './boot/boot';
import { episodesActor } from './boot/episodes';
import { firstFrameActor } from './boot/firstFrame';
import { bridgeActor } from './bridge/bridge';
import {
  relayCrashDrills,
  supervise,
  type Actor,
  type CrashDrills,
  type Essential,
} from './lib/supervise';
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
import { announcerActor } from './announcer/announcer';

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
  announcer: announcerActor,
};

const always: Essential = () => true;

/**
 * The actors the session cannot go on without, and when (docs/reliability.md): past its restarts,
 * one of these ends the session with the message and its id. Every other actor is optional: its
 * part (analytics, QoE, thumbnails, the media session, the wake lock, progress, preferences,
 * mid-rolls, the next episode, the viewport's layout) is gone and the film goes on. The adverts too:
 * a crash of their actor ends its break in the state (src/state/ads.ts), so no viewer waits in a
 * dead advert, and past its restarts the film plays without adverts.
 */
export const ESSENTIAL: Record<string, Essential> = {
  boot: always,
  stream: always,
  ui: always,
  // every request with a token waits on its refresh
  auth: always,
  episodes: always,
  // a host that listens to the player steers it: without the bridge it would talk to no one
  bridge: (s) => s.bridge.hostListening,
};

/** The supervisor: spawns each actor detached, so one crash never cancels the others. */
export function* rootSaga() {
  const drills: CrashDrills = multicastChannel();
  yield* spawn(relayCrashDrills, drills);
  yield* all(
    Object.entries(ACTORS).map(([name, actor]) =>
      plain.spawn(supervise, name, actor, ESSENTIAL[name], drills),
    ),
  );
}
