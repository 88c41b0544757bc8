import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaMonitor } from 'redux-saga';
import { rootSaga } from '../../sagas/root';
import type { Ports } from '../ports/types';
import { rootReducer } from '../state';
import type { PlayerConfig } from './config';

export interface PlayerOptions {
  ports: Ports;
  config: PlayerConfig;
  /** Runs before the saga middleware, e.g. to observe every action. */
  middleware?: Middleware[];
  sagaMonitor?: SagaMonitor;
}

/** The same store and actors in the browser, in tests and in a replay. */
export function createPlayer({ ports, config, middleware = [], sagaMonitor }: PlayerOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { ports, config }, sagaMonitor });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...middleware, sagaMiddleware),
  });
  const task = sagaMiddleware.run(rootSaga);
  return { store, task };
}

export type PlayerStore = ReturnType<typeof createPlayer>['store'];
