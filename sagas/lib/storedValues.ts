// Values the player reads back from storage: another tab, an older version, an extension or the
// viewer may have written anything there, so each is checked, and a bad one counts as none.

/** The saved volume, 0..1; 1 (SPEC.md section 3's default) when there is none or it is unreadable. */
export function storedVolume(raw: string | null): number {
  const volume = raw === null ? NaN : Number(raw);
  return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1;
}

/** The last session's bandwidth estimate in bits per second: a positive number, or none. */
export function storedBandwidth(raw: string | null): number | null {
  const bitsPerSecond = raw === null ? NaN : Number(raw);
  return Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond : null;
}

/** A stored list of labels: its strings, in order, at most `limit`; anything else is no list. */
export function storedLabels(raw: string | null, limit: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((v): v is string => typeof v === 'string' && v !== '').slice(0, limit);
}

/** episodesTimeProgress: seconds by episode id; an entry that is not a finite number is left out. */
export function storedPositions(raw: string | null): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '{}');
  } catch {
    return {}; // unreadable memory is no memory
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
}
