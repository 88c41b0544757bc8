// npm run replay -- <log.json | log.json.gz | envelopes.json> [--report N] [--html timeline.html] [--devtools actions.json]
// Exit codes: 0 replayed and no promise broken; 1 a divergence; 2 not a log; 3 replayed, and the
// session broke a promise of the player (the findings).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildId } from '../buildId';
import { adBreakStory } from './adStory';
import { toDevtoolsExport } from './devtools';
import type { Finding } from './finding';
import { findFindings } from './findings';
import { readLog, type LoadedLog } from './readLog';
import { replayLog } from './replay';
import { formatDivergence, formatFindings, formatSummary } from './report';
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
  if (
    !file ||
    positionals.length > 1 ||
    (report !== undefined && !(Number.isInteger(report) && report >= 1))
  ) {
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
  // what went wrong in the session itself (true of the log whether or not it replays); a log too odd
  // to check does not hide the replay's verdict
  let findings: Finding[] = [];
  let story: string[] = [];
  try {
    findings = findFindings(log);
    story = adBreakStory(log);
  } catch (error) {
    console.error(`The session's checks could not read this log: ${(error as Error).message}`);
  }
  if (values.html) writeFileSync(values.html, renderTimeline(log, result, findings));
  if (values.devtools)
    writeFileSync(values.devtools, JSON.stringify(toDevtoolsExport(log, result)));
  console.log(result.ok ? formatSummary(result) : formatDivergence(result));
  if (findings.length) console.log(`\n${formatFindings(findings)}`);
  if (story.length) console.log(`\nAd breaks:\n${story.map((line) => `  ${line}`).join('\n')}`);
  if (!result.ok) return 1;
  return findings.length ? 3 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(2);
  },
);
