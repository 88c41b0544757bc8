// Error reports through Sentry: actor crashes, unexpected boot failures and page errors, each with
// the session's flight log attached (gzipped, the whole of it when it fits: see reportLog.ts). Sentry is its own bundle, loaded a second after the first frame
// (or once the boot has failed), so it never delays the start; page errors before that are kept
// and sent once it is there, and past a few at once, one a minute (PAGE_ERROR_REPORTS). What waits
// for the sink is at most REPORTS_IN_FLIGHT reports. Nothing is loaded or sent without a DSN.
import type { Middleware } from '@reduxjs/toolkit';
import { adsActions } from '../state/ads';
import { mediaActions } from '../state/playback';
import { systemActions, type ActorCrash, type BootFailure } from '../state/system';
import type { PlayerConfig } from '../shared/config';
import type { ReportLog } from '../recorder/reportLog';

type SentryModule = typeof import('@sentry/react');

/** SPEC.md section 9: traces 100%, session replays 10%, error replays 100%. */
export const SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
};
/** Page errors kept while Sentry loads; more are dropped (a loop of errors must not grow memory). */
const EARLY_ERRORS = 20;
/**
 * Sentry starts this long after the first `playing` (the frame is on screen about 100 ms after it),
 * then when the main thread is idle: its start, its replay's first snapshot of the page among it,
 * is 40-70 ms of main-thread work, which must not delay the first frame's paint.
 */
const START_AFTER_FIRST_FRAME_MS = 1_000;
const IDLE_WAIT_LIMIT_MS = 2_000;
/**
 * Reports on their way at once, at most (Sentry's own default is 64): an error-report host that
 * hangs holds each one, its flight log up to REPORT_LOG_LIMIT_BYTES, and past this they are dropped
 * rather than kept in the viewer's memory.
 */
const REPORTS_IN_FLIGHT = 8;
/**
 * Page errors (a script of the page's that throws, a promise nobody waits on) reported at once, at
 * most, then one a minute. Each report packs the whole flight log again, a main-thread cost that
 * grows with the session: a script failing on every call (a host's analytics script whose host
 * refuses, test/e2e/sinksDown.test.ts) had the player's main thread packing back to back, in tasks
 * of 200-400 ms once the log was 2-3 MB (longer as it grows to its limit), and would upload a log
 * for each. The others are dropped here (Sentry counts them among its client outcomes). The
 * player's own reports (crashes, failures) are few by design and all go.
 */
export const PAGE_ERROR_REPORTS = { burst: REPORTS_IN_FLIGHT, everyMs: 60_000 };

/** A token bucket: `burst` at once, then one every `everyMs`. */
export function reportBudget(
  { burst, everyMs }: { burst: number; everyMs: number },
  now: () => number = () => performance.now(),
) {
  let tokens = burst;
  let at = now();
  return {
    /** whether one more report may go now (and it is counted) */
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + (t - at) / everyMs);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** A film's playlists, segments, keys, subtitles and pictures, by their file's kind. */
const MEDIA_FILE = /\.(m3u8|ts|m4s|mp4|m4a|m4v|aac|mp3|vtt|webvtt|key|jpe?g|png|webp)$/i;

/**
 * Whether a request gets a span of the traces: only the player's services (the catalog and the ad
 * list), never a film's media (hls.js asks for a segment every few seconds, and each span would be
 * an upload of its own, crowding the error reports out of REPORTS_IN_FLIGHT) nor the page's other
 * requests.
 */
export function spanWorthy(config: Pick<PlayerConfig, 'envBaseUrl' | 'envAdListUrl'>) {
  const origins = new Set(
    [config.envBaseUrl, config.envAdListUrl].flatMap((address) => {
      try {
        return [new URL(address).origin];
      } catch {
        return [];
      }
    }),
  );
  return (url: string) => {
    try {
      const { origin, pathname } = new URL(url, location.href);
      return origins.has(origin) && !MEDIA_FILE.test(pathname);
    } catch {
      return false;
    }
  };
}

export interface ErrorReporter {
  /** loads Sentry and starts reporting (after the first frame) */
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
  const pageErrors = reportBudget(PAGE_ERROR_REPORTS);
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
    sentry ??= import('@sentry/react').then((Sentry) => {
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
      // every error report carries what led to it
      Sentry.getGlobalScope().addEventProcessor(async (event, hint) => {
        if (event.type !== undefined) return event; // transactions, replays: no log
        const error = hint.originalException;
        const isOwn = typeof error === 'object' && error !== null && own.has(error);
        if (!isOwn && !pageErrors.take()) return null;
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

/**
 * Hands crashes and unexpected boot failures to the reporter once the store has recorded them, and
 * starts it after the first frame (of the film or of an advert), or when the boot failed.
 */
export function errorReportMiddleware(reporter: ErrorReporter): Middleware {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => reporter.start(), { timeout: IDLE_WAIT_LIMIT_MS });
      else reporter.start(); // WebKit has no idle callbacks
    }, START_AFTER_FIRST_FRAME_MS);
  };
  return () => (next) => (action) => {
    const result = next(action);
    if (systemActions.actorCrashed.match(action)) reporter.actorCrashed(action.payload);
    if (systemActions.bootFailed.match(action)) {
      reporter.failed(action.payload, 'Boot');
      start();
    }
    if (systemActions.playbackFailed.match(action)) reporter.failed(action.payload, 'Playback');
    if (mediaActions.playing.match(action) || adsActions.adStarted.match(action)) start();
    return result;
  };
}
