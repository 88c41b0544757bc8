import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type SagaMonitor } from 'redux-saga';
import { rootSaga } from '../../sagas/root';
import type { Ports } from '../ports/types';
import { rootReducer, type PlayerState } from '../state';
import type { PlayerConfig } from '../shared/config';

export interface PlayerOptions {
  ports: Ports;
  config: PlayerConfig;
  /** Runs before the saga middleware, e.g. to observe every action. */
  middleware?: Middleware[];
  sagaMonitor?: SagaMonitor;
  /** Runs after the store exists and before the actors start. */
  beforeRun?: (store: { getState(): unknown }) => void;
  /** Stand-ins for the real reducer and root saga: only tests that prove the replayer catches a change use them. */
  reducer?: Reducer<PlayerState>;
  saga?: Saga;
  /** Errors no actor caught (the supervisor catches the actors' own). */
  onError?: (error: Error) => void;
  /** A state to start from (a replay resumed at a checkpoint): the actors take up where it is. */
  preloadedState?: PlayerState;
}

/** The same store and actors in the browser, in tests and in a replay. */
export function createPlayer({
  ports,
  config,
  middleware = [],
  sagaMonitor,
  beforeRun,
  reducer = rootReducer,
  saga = rootSaga,
  onError,
  preloadedState,
}: PlayerOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { ports, config }, sagaMonitor, onError });
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...middleware, sagaMiddleware),
  });
  beforeRun?.(store);
  const task = sagaMiddleware.run(saga);
  return { store, task };
}

export type PlayerStore = ReturnType<typeof createPlayer>['store'];
