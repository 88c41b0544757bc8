import type {
  FragmentLoaderContext,
  LoaderContext,
  PlaylistLoaderContext,
  XhrLoader,
} from 'hls.js';
import type { HlsModule } from './hlsModule';

/** A load the page's first script made ahead: the body, the address after redirects, and when it came. */
export interface EarlyLoad {
  data: string | ArrayBuffer;
  url: string;
  /** performance.now() of the request, its first byte and its end: hls.js's bandwidth estimate reads them */
  timing?: { start: number; first: number; end: number };
}

/**
 * hls.js's loader, but a load the page's first script made ahead (a manifest, the first level's
 * playlists, its first segments) is taken from there instead of asked for again. A load that was not
 * made ahead, or whose early fetch failed, goes as ever, with hls.js's own retries; one that has not
 * come within hls.js's limit counts as its first try timing out.
 */
export function earlyLoader<Context extends LoaderContext>(
  hlsJs: HlsModule,
  early: (context: Context) => Promise<EarlyLoad> | null,
) {
  // hls.js's own default loader (its XhrLoader), read from its configuration, which every build has
  const DefaultLoader = hlsJs.default.DefaultConfig.loader as typeof XhrLoader;
  return class EarlyLoader extends DefaultLoader {
    declare context: Context | null;
    /** the early answer was used, given up on, or the load aborted: it may no longer finish */
    private settled = false;
    private giveUp: number | undefined;

    protected override loadInternal(): void {
      const context = this.context;
      const pending = context ? early(context) : null;
      if (!context || !pending) return super.loadInternal();
      // an early fetch that has not answered within hls.js's limit counts as its first try timing
      // out: hls.js retries (through its own request) or gives up, as its policy says
      const policy = this.config?.loadPolicy;
      const limit = policy
        ? Number.isFinite(policy.maxTimeToFirstByteMs)
          ? policy.maxTimeToFirstByteMs
          : policy.maxLoadTimeMs
        : 10_000;
      this.settled = false;
      this.giveUp = self.setTimeout(() => {
        if (this.settled || !this.callbacks) return;
        this.settled = true;
        this.loadtimeout();
      }, limit);
      pending.then(
        ({ data, url, timing }) => {
          const { callbacks, stats } = this;
          if (this.settled || !callbacks || stats.aborted) return;
          this.settled = true;
          self.clearTimeout(this.giveUp);
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
          this.settled = true;
          self.clearTimeout(this.giveUp);
          super.loadInternal();
        },
      );
    }

    protected override abortInternal(): void {
      this.settled = true;
      self.clearTimeout(this.giveUp);
      super.abortInternal();
    }
  };
}

/** Loads made ahead by the page's first script, each handed out once (src/app/earlyAnswers.ts). */
export interface EarlyLoads {
  /** a manifest or one of the first level's playlists */
  playlist(url: string): Promise<EarlyLoad> | null;
  /** a whole segment: the first level's init segment or the one at the start */
  segment(url: string): Promise<EarlyLoad> | null;
}

/** hls.js's playlist loader: the manifest and the first level's video and audio playlists made ahead. */
export const earlyPlaylistLoader = (hlsJs: HlsModule, early: EarlyLoads) =>
  earlyLoader<PlaylistLoaderContext>(hlsJs, (context) =>
    context.type === 'manifest' || context.type === 'level' || context.type === 'audioTrack'
      ? early.playlist(context.url)
      : null,
  );

/** hls.js's fragment loader: a whole segment made ahead (never a byte range or a part of one). */
export const earlyFragmentLoader = (hlsJs: HlsModule, early: EarlyLoads) =>
  earlyLoader<FragmentLoaderContext>(hlsJs, (context) =>
    context.rangeEnd || context.part ? null : early.segment(context.url),
  );
