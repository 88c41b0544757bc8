// Builds the hls.js the player bundles, from the TypeScript sources its package ships, with its own
// feature switches: what the player never uses is left out (see FEATURES); one handler is fixed
// (see AUDIO_UNBLOCKED). Two builds: the one every
// film loads (build/hls.mjs) has no EME, which only a protected source needs; a protected source
// loads the other (build/hlsProtected.mjs), the same with EME. Neither holds the demuxers of MPEG-TS
// and packed audio (see LATE_DEMUXERS): they are a third bundle (build/hlsDemuxers.mjs), which only
// a film that is not in fragmented MP4 loads. Parcel takes them in place of the package's prebuilt
// bundle (package.json "alias"). Run by `npm run build`.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const hlsRoot = dirname(require.resolve('hls.js/package.json'));
const { version } = require('hls.js/package.json');

/** hls.js's build switches (src/define-plugin.d.ts): true keeps the feature. */
export const FEATURES = {
  ALT_AUDIO: true, // audio tracks (the audio menu)
  SUBTITLES: true, // the stream's subtitle renditions and CEA-608 captions
  CONTENT_STEERING: true, // a CDN's steering manifest (EXT-X-CONTENT-STEERING)
  VARIABLE_SUBSTITUTION: true, // EXT-X-DEFINE, as other packagers write playlists
  M2TS_ADVANCED_CODECS: true, // AC-3/E-AC-3 audio in MPEG-TS
  MEDIA_CAPABILITIES: true, // levels the device cannot decode smoothly left out
  CMCD: false, // no CDN of ours reads Common Media Client Data
  INTERSTITIALS: false, // adverts are the player's own VAST breaks, not EXT-X-DATERANGE ones
  IFRAMES: false, // no trick play from I-frame playlists
};

/**
 * The two builds, by the file Parcel takes each from: EME (key systems, 8.5 KB gzipped as Parcel builds it) only in
 * the protected films' one. AES-128 (whole segments encrypted, keys over HTTP) is in both.
 */
export const BUILDS = {
  'build/hls.mjs': { ...FEATURES, EME_DRM: false },
  'build/hlsProtected.mjs': { ...FEATURES, EME_DRM: true },
};

/** Modules of a switched-off feature the sources import whatever the switch says (hls.js's own build aliases them too). */
const LEFT_OUT = {
  CMCD: [/\/cmcd-controller$/, /^@svta\/cml-cmcd$/],
  INTERSTITIALS: [/\/interstitials-controller$/],
};

/**
 * Parts of hls.js the player has no use for, left out of both builds (about 10 KB of gzipped script):
 * - the CEA-608 caption parser (and its output), made only with `enableCEA708Captions`, which the
 *   player turns off (src/ports/hlsEngine.ts): its menus offer the stream's subtitle renditions and
 *   the master JSON's files, never captions carried inside the video;
 * - the ID3 track controller, which writes timed metadata (ID3 tags, EXT-X-DATERANGE) as cues of a
 *   hidden text track that nothing in the player reads; the demuxers still read ID3 timestamps;
 * - the FPS controller, which caps the level on dropped frames only with `capLevelOnFPSDrop`, never
 *   set here;
 * - the level cap controller, which caps the rung to the player's size only with
 *   `capLevelToPlayerSize`, never set here (the player caps by its own rules: Save-Data, the viewer's
 *   pick; src/ports/hlsEngine.ts);
 * - the fetch loader, which hls.js takes only for `progressive` streaming, never set here: every
 *   load goes through its XHR loader (src/stream/earlyLoader.ts extends it);
 * - the latency controller, which keeps a live stream near its live edge: the player plays films
 *   and episodes on demand (a live playlist still plays, from the start of its window, but is not
 *   kept near its edge);
 * hls.js makes those controllers only when its configuration names one: an empty module names none.
 */
const UNUSED = [
  /\/utils\/cea-608-parser$/,
  /\/utils\/output-filter$/,
  /\/controller\/id3-track-controller$/,
  /\/controller\/fps-controller$/,
  /\/controller\/cap-level-controller$/,
  /\/utils\/fetch-loader$/,
  /\/controller\/latency-controller$/,
];

/** What an empty module exports besides its default: hls.js's configuration asks whether fetch streams. */
const EMPTY_MODULE = 'export default undefined; export const fetchSupported = () => false;';

/** The player's entry: only what it reads from the module (src/stream/hlsModule.ts). */
const ENTRY = `
export { default } from './src/hls';
export { Events } from './src/events';
export { ErrorTypes, ErrorDetails } from './src/errors';
export { provideDemuxers } from 'late-demuxers';
`;

/**
 * The demuxers and the remuxer of MPEG-TS and packed audio (AAC, MP3, AC-3), about 16 KB of gzipped
 * script: a film in fragmented MP4 (the player's own, and most of today's) goes through hls.js's
 * MP4 demuxer and its pass-through remuxer, never these. So hls.js's transmuxer takes them from
 * LATE_DEMUXERS, whose classes stand for the real ones once the player has loaded this bundle and
 * handed it over (`provideDemuxers`); until then no data probes as theirs. The player loads it with
 * the first segment that has no init segment (src/stream/lateDemuxers.ts), and holds that segment
 * until it is in, so hls.js never probes such a segment without them.
 */
const DEMUXERS_ENTRY = `
export { default as TSDemuxer } from './src/demux/tsdemuxer';
export { default as AACDemuxer } from './src/demux/audio/aacdemuxer';
export { AC3Demuxer } from './src/demux/audio/ac3-demuxer';
export { default as MP3Demuxer } from './src/demux/audio/mp3demuxer';
export { default as MP4Remuxer } from './src/remux/mp4-remuxer';
`;

