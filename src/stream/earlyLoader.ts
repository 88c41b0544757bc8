import type {
  FragmentLoaderContext,
  LoaderContext,
  PlaylistLoaderContext,
  XhrLoader,
} from 'hls.js';
import type { HlsModule } from './hlsModule';
import { ignore } from '../shared/ignore';

/** A load the page's first script made ahead: the body, the address after redirects, and when it came. */
export interface EarlyLoad {
  data: string | ArrayBuffer;
  url: string;
  /** performance.now() of the request, its first byte and its end: hls.js's bandwidth estimate reads them */
  timing?: { start: number; first: number; end: number };
}

/** A load made ahead, while it comes. */
export interface EarlyPending {
  /** settles once the answer has begun (its headers came): from then on the body may take its time */
  answered: Promise<unknown>;
  loaded: Promise<EarlyLoad>;
  /** stops the early request: hls.js gave up on it or no longer wants it */
  abort(): void;
  /** tells the taker of the body's bytes as they come (a segment's; a playlist comes whole) */
  onProgress?(listener: (loaded: number) => void): void;
}

/** hls.js's limits for a load: its first byte, then the whole load counted from its start. */
function limitsOf(policy: { maxTimeToFirstByteMs: number; maxLoadTimeMs: number } | undefined) {
  if (!policy) return { firstByteMs: 10_000, loadMs: 10_000 };
  const { maxTimeToFirstByteMs, maxLoadTimeMs } = policy;
  const firstByteMs = Number.isFinite(maxTimeToFirstByteMs) ? maxTimeToFirstByteMs : maxLoadTimeMs;
  return { firstByteMs, loadMs: maxLoadTimeMs };
}

/**
 * hls.js's loader, but a load the page's first script made ahead (a manifest, the first level's
 * playlists, its first segments) is taken from there instead of asked for again. A load that was not
 * made ahead, or whose early fetch failed, goes as ever, with hls.js's own retries; one that has not
 * begun to answer within hls.js's first-byte limit, or not ended within its load limit, counts as its
 * first try timing out, as hls.js's own request would.
 */
export function earlyLoader<Context extends LoaderContext>(
  hlsJs: HlsModule,
  early: (context: Context) => EarlyPending | null,
  progressed: () => void = ignore,
) {
  // hls.js's own default loader (its XhrLoader), read from its configuration, which every build has
  const DefaultLoader = hlsJs.default.DefaultConfig.loader as typeof XhrLoader;
  return class EarlyLoader extends DefaultLoader {
    declare context: Context | null;
    /** the early answer was used, given up on, or the load aborted: it may no longer finish */
    private settled = false;
    private pending: EarlyPending | null = null;
    private giveUp: number | undefined;

    protected override loadInternal(): void {
      const context = this.context;
      const pending = context ? early(context) : null;
      this.pending = pending;
      if (!context || !pending) return super.loadInternal();
      this.settled = false;
      // hls.js's own request is timed this way (its xhr-loader): the first byte within its limit,
      // then the rest within the load limit counted from the start
      const { firstByteMs, loadMs } = limitsOf(this.config?.loadPolicy);
      const began = self.performance.now();
      this.giveUpIn(firstByteMs);
      pending.answered.then(
        () => {
          if (this.settled) return;
          self.clearTimeout(this.giveUp);
          this.giveUpIn(Math.max(0, loadMs - (self.performance.now() - began)));
        },
        ignore, // the load's own failure says it
      );
      // as hls.js's own request counts its bytes: its abandon rule reads the rate they come at, and
      // a slow link's load is not a silent one (the stream actor's stall watch)
      pending.onProgress?.((loaded) => {
        const { stats } = this;
        if (this.settled || stats.aborted) return;
        stats.loading.first ||= Math.max(stats.loading.start, self.performance.now());
        stats.loaded = loaded;
        progressed();
      });
      pending.loaded.then(
        ({ data, url, timing }) => {
          const { callbacks, stats } = this;
          if (this.settled || !callbacks || stats.aborted) return;
          this.settle();
          const now = self.performance.now();
          // the early request's own times: a segment that came while the scripts downloaded must
          // not read as one loaded in no time
          stats.loading.start = Math.min(stats.loading.start, timing?.start ?? now);
          stats.loading.first = timing?.first ?? now;
          stats.loading.end = timing?.end ?? now;
          stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
          // the address after redirects: relative links resolve against it
          callbacks.onSuccess({ url, data, code: 200 }, stats, context, null);
        },
        () => {
          if (this.settled || !this.callbacks || this.stats.aborted) return;
          this.settle();
          super.loadInternal();
        },
      );
    }

    /** a late early load counts as hls.js's first try timing out: it retries or gives up */
    private giveUpIn(ms: number): void {
      this.giveUp = self.setTimeout(() => {
        if (this.settled || !this.callbacks) return;
        this.settle();
        this.pending?.abort();
        this.loadtimeout();
      }, ms);
    }

    private settle(): void {
      this.settled = true;
      self.clearTimeout(this.giveUp);
    }

    protected override abortInternal(): void {
      if (!this.settled) this.pending?.abort(); // hls.js moved on: the bytes would go unused
      this.settle();
      super.abortInternal();
    }
  };
}

/** Loads made ahead by the page's first script, each handed out once (src/app/earlyAnswers.ts). */
export interface EarlyLoads {
  /** a manifest or one of the first level's playlists */
  playlist(url: string): EarlyPending | null;
  /** a whole segment: the first level's init segment or the one at the start */
  segment(url: string): EarlyPending | null;
}

/** hls.js's playlist loader: the manifest and the first level's video and audio playlists made ahead. */
export const earlyPlaylistLoader = (hlsJs: HlsModule, early: EarlyLoads) =>
  earlyLoader<PlaylistLoaderContext>(hlsJs, (context) =>
    context.type === 'manifest' || context.type === 'level' || context.type === 'audioTrack'
      ? early.playlist(context.url)
      : null,
  );

/** hls.js's fragment loader: a whole segment made ahead (never a byte range or a part of one). */
export const earlyFragmentLoader = (hlsJs: HlsModule, early: EarlyLoads, progressed: () => void) =>
  earlyLoader<FragmentLoaderContext>(
    hlsJs,
    (context) => (context.rangeEnd || context.part ? null : early.segment(context.url)),
    progressed,
  );
