// Stops `npm test` with one line for each engine the browser tests cannot run in (and for ffmpeg,
// which makes their long film): never a silent skip.
import { missingEngines } from './engines';
import { FFMPEG_HINT, ffmpegFound } from './longFilm';

const missing = [...missingEngines(), ...(ffmpegFound() ? [] : [FFMPEG_HINT])];
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}
