// Fault injection: a test switches faults per request path over HTTP, without restarting the server.
import type { NextFunction, Request, Response } from 'express';
import { extname } from 'node:path';
import type { Fault } from '../src/qa/faults';

// one type for the server and the QA kit's demo client, in a module of types only the kit can ship
export type { Fault };

export interface FaultRule {
  /** exact request path, or a prefix when it ends with '*' */
  path: string;
  fault: Fault;
  /** how many requests it applies to; every request until cleared when absent */
  times?: number;
  /**
   * only requests carrying this value in the `fault_scope` cookie (one browser context's), so that
   * tests in parallel each break their own player; every request when absent
   */
  scope?: string;
}

/** The cookie that puts a browser context's requests under the faults of its scope. */
export const FAULT_SCOPE_COOKIE = 'fault_scope';

function scopeOf(req: Request): string | undefined {
  const cookies = req.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${FAULT_SCOPE_COOKIE}=([^;]*)`).exec(cookies);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

const MALFORMED_BODY = '\u0000{"truncated": <not json, not xml';

function matches(rule: FaultRule, path: string, scope: string | undefined) {
  if (rule.scope !== undefined && rule.scope !== scope) return false;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
}

export function isFault(value: unknown): value is Fault {
  const f = value as Fault | null;
  if (!f || typeof f !== 'object') return false;
  if (f.forMs !== undefined && !(Number.isFinite(f.forMs) && f.forMs > 0)) return false;
  switch (f.type) {
    case 'status':
      return Number.isInteger(f.status) && f.status >= 100 && f.status <= 599;
    case 'slow':
      return Number.isFinite(f.delayMs) && f.delayMs >= 0;
    case 'trickle':
      return Number.isFinite(f.bytesPerSecond) && f.bytesPerSecond > 0;
    case 'hang':
    case 'malformed':
    case 'empty':
    case 'reset':
      return true;
    default:
      return false;
  }
}

const TRICKLE_TICK_MS = 100;

/**
 * The answer's body goes out at `bytesPerSecond`, a tick's share at a time, whoever writes it
 * (the static files, a JSON handler): held back from `res.write` and `res.end` and let out on a timer.
 */
function trickle(res: Response, bytesPerSecond: number) {
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as () => Response;
  const share = Math.max(1, Math.round((bytesPerSecond * TRICKLE_TICK_MS) / 1000));
  const held: Buffer[] = [];
  let ending = false;
  let timer: NodeJS.Timeout | undefined;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
  const letOut = () => {
    timer = undefined;
    let budget = share;
    while (budget > 0 && held.length > 0) {
      const chunk = held.shift() as Buffer;
      if (chunk.length > budget) held.unshift(chunk.subarray(budget));
      write(chunk.subarray(0, budget));
      budget -= Math.min(budget, chunk.length);
    }
    if (held.length > 0) timer = setTimeout(letOut, TRICKLE_TICK_MS);
    else if (ending) end();
  };
  const hold = (chunk: unknown, encoding: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      held.push(toBuffer(chunk, encoding));
    timer ??= setTimeout(letOut, TRICKLE_TICK_MS);
  };
  res.write = ((chunk: unknown, encoding?: unknown, done?: unknown) => {
    hold(chunk, encoding);
    for (const callback of [encoding, done]) if (typeof callback === 'function') callback();
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, done?: unknown) => {
    ending = true;
    hold(chunk, encoding);
    for (const callback of [chunk, encoding, done]) if (typeof callback === 'function') callback();
    return res;
  }) as Response['end'];
  res.on('close', () => clearTimeout(timer));
}

export function createFaults() {
  let rules: FaultRule[] = [];
  const hung = new Map<Response, string | undefined>();
  /** when each rule of a fault with forMs ends (kept aside: the list shows rules as they were set) */
  const endsAt = new WeakMap<FaultRule, number>();

  function take(path: string, scope: string | undefined): Fault | null {
    const now = Date.now();
    rules = rules.filter((r) => (endsAt.get(r) ?? Infinity) > now);
    const rule = rules.find((r) => matches(r, path, scope));
    if (!rule) return null;
    if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
    return rule.fault;
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    const scope = scopeOf(req);
    const fault = take(req.path, scope);
    if (!fault) return next();
    switch (fault.type) {
      case 'status':
        return res
          .status(fault.status)
          .type('text/plain')
          .send(fault.body ?? `Injected ${fault.status}`);
      case 'hang':
        hung.set(res, scope);
        res.on('close', () => hung.delete(res));
        return;
      case 'slow':
        setTimeout(next, fault.delayMs);
        return;
      case 'trickle':
        trickle(res, fault.bytesPerSecond);
        return next();
      case 'malformed':
        return res
          .status(200)
          .type(extname(req.path) || 'json')
          .send(MALFORMED_BODY);
      case 'empty':
        return res
          .status(200)
          .type(extname(req.path) || 'json')
          .send('');
      case 'reset':
        req.socket.destroy();
        return;
    }
  }

  return {
    middleware,
    list: () => rules,
    add(rule: FaultRule) {
      if (rule.fault.forMs !== undefined) endsAt.set(rule, Date.now() + rule.fault.forMs);
      rules = [rule, ...rules.filter((r) => r.path !== rule.path || r.scope !== rule.scope)];
    },
    /** every rule (and hung answer), or those of one scope */
    clear(scope?: string) {
      const cleared = (s: string | undefined) => scope === undefined || s === scope;
      rules = rules.filter((r) => !cleared(r.scope));
      for (const [res, s] of hung) if (cleared(s)) res.destroy();
    },
  };
}
