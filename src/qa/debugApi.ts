// The type of the debug API on the player's window (window.__player): the player installs it
// (src/app/debugApi.ts), QA scripts and browser tests call it (docs/qa.md, the kino-player-qa kit).
import type { FlightRecorder } from '../recorder/recorder';
import type { PlayerConfig } from '../shared/config';
import type { PlayerState } from '../state';
import type { PolicyViolation } from '../app/policyViolations';

export type { PlayerState, PlayerConfig, PolicyViolation };

/** An action as the player's store sees it: an intent sent, or one waited for. */
export type PlayerAction = { type: string; payload?: unknown };

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
  dispatch(action: PlayerAction): void;
  /** the next action of this type (e.g. 'media/playing'), once the state has it; rejects after timeoutMs */
  waitForAction(type: string, timeoutMs?: number): Promise<PlayerAction>;
  /** hls.js instances not destroyed and media elements in the page: 1 and 2 (content, ads) at any time */
  mediaStats(): { streamEngines: number; mediaElements: number };
  /** what the page's Content-Security-Policy refused since the page opened: none, in a sound build */
  policyViolations(): PolicyViolation[];
}

declare global {
  interface Window {
    __player?: PlayerDebugApi;
  }
}
