import type { FetchedText } from '../shared/http';
import type { HttpRequest, HttpResponse } from './types';
import type { EarlyPending } from '../stream/earlyLoader';
import { ignore } from '../shared/ignore';

// The platform's fetch, for what must start before the player's code (the page's first script stays
// small: earlyStart.ts), for manifests, and for the services until axios has come after the first
// frame (httpClient.ts, axiosClient.ts). Both answer in the same shape, through the same body rules.

/** Why a request got no response; carried in the error's name so logs and replays can read it. */
export type HttpFailure = 'timeout' | 'network';

export function httpFailureOf(error: unknown): HttpFailure | null {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'HttpTimeout' ? 'timeout' : name === 'HttpNetworkError' ? 'network' : null;
}

export function failure(kind: HttpFailure, url: string): Error {
  const error = new Error(`${kind === 'timeout' ? 'Timed out' : 'Network error'}: ${url}`);
  error.name = kind === 'timeout' ? 'HttpTimeout' : 'HttpNetworkError';
  return error;
}

/** The body as text in the charset its Content-Type names (an ad server's windows-1251), else UTF-8. */
export function decodeBody(bytes: ArrayBuffer, contentType: string | null): string {
  const charset = /;\s*charset="?([\w-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes); // a charset the browser does not know
  }
}

/** A JSON body when it parses, its text otherwise (an empty 204, an HTML error page). */
export function parsedBody(text: string, responseType: HttpRequest['responseType']): unknown {
  if (responseType === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One fetch and its body within the time limit; HttpTimeout past it, HttpNetworkError without an answer. */
async function fetchWithin(url: string, init: RequestInit, timeoutMs: number) {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: abort.signal });
    const text = decodeBody(await res.arrayBuffer(), res.headers.get('content-type'));
    return { res, text };
  } catch {
    throw failure(timedOut ? 'timeout' : 'network', url);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One request through the platform's fetch, for the page's first script and the services' requests
 * until axios has come (httpClient.ts). Every status resolves; only a missing response rejects.
 * Cookies go only to the page's own origin, as with any fetch.
 */
export async function sendByFetch(req: HttpRequest): Promise<HttpResponse> {
  const json = req.body !== undefined && typeof req.body !== 'string';
  // as the services and ad servers were asked before; a header the request names replaces it
  // whatever its case, as axios does (a host page's ad headers may say `accept`): two entries of
  // one name would go joined
  const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
  if (json) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, value);
  const { res, text } = await fetchWithin(
    req.url,
    {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : json ? JSON.stringify(req.body) : String(req.body),
    },
    req.timeoutMs,
  );
  const answered: Record<string, string> = {};
  res.headers.forEach((value, key) => (answered[key] = value));
  return { status: res.status, headers: answered, data: parsedBody(text, req.responseType) };
}

/** A text document by GET; a status other than success rejects like a missing response. */
export async function getText(url: string, timeoutMs: number): Promise<FetchedText> {
  const { res, text } = await fetchWithin(url, {}, timeoutMs);
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${url}`);
  return { text, url: res.url || url };
}

/**
 * A segment's bytes, with the request's times: hls.js's bandwidth estimate reads them. Given up
 * with no answer within `firstByteMs`, or unfinished within `loadMs`; a slow link that answers
 * keeps its time for the body, as with hls.js's own requests.
 */
export function getSegment(url: string, firstByteMs: number, loadMs: number): EarlyPending {
  const abort = new AbortController();
  const stop = () => abort.abort();
  const noAnswer = setTimeout(stop, firstByteMs);
  const unfinished = setTimeout(stop, loadMs);
  const start = performance.now();
  let progressed: (loaded: number) => void = ignore;
  // after the page's scripts, which the first frame needs as much and whose work can overlap it
  const answered = fetch(url, { signal: abort.signal, priority: 'low' });
  answered.then(() => clearTimeout(noAnswer), ignore);
  const loaded = answered
    .then(async (res) => {
      const first = performance.now();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${url}`);
      const data = await bodyOf(res, (n) => progressed(n));
      return { data, url: res.url || url, timing: { start, first, end: performance.now() } };
    })
    .finally(() => {
      clearTimeout(noAnswer);
      clearTimeout(unfinished);
    });
  return {
    answered,
    loaded,
    abort: stop,
    onProgress: (listener) => {
      progressed = listener;
    },
  };
}

/** A response's body, telling how many of its bytes have come as each part of it comes. */
async function bodyOf(res: Response, progressed: (loaded: number) => void): Promise<ArrayBuffer> {
  const reader = res.body?.getReader();
  if (!reader) return res.arrayBuffer();
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    parts.push(part.value);
    loaded += part.value.byteLength;
    progressed(loaded);
  }
  const body = new Uint8Array(loaded);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body.buffer;
}

/** Hands out responses to requests started before the player's code ran (see earlyStart). */
export interface EarlyResponses {
  take(req: HttpRequest): Promise<HttpResponse> | null;
}

/** A task of its own: a message to ourselves, which a background tab does not hold back as it does timers. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * An answer that may have come long ago, given in a task of its own as a network answer is: the
 * actor that asked goes on after the other tasks due, in the order its flight log can replay.
 */
export const inOwnTask = <T>(answer: Promise<T>): Promise<T> =>
  answer.then(
    async (value) => {
      await nextTask();
      return value;
    },
    async (error: unknown) => {
      await nextTask();
      throw error;
    },
  );
