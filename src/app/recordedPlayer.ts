import { supervise } from '../../sagas/lib/supervise';
import type { Ports } from '../ports/types';
import { createActorTracker } from '../recorder/actorTracker';
import { FlightRecorder } from '../recorder/recorder';
import type { RingLimits } from '../recorder/ringBuffer';
import type { PlayerConfig } from '../shared/config';
import { createPlayer, type PlayerOptions } from './createPlayer';

export interface RecordingOptions {
  build: string;
  rngSeed: number;
  now: () => number;
  sessionStart: string;
  limits?: RingLimits;
}

/** The player with its flight recorder: every session is recorded from its first action. */
export function createRecordedPlayer(
  ports: Ports,
  config: PlayerConfig,
  recording: RecordingOptions,
  overrides: Pick<PlayerOptions, 'saga' | 'reducer'> & {
    middleware?: PlayerOptions['middleware'];
  } = {},
) {
  const recorder = new FlightRecorder({ config, ...recording });
  const tracker = createActorTracker(supervise);
  const player = createPlayer({
    ports: recorder.wrapPorts(ports),
    config,
    middleware: [recorder.middleware, ...(overrides.middleware ?? [])],
    sagaMonitor: tracker.monitor,
    beforeRun: (store) => recorder.attach(() => store.getState(), tracker),
    saga: overrides.saga,
    reducer: overrides.reducer,
  });
  return { ...player, recorder, tracker };
}
