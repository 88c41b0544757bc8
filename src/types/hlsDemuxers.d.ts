// hls.js's demuxers of MPEG-TS and packed audio, a bundle of their own (tools/build/hls.mjs,
// package.json "alias"): the player only hands them to the hls.js that loaded them.
declare module 'hls.js-demuxers' {
  export const TSDemuxer: unknown;
  export const AACDemuxer: unknown;
  export const AC3Demuxer: unknown;
  export const MP3Demuxer: unknown;
  export const MP4Remuxer: unknown;
}
