import type { GenericSchema } from 'valibot';
import type { HttpPort, HttpResponse } from '../ports/types';
import { check } from './schemas';
import { DEFAULT_TIMEOUT_MS } from './endpoints';

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

/**
 * The JSON body of a successful response in its schema's shape; ApiError for any other status, a
 * body that is not JSON, or one of another shape (saying where, and what was expected).
 */
export function jsonBody<T>(res: HttpResponse, url: string, schema: GenericSchema<unknown, T>): T {
  if (res.status < 200 || res.status >= 300)
    throw new ApiError(res.status, url, `HTTP ${res.status}`);
  if (res.data === null || typeof res.data !== 'object')
    throw new ApiError(res.status, url, 'Malformed JSON');
  const checked = check(schema, res.data);
  if (!checked.ok) throw new ApiError(res.status, url, `Unexpected answer (${checked.problem})`);
  return checked.value;
}

/** GET of a public JSON document (a master JSON on a CDN): no credentials go with it. */
export async function getJson<T>(
  http: HttpPort,
  url: string,
  schema: GenericSchema<unknown, T>,
): Promise<T> {
  return jsonBody(
    await http.request({ method: 'GET', url, timeoutMs: DEFAULT_TIMEOUT_MS }),
    url,
    schema,
  );
}
