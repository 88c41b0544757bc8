import { getContext } from 'typed-redux-saga';
import type { PlayerConfig } from '../../src/shared/config';
import type { Ports } from '../../src/ports/types';

/** The ports of this player: the only way an actor reaches the outside world. */
export function* getPorts() {
  return yield* getContext<Ports>('ports');
}

export function* getConfig() {
  return yield* getContext<PlayerConfig>('config');
}
