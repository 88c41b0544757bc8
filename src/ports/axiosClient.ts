// axios, the services' HTTP client once the first frame is on screen (httpClient.ts): its own
// bundle, which the first frame does not wait for.
import axios from 'axios';
import type { HttpRequest, HttpResponse } from './types';
import { decodeBody, failure, parsedBody } from './http';

/**
 * Every status resolves, for the actor that asked to judge; the body arrives as bytes and its
 * transform decodes it in the charset its Content-Type names (an ad server's windows-1251).
 */
const client = axios.create({
  responseType: 'arraybuffer',
  validateStatus: () => true,
  headers: { Accept: 'application/json, text/plain, */*' }, // as the services were asked before
  transformResponse: [
    (data: ArrayBuffer | null, headers) =>
      data ? decodeBody(data, String(headers['content-type'] ?? '') || null) : '',
  ],
});

/** Why axios got no response, as the port names it (timeout or network). */
function failureOf(error: unknown, url: string): Error {
  const timedOut =
    axios.isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
  return failure(timedOut ? 'timeout' : 'network', url);
}

/** One request within its time limit. Every status resolves; only a missing response rejects. */
export async function sendRequest(req: HttpRequest): Promise<HttpResponse> {
  try {
    const res = await client.request<string>({
      method: req.method,
      url: req.url,
      timeout: req.timeoutMs,
      // a string goes as text, as fetch sends it; an object as JSON (axios's own rule)
      headers: {
        ...(typeof req.body === 'string' ? { 'Content-Type': 'text/plain;charset=UTF-8' } : {}),
        ...req.headers,
      },
      data: req.body,
    });
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(res.headers))
      headers[key.toLowerCase()] = String(value);
    return { status: res.status, headers, data: parsedBody(res.data, req.responseType) };
  } catch (error) {
    throw failureOf(error, req.url);
  }
}
