// Which addresses in a VAST document may be fetched, fired or opened.

// Scheme, then a host, then anything without whitespace: nothing relative, no javascript: or data:.
const HTTP_URL = /^https?:\/\/[^\s/?#\\]+\S*$/i;

/** True only for absolute http: and https: URLs. */
export function isHttpUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && HTTP_URL.test(url);
}
