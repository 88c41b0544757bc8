// hls.js's MPEG-TS and packed-audio demuxers come in a bundle of their own (tools/build/hls.mjs): a
// film in fragmented MP4 never needs them, so they do not weigh on its first frame. A segment that
// does need them is held, once loaded, until they are in and handed to hls.js, which would otherwise
// find no demuxer for it. A bundle that failed to load stays failed for the page (the browser keeps a
// module's failure), so its failure is the engine's, as hls.js's own bundle's is: told at once.
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

/**
 * Whether hls.js needs those demuxers for this load: fragmented MP4 has an init segment
 * (EXT-X-MAP), and subtitle segments are parsed as text.
 */
export const needsDemuxers = ({ frag }: FragmentLoaderContext) =>
  String(frag.type) !== 'subtitle' && frag.sn !== 'initSegment' && !frag.initSegment;

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
      if (!needsDemuxers(context as FragmentLoaderContext))
        return super.load(context, config, callbacks);
      const demuxersIn = demuxers(); // asked for beside the segment, not after it
      super.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, loaded, details) => {
          this.holding = true;
          void demuxersIn.then((ok) => {
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
