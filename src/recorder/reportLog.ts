// The flight log as an error report carries it: the whole session, gzipped, when it fits the limit;
// else the latest part of it, from a checkpoint on, that does.
import type { FlightLog } from './format';
import { canPack, packText } from './packText';

/**
 * The gzipped log an error report may carry. The report is uploaded from the viewer's connection
 * while the film goes on, so it is kept to what a slow mobile uplink (about 1 Mbit/s) sends in about
 * 8 s; that holds about 25 minutes of a session at the demo's rate of logging (about 0.7 kB a second
 * gzipped), and error report services take attachments far larger.
 */
export const REPORT_LOG_LIMIT_BYTES = 1024 * 1024;

export interface ReportLog {
  filename: string;
  contentType: string;
  data: Uint8Array | string;
  /** entries of the session left out, from its start (0: the whole session) */
  dropped: number;
}

/** The log from entry `from` on: what was before it counts as dropped. */
function from(log: FlightLog, index: number): FlightLog {
  return index === 0
    ? log
    : {
        header: { ...log.header, dropped: log.header.dropped + index },
        entries: log.entries.slice(index),
      };
}

/**
 * Packs the log within the limit, from a checkpoint: the whole log when it fits, else the first try
 * after it starts where the measured ratio of packed to plain text says the tail fits (so an
 * earlier checkpoint that would just have fitted may be passed over), and later ones until one does.
 */
export async function reportLog(
  log: FlightLog,
  limit = REPORT_LOG_LIMIT_BYTES,
): Promise<ReportLog> {
  const lines = log.entries.map((e) => JSON.stringify(e));
  const checkpoints = log.entries.flatMap((e, i) => (e.kind === 'checkpoint' ? [i] : []));
  const starts = checkpoints[0] === 0 ? checkpoints : [0, ...checkpoints];
  const packs = canPack();
  // characters from entry i to the end
  const tailChars: number[] = new Array<number>(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--)
    tailChars[i] = (tailChars[i + 1] ?? 0) + (lines[i]?.length ?? 0) + 1;
  let ratio = packs ? 0 : 1; // packed bytes per character; 0: not measured yet
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k] ?? 0;
    const isLast = k === starts.length - 1;
    if (!isLast && ratio > 0 && (tailChars[start] ?? 0) * ratio > limit) continue;
    const tail = from(log, start);
    // the entries' JSON as already made, in the log's shape
    const text = `{"header":${JSON.stringify(tail.header)},"entries":[${lines.slice(start).join(',')}]}`;
    if (!packs) {
      if (text.length <= limit || isLast)
        return {
          filename: 'flight-log.json',
          contentType: 'application/json',
          data: text,
          dropped: tail.header.dropped,
        };
      continue;
    }
    const data = await packText(text);
    if (data.byteLength <= limit || isLast)
      return {
        filename: 'flight-log.json.gz',
        contentType: 'application/gzip',
        data,
        dropped: tail.header.dropped,
      };
    ratio = data.byteLength / text.length;
  }
  return {
    filename: 'flight-log.json',
    contentType: 'application/json',
    data: JSON.stringify(log),
    dropped: log.header.dropped,
  };
}
