// npm run replay -- <log.json> [--html timeline.html] [--devtools actions.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FlightLog } from '../../src/recorder/format';
import { toDevtoolsExport } from './devtools';
import { replayLog } from './replay';
import { formatDivergence, formatSummary } from './report';
import { renderTimeline } from './timeline';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { html: { type: 'string' }, devtools: { type: 'string' } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(
      'usage: npm run replay -- <log.json> [--html timeline.html] [--devtools actions.json]',
    );
    return 2;
  }
  let log: FlightLog;
  try {
    log = JSON.parse(readFileSync(file, 'utf8')) as FlightLog;
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const result = await replayLog(log, { keepHistory: Boolean(values.devtools) });
  if (values.html) writeFileSync(values.html, renderTimeline(log, result));
  if (values.devtools)
    writeFileSync(values.devtools, JSON.stringify(toDevtoolsExport(log, result)));
  console.log(result.ok ? formatSummary(result) : formatDivergence(result));
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(2);
  },
);
