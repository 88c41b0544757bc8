// Sinks that record what the player sends out: tracking beacons and error-report envelopes.

export interface Beacon {
  method: string;
  path: string;
  query: Record<string, string>;
  time: number;
}

export interface EnvelopeItem {
  header: unknown;
  /** JSON payloads parsed, text as it is, binary (a gzipped flight log) in base64 */
  payload: unknown;
  encoding?: 'base64';
}

export interface Envelope {
  project: string;
  header: unknown;
  items: EnvelopeItem[];
  time: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const NEWLINE = 0x0a;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function payloadOf(bytes: Buffer): Pick<EnvelopeItem, 'payload' | 'encoding'> {
  try {
    return { payload: parseJson(utf8.decode(bytes)) };
  } catch {
    return { payload: bytes.toString('base64'), encoding: 'base64' }; // not text
  }
}

/**
 * A Sentry envelope: a header line, then items, each a header line and a payload: `length` bytes
 * when its header says (attachments, which may be binary), else up to the next line break.
 */
export function parseEnvelope(project: string, body: Buffer, time: number): Envelope {
  let at = 0;
  const line = () => {
    const end = body.indexOf(NEWLINE, at);
    const bytes = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return bytes;
  };
  const header = parseJson(line().toString('utf8'));
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const text = line().toString('utf8');
    if (text.trim() === '') continue;
    const itemHeader = parseJson(text);
    const length =
      itemHeader && typeof itemHeader === 'object'
        ? (itemHeader as { length?: unknown }).length
        : undefined;
    let payload: Buffer;
    if (typeof length === 'number' && length >= 0) {
      payload = body.subarray(at, at + length);
      at += length;
      if (body[at] === NEWLINE) at += 1;
    } else payload = line();
    items.push({ header: itemHeader, ...payloadOf(payload) });
  }
  return { project, header, items, time };
}
