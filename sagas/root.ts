import { all, spawn } from 'redux-saga/effects';
import { bootActor } from './boot/boot';
import { bridgeActor } from './bridge/bridge';
import { supervise, type Actor } from './lib/supervise';
import { streamActor } from './stream/stream';

/** Every actor of the player, by the name its crashes are reported under. */
export const ACTORS: Record<string, Actor> = {
  bridge: bridgeActor,
  stream: streamActor,
  boot: bootActor,
};

/** The supervisor: spawns each actor detached, so one crash never cancels the others. */
export function* rootSaga() {
  yield all(Object.entries(ACTORS).map(([name, actor]) => spawn(supervise, name, actor)));
}
