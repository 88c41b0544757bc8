import axios, { AxiosError } from 'axios';
import type { HttpPort } from './types';

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

/** The browser adapter of the HTTP port, on axios. Every status resolves; only a missing response rejects. */
export function createHttpPort(): HttpPort {
  // No XSRF cookie (the services take a bearer token): axios would read it through the asynchronous
  // cookie store before each send, and at start-up the first render slips in between.
  const client = axios.create({ validateStatus: () => true, withXSRFToken: false });
  return {
    async request(req) {
      try {
        const res = await client.request({
          method: req.method,
          url: req.url,
          headers: req.headers,
          data: req.body,
          timeout: req.timeoutMs,
          ...(req.responseType === 'text' ? { responseType: 'text' as const } : {}),
        });
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') headers[key.toLowerCase()] = value;
        }
        return { status: res.status, headers, data: res.data };
      } catch (error) {
        const timedOut = error instanceof AxiosError && error.code === AxiosError.ECONNABORTED;
        throw failure(timedOut ? 'timeout' : 'network', req.url);
      }
    },
  };
}
