import { parseConfig } from '../../../src/app/config';
import { createErrorReporter } from '../../../src/app/errorReporting';

const config = (dataset: Record<string, string>) =>
  parseConfig({ search: '?movie_id=1', origin: 'https://player.example', dataset });

const init = jest.fn();
type Processor = (
  event: { type?: string; exception?: object; extra?: object },
  hint: { attachments?: unknown[] },
) => Promise<{ extra?: object }>;
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
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
  getGlobalScope: () => ({ addEventProcessor: (p: Processor) => processors.push(p) }),
  captureException: () => undefined,
  withScope: () => undefined,
}));

describe('error reporting (SPEC.md section 9)', () => {
  it('starts Sentry with 100% traces, 10% session replays and 100% error replays', async () => {
    const reporter = createErrorReporter(
      config({ sentry_dsn: 'https://key@errors.example/1' }),
      '1.2.3+abc',
      sessionLog,
    );
    reporter.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.resolve();
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
    createErrorReporter(
      config({ sentry_dsn: 'https://key@errors.example/1' }),
      '1.2.3+abc',
      sessionLog,
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.resolve();
    const processor = processors[processors.length - 1]!;
    const hint: { attachments?: unknown[] } = {};
    const event = await processor({ exception: {} }, hint);
    expect(hint.attachments).toEqual([
      { filename: 'flight-log.json.gz', data: packed, contentType: 'application/gzip' },
    ]);
    expect(event.extra).toEqual({ flight_log_dropped: 0 });
    // transactions and replays are not error reports: no log
    const other: { attachments?: unknown[] } = {};
    await processor({ type: 'transaction' }, other);
    expect(other.attachments).toBeUndefined();
  });

  it('loads nothing without a DSN', async () => {
    init.mockClear();
    createErrorReporter(config({}), '1.2.3+abc', sessionLog).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(init).not.toHaveBeenCalled();
  });
});
