import type { PlaylistLoaderContext, XhrLoader } from 'hls.js';
import type { FetchedText } from '../shared/http';
import type { HlsModule } from './hlsModule';

/**
 * hls.js's playlist loader, but a manifest fetched ahead by the page's first script is taken from
 * there instead of asked for again (one round trip less before the first segment). A manifest that
 * was not fetched ahead, or whose early fetch failed, loads as ever, with hls.js's own retries.
 */
export function earlyManifestLoader(
  hlsJs: HlsModule,
  manifest: (url: string) => Promise<FetchedText> | null,
) {
  // hls.js's own default loader (its XhrLoader), read from its configuration, which every build has
  const DefaultLoader = hlsJs.default.DefaultConfig.loader as typeof XhrLoader;
  return class EarlyManifestLoader extends DefaultLoader {
    declare context: PlaylistLoaderContext | null;
    /** the early answer was used, given up on, or the load aborted: it may no longer finish */
    private settled = false;
    private giveUp: number | undefined;

    protected override loadInternal(): void {
      const context = this.context;
      const early = context?.type === 'manifest' ? manifest(context.url) : null;
      if (!context || !early) return super.loadInternal();
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
      early.then(
        ({ text, url }) => {
          const { callbacks, stats } = this;
          if (this.settled || !callbacks || stats.aborted) return;
          this.settled = true;
          self.clearTimeout(this.giveUp);
          stats.loading.first = stats.loading.end = self.performance.now();
          stats.loaded = stats.total = text.length;
          // the address after redirects: the manifest's relative links resolve against it
          callbacks.onSuccess({ url, data: text, code: 200 }, stats, context, null);
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
