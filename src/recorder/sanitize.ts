// Personal data out of a flight log: user ids, tokens, cookie values and the device fingerprint are
// replaced by placeholders. The same value always gets the same placeholder, wherever it appears,
// so the actors replay the log with the placeholders and still produce exactly the recorded entries.
import type { FlightLog } from './format';
import { jwtExpSeconds } from '../api/token';

/** Keys whose values are personal, by the kind of placeholder they get. */
const SECRET_KEYS: [RegExp, string][] = [
  [/^authorization$/i, 'token'],
  [/token$/i, 'token'],
  [/^x-session-context$/i, 'fingerprint'],
  [/^(cookie|set-cookie)$/i, 'cookie'],
  [/password/i, 'password'],
  [/(fingerprint|device_?fp)/i, 'fingerprint'],
  [/^user_?id$/i, 'user'],
];
/** Objects every value of which is a secret, whatever its key: a license server's headers (tickets). */
const SECRET_OBJECTS = /^licenseHeaders$/i;
/** the key a secret object's values are looked at under */
const SECRET_VALUE_KEY = 'authorization';
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** `<kind-n>`, or for a JWT an unsigned one with only the same expiry and the name of the placeholder. */
function placeholderFor(value: string, kind: string, n: number): string {
  // the player reads a JWT's expiry (api/token.ts), so a placeholder must keep it
  const exp = jwtExpSeconds(value);
  return exp === null
    ? `<${kind}-${n}>`
    : `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ exp, redacted: `${kind}-${n}` })}.redacted`;
}

const QUERY_SECRET =
  /([?&](?:user_id|userId|token|access_token|refresh_token|device_fp)=)([^&#\s]*)/g;
/** Values shorter than this are replaced only where they stand alone, never inside other text. */
const MIN_SUBSTRING = 6;

function kindOfKey(key: string): string | null {
  for (const [pattern, kind] of SECRET_KEYS) if (pattern.test(key)) return kind;
  return null;
}

export function sanitizeLog(log: FlightLog): FlightLog {
  const placeholders = new Map<string, string>();
  const counts: Record<string, number> = {};

  function register(value: string, kind: string) {
    const bare = value.replace(/^Bearer\s+/i, '');
    if (!bare || placeholders.has(bare) || /^<\w+-\d+>$/.test(bare) || bare.endsWith('.redacted'))
      return;
    counts[kind] = (counts[kind] ?? 0) + 1;
    placeholders.set(bare, placeholderFor(bare, kind, counts[kind]));
  }

  /** Cookies hold credentials and the fingerprint: what the cookie port reads or writes is personal. */
  function collectCookies(entries: FlightLog['entries']) {
    for (const e of entries) {
      if (e.kind !== 'call' || e.port !== 'cookies') continue;
      const name = String(e.args[0] ?? '');
      const kind = kindOfKey(name) ?? 'cookie';
      if (e.method === 'get' && typeof e.result === 'string') register(e.result, kind);
      if (e.method === 'set' && typeof e.args[1] === 'string') register(e.args[1], kind);
    }
  }

  function collect(value: unknown, key: string | null) {
    if (typeof value === 'string') {
      const kind = key ? kindOfKey(key) : null;
      if (kind) register(value, kind);
      for (const m of value.matchAll(QUERY_SECRET))
        if (m[2]) register(decodeURIComponent(m[2]), 'user');
    } else if (typeof value === 'number' && key && kindOfKey(key)) {
      register(String(value), kindOfKey(key) as string);
    } else if (Array.isArray(value)) {
      value.forEach((v) => collect(v, null));
    } else if (value && typeof value === 'object') {
      const secrets = key !== null && SECRET_OBJECTS.test(key);
      for (const [k, v] of Object.entries(value)) collect(v, secrets ? SECRET_VALUE_KEY : k);
    }
  }

  function replace(value: unknown, key: string | null): unknown {
    const secretKey = key !== null && kindOfKey(key) !== null;
    if (typeof value === 'string') {
      const bare = value.replace(/^Bearer\s+/i, '');
      const own = secretKey ? placeholders.get(bare) : undefined;
      if (own) return value.slice(0, value.length - bare.length) + own;
      let out = value.replace(QUERY_SECRET, (all, prefix: string, v: string) => {
        const p = placeholders.get(decodeURIComponent(v));
        return p ? prefix + p : all;
      });
      for (const [secret, placeholder] of placeholders) {
        if (secret.length >= MIN_SUBSTRING && out.includes(secret))
          out = out.split(secret).join(placeholder);
      }
      return out;
    }
    if (typeof value === 'number' && secretKey) return placeholders.get(String(value)) ?? value;
    if (Array.isArray(value)) return value.map((v) => replace(v, null));
    if (value && typeof value === 'object') {
      const secrets = key !== null && SECRET_OBJECTS.test(key);
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, replace(v, secrets ? SECRET_VALUE_KEY : k)]),
      );
    }
    return value;
  }

  collect(log.header.config, null);
  collectCookies(log.entries);
  collect(log.entries, null);
  if (placeholders.size === 0) return log;
  return {
    header: {
      ...log.header,
      config: replace(log.header.config, null) as FlightLog['header']['config'],
      ...(log.header.constants
        ? { constants: replace(log.header.constants, null) as Record<string, unknown> }
        : {}),
      redacted: counts,
    },
    entries: replace(log.entries, null) as FlightLog['entries'],
  };
}
