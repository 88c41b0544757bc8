import type { FlightRecorder } from '../recorder/recorder';
import type { createActionTap } from './actionTap';
import { liveStreamEngines } from '../ports/media';
import { logAsJson } from '../recorder/exporters';
import type { PlayerState } from '../state';
import { systemActions } from '../state/system';
import type { PlayerConfig } from '../shared/config';
import type { PlayerStore } from './createPlayer';

/** What QA scripts and browser tests may call on the player's window (documented in docs/qa.md). */
export interface PlayerDebugApi {
  getState(): PlayerState;
  config: PlayerConfig;
  /** the flight log as JSON, personal data replaced by placeholders (a promise: the log is held packed) */
  exportLog(): Promise<string>;
  recorderStats(): FlightRecorder['stats'];
  /** crashes a running actor on purpose: the supervisor reports it and restarts the actor (one that has finished has nothing to crash) */
  crashDrill(actor: string): void;
  /** sends an intent as the viewer would (e.g. {type: 'stream/qualityRequested', payload: {level: 0}}) */
  dispatch(action: { type: string; payload?: unknown }): void;
  /** the next action of this type (e.g. 'media/playing'), once the state has it; rejects after timeoutMs */
  waitForAction(type: string, timeoutMs?: number): Promise<{ type: string; payload?: unknown }>;
  /** hls.js instances not destroyed and media elements in the page: 1 and 2 (content, ads) at any time */
  mediaStats(): { streamEngines: number; mediaElements: number };
}

declare global {
  interface Window {
    __player?: PlayerDebugApi;
  }
}

export function installDebugApi(
  store: PlayerStore,
  config: PlayerConfig,
  recorder: FlightRecorder,
  tap: ReturnType<typeof createActionTap>,
) {
  window.__player = {
    getState: () => store.getState(),
    config,
    exportLog: () => logAsJson(recorder),
    recorderStats: () => recorder.stats,
    crashDrill: (actor) => void store.dispatch(systemActions.crashDrillRequested({ actor })),
    dispatch: (action) => void store.dispatch(action),
    waitForAction: (type, timeoutMs) => tap.waitFor(type, timeoutMs),
    mediaStats: () => ({
      streamEngines: liveStreamEngines(),
      mediaElements: document.querySelectorAll('video, audio').length,
    }),
  };
}
