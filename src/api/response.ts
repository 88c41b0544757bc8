// A service's answer as the player takes it: a success with a JSON body, or an ApiError. No schema
// here: the page's first script uses it (earlyStart.ts), and must stay small enough to be inline.
import type { HttpResponse } from '../ports/types';

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

/** The JSON body of a successful response, unchecked; ApiError for any other status or a body that is not JSON. */
export function successBody(res: HttpResponse, url: string): object {
  if (res.status < 200 || res.status >= 300)
    throw new ApiError(res.status, url, `HTTP ${res.status}`);
  if (res.data === null || typeof res.data !== 'object')
    throw new ApiError(res.status, url, 'Malformed JSON');
  return res.data;
}
