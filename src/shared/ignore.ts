/** For a promise whose failure is someone else's to report, or nobody's: `pending.catch(ignore)`. */
export const ignore = (): undefined => undefined;
