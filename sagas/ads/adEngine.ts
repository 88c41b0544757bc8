// The ad engine: each advert from its VAST document to its last beacon (the VAST chain, the video,
// SIMID and VPAID creatives, icons, tracking, viewability). About 12 KB of gzipped script that a film
// without adverts never needs, so it is not on the way to the first frame: the ad actor
// (adBreak.ts) has it loaded through the loader port once its list holds an advert.
export { openAdSession } from './openAdSession';
export { playAd } from './playAd';
export { startPreparedEarly } from './videoCreative';
