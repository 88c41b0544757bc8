import type { HttpPort, HttpRequest, HttpResponse } from './types';

/** Why a request got no response; carried in the error's name so logs and replays can read it. */
export type HttpFailure = 'timeout' | 'network';

export function httpFailureOf(error: unknown): HttpFailure | null {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'HttpTimeout' ? 'timeout' : name === 'HttpNetworkError' ? 'network' : null;
}

function failure(kind: HttpFailure, url: string): Error {
  const error = new Error(`${kind === 'timeout' ? 'Timed out' : 'Network error'}: ${url}`);
  error.name = kind === 'timeout' ? 'HttpTimeout' : 'HttpNetworkError';
  return error;
}

/** A JSON body when it parses, its text otherwise (an empty 204, an HTML error page). */
function parsedBody(text: string, responseType: HttpRequest['responseType']): unknown {
  if (responseType === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One request through the platform's fetch. Every status resolves; only a missing response rejects
 * (HttpTimeout past the request's limit, HttpNetworkError otherwise). Cookies go only to the page's
 * own origin, as with any fetch.
 */
export async function sendRequest(req: HttpRequest): Promise<HttpResponse> {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, req.timeoutMs);
  const json = req.body !== undefined && typeof req.body !== 'string';
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...req.headers },
      body: req.body === undefined ? undefined : json ? JSON.stringify(req.body) : String(req.body),
      signal: abort.signal,
    });
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => (headers[key] = value));
    return { status: res.status, headers, data: parsedBody(text, req.responseType) };
  } catch {
    throw failure(timedOut ? 'timeout' : 'network', req.url);
  } finally {
    clearTimeout(timer);
  }
}

/** Hands out responses to requests started before the player's code ran (see earlyStart). */
export interface EarlyResponses {
  take(req: HttpRequest): Promise<HttpResponse> | null;
}

/**
 * An answer that may have come long ago, given in a task of its own as a network answer is: the
 * actor that asked goes on after the other tasks due, in the order its flight log can replay.
 */
const asOwnTask = <T>(answer: Promise<T>): Promise<T> =>
  answer.then(
    (value) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0)),
    (error: unknown) => new Promise<T>((_, reject) => setTimeout(() => reject(error), 0)),
  );

/** The browser adapter of the HTTP port: a request already in flight from the start is not sent twice. */
export function createHttpPort(early: EarlyResponses | null = null): HttpPort {
  return {
    request(req) {
      const answer = early?.take(req);
      return answer ? asOwnTask(answer) : sendRequest(req);
    },
  };
}