/** What the transmuxer imports instead: each class forwards to the real one, once provided. */
const LATE_DEMUXERS = `
const late = {};
export function provideDemuxers(demuxers) {
  Object.assign(late, demuxers);
}
function forwarding(name) {
  const Forwarding = class {
    constructor(...args) {
      return new late[name](...args);
    }
    static probe(data, logger) {
      const Real = late[name];
      return Real ? Real.probe(data, logger) : false;
    }
    // the transmuxer keeps its demuxer while \`demuxer instanceof Demuxer\`
    static [Symbol.hasInstance](instance) {
      const Real = late[name];
      return Real !== undefined && instance instanceof Real;
    }
  };
  Object.defineProperty(Forwarding, 'name', { value: name });
  return Forwarding;
}
export const TSDemuxer = forwarding('TSDemuxer');
export const AACDemuxer = forwarding('AACDemuxer');
export const AC3Demuxer = forwarding('AC3Demuxer');
export const MP3Demuxer = forwarding('MP3Demuxer');
export const MP4Remuxer = forwarding('MP4Remuxer');
`;

/** The transmuxer's imports of those five, which LATE_DEMUXERS replaces. */
const DEMUXER_IMPORTS =
  /^import (?:AACDemuxer|\{ AC3Demuxer \}|MP3Demuxer|TSDemuxer|MP4Remuxer) from '[^']+';\n/gm;

/** The transmuxer's source with its imports of the five taken from LATE_DEMUXERS. */
async function lateDemuxingTransmuxer(path) {
  const source = await readFile(path, 'utf8');
  const imports = source.match(DEMUXER_IMPORTS) ?? [];
  // a new hls.js that imports them otherwise must fail the build, not bundle them twice
  if (imports.length !== 5)
    throw new Error(`${path}: ${imports.length} of its 5 demuxer imports found`);
  const late =
    "import { AACDemuxer, AC3Demuxer, MP3Demuxer, TSDemuxer, MP4Remuxer } from 'late-demuxers';\n";
  return late + source.replace(DEMUXER_IMPORTS, '');
}

/**
 * hls.js's alternate audio, unblocked at once (a fix to its audio stream controller). A film's first
 * audio segment is the smaller file and comes before the video's; its controller then waits for the
 * video's first timestamp (WAITING_INIT_PTS), and when the video's segment brings it, the handler
 * whose comment says "tick immediately to unblock audio fragment transmuxing" ticked only for a
 * segment of another discontinuity: one of the same waited for the controller's next 100 ms tick,
 * and with it the SourceBuffers (made once both tracks have their codecs) and the first frame. Under
 * "Fast 4G" the SourceBuffers came 82-102 ms after the video's first segment in eight runs of eleven,
 * and 12-25 ms after it in every run once fixed. The rest of that handler stays as it was.
 */
const AUDIO_WAITING_FOR_VIDEO = `          this.syncWithAnchor(frag, waitingData?.frag);
        }
      } else if (`;
const AUDIO_UNBLOCKED = `          this.syncWithAnchor(frag, waitingData?.frag);
        } else if (waitingData) {
          this.tickImmediate(); // the video's timestamp this segment waited for has come
        }
      } else if (`;

/** The audio stream controller's source with that fix. */
async function audioUnblockedOnVideoTimestamp(path) {
  const source = await readFile(path, 'utf8');
  // a new hls.js that changed this handler must fail the build, to be looked at again
  if (source.split(AUDIO_WAITING_FOR_VIDEO).length !== 2)
    throw new Error(`${path}: the handler of the video's first timestamp is not as it was`);
  return source.replace(AUDIO_WAITING_FOR_VIDEO, AUDIO_UNBLOCKED);
}

function buildWith(features, outfile, entry = ENTRY) {
  const define = { __VERSION__: JSON.stringify(version), __IN_WORKER__: 'false' };
  for (const [name, on] of Object.entries(features)) define[`__USE_${name}__`] = String(on);
  const leftOut = Object.entries(LEFT_OUT)
    .filter(([name]) => !features[name])
    .flatMap(([, patterns]) => patterns)
    .concat(UNUSED);
  const emptyModules = {
    name: 'left-out-features',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) =>
        leftOut.some((p) => p.test(args.path))
          ? { path: args.path, namespace: 'left-out' }
          : undefined,
      );
      b.onResolve({ filter: /^late-demuxers$/ }, () => ({
        path: 'late-demuxers',
        namespace: 'late',
      }));
      b.onLoad({ filter: /.*/, namespace: 'late' }, () => ({
        contents: LATE_DEMUXERS,
        loader: 'js',
      }));
      b.onLoad({ filter: /\/demux\/transmuxer\.ts$/ }, async (args) => ({
        contents: await lateDemuxingTransmuxer(args.path),
        loader: 'ts',
      }));
      b.onLoad({ filter: /\/controller\/audio-stream-controller\.ts$/ }, async (args) => ({
        contents: await audioUnblockedOnVideoTimestamp(args.path),
        loader: 'ts',
      }));
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({
        contents: EMPTY_MODULE,
        loader: 'js',
      }));
    },
  };
  return build({
    stdin: {
      contents: entry,
      resolveDir: hlsRoot,
      loader: 'ts',
      sourcefile: 'player-hls-entry.ts',
    },
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outfile: join(process.cwd(), outfile),
    define,
    plugins: [emptyModules],
    logLevel: 'warning',
  });
}

await Promise.all([
  ...Object.entries(BUILDS).map(([outfile, features]) => buildWith(features, outfile)),
  buildWith(FEATURES, 'build/hlsDemuxers.mjs', DEMUXERS_ENTRY),
]);
