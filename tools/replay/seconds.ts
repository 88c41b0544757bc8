// Session times (milliseconds) as the replay's texts show them.

/** To the millisecond, for a log's times: "12.345 s" ('?' when there is none). */
export const seconds = (ms: number | null) => (ms === null ? '?' : `${(ms / 1000).toFixed(3)} s`);

/** To the tenth, for a finding's message: "12.3 s". */
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
