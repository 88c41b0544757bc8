// Sentry, started: its own bundle with what it needs (reportPolicy.ts), loaded by errorReporting.ts
// after the first frame, so that none of it weighs on the player's start.
import * as Sentry from '@sentry/react';
import type { PlayerConfig } from '../shared/config';
import type { ReportLog } from '../recorder/reportLog';
import { PAGE_ERROR_REPORTS, REPORTS_IN_FLIGHT, reportBudget, spanWorthy } from './reportPolicy';

export type SentryModule = typeof Sentry;

/** SPEC.md section 9: traces 100%, session replays 10%, error replays 100%. */
const SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
};

export interface SentryStart {
  dsn: string;
  config: PlayerConfig;
  /** the player's build id, the reports' release */
  build: string;
  /** whether an error is one the player reports itself (not a page error) */
  isOwn(error: unknown): boolean;
  /** the flight log as a report carries it */
  packedLog(): Promise<ReportLog>;
}

/** Starts Sentry: every error report carries the flight log; page errors within their budget. */
export function startSentry({ dsn, config, build, isOwn, packedLog }: SentryStart): SentryModule {
  Sentry.init({
    dsn,
    release: build,
    ...SAMPLING,
    integrations: [
      Sentry.browserTracingIntegration({ shouldCreateSpanForRequest: spanWorthy(config) }),
      Sentry.replayIntegration(),
    ],
    // no trace headers on the player's requests: ad and stream servers would refuse them
    tracePropagationTargets: [],
    initialScope: { tags: { project_label: config.sentryProjectLabel ?? 'none' } },
    transportOptions: { bufferSize: REPORTS_IN_FLIGHT },
  });
  const pageErrors = reportBudget(PAGE_ERROR_REPORTS);
  Sentry.getGlobalScope().addEventProcessor(async (event, hint) => {
    if (event.type !== undefined) return event; // transactions, replays: no log
    if (!isOwn(hint.originalException) && !pageErrors.take()) return null;
    try {
      const { filename, data, contentType, dropped } = await packedLog();
      hint.attachments = [...(hint.attachments ?? []), { filename, data, contentType }];
      event.extra = { ...event.extra, flight_log_dropped: dropped };
    } catch (error) {
      // the report goes without its log rather than not at all
      event.extra = { ...event.extra, flight_log_error: String(error) };
    }
    return event;
  });
  return Sentry;
}
