import { parseConfig } from '../../../src/app/config';
import { createErrorReporter } from '../../../src/app/errorReporting';

const config = (dataset: Record<string, string>) =>
  parseConfig({ search: '?movie_id=1', origin: 'https://player.example', dataset });

const init = jest.fn();
jest.mock('@sentry/react', () => ({
  init: (options: unknown) => init(options),
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
  getGlobalScope: () => ({ addEventProcessor: () => undefined }),
  captureException: () => undefined,
  withScope: () => undefined,
}));

describe('error reporting (SPEC.md section 9)', () => {
  it('starts Sentry with 100% traces, 10% session replays and 100% error replays', async () => {
    const reporter = createErrorReporter(
      config({ sentry_dsn: 'https://key@errors.example/1' }),
      async () => '[]',
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
      }),
    );
  });

  it('loads nothing without a DSN', async () => {
    init.mockClear();
    createErrorReporter(config({}), async () => '[]').start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(init).not.toHaveBeenCalled();
  });
});
