/**
 * hls.js as the player loads it (a module of its own, after the first frame's other code): the
 * bundle is built from hls.js's sources by tools/build/hls.mjs, which exports only these.
 */
export type HlsModule = Pick<
  typeof import('hls.js'),
  'default' | 'Events' | 'ErrorTypes' | 'ErrorDetails'
>;
