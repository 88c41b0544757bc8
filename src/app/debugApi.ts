import type { PlayerState } from '../state';
import type { PlayerConfig } from './config';
import type { PlayerStore } from './createPlayer';

/** What QA scripts and browser tests may call on the player's window. */
export interface PlayerDebugApi {
  getState(): PlayerState;
  config: PlayerConfig;
}

declare global {
  interface Window {
    __player?: PlayerDebugApi;
  }
}

export function installDebugApi(store: PlayerStore, config: PlayerConfig) {
  window.__player = { getState: () => store.getState(), config };
}
