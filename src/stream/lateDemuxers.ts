// hls.js's MPEG-TS and packed-audio demuxers come in a bundle of their own (tools/build/hls.mjs): a
// film in fragmented MP4 never needs them, so they do not weigh on its first frame. A segment that
// does need them is held, once loaded, until they are in and handed to hls.js, which would otherwise
// find no demuxer for it. A bundle that failed to load stays failed for the page (the bundle's loader
// keeps the failed load, as Firefox keeps a failed import), so its failure is the engine's, as
// hls.js's own bundle's is: told at once.
import type { FragmentLoaderContext, LoaderCallbacks, LoaderContext, XhrLoader } from 'hls.js';
import type { HlsModule } from './hlsModule';

/** The engine's error details when the demuxers' bundle could not be loaded. */
export const DEMUXERS_MISSING = 'demuxersLoadFailed';

/** Loads the demuxers (the early start may have asked already) and hands them to `hlsJs`: false if they failed. */
export const demuxersFor = (hlsJs: HlsModule) => (): Promise<boolean> =>
  import('hls.js-demuxers').then(
    (demuxers) => {
      hlsJs.provideDemuxers?.(demuxers);
      return true;
    },
    () => false,
  );

/** Box types a fragmented MP4 init or media segment begins with. */
const MP4_FIRST_BOXES = new Set([
  'ftyp',
  'styp',
  'moov',
  'moof',
  'sidx',
  'emsg',
  'prft',
  'free',
  'skip',
]);

/** Whether a loaded segment is plainly MP4 (an encrypted one is not: it cannot be told). */
export function looksLikeMp4(data: unknown): boolean {
  if (!(data instanceof ArrayBuffer) || data.byteLength < 8) return false;
  return MP4_FIRST_BOXES.has(String.fromCharCode(...new Uint8Array(data, 4, 4)));
}

/**
 * How a load's need of the demuxers is known: a media segment without an init segment (no
 * EXT-X-MAP) is MPEG-TS or packed audio; an init segment is fragmented MP4 or an MPEG-TS one
 * (legal, if rare), told by its bytes; a media segment after an init segment was judged with it,
 * which hls.js loads first; subtitle segments are parsed as text.
 */
export function demuxersNeed({ frag }: FragmentLoaderContext): 'yes' | 'no' | 'byItsBytes' {
  if (String(frag.type) === 'subtitle') return 'no';
  if (frag.sn === 'initSegment') return 'byItsBytes';
  return frag.initSegment ? 'no' : 'yes';
}

/**
 * hls.js's fragment loader `Base`, holding a segment that needs the demuxers until `demuxers()` has
 * them in; if they fail, the segment is never handed over and `missing()` is called, once for the
 * engine however many segments (video, audio) were held.
 */
export function demuxingLoader(
  Base: typeof XhrLoader,
  demuxers: () => Promise<boolean>,
  missing: () => void,
) {
  let told = false;
  return class DemuxingLoader extends Base {
    declare context: FragmentLoaderContext | null;
    /** a loaded segment waits for the demuxers: an abort or a destroy drops it */
    private holding = false;

    override load(
      context: LoaderContext,
      config: Parameters<XhrLoader['load']>[1],
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      // hls.js gives a fragment loader its fragments' contexts only
      const need = demuxersNeed(context as FragmentLoaderContext);
      if (need === 'no') return super.load(context, config, callbacks);
      const surely = need === 'yes' ? demuxers() : null; // asked for beside the segment
      super.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, loaded, details) => {
          if (!surely && looksLikeMp4(response.data))
            return callbacks.onSuccess(response, stats, loaded, details);
          this.holding = true;
          void (surely ?? demuxers()).then((ok) => {
            if (!this.holding) return;
            this.holding = false;
            if (ok) callbacks.onSuccess(response, stats, loaded, details);
            else if (!told) {
              told = true;
              missing();
            }
          });
        },
      });
    }

    override abort(): void {
      this.holding = false;
      super.abort();
    }

    override destroy(): void {
      this.holding = false;
      super.destroy();
    }
  };
}
