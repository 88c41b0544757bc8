import type { HttpPort, HttpRequest } from '../ports/types';

export const DEFAULT_TIMEOUT_MS = 10_000;

/** A response the player could not use: an HTTP status other than success, or a body of the wrong shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    detail: string,
  ) {
    super(`${detail}: ${url}`);
    this.name = 'ApiError';
  }
}

export async function getJson<T extends object>(
  http: HttpPort,
  url: string,
  init: Partial<Omit<HttpRequest, 'url' | 'method'>> = {},
): Promise<T> {
  const res = await http.request<unknown>({
    method: 'GET',
    url,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    ...init,
  });
  if (res.status < 200 || res.status >= 300)
    throw new ApiError(res.status, url, `HTTP ${res.status}`);
  if (res.data === null || typeof res.data !== 'object')
    throw new ApiError(res.status, url, 'Malformed JSON');
  return res.data as T;
}
