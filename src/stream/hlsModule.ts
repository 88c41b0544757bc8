/**
 * hls.js as the player loads it (a module of its own, after the first frame's other code): the
 * bundles are built from hls.js's sources by tools/build/hls.mjs, which exports only these. Every
 * film loads `hls.js` (no EME); a protected source loads `hls.js-protected`, the same with EME
 * (both names are package.json aliases of the builds). Those builds take their MPEG-TS and packed
 * audio demuxers later (`provideDemuxers`, src/stream/lateDemuxers.ts); hls.js's own package, which
 * the unit tests load, has them inside and no such export.
 */
export type HlsModule = Pick<
  typeof import('hls.js'),
  'default' | 'Events' | 'ErrorTypes' | 'ErrorDetails'
> & { provideDemuxers?: (demuxers: HlsDemuxers) => void };

export type HlsDemuxers = typeof import('hls.js-demuxers');
