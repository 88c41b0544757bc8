/** hls.js as the player loads it (a module of its own, after the first frame's other code). */
export type HlsModule = typeof import('hls.js');
