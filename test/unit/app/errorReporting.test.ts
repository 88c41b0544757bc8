import { parseConfig } from '../../../src/app/config';
import { createErrorReporter } from '../../../src/app/errorReporting';
import { PAGE_ERROR_REPORTS, reportBudget, spanWorthy } from '../../../src/app/reportPolicy';

const config = (dataset: Record<string, string>) =>
  parseConfig({ search: '?movie_id=1', origin: 'https://player.example', dataset });

const init = jest.fn();
const tracing = jest.fn((_options: unknown) => ({ name: 'BrowserTracing' }));
type Processor = (
  event: { type?: string; exception?: object; extra?: object },
  hint: { attachments?: unknown[]; originalException?: unknown },
) => Promise<{ extra?: object } | null>;
/** what the reporter gave Sentry to capture */
const captured: unknown[] = [];
const processors: Processor[] = [];
const packed = new Uint8Array([0x1f, 0x8b, 8]);
const sessionLog = async () => ({
  filename: 'flight-log.json.gz',
  contentType: 'application/gzip',
  data: packed,
  dropped: 0,
});
jest.mock('@sentry/react', () => ({
  init: (options: unknown) => init(options),
  browserTracingIntegration: (options: unknown) => tracing(options),
  replayIntegration: () => ({ name: 'Replay' }),
  getGlobalScope: () => ({ addEventProcessor: (p: Processor) => processors.push(p) }),
  captureException: (error: unknown) => captured.push(error),
  withScope: (inScope: (scope: object) => void) =>
    inScope({ setTags: () => undefined, setExtras: () => undefined }),
}));

/** A reporter started, and the event processor it gave Sentry. */
async function started() {
  const reporter = createErrorReporter(
    config({ sentry_dsn: 'https://key@errors.example/1' }),
    '1.2.3+abc',
    sessionLog,
  );
  reporter.start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.resolve();
  return { reporter, processor: processors[processors.length - 1]! };
}

describe('error reporting (SPEC.md section 9)', () => {
  it('starts Sentry with 100% traces, 10% session replays and 100% error replays', async () => {
    await started();
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.example/1',
        tracesSampleRate: 1,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1,
        release: '1.2.3+abc',
      }),
    );
  });

  it("attaches the session's flight log to every error report, and says how much of it was left out", async () => {
    const { processor } = await started();
    const hint: { attachments?: unknown[] } = {};
    const event = await processor({ exception: {} }, hint);
    expect(hint.attachments).toEqual([
      { filename: 'flight-log.json.gz', data: packed, contentType: 'application/gzip' },
    ]);
    expect(event?.extra).toEqual({ flight_log_dropped: 0 });
    // transactions and replays are not error reports: no log
    const other: { attachments?: unknown[] } = {};
    await processor({ type: 'transaction' }, other);
    expect(other.attachments).toBeUndefined();
  });

  it('reports a few page errors at once, then one a minute; its own reports all go', async () => {
    const now = jest.spyOn(performance, 'now').mockReturnValue(0);
    try {
      const { reporter, processor } = await started();
      const pageError = (i: number) =>
        processor({ exception: {} }, { originalException: new Error(`page ${i}`) });
      // a storm of page errors: the first ones go, with the log, the others are dropped
      const storm = await Promise.all(Array.from({ length: 50 }, (_, i) => pageError(i)));
      expect(storm.filter((event) => event !== null)).toHaveLength(PAGE_ERROR_REPORTS.burst);
      expect(await pageError(50)).toBeNull();
      // the player's own reports are not page errors: each goes
      captured.length = 0;
      reporter.actorCrashed({ actor: 'stream', message: 'Error: boom', restarts: 0 });
      reporter.failed(
        { reason: 'actor-stopped', detail: 'stopped', errorId: 'abcd1234', address: null },
        'Playback',
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(captured).toHaveLength(2);
      for (const error of captured)
        expect(await processor({ exception: {} }, { originalException: error })).not.toBeNull();
      // a minute on, one more page error goes
      now.mockReturnValue(PAGE_ERROR_REPORTS.everyMs);
      expect(await pageError(51)).not.toBeNull();
      expect(await pageError(52)).toBeNull();
      // transactions and replays are not error reports: never counted nor dropped
      expect(await processor({ type: 'transaction' }, {})).not.toBeNull();
    } finally {
      now.mockRestore();
    }
  });

  it('a report budget: a burst at once, then one every interval, never more than the burst saved up', () => {
    let t = 0;
    const budget = reportBudget({ burst: 3, everyMs: 1_000 }, () => t);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    t = 999;
    expect(budget.take()).toBe(false);
    t = 1_000;
    expect(budget.take()).toBe(true);
    t = 1_000_000; // a long quiet time saves up no more than the burst
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('loads nothing without a DSN', async () => {
    init.mockClear();
    createErrorReporter(config({}), '1.2.3+abc', sessionLog).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(init).not.toHaveBeenCalled();
  });
});

describe('the traces’ spans', () => {
  const worthy = spanWorthy({
    envBaseUrl: 'https://api.kino.example/',
    envAdListUrl: 'https://ads.kino.example/list.json',
  });

  it('are made for the player’s services: the catalog, the master JSON, the ad list', () => {
    expect(worthy('https://api.kino.example/catalog-api/contents/5')).toBe(true);
    expect(worthy('https://api.kino.example/media/5/master.json')).toBe(true);
    expect(worthy('https://ads.kino.example/list.json?x=1')).toBe(true);
  });

  it('are not made for the film’s media, wherever it comes from, nor for other hosts', () => {
    for (const url of [
      'https://api.kino.example/media/5/720p/index.m3u8',
      'https://api.kino.example/media/5/720p/seg00042.ts?token=abc',
      'https://api.kino.example/media/5/init.mp4',
      'https://api.kino.example/media/5/key.key',
      'https://api.kino.example/media/subs/ru.vtt',
      'https://cdn.example/film/seg1.m4s',
      'https://analytics.example/collect',
      'not a url at all ::',
    ])
      expect([url, worthy(url)]).toEqual([url, false]);
  });

  it('are given to Sentry’s tracing', async () => {
    tracing.mockClear();
    await started();
    const options = tracing.mock.calls.at(-1)?.[0] as {
      shouldCreateSpanForRequest(u: string): boolean;
    };
    const { envBaseUrl } = config({});
    expect(options.shouldCreateSpanForRequest(`${envBaseUrl}/catalog-api/contents/1`)).toBe(true);
    expect(options.shouldCreateSpanForRequest(`${envBaseUrl}/media/seg1.ts`)).toBe(false);
  });
});
