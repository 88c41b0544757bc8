import type { PlaylistLoaderContext } from 'hls.js';

type HlsModule = typeof import('hls.js');

/**
 * hls.js's playlist loader, but a manifest fetched ahead by the page's first script is taken from
 * there instead of asked for again (one round trip less before the first segment). A manifest that
 * was not fetched ahead, or whose early fetch failed, loads as ever, with hls.js's own retries.
 */
export function earlyManifestLoader(
  { XhrLoader }: HlsModule,
  manifest: (url: string) => Promise<string> | null,
) {
  return class EarlyManifestLoader extends XhrLoader {
    declare context: PlaylistLoaderContext | null;
    private settled = false;

    protected override loadInternal(): void {
      const context = this.context;
      const early = context?.type === 'manifest' ? manifest(context.url) : null;
      if (!context || !early) return super.loadInternal();
      // an early fetch that has not answered within hls.js's limit counts as its first try timing
      // out: hls.js retries (through its own request) or gives up, as its policy says
      const limit = this.config?.loadPolicy.maxTimeToFirstByteMs ?? 10_000;
      this.settled = false;
      const giveUp = self.setTimeout(() => {
        if (this.settled || !this.callbacks || this.stats.aborted) return;
        this.settled = true;
        this.loadtimeout();
      }, limit);
      early.then(
        (text) => {
          const { callbacks, stats } = this;
          if (this.settled || !callbacks || stats.aborted) return;
          this.settled = true;
          self.clearTimeout(giveUp);
          const now = self.performance.now();
          stats.loading.first = stats.loading.end = now;
          stats.loaded = stats.total = text.length;
          callbacks.onSuccess({ url: context.url, data: text, code: 200 }, stats, context, null);
        },
        () => {
          self.clearTimeout(giveUp);
          if (this.settled || !this.callbacks || this.stats.aborted) return;
          this.settled = true;
          super.loadInternal();
        },
      );
    }

    protected override abortInternal(): void {
      this.settled = true;
      super.abortInternal();
    }
  };
}
