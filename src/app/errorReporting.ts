// Error reports through Sentry: actor crashes, unexpected boot failures and page errors, each with
// the session's flight log attached (gzipped, the whole of it when it fits: see reportLog.ts).
// Sentry is its own bundle (sentryClient.ts), loaded after the first frame or once the boot or the
// stream has failed before it (afterFirstFrame.ts), so it never delays the start; page errors before
// that are kept and sent once it is there, and past a few at once, one a minute (reportPolicy.ts).
// Nothing is loaded or sent without a DSN.
import type { Middleware } from '@reduxjs/toolkit';
import { systemActions, type ActorCrash, type BootFailure } from '../state/system';
import type { PlayerConfig } from '../shared/config';
import type { ReportLog } from '../recorder/reportLog';

type SentryModule = import('./sentryClient').SentryModule;

/** Page errors kept while Sentry loads; more are dropped (a loop of errors must not grow memory). */
const EARLY_ERRORS = 20;

export interface ErrorReporter {
  /** loads Sentry and starts reporting (after the first frame: afterFirstFrame.ts) */
  start(): void;
  actorCrashed(crash: ActorCrash): void;
  /** the player stopped with a message: at its start (boot) or while playing (the stream failed) */
  failed(failure: BootFailure, stage: 'Boot' | 'Playback'): void;
}

/**
 * build: the player's build id (version and commit), the reports' release, so a report names the code
 * that sent it; sessionLog: the flight log as a report carries it.
 */
export function createErrorReporter(
  config: PlayerConfig,
  build: string,
  sessionLog: () => Promise<ReportLog>,
): ErrorReporter {
  const dsn = config.sentryDsn;
  let sentry: Promise<SentryModule> | null = null;
  // Reports that come together (a crash loop, the early errors) share one export and packing of the
  // log, which can take a moment on a long session.
  let packing: Promise<ReportLog> | null = null;
  const packedLog = () => {
    packing ??= sessionLog().finally(() => {
      packing = null;
    });
    return packing;
  };
  // the reports the player makes itself; any other error report is a page error
  const own = new WeakSet<object>();
  const early: unknown[] = [];
  const keepEarly = (error: unknown) => {
    if (early.length < EARLY_ERRORS) early.push(error);
  };
  const onError = (event: ErrorEvent) => keepEarly(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => keepEarly(event.reason);
  if (dsn) {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  }

  function load(): Promise<SentryModule> | null {
    if (!dsn) return null;
    sentry ??= import('./sentryClient').then(({ startSentry }) => {
      const Sentry = startSentry({
        dsn,
        config,
        build,
        isOwn: (error) => typeof error === 'object' && error !== null && own.has(error),
        packedLog,
      });
      // from now on Sentry's own handlers see page errors
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      for (const error of early.splice(0)) Sentry.captureException(error);
      return Sentry;
    });
    return sentry;
  }

  function send(error: Error, tags: Record<string, string>, extra: Record<string, unknown>) {
    void load()?.then((Sentry) =>
      Sentry.withScope((scope) => {
        scope.setTags(tags);
        scope.setExtras(extra);
        Sentry.captureException(error);
      }),
    );
  }
  const named = (name: string, message: string) => {
    const error = Object.assign(new Error(message), { name });
    own.add(error);
    return error;
  };
  return {
    start: () => void load(),
    actorCrashed: (crash) =>
      send(
        named('ActorCrash', crash.message),
        { actor: crash.actor },
        { restarts: crash.restarts },
      ),
    failed: (failure, stage) => {
      if (!failure.errorId) return; // the others are answers, not faults
      send(named(`${stage}Failed`, failure.detail), { error_id: failure.errorId }, {});
    },
  };
}

/** Hands crashes and unexpected failures to the reporter once the store has recorded them. */
export function errorReportMiddleware(reporter: ErrorReporter): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    if (systemActions.actorCrashed.match(action)) reporter.actorCrashed(action.payload);
    if (systemActions.bootFailed.match(action)) reporter.failed(action.payload, 'Boot');
    if (systemActions.playbackFailed.match(action)) reporter.failed(action.payload, 'Playback');
    return result;
  };
}
