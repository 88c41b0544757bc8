import { getContext } from 'redux-saga/effects';
import type { PlayerConfig } from '../../src/shared/config';
import type { Ports } from '../../src/ports/types';

/** The ports of this player: the only way an actor reaches the outside world. */
export function* getPorts() {
  return (yield getContext('ports')) as Ports;
}

export function* getConfig() {
  return (yield getContext('config')) as PlayerConfig;
}
