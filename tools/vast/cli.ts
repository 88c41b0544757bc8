// npm run vast -- [--offline] [--timeout ms] <file-or-url>
// Prints one JSON object: what the player would play and fire, or the VAST error it would report.
// Exit 0 for both; 2 for usage errors and unreadable files.
import { parseArgs } from 'node:util';
import { DEFAULT_TIMEOUT_MS, inspectVast, UnreadableSourceError } from './inspect';

const USAGE = 'usage: npm run vast -- [--offline] [--timeout ms] <file-or-url>';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { offline: { type: 'boolean', default: false }, timeout: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  const [target] = positionals;
  if (!target || positionals.length > 1 || !(timeoutMs > 0)) {
    console.error(USAGE);
    return 2;
  }
  try {
    const report = await inspectVast(target, { offline: values.offline, timeoutMs });
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof UnreadableSourceError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
