/** Whether a value from outside is a plain record to read fields of (not null, not a list). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
