import type { GenericSchema } from 'valibot';
import type { HttpPort, HttpResponse } from '../ports/types';
import { check } from './schemas';
import { DEFAULT_TIMEOUT_MS } from './endpoints';
import { ApiError, successBody } from './response';

export { ApiError };

/**
 * The JSON body of a successful response in its schema's shape; ApiError for any other status, a
 * body that is not JSON, or one of another shape (saying where, and what was expected).
 */
export function jsonBody<T>(res: HttpResponse, url: string, schema: GenericSchema<unknown, T>): T {
  const checked = check(schema, successBody(res, url));
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
