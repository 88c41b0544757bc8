// Sinks that record what the player sends out: tracking beacons and error-report envelopes.

export interface Beacon {
  method: string;
  path: string;
  query: Record<string, string>;
  time: number;
}

export interface Envelope {
  project: string;
  header: unknown;
  items: { header: unknown; payload: unknown }[];
  time: number;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

/** A Sentry envelope: a header line, then item header and payload lines (payloads here are JSON). */
export function parseEnvelope(project: string, body: string, time: number): Envelope {
  const [header = '', ...rest] = body.split('\n').filter((l) => l.trim() !== '');
  const items: Envelope['items'] = [];
  for (let i = 0; i < rest.length; i += 2) {
    items.push({ header: parseJson(rest[i] ?? ''), payload: parseJson(rest[i + 1] ?? '') });
  }
  return { project, header: parseJson(header), items, time };
}
