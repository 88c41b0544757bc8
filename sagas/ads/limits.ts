// Hard time limits of an ad break, so content is never held hostage by an advert (SPEC.md section 8).

/** the ad list request */
export const AD_LIST_TIMEOUT_MS = 5_000;
/** each VAST document of a chain: 350 for the first, 301 for a wrapper's */
export const VAST_TIMEOUT_MS = 5_000;
/** a whole wrapper chain: past it the next document is not waited for (350 or 301) */
export const VAST_CHAIN_LIMIT_MS = 10_000;
/** from loading a media file to its first frame: 402 */
export const MEDIA_TIMEOUT_MS = 8_000;
/** no progress while the ad should be playing: 405 */
export const STALL_TIMEOUT_MS = 8_000;
/** how often the watchdog looks at the clock while an ad runs */
export const WATCHDOG_MS = 1_000;
/** the ad engine's code (loaded with the first list that has an advert): else the film, without it */
export const AD_ENGINE_CODE_MS = 5_000;
/** the SIMID frame's code (loaded with the first SIMID advert): else plain video */
export const SIMID_CODE_MS = 5_000;
/** a SIMID creative's createSession and its answer to init, from its frame's load: else plain video */
export const SIMID_READY_MS = 5_000;
/** a SIMID creative's answer to startCreative, which it should give at once: else plain video */
export const SIMID_START_MS = 5_000;
/** a SIMID creative's answer to the ad's end (adStopped, adSkipped, fatalError) before its frame goes */
export const SIMID_END_MS = 1_000;
