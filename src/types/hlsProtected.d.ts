// The protected films' hls.js (tools/build/hls.mjs, package.json "alias"): hls.js's own API, with EME.
declare module 'hls.js-protected' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
