// VAST attribute values as the model keeps them: absent, empty or garbage is null, never a guess.

/** A non-negative number; absent, empty or garbage gives null. */
export function numberAttr(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function textAttr(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function positiveInteger(value: string | undefined): number | null {
  const n = numberAttr(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/** An xs:boolean: "true" or "1", "false" or "0"; anything else gives null. */
export function booleanAttr(value: string | undefined): boolean | null {
  const trimmed = value?.trim();
  if (trimmed === 'true' || trimmed === '1') return true;
  if (trimmed === 'false' || trimmed === '0') return false;
  return null;
}
