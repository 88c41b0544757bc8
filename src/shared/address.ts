// Every address the player builds from a value it was given (a setting, a catalog or master JSON
// field, a referrer, a host's origin list) goes through here: parsed against a base, checked, and
// never thrown. `new URL` elsewhere would throw a TypeError into whoever called it.

/** The value as an address, made absolute against `base`; null when it cannot be one. */
export function parseAddress(value: string | null | undefined, base?: string): URL | null {
  if (value == null || value.trim() === '') return null;
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

/** An http(s) address, made absolute against `base`; null for anything else (javascript:, data:, a broken host). */
export function webAddress(value: string | null | undefined, base?: string): URL | null {
  const url = parseAddress(value, base);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
}

/** The origin of an http(s) address, or null. */
export const originOf = (value: string | null | undefined, base?: string): string | null =>
  webAddress(value, base)?.origin ?? null;
