import type { PayloadAction } from '@reduxjs/toolkit';
import { call, select, takeEvery } from 'redux-saga/effects';
import type { PlayerState } from '../../src/state';
import { analyticsEventName, analyticsPayload } from '../../src/state/analytics';
import { streamActions, type StreamError } from '../../src/state/stream';
import { getConfig, getPorts } from '../lib/context';

/** Sends one event through the statistics port, with the common payload fields and its own. */
export function* sendAnalytics(event: string, fields: Record<string, unknown>) {
  const { stats } = yield* getPorts();
  const config = yield* getConfig();
  const state = (yield select()) as PlayerState;
  yield call([stats, stats.send], analyticsEventName(event), {
    ...analyticsPayload(state, config.userId),
    ...fields,
  });
}

/** SPEC.md sections 7 and 8: every stream error, fatal or not, as videoplayer_error. */
function* reportStreamError({ payload }: PayloadAction<StreamError>) {
  yield* sendAnalytics('error', {
    error_type: payload.errorType,
    network_type: payload.networkType,
    buffer_length: payload.bufferLength,
    error_details: payload.details,
    fatal: payload.fatal,
  });
}

/** The analytics actor: turns what happens into the videoplayer_* events. */
export function* analyticsActor() {
  yield takeEvery(streamActions.errorOccurred, reportStreamError);
}
