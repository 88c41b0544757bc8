// What the replay command reads: a flight log, the same gzipped (as an error report attaches it),
// or a file of error-report envelopes as the demo's sink stores them (GET /__test/envelopes), whose
// reports carry the log.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Envelope as StoredEnvelope, EnvelopeItem } from '../../demo/sinks';
import type { FlightLog } from '../../src/recorder/format';

export interface LoadedLog {
  log: FlightLog;
  /** where the log came from, when not a plain log file: the report, for the first line of output */
  from?: string;
}

/** As the sink stores them; read from a file, so any part may be missing. */
type Envelope = Partial<StoredEnvelope>;

/** An item's header, as far as a report's items go. */
const headerOf = (item: EnvelopeItem) =>
  (item.header && typeof item.header === 'object' ? item.header : {}) as {
    type?: string;
    filename?: string;
  };

const LOG_ATTACHMENT = /^flight-log(-tail)?\.json(\.gz)?$/;
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;
const text = (bytes: Buffer) => (isGzip(bytes) ? gunzipSync(bytes) : bytes).toString('utf8');

function logOfItem(item: EnvelopeItem): unknown {
  const { payload } = item;
  if (typeof payload !== 'string') return payload;
  return JSON.parse(
    item.encoding === 'base64' ? text(Buffer.from(payload, 'base64')) : payload,
  ) as unknown;
}

/** The report's event, in a line: its exception and the release that sent it. */
function describeReport(envelope: Envelope): string {
  const event = envelope.items?.find((i) => headerOf(i).type === 'event')?.payload as
    { exception?: { values?: { type?: string; value?: string }[] }; release?: string } | undefined;
  const exception = event?.exception?.values?.at(-1); // chained: the one thrown comes last
  const what = exception ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}` : 'a report';
  return `${what}${event?.release ? ` (release ${event.release})` : ''}`;
}

function fromEnvelopes(envelopes: Envelope[], report: number | undefined, file: string): LoadedLog {
  const logItem = (e: Envelope) =>
    e.items?.find((i) => LOG_ATTACHMENT.test(headerOf(i).filename ?? ''));
  const reports = envelopes.filter((e) => logItem(e) !== undefined);
  if (reports.length === 0) throw new Error(`${file} holds no error report with a flight log`);
  const index = (report ?? 1) - 1;
  const chosen = reports[index];
  if (!chosen)
    throw new Error(`${file} holds ${reports.length} reports with a flight log, not ${report}`);
  const more = reports.length > 1 ? `; ${reports.length} in the file, --report N for another` : '';
  return {
    log: logOfItem(logItem(chosen) as EnvelopeItem) as FlightLog,
    from: `error report ${index + 1}: ${describeReport(chosen)}${more}`,
  };
}

/** Reads the file; `report` picks among several error reports (1-based, the first by default). */
export function readLog(file: string, report?: number): LoadedLog {
  const content = JSON.parse(text(readFileSync(file))) as unknown;
  if (Array.isArray(content)) return fromEnvelopes(content as Envelope[], report, file);
  if (content && typeof content === 'object' && 'items' in content)
    return fromEnvelopes([content as Envelope], report, file);
  return { log: content as FlightLog };
}
