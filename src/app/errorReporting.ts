// Error reports: an actor's crash goes to Sentry with the tail of the flight log attached. Sentry is
// loaded only when there is something to report, so it never delays the first frame.
import type { Middleware } from '@reduxjs/toolkit';
import { systemActions, type ActorCrash } from '../state/system';
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

export function createCrashReporter(config: PlayerConfig, logTail: () => string) {
  return (crash: ActorCrash) => {
    const dsn = config.sentryDsn;
    if (!dsn) return;
    const attachment = {
      filename: 'flight-log-tail.json',
      data: logTail(),
      contentType: 'application/json',
    };
    void loadSentry(dsn, config).then((Sentry) =>
      Sentry.withScope((scope) => {
        scope.setTag('actor', crash.actor);
        scope.setExtra('restarts', crash.restarts);
        scope.addAttachment(attachment);
        const error = new Error(crash.message);
        error.name = 'ActorCrash';
        Sentry.captureException(error);
      }),
    );
  };
}

/** Hands every actor crash to the reporter once the store has recorded it. */
export function crashReportMiddleware(report: (crash: ActorCrash) => void): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    if (systemActions.actorCrashed.match(action)) report(action.payload);
    return result;
  };
}
