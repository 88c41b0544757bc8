import type { FlightRecorder } from '../recorder/recorder';
import type { PlayerDebugApi } from '../qa/debugApi';
import type { createActionTap } from './actionTap';
import { liveStreamEngines } from '../ports/media';
import { logAsJson } from '../recorder/exporters';
import { policyViolations } from './policyViolations';
import { systemActions } from '../state/system';
import type { PlayerConfig } from '../shared/config';
import type { PlayerStore } from './createPlayer';

export type { PlayerDebugApi };

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
    policyViolations,
  };
}
