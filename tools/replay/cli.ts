// npm run replay -- <log.json | log.json.gz | envelopes.json> [--report N] [--html timeline.html] [--devtools actions.json]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildId } from '../buildId';
import { toDevtoolsExport } from './devtools';
import { readLog, type LoadedLog } from './readLog';
import { replayLog } from './replay';
import { formatDivergence, formatSummary } from './report';
import { renderTimeline } from './timeline';

const USAGE =
  'usage: npm run replay -- <log.json | log.json.gz | envelopes.json> [--report N] [--html timeline.html] [--devtools actions.json]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      devtools: { type: 'string' },
      report: { type: 'string' },
    },
  });
  const [file] = positionals;
  const report = values.report === undefined ? undefined : Number(values.report);
  if (!file || positionals.length > 1 || (report !== undefined && !(report >= 1))) {
    console.error(USAGE);
    return 2;
  }
  let loaded: LoadedLog;
  try {
    loaded = readLog(file, report);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const { log, from } = loaded;
  const ours = buildId();
  // the first line: a divergence in a log from other code may be that code's, not a bug
  if (log?.header?.build !== undefined && log.header.build !== ours)
    console.log(
      `Log from build ${log.header.build}, replayed with build ${ours}: where they differ, a divergence may be the change between them`,
    );
  if (from) console.log(`From ${from}`);
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
