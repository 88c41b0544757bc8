// Error reports: an actor's crash, or a boot that failed unexpectedly, goes to Sentry with the tail
// of the flight log attached. Sentry is loaded only when there is something to report, so it never
// delays the first frame. A failed boot is reported under the error id the viewer sees.
import type { Middleware } from '@reduxjs/toolkit';
import { systemActions, type ActorCrash, type BootFailure } from '../state/system';
import type { PlayerConfig } from './config';

type SentryModule = typeof import('@sentry/react');

/** SPEC.md section 9: traces 100%, session replays 10%, error replays 100%. */
export const SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
};

let sentry: Promise<SentryModule> | null = null;

function loadSentry(dsn: string, config: PlayerConfig): Promise<SentryModule> {
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      ...SAMPLING,
      initialScope: { tags: { project_label: config.sentryProjectLabel ?? 'none' } },
    });
    return Sentry;
  });
  return sentry;
}

export interface ErrorReporter {
  actorCrashed(crash: ActorCrash): void;
  bootFailed(failure: BootFailure): void;
}

export function createErrorReporter(config: PlayerConfig, logTail: () => string): ErrorReporter {
  function send(error: Error, tags: Record<string, string>, extra: Record<string, unknown>) {
    const dsn = config.sentryDsn;
    if (!dsn) return;
    const attachment = {
      filename: 'flight-log-tail.json',
      data: logTail(),
      contentType: 'application/json',
    };
    void loadSentry(dsn, config).then((Sentry) =>
      Sentry.withScope((scope) => {
        scope.setTags(tags);
        scope.setExtras(extra);
        scope.addAttachment(attachment);
        Sentry.captureException(error);
      }),
    );
  }
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });
  return {
    actorCrashed: (crash) =>
      send(
        named('ActorCrash', crash.message),
        { actor: crash.actor },
        { restarts: crash.restarts },
      ),
    bootFailed: (failure) => {
      if (failure.reason !== 'unexpected' || !failure.errorId) return; // the others are answers, not faults
      send(named('BootFailed', failure.detail), { error_id: failure.errorId }, {});
    },
  };
}

/** Hands crashes and unexpected boot failures to the reporter once the store has recorded them. */
export function errorReportMiddleware(reporter: ErrorReporter): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    if (systemActions.actorCrashed.match(action)) reporter.actorCrashed(action.payload);
    if (systemActions.bootFailed.match(action)) reporter.bootFailed(action.payload);
    return result;
  };
}
