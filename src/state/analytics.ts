import { createAction } from '@reduxjs/toolkit';

export const analyticsActions = {
  /** an event went to the statistics function (the bridge mirrors it to the host page) */
  sent: createAction<{ event: string; payload: Record<string, unknown> }>('analytics/sent'),
};

/** SPEC.md section 7: every analytics event is sent as videoplayer_{event}. */
export const analyticsEventName = (event: string) => `videoplayer_${event}`;
